//===- Options.h - the runtime guard's options, parsed without allocation
//--===//
//
// One parser for the three spellings of every option in flags.inc:
//   USMCHECK_OPTIONS=key=value:key=value   (read by the guard at start-up)
//   usmcheck run --key-name=value           (RunCommand turns flags into the
//                                            same key=value string)
// Header-only and allocation-free: the guard parses its options from a
// constructor of an LD_PRELOAD library, before main(), where malloc may not
// be safe to call yet; `usmcheck run` and the unit tests include it too.
//
// To add an option: one USM_FLAG row in flags.inc, its range check in
// checkValue() below if it has one, one row in docs/runtime.md, one test.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_RUNTIME_OPTIONS_H
#define USMCHECK_RUNTIME_OPTIONS_H

#include <cstddef>
#include <cstring>

namespace usm {
namespace rt {

constexpr std::size_t MaxOptionString = 1024;

struct Options {
#define USM_FLAG_bool(Name, Default) bool Name = Default;
#define USM_FLAG_int(Name, Default) int Name = Default;
#define USM_FLAG_string(Name, Default) char Name[MaxOptionString] = Default;
#define USM_FLAG(Type, Name, Default, Desc) USM_FLAG_##Type(Name, Default)
#include "flags.inc"
#undef USM_FLAG
#undef USM_FLAG_bool
#undef USM_FLAG_int
#undef USM_FLAG_string
};

enum class FlagType { Bool, Int, String };

struct FlagInfo {
  FlagType Type;
  const char *Name;
  const char *Default;
  const char *Description;
};

inline const FlagInfo *flagTable(std::size_t &Count) {
#define USM_FLAG_T_bool FlagType::Bool
#define USM_FLAG_T_int FlagType::Int
#define USM_FLAG_T_string FlagType::String
  static const FlagInfo Table[] = {
#define USM_FLAG(Type, Name, Default, Desc)                                    \
  {USM_FLAG_T_##Type, #Name, #Default, Desc},
#include "flags.inc"
#undef USM_FLAG
  };
#undef USM_FLAG_T_bool
#undef USM_FLAG_T_int
#undef USM_FLAG_T_string
  Count = sizeof(Table) / sizeof(Table[0]);
  return Table;
}

namespace detail {

/// Bounded string builder over a caller buffer (never allocates).
struct Buf {
  char *Data;
  std::size_t Cap, Len = 0;
  Buf(char *D, std::size_t C) : Data(D), Cap(C) {
    if (Cap)
      Data[0] = 0;
  }
  Buf &add(const char *S, std::size_t N) {
    for (std::size_t I = 0; I < N && Len + 1 < Cap; ++I)
      Data[Len++] = S[I];
    if (Cap)
      Data[Len < Cap ? Len : Cap - 1] = 0;
    return *this;
  }
  Buf &add(const char *S) { return add(S, std::strlen(S)); }
};

inline bool equals(const char *S, std::size_t N, const char *Lit) {
  return std::strlen(Lit) == N && std::strncmp(S, Lit, N) == 0;
}

inline bool parseBool(const char *S, std::size_t N, bool &Out) {
  if (equals(S, N, "1") || equals(S, N, "true") || equals(S, N, "yes"))
    return Out = true, true;
  if (equals(S, N, "0") || equals(S, N, "false") || equals(S, N, "no"))
    return Out = false, true;
  return false;
}

inline bool parseInt(const char *S, std::size_t N, int &Out) {
  if (N == 0 || N > 9)
    return false;
  long V = 0;
  for (std::size_t I = 0; I < N; ++I) {
    if (S[I] < '0' || S[I] > '9')
      return false;
    V = V * 10 + (S[I] - '0');
  }
  Out = static_cast<int>(V);
  return true;
}

/// Range and enumeration checks; returns the expectation text on failure.
inline const char *checkValue(const char *Name, int I, const char *S) {
  if (!std::strcmp(Name, "exitcode") && (I < 0 || I > 255))
    return "an integer from 0 to 255";
  if (!std::strcmp(Name, "verbosity") && (I < 0 || I > 3))
    return "an integer from 0 to 3";
  if (!std::strcmp(Name, "malloc_context_size") && (I < 1 || I > 64))
    return "an integer from 1 to 64";
  if (!std::strcmp(Name, "color") && std::strcmp(S, "auto") &&
      std::strcmp(S, "always") && std::strcmp(S, "never"))
    return "auto, always or never";
  if (!std::strcmp(Name, "log_path") && !S[0])
    return "stderr, stdout or a file path";
  return nullptr;
}

inline void setError(char *Err, std::size_t ErrLen, const char *A,
                     const char *Key, std::size_t KeyLen, const char *B,
                     const char *Val = nullptr, std::size_t ValLen = 0,
                     const char *C = nullptr) {
  Buf E(Err, ErrLen);
  E.add(A).add(Key, KeyLen).add(B);
  if (Val)
    E.add(Val, ValLen);
  if (C)
    E.add(C);
}

} // namespace detail

/// Applies one "key=value" (or a bare bool "key") to \p O. On failure writes
/// one line (no prefix, no newline) to \p Err and returns false.
inline bool applyOption(const char *KV, std::size_t N, Options &O, char *Err,
                        std::size_t ErrLen) {
  using namespace detail;
  std::size_t Eq = 0;
  while (Eq < N && KV[Eq] != '=')
    ++Eq;
  const char *Key = KV, *Val = Eq < N ? KV + Eq + 1 : nullptr;
  std::size_t KeyLen = Eq, ValLen = Eq < N ? N - Eq - 1 : 0;
  char Expect[160];
#define USM_FLAG_APPLY_bool(Name)                                              \
  bool V = true;                                                               \
  if (Val && !parseBool(Val, ValLen, V)) {                                     \
    setError(Err, ErrLen, "invalid value for option '", Key, KeyLen, "': '",   \
             Val, ValLen, "' (expected 0, 1, true, false, yes or no)");        \
    return false;                                                              \
  }                                                                            \
  O.Name = V;                                                                  \
  return true;
#define USM_FLAG_APPLY_int(Name)                                               \
  int V = 0;                                                                   \
  const char *Bad = nullptr;                                                   \
  if (!Val || !parseInt(Val, ValLen, V)) {                                     \
    Bad = checkValue(#Name, -1, ""); /* the range, when there is one */        \
    Bad = Bad ? Bad : "an integer";                                            \
  } else {                                                                     \
    Bad = checkValue(#Name, V, "");                                            \
  }                                                                            \
  if (Bad) {                                                                   \
    Buf(Expect, sizeof Expect).add("' (expected ").add(Bad).add(")");          \
    setError(Err, ErrLen, "invalid value for option '", Key, KeyLen, "': '",   \
             Val ? Val : "", ValLen, Expect);                                  \
    return false;                                                              \
  }                                                                            \
  O.Name = V;                                                                  \
  return true;
#define USM_FLAG_APPLY_string(Name)                                            \
  char Tmp[MaxOptionString];                                                   \
  if (!Val || ValLen >= MaxOptionString) {                                     \
    setError(Err, ErrLen, "invalid value for option '", Key, KeyLen,           \
             Val ? "': value too long"                                         \
                 : "': a value is required (key=value)");                      \
    return false;                                                              \
  }                                                                            \
  std::memcpy(Tmp, Val, ValLen);                                               \
  Tmp[ValLen] = 0;                                                             \
  if (const char *Bad = checkValue(#Name, 0, Tmp)) {                           \
    Buf(Expect, sizeof Expect).add("' (expected ").add(Bad).add(")");          \
    setError(Err, ErrLen, "invalid value for option '", Key, KeyLen, "': '",   \
             Val, ValLen, Expect);                                             \
    return false;                                                              \
  }                                                                            \
  std::memcpy(O.Name, Tmp, ValLen + 1);                                        \
  return true;
#define USM_FLAG(Type, Name, Default, Desc)                                    \
  if (equals(Key, KeyLen, #Name)) {                                            \
    USM_FLAG_APPLY_##Type(Name)                                                \
  }
#include "flags.inc"
#undef USM_FLAG
#undef USM_FLAG_APPLY_bool
#undef USM_FLAG_APPLY_int
#undef USM_FLAG_APPLY_string
  setError(Err, ErrLen, "unknown option '", Key, KeyLen,
           "' (usmcheck run --help lists the options)");
  return false;
}

/// Parses "key=value:key=value" (':' or ',' separate entries; empty entries
/// are skipped) into \p O, on top of what \p O already holds.
inline bool parseOptions(const char *S, Options &O, char *Err,
                         std::size_t ErrLen) {
  if (!S)
    return true;
  while (*S) {
    std::size_t N = 0;
    while (S[N] && S[N] != ':' && S[N] != ',')
      ++N;
    if (N && !applyOption(S, N, O, Err, ErrLen))
      return false;
    S += N;
    if (*S)
      ++S;
  }
  return true;
}

/// Writes the option table ("  name=default  description" lines) into
/// \p Out; returns the length.
inline std::size_t formatHelp(char *Out, std::size_t Cap) {
  detail::Buf B(Out, Cap);
  std::size_t Count;
  const FlagInfo *T = flagTable(Count);
  B.add("usmcheck runtime options (USMCHECK_OPTIONS=key=value:key=value, or "
        "usmcheck run --key-name=value):\n");
  for (std::size_t I = 0; I < Count; ++I) {
    const char *Type = T[I].Type == FlagType::Bool  ? "bool"
                       : T[I].Type == FlagType::Int ? "int"
                                                    : "string";
    B.add("  ").add(T[I].Name);
    for (std::size_t Pad = std::strlen(T[I].Name); Pad < 20; ++Pad)
      B.add(" ");
    B.add(Type).add(", default ").add(T[I].Default).add("\n      ");
    B.add(T[I].Description).add("\n");
  }
  return B.Len;
}

} // namespace rt
} // namespace usm

#endif
