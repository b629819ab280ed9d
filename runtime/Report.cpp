//===- Report.cpp - the sanitizer-style report, symbolized after the fault
//-===//
//
// Runs in the signal handler: static buffers only, no malloc. Stacks are raw
// PCs until here; each becomes (module, offset) through dl_iterate_phdr and
// is symbolized by one llvm-symbolizer started with vfork+execve, talking
// over two pipes. Without a symbolizer (or with symbolize=0) frames print as
// module+offset, which `llvm-symbolizer --obj=MODULE OFFSET` resolves later.
//
// The reason and the fixes are the catalog's text (feature_table.def,
// models.def): the same words as `usmcheck table` and the static check.
//
//===----------------------------------------------------------------------===//
#include "Guard.h"
#include "Utf8.h"

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <link.h>
#include <poll.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace usm {
namespace rt {

//===-- modules
//----------------------------------------------------------------===//

namespace {
struct ModuleQuery {
  std::uintptr_t Pc;
  char *Path;
  std::size_t Cap;
  std::uintptr_t Base;
  bool Found;
};

int findModule(struct dl_phdr_info *Info, size_t, void *Arg) {
  auto *Q = static_cast<ModuleQuery *>(Arg);
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type != PT_LOAD)
      continue;
    std::uintptr_t Lo = Info->dlpi_addr + P.p_vaddr;
    if (Q->Pc < Lo || Q->Pc >= Lo + P.p_memsz)
      continue;
    Q->Base = Info->dlpi_addr;
    Q->Found = true;
    const char *Name = Info->dlpi_name;
    if (Name && Name[0]) {
      Out(Q->Path, Q->Cap).s(Name);
    } else {
      ssize_t N = readlink("/proc/self/exe", Q->Path, Q->Cap - 1);
      Q->Path[N > 0 ? N : 0] = 0;
    }
    return 1;
  }
  return 0;
}
} // namespace

bool moduleOf(std::uintptr_t Pc, char *Path, std::size_t Cap,
              std::uintptr_t *Base) {
  ModuleQuery Q{Pc, Path, Cap, 0, false};
  Path[0] = 0;
  dl_iterate_phdr(findModule, &Q);
  *Base = Q.Base;
  return Q.Found;
}

namespace {

//===-- frames and symbolization
//------------------------------------------------===//

constexpr int MaxSym = 3 * MaxFrames; // up to three stacks per report

struct Loc {
  char Func[512];
  char File[1024];
  int Line, Col;
};

constexpr int MaxInlined = 3;

/// One PC: its module, its function and location, and the calls inlined
/// into that function at this PC (innermost first), each printed as a frame
/// of its own, as sanitizers do.
struct Frame {
  std::uintptr_t Pc, Offset;
  char Module[512];
  int NumInl;
  Loc Inl[MaxInlined];
  char Func[512];
  char File[1024];
  int Line, Col;
};

Frame Frames[MaxSym];
int NumFrames;
char SymIn[MaxSym * 600];
char SymOut[MaxSym * 1600];
char SymPath[1024];
char *SymEnv[1024];
char ReportBuf[128 * 1024];
char SuppBuf[16 * 1024];

bool executable(const char *P) { return P[0] && access(P, X_OK) == 0; }

/// Finds llvm-symbolizer: the option, then PATH, then Debian's LLVM 19.
bool findSymbolizer() {
  if (Opts.symbolizer_path[0]) {
    Out(SymPath, sizeof SymPath).s(Opts.symbolizer_path);
    return executable(SymPath);
  }
  const char *Names[] = {"llvm-symbolizer", "llvm-symbolizer-19"};
  const char *Path = getenv("PATH");
  for (const char *Name : Names) {
    for (const char *P = Path; P && *P;) {
      const char *E = std::strchr(P, ':');
      std::size_t N = E ? std::size_t(E - P) : std::strlen(P);
      if (N) {
        Out O(SymPath, sizeof SymPath);
        O.s(std::string_view(P, N)).c('/').s(Name);
        if (executable(SymPath))
          return true;
      }
      P = E ? E + 1 : nullptr;
    }
  }
  Out(SymPath, sizeof SymPath).s("/usr/lib/llvm-19/bin/llvm-symbolizer");
  return executable(SymPath);
}

void resolveModules(int From, int To, bool ReturnAddresses, bool First) {
  for (int I = From; I < To; ++I) {
    Frame &F = Frames[I];
    // Return addresses point after the call; look up the call itself.
    std::uintptr_t Lookup =
        ReturnAddresses && !(First && I == From) ? F.Pc - 1 : F.Pc;
    std::uintptr_t Base = 0;
    F.Func[0] = F.File[0] = 0;
    F.Line = F.Col = 0;
    F.NumInl = 0;
    if (moduleOf(Lookup, F.Module, sizeof F.Module, &Base))
      F.Offset = Lookup - Base;
    else
      F.Offset = Lookup;
  }
}

/// One line of the symbolizer output starting at \p P; advances \p P.
std::string_view nextLine(const char *&P, const char *End) {
  const char *S = P;
  while (P < End && *P != '\n')
    ++P;
  std::string_view L(S, std::size_t(P - S));
  if (P < End)
    ++P;
  return L;
}

void copyField(char *Dst, std::size_t Cap, std::string_view S) {
  Out(Dst, Cap).s(S);
}

/// Fills \p L from one symbolizer answer ("??" parts stay empty).
void parseLoc(Loc &L, std::string_view Func, std::string_view Where) {
  if (Func != "??")
    copyField(L.Func, sizeof L.Func, Func);
  // file:line:col, and the file may contain ':'.
  std::size_t C2 = Where.rfind(':');
  std::size_t C1 = C2 == std::string_view::npos || C2 == 0
                       ? std::string_view::npos
                       : Where.rfind(':', C2 - 1);
  if (C1 == std::string_view::npos)
    return;
  std::string_view File = Where.substr(0, C1);
  int Line = 0, Col = 0;
  for (char Ch : Where.substr(C1 + 1, C2 - C1 - 1))
    Line = Ch >= '0' && Ch <= '9' ? Line * 10 + (Ch - '0') : Line;
  for (char Ch : Where.substr(C2 + 1))
    Col = Ch >= '0' && Ch <= '9' ? Col * 10 + (Ch - '0') : Col;
  if (File != "??" && Line > 0) {
    copyField(L.File, sizeof L.File, File);
    L.Line = Line;
    L.Col = Col;
  }
}

void symbolizeAll() {
  if (!Opts.symbolize || NumFrames == 0 || !findSymbolizer())
    return;
  Out In(SymIn, sizeof SymIn);
  for (int I = 0; I < NumFrames; ++I)
    In.s("CODE \"").s(Frames[I].Module).s("\" ").hex(Frames[I].Offset).c('\n');

  int ToChild[2], FromChild[2];
  if (pipe2(ToChild, O_CLOEXEC) != 0)
    return;
  if (pipe2(FromChild, O_CLOEXEC) != 0) {
    close(ToChild[0]);
    close(ToChild[1]);
    return;
  }
  int E = 0;
  for (char **V = environ; V && *V && E < 1022; ++V)
    if (std::strncmp(*V, "LD_PRELOAD=", 11) && std::strncmp(*V, "USMCHECK_", 9))
      SymEnv[E++] = *V;
  SymEnv[E] = nullptr;
  char Arg1[] = "--inlines", Arg2[] = "--demangle";
  char *Argv[] = {SymPath, Arg1, Arg2, nullptr};
  pid_t Pid = vfork();
  if (Pid == 0) {
    dup2(ToChild[0], 0);
    dup2(FromChild[1], 1);
    int Null = open("/dev/null", O_WRONLY);
    if (Null >= 0)
      dup2(Null, 2);
    execve(SymPath, Argv, SymEnv);
    _exit(127);
  }
  close(ToChild[0]);
  close(FromChild[1]);
  if (Pid < 0) {
    close(ToChild[1]);
    close(FromChild[0]);
    return;
  }
  writeAll(ToChild[1], SymIn, In.Len);
  close(ToChild[1]);
  std::size_t Got = 0;
  for (;;) {
    struct pollfd P = {FromChild[0], POLLIN, 0};
    if (poll(&P, 1, 20000) <= 0)
      break; // a symbolizer that hangs: keep module+offset
    ssize_t N = read(FromChild[0], SymOut + Got, sizeof SymOut - 1 - Got);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      break;
    Got += std::size_t(N);
    if (Got >= sizeof SymOut - 1)
      break;
  }
  close(FromChild[0]);
  int Status;
  while (waitpid(Pid, &Status, 0) < 0 && errno == EINTR)
    ;
  // Output: per address, "function\nfile:line:col\n" pairs, the inlined
  // calls first and the real function last, then a blank line.
  const char *P = SymOut, *End = SymOut + Got;
  for (int I = 0; I < NumFrames && P < End; ++I) {
    Loc Pairs[MaxInlined + 1];
    int N = 0;
    while (P < End && *P != '\n') {
      std::string_view Func = nextLine(P, End);
      std::string_view Where = nextLine(P, End);
      if (N == MaxInlined + 1) // keep the outermost: drop the innermost
        for (int K = 1; K < N; ++K)
          Pairs[K - 1] = Pairs[K];
      Loc &L = Pairs[N == MaxInlined + 1 ? N - 1 : N++];
      L.Func[0] = L.File[0] = 0;
      L.Line = L.Col = 0;
      parseLoc(L, Func, Where);
    }
    if (P < End)
      ++P; // the blank line
    Frame &F = Frames[I];
    if (N == 0)
      continue;
    const Loc &Own = Pairs[N - 1];
    copyField(F.Func, sizeof F.Func, Own.Func);
    copyField(F.File, sizeof F.File, Own.File);
    F.Line = Own.Line;
    F.Col = Own.Col;
    F.NumInl = N - 1;
    for (int K = 0; K < N - 1; ++K)
      F.Inl[K] = Pairs[K];
  }
}

//===-- suppressions
//---------------------------------------------------------------===//

bool globMatch(const char *P, const char *S) {
  // '*' any run, '?' one character; iterative with one backtrack point.
  const char *StarP = nullptr, *StarS = nullptr;
  while (*S) {
    if (*P == '*') {
      StarP = P++;
      StarS = S;
    } else if (*P == '?' || *P == *S) {
      ++P;
      ++S;
    } else if (StarP) {
      P = StarP + 1;
      S = ++StarS;
    } else {
      return false;
    }
  }
  while (*P == '*')
    ++P;
  return !*P;
}

/// A pattern without wildcards matches as a substring (sanitizer style).
bool patternMatches(const char *Pat, const char *S) {
  if (!S || !S[0])
    return false;
  if (!std::strpbrk(Pat, "*?"))
    return std::strstr(S, Pat) != nullptr;
  return globMatch(Pat, S);
}

bool framesMatch(const char *Pat, int From, int To) {
  for (int I = From; I < To; ++I)
    for (int K = 0; K < Frames[I].NumInl; ++K)
      if (patternMatches(Pat, Frames[I].Inl[K].Func) ||
          patternMatches(Pat, Frames[I].Inl[K].File))
        return true;
  for (int I = From; I < To; ++I)
    if (patternMatches(Pat, Frames[I].Func) ||
        patternMatches(Pat, Frames[I].File) ||
        patternMatches(Pat, Frames[I].Module))
      return true;
  return false;
}

/// True when a suppression line matches: TYPE:PAT against the frames of
/// the first stack [0, NumFirst), alloc:PAT against the allocation stack
/// [AllocFrom, AllocTo) and the allocator's name.
bool suppressedBy(const char *Type, int NumFirst, int AllocFrom, int AllocTo,
                  const Api *Alloc) {
  if (!Opts.suppressions[0])
    return false;
  int Fd = open(Opts.suppressions, O_RDONLY | O_CLOEXEC);
  if (Fd < 0)
    return false;
  ssize_t N = read(Fd, SuppBuf, sizeof SuppBuf - 1);
  close(Fd);
  if (N <= 0)
    return false;
  SuppBuf[N] = 0;
  for (char *L = SuppBuf; L && *L;) {
    char *E = std::strchr(L, '\n');
    if (E)
      *E = 0;
    while (*L == ' ' || *L == '\t')
      ++L;
    char *Colon = std::strchr(L, ':');
    if (*L && *L != '#' && Colon) {
      *Colon = 0;
      const char *Pat = Colon + 1;
      if (!std::strcmp(L, Type) && framesMatch(Pat, 0, NumFirst))
        return true;
      if (!std::strcmp(L, "alloc")) {
        if (framesMatch(Pat, AllocFrom, AllocTo))
          return true;
        char Name[128];
        if (Alloc) {
          Out(Name, sizeof Name).s(Alloc->Name);
          if (patternMatches(Pat, Name))
            return true;
        }
      }
    }
    L = E ? E + 1 : nullptr;
  }
  return false;
}

/// True when a suppression line matches this fault: host-access-device:PAT
/// against the access stack, alloc:PAT against the allocation stack and the
/// allocator's name.
bool suppressed(int NumAccess, const Fault &F) {
  return suppressedBy("host-access-device", NumAccess, NumAccess, NumFrames,
                      F.HaveRecord ? F.Rec.Alloc : nullptr);
}

//===-- the report
//-----------------------------------------------------------------===//

struct Style {
  bool On;
  const char *red() const { return On ? "\033[1m\033[31m" : ""; }
  const char *blue() const { return On ? "\033[1m\033[34m" : ""; }
  const char *green() const { return On ? "\033[1m\033[32m" : ""; }
  const char *magenta() const { return On ? "\033[1m\033[35m" : ""; }
  const char *bold() const { return On ? "\033[1m" : ""; }
  const char *reset() const { return On ? "\033[0m" : ""; }
};

void printLoc(Out &O, int N, const Frame &F, const char *Func, const char *File,
              int Line, int Col) {
  O.s("    #").d(N).c(' ').hex(F.Pc);
  if (Func[0])
    O.s(" in ").s(Func);
  if (File[0]) {
    O.c(' ').s(File).c(':').d(Line);
    if (Col)
      O.c(':').d(Col);
  } else {
    O.s(" (")
        .s(F.Module[0] ? F.Module : "<unknown module>")
        .c('+')
        .hex(F.Offset)
        .c(')');
  }
  O.c('\n');
}

void printFrames(Out &O, int From, int To) {
  if (From == To) {
    O.s("    <no frames>\n");
    return;
  }
  int N = 0;
  for (int I = From; I < To; ++I) {
    const Frame &F = Frames[I];
    for (int K = 0; K < F.NumInl; ++K)
      printLoc(O, N++, F, F.Inl[K].Func, F.Inl[K].File, F.Inl[K].Line,
               F.Inl[K].Col);
    printLoc(O, N++, F, F.Func, F.File, F.Line, F.Col);
  }
}

/// The innermost access location with a source file (frame 0 may be libc's
/// memcpy, reached from the user's line one frame up).
const Loc *summaryLoc(int NumAccess, Loc &Tmp) {
  for (int I = 0; I < NumAccess; ++I) {
    const Frame &F = Frames[I];
    for (int K = 0; K < F.NumInl; ++K)
      if (F.Inl[K].File[0])
        return &F.Inl[K];
    if (F.File[0]) {
      Out(Tmp.Func, sizeof Tmp.Func).s(F.Func);
      Out(Tmp.File, sizeof Tmp.File).s(F.File);
      Tmp.Line = F.Line;
      Tmp.Col = F.Col;
      return &Tmp;
    }
  }
  return nullptr;
}

/// An allocator of the same model for the fix text when the fault was
/// classified without a record: the first device allocator whose family has
/// a host member (cudaMalloc, omp_target_alloc_device, ...).
const Api *representative(Model M) {
  const Api *First = nullptr;
  for (const Api &A : apis()) {
    if (A.M != M || A.R != Role::Alloc || A.K != Kind::Device)
      continue;
    if (!First)
      First = &A;
    if (familyMember(A, Kind::Host))
      return &A;
  }
  return First;
}

void fillTemplate(Out &O, std::string_view T, std::uintptr_t Bytes,
                  std::intptr_t Dev) {
  for (std::size_t I = 0; I < T.size(); ++I) {
    if (T[I] == '{') {
      std::size_t E = T.find('}', I);
      if (E != std::string_view::npos) {
        std::string_view Key = T.substr(I + 1, E - I - 1);
        if (Key == "bytes" && Bytes) {
          O.u(Bytes);
          I = E;
          continue;
        }
        if (Key == "dev" && Dev >= 0) {
          O.d(Dev);
          I = E;
          continue;
        }
      }
    }
    O.c(T[I]);
  }
}

/// What fix \p X means for this allocation: the allocator to use instead,
/// or the copy to add (the catalog's template); nothing when unknown.
void fixDetail(Out &O, const Fix &X, const Api *A, Model M,
               std::uintptr_t Bytes, std::intptr_t Dev) {
  if (X.Id == FixId::CopyBack) {
    const ModelInfo &MI = modelInfo(M);
    if (!MI.CopyBack.empty())
      fillTemplate(O, MI.CopyBack, Bytes, Dev);
    return;
  }
  const Api *Alt = A ? familyMember(*A, X.UseKind) : nullptr;
  if (!Alt)
    if (const Api *Rep = representative(M))
      Alt = familyMember(*Rep, X.UseKind);
  if (Alt)
    O.s(Alt->Name);
}

void printFixes(Out &O, const Style &S, const Api *A, Model M,
                std::uintptr_t Bytes, std::intptr_t Dev) {
  // The static check puts first the fix that fits the code around the
  // access (loops, repeated kernels); at run time that is unknown, so the
  // order is its default, the feature table's.
  O.s("Fixes, in usm-host-access-device's default order (`usmcheck check` "
      "ranks them from the code around the access):\n");
  int N = 0;
  for (const Fix &X : fixes()) {
    O.s("  ").s(S.green()).d(++N).s(". ").s(X.Title).s(S.reset());
    char Detail[1024];
    Out D(Detail, sizeof Detail);
    fixDetail(D, X, A, M, Bytes, Dev);
    if (D.Len)
      O.s(": ").s(Detail);
    O.c('\n');
    O.s("     when: ").s(X.When).s("; caveat: ").s(X.Caveat).c('\n');
  }
}

//===-- the JSON record (json_path)
//-------------------------------------------===//

char JsonBuf[512 * 1024];
std::atomic<bool> JsonWarned{false};

/// A JSON string: the bytes of \p S, with a byte that is not UTF-8 written
/// as \udcXX (Python's surrogateescape), so that file names survive.
void jstr(Out &O, std::string_view S) {
  O.c('"');
  for (std::size_t I = 0; I < S.size();) {
    unsigned char C = static_cast<unsigned char>(S[I]);
    std::size_t L = utf8Length(S.data(), S.size(), I);
    if (C == '"' || C == '\\') {
      O.c('\\').c(char(C));
    } else if (C == '\n') {
      O.s("\\n");
    } else if (C == '\t') {
      O.s("\\t");
    } else if (C < 0x20 || C == 0x7F || L == 0) {
      O.s(L == 0 ? "\\udc" : "\\u00")
          .c("0123456789abcdef"[C >> 4])
          .c("0123456789abcdef"[C & 15]);
    } else {
      O.s(S.substr(I, L));
      I += L;
      continue;
    }
    ++I;
  }
  O.c('"');
}

/// ,"KEY":"VALUE" (nothing when \p V is empty).
void jfield(Out &O, const char *Key, std::string_view V) {
  if (V.empty())
    return;
  O.s(",\"").s(Key).s("\":");
  jstr(O, V);
}

/// A stack of a JSON record: [From, To) of Frames.
struct JsonStack {
  std::string_view Title;
  const char *Role; ///< access, call, allocation, other
  int From, To;
};

struct JsonRecord {
  const char *Type = "";
  bool Warning = false;
  std::string_view Message;
  JsonStack Stacks[3];
  int NumStacks = 0;
  std::string_view Region, Allocator, Kind, Why;
  std::string_view Notes[3];
  int NumNotes = 0;
  // The fixes: the catalog's host-access-device list for the allocation
  // (CatalogFixes), else the one Fix text.
  bool CatalogFixes = false;
  const Api *Alloc = nullptr;
  Model M = Model::Host;
  std::uintptr_t Bytes = 0;
  std::intptr_t Dev = -1;
  std::string_view Fix;
  const char *Outcome = nullptr, *Action = "EXITING";
};

void jframe(Out &O, bool &First, const Frame &F, const char *Func,
            const char *File, int Line, int Col, bool Inlined) {
  O.s(First ? "{" : ",{");
  First = false;
  O.s("\"pc\":\"").hex(F.Pc).c('"');
  jfield(O, "function", Func);
  jfield(O, "file", File);
  if (File[0])
    O.s(",\"line\":").d(Line).s(",\"column\":").d(Col);
  jfield(O, "module", F.Module);
  O.s(",\"offset\":\"").hex(F.Offset).c('"');
  if (Inlined)
    O.s(",\"inlined\":true");
  O.c('}');
}

/// The record as one line; \p MaxPerStack frames per stack at most.
void buildJson(Out &O, const JsonRecord &R, int MaxPerStack) {
  O.s("{\"pid\":").d(getpid());
  jfield(O, "type", R.Type);
  jfield(O, "severity", R.Warning ? "warning" : "error");
  jfield(O, "message", R.Message);
  O.s(",\"stacks\":[");
  for (int S = 0; S < R.NumStacks; ++S) {
    const JsonStack &St = R.Stacks[S];
    O.s(S ? ",{" : "{").s("\"role\":\"").s(St.Role).c('"');
    jfield(O, "title", St.Title);
    O.s(",\"frames\":[");
    bool First = true;
    int Shown = 0;
    for (int I = St.From; I < St.To && Shown < MaxPerStack; ++I) {
      const Frame &F = Frames[I];
      for (int K = 0; K < F.NumInl && Shown < MaxPerStack; ++K, ++Shown)
        jframe(O, First, F, F.Inl[K].Func, F.Inl[K].File, F.Inl[K].Line,
               F.Inl[K].Col, true);
      if (Shown < MaxPerStack) {
        jframe(O, First, F, F.Func, F.File, F.Line, F.Col, false);
        ++Shown;
      }
    }
    O.s("]}");
  }
  O.c(']');
  jfield(O, "region", R.Region);
  jfield(O, "allocator", R.Allocator);
  jfield(O, "memory_kind", R.Kind);
  if (R.NumNotes) {
    O.s(",\"notes\":[");
    for (int I = 0; I < R.NumNotes; ++I) {
      if (I)
        O.c(',');
      jstr(O, R.Notes[I]);
    }
    O.c(']');
  }
  jfield(O, "why", R.Why);
  O.s(",\"fixes\":[");
  if (R.CatalogFixes) {
    bool First = true;
    for (const Fix &X : fixes()) {
      char Detail[1024];
      Out D(Detail, sizeof Detail);
      fixDetail(D, X, R.Alloc, R.M, R.Bytes, R.Dev);
      O.s(First ? "{" : ",{");
      First = false;
      O.s("\"title\":");
      jstr(O, X.Title);
      jfield(O, "detail", Detail);
      jfield(O, "when", X.When);
      jfield(O, "caveat", X.Caveat);
      if (X.Id != FixId::CopyBack)
        jfield(O, "memory_kind", name(X.UseKind));
      O.c('}');
    }
  } else if (!R.Fix.empty()) {
    O.s("{\"title\":");
    jstr(O, R.Fix);
    O.c('}');
  }
  O.c(']');
  jfield(O, "outcome", R.Outcome ? R.Outcome : "");
  jfield(O, "action", R.Action);
  O.s("}\n");
}

/// Appends the record to json_path as one line in one write (O_APPEND: the
/// processes of a run that share the file never interleave their lines).
void writeJson(const JsonRecord &R) {
  if (!Opts.json_path[0])
    return;
  // A record too long for the buffer loses frames, never its end.
  const int Limits[] = {1 << 20, 8, 0};
  Out O(JsonBuf, sizeof JsonBuf);
  for (int Max : Limits) {
    O = Out(JsonBuf, sizeof JsonBuf);
    buildJson(O, R, Max);
    if (O.Len + 1 < O.Cap)
      break;
  }
  if (O.Len + 1 >= O.Cap)
    return;
  int Fd =
      open(Opts.json_path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
  if (Fd < 0) {
    if (!JsonWarned.exchange(true)) {
      char Buf[1400];
      Out(Buf, sizeof Buf)
          .s("==")
          .d(getpid())
          .s("==usmcheck: warning: cannot write json_path '")
          .s(Opts.json_path)
          .s("' (errno ")
          .d(errno)
          .s(")\n")
          .writeTo(2);
    }
    return;
  }
  writeAll(Fd, O.B, O.Len);
  close(Fd);
}

/// The text between two positions of the report buffer.
std::string_view span(std::size_t B, std::size_t E) {
  return std::string_view(ReportBuf + B, E > B ? E - B : 0);
}

} // namespace

bool reportFault(Fault &F) {
  // Frames: the access stack first, then the allocation stack.
  NumFrames = 0;
  for (int I = 0; I < F.NumPcs && NumFrames < MaxFrames; ++I)
    Frames[NumFrames++].Pc = F.Pcs[I];
  int NumAccess = NumFrames;
  resolveModules(0, NumAccess, true, true);
  if (F.HaveRecord) {
    for (int I = 0; I < F.Rec.NumPcs && NumFrames < MaxSym; ++I)
      Frames[NumFrames++].Pc = F.Rec.Pcs[I];
    resolveModules(NumAccess, NumFrames, true, false);
  }
  symbolizeAll();
  if (suppressed(NumAccess, F))
    return false;

  int Fd = logFd();
  Style S{!std::strcmp(Opts.color, "always") ||
          (!std::strcmp(Opts.color, "auto") && isatty(Fd))};
  Out O(ReportBuf, sizeof ReportBuf);
  const char *Access = F.Write ? "WRITE" : "READ";
  Kind K = F.HaveRecord ? F.Rec.K : F.DriverKind;
  std::uintptr_t Base = F.HaveRecord ? F.Rec.Base : F.RangeBase;
  std::uintptr_t Size = F.HaveRecord ? F.Rec.Size : F.RangeSize;
  Model M = F.HaveRecord && F.Rec.Alloc ? F.Rec.Alloc->M : F.DriverModel;
  std::intptr_t Dev = F.HaveRecord ? F.Rec.Device : F.DriverDevice;
  bool DevKnown = F.HaveRecord ? !F.Rec.DeviceIsHandle && Dev >= 0 : Dev >= 0;

  O.s("=================================================================\n");
  O.s(F.Warning ? S.magenta() : S.red())
      .s("==")
      .d(getpid())
      .s(F.Warning ? "==WARNING" : "==ERROR")
      .s(": usmcheck: host-access-device: ");
  std::size_t Head = O.Len;
  O.s(Access);
  if (F.AccessSize)
    O.s(" of ").d(F.AccessSize).s(" bytes");
  else
    O.s(" (access size not decoded)");
  O.s(" at ").hex(F.Addr).s(", ");
  if (Size && F.Addr - Base >= Size)
    O.u(F.Addr - Base - Size)
        .s(" bytes past the end of a ")
        .u(Size)
        .s("-byte ");
  else if (Size)
    O.u(F.Addr - Base).s(" bytes inside a ").u(Size).c('-').s("byte ");
  else
    O.s("inside a ");
  O.s(name(K)).s(" allocation").s(Size ? "" : " of unknown size");
  std::size_t HeadEnd = O.Len;
  O.s(S.reset()).c('\n');
  O.s(S.blue());
  std::size_t Title0 = O.Len;
  O.s(Access)
      .s(" by host thread T")
      .d(F.ThreadIdx)
      .s(" (tid ")
      .d(F.Tid)
      .s(", pc ")
      .hex(F.Pc)
      .s(", ")
      .s(F.Sig == SIGBUS ? "SIGBUS" : "SIGSEGV")
      .s("):");
  std::size_t Title0End = O.Len;
  O.s(S.reset()).c('\n');
  printFrames(O, 0, NumAccess);
  O.c('\n');
  std::size_t Region = O.Len;
  if (Size && F.Addr - Base >= Size)
    O.hex(F.Addr)
        .s(" is located ")
        .u(F.Addr - Base - Size)
        .s(" bytes past the end of the ")
        .u(Size)
        .s("-byte region [")
        .hex(Base)
        .c(',')
        .hex(Base + Size)
        .s(")\n");
  else if (Size)
    O.hex(F.Addr)
        .s(" is located ")
        .u(F.Addr - Base)
        .s(" bytes inside of the ")
        .u(Size)
        .s("-byte region [")
        .hex(Base)
        .c(',')
        .hex(Base + Size)
        .s(")\n");
  std::size_t RegionEnd = O.Len, Title1 = 0, Title1End = 0, Alloc = 0,
              AllocEnd = 0, Note = 0, NoteEnd = 0;
  if (F.HaveRecord) {
    O.s(S.magenta());
    Title1 = O.Len;
    O.s("allocated by thread T")
        .d(F.Rec.ThreadIdx)
        .s(" (tid ")
        .d(F.Rec.Tid)
        .s(") here:");
    Title1End = O.Len;
    O.s(S.reset()).c('\n');
    printFrames(O, NumAccess, NumFrames);
    Alloc = O.Len + 2;
    if (F.Rec.Alloc)
      O.s("  allocator: ")
          .s(F.Rec.Alloc->Name)
          .s(" (")
          .s(name(F.Rec.Alloc->M))
          .s(": ")
          .s(F.Rec.Alloc->Summary)
          .s(")");
    O.s(", ").s(name(K)).s(" memory");
    if (F.Rec.DeviceIsHandle)
      O.s(", device handle ").hex(std::uintptr_t(Dev));
    else if (DevKnown)
      O.s(", device ").d(Dev);
    AllocEnd = O.Len;
    O.c('\n');
    if (F.Rec.Emulated) {
      O.s("  ");
      Note = O.Len;
      O.s("emulated: usmcheck run --emulate served this OpenMP device "
          "allocation from pages that host code cannot touch outside target "
          "regions and device copies (CPU-only run); on a GPU the same "
          "access faults on device memory");
      NoteEnd = O.Len;
      O.c('\n');
    }
  } else {
    Note = O.Len;
    O.s("allocation not recorded: its allocator was not reached through a "
        "dynamic symbol (for example a statically linked CUDA runtime)");
    NoteEnd = O.Len;
    O.c('\n');
    O.s("  ");
    Alloc = O.Len;
    O.s("classified by the ")
        .s(F.ClassifiedBy)
        .s(" (")
        .s(F.DriverDetail)
        .c(')');
    if (DevKnown)
      O.s(", device ").d(Dev);
    AllocEnd = O.Len;
    O.c('\n');
  }
  O.c('\n');
  std::size_t Requires =
      O.Len + std::strlen(S.bold()) + 9 + std::strlen(S.reset()) + 1;
  if (F.RequiresUSM && F.Warning)
    O.s(S.bold())
        .s("Requires:")
        .s(S.reset())
        .s(" the program declares `#pragma omp requires "
           "unified_shared_memory`: the access is legal only on systems with "
           "unified memory, where the host can reach device memory; "
           "elsewhere it faults. This emulated run stands for a system "
           "without it, so this is a warning: the allocation is now "
           "host-accessible and the program goes on (warnings_as_errors=1 "
           "stops here instead).\n");
  else if (F.RequiresUSM && F.Rec.Emulated)
    O.s(S.bold())
        .s("Requires:")
        .s(S.reset())
        .s(" the program declares `#pragma omp requires "
           "unified_shared_memory`: the access is legal only on systems with "
           "unified memory, where the host can reach device memory; "
           "elsewhere it faults (a warning, made an error by "
           "warnings_as_errors=1).\n");
  else if (F.RequiresUSM)
    O.s(S.bold())
        .s("Requires:")
        .s(S.reset())
        .s(" the program declares `#pragma omp requires "
           "unified_shared_memory`, but the host cannot reach this memory "
           "on this system (the access faulted): the requirement is not "
           "met here.\n");
  std::size_t RequiresEnd = O.Len > Requires ? O.Len - 1 : Requires;
  std::size_t Why = 0, WhyEnd = 0;
  if (const KindRow *Row = findKindRow(K)) {
    O.s(S.bold()).s("Why:").s(S.reset()).c(' ');
    Why = O.Len;
    O.s("the USM feature table, row \"")
        .s(Row->Label)
        .s("\": lives in ")
        .s(Row->LivesIn)
        .s("; host may access: ")
        .s(Row->HostText)
        .c('.');
    WhyEnd = O.Len;
    O.c('\n');
  }
  printFixes(O, S, F.HaveRecord ? F.Rec.Alloc : nullptr, M, Size,
             DevKnown ? Dev : -1);
  if (!Opts.symbolize)
    O.s("(symbolize=0: frames are module+offset)\n");
  else if (!SymPath[0] || access(SymPath, X_OK) != 0)
    O.s("(llvm-symbolizer not found: frames are module+offset; set "
        "symbolizer_path)\n");
  O.c('\n');
  Loc Tmp;
  const Loc *SL = summaryLoc(NumAccess, Tmp);
  O.s("SUMMARY: usmcheck: host-access-device ");
  if (SL) {
    O.s(SL->File).c(':').d(SL->Line);
    if (SL->Func[0])
      O.s(" in ").s(SL->Func);
  } else if (NumAccess) {
    O.c('(').s(Frames[0].Module).c('+').hex(Frames[0].Offset).c(')');
    if (Frames[0].Func[0])
      O.s(" in ").s(Frames[0].Func);
  }
  O.c('\n');
  O.s("==")
      .d(getpid())
      .s("==")
      .s(F.Warning             ? "CONTINUING"
         : Opts.abort_on_error ? "ABORTING"
                               : "EXITING")
      .c('\n');
  O.writeTo(Fd);

  JsonRecord J;
  J.Type = "host-access-device";
  J.Warning = F.Warning;
  J.Message = span(Head, HeadEnd);
  J.Stacks[J.NumStacks++] = {span(Title0, Title0End), "access", 0, NumAccess};
  if (F.HaveRecord)
    J.Stacks[J.NumStacks++] = {span(Title1, Title1End), "allocation", NumAccess,
                               NumFrames};
  J.Region = span(Region, RegionEnd);
  while (!J.Region.empty() && J.Region.back() == '\n')
    J.Region.remove_suffix(1);
  J.Allocator = span(Alloc, AllocEnd);
  J.Kind = name(K);
  if (NoteEnd)
    J.Notes[J.NumNotes++] = span(Note, NoteEnd);
  if (F.RequiresUSM)
    J.Notes[J.NumNotes++] = span(Requires, RequiresEnd);
  J.Why = span(Why, WhyEnd);
  J.CatalogFixes = true;
  J.Alloc = F.HaveRecord ? F.Rec.Alloc : nullptr;
  J.M = M;
  J.Bytes = Size;
  J.Dev = DevKnown ? Dev : -1;
  J.Action = F.Warning             ? "CONTINUING"
             : Opts.abort_on_error ? "ABORTING"
                                   : "EXITING";
  writeJson(J);
  return true;
}

namespace {
/// "  allocator: NAME (MODEL: SUMMARY), KIND memory, device N"; the text
/// after the indent, for the JSON record.
std::string_view printAllocator(Out &O, const Record &R) {
  std::size_t B = O.Len + 2;
  if (R.Alloc)
    O.s("  allocator: ")
        .s(R.Alloc->Name)
        .s(" (")
        .s(name(R.Alloc->M))
        .s(": ")
        .s(R.Alloc->Summary)
        .s("), ");
  else
    O.s("  ");
  O.s(name(R.K)).s(" memory");
  if (R.DeviceIsHandle)
    O.s(", device handle ").hex(std::uintptr_t(R.Device));
  else if (R.Device >= 0)
    O.s(", device ").d(R.Device);
  if (R.Emulated)
    O.s(", emulated (--emulate)");
  std::size_t E = O.Len;
  O.c('\n');
  return span(B, E);
}

/// The call's own line: frame 0 is the program's call of the API (unlike a
/// fault, where frame 0 may be a libc routine), so no later frame is used
/// when it has no line (a call merged by the optimizer has line 0).
void printSummary(Out &O, const char *Type, int NumFirst) {
  Loc Tmp;
  const Loc *SL = NumFirst && (Frames[0].File[0] || Frames[0].NumInl)
                      ? summaryLoc(1, Tmp)
                      : nullptr;
  O.s("SUMMARY: usmcheck: ").s(Type).c(' ');
  if (SL) {
    O.s(SL->File).c(':').d(SL->Line);
    if (SL->Func[0])
      O.s(" in ").s(SL->Func);
  } else if (NumFirst) {
    O.c('(').s(Frames[0].Module).c('+').hex(Frames[0].Offset).c(')');
    if (Frames[0].Func[0])
      O.s(" in ").s(Frames[0].Func);
  }
  O.c('\n');
}

void symbolizerNote(Out &O) {
  if (!Opts.symbolize)
    O.s("(symbolize=0: frames are module+offset)\n");
  else if (!SymPath[0] || access(SymPath, X_OK) != 0)
    O.s("(llvm-symbolizer not found: frames are module+offset; set "
        "symbolizer_path)\n");
}
} // namespace

bool reportApiFinding(ApiFinding &A, bool Halting) {
  NumFrames = 0;
  int From[3] = {0, 0, 0}, To[3] = {0, 0, 0};
  for (int I = 0; I < A.NumStacks && I < 3; ++I) {
    From[I] = NumFrames;
    for (int K = 0; K < A.Stacks[I].NumPcs && NumFrames < MaxSym; ++K)
      Frames[NumFrames++].Pc = A.Stacks[I].Pcs[K];
    To[I] = NumFrames;
    resolveModules(From[I], To[I], true, false);
  }
  symbolizeAll();
  int AF = A.AllocStack >= 0 ? From[A.AllocStack] : 0;
  int AT = A.AllocStack >= 0 ? To[A.AllocStack] : 0;
  if (suppressedBy(A.Type, To[0], AF, AT, A.Alloc ? A.Alloc->Alloc : nullptr))
    return false;

  int Fd = logFd();
  Style S{!std::strcmp(Opts.color, "always") ||
          (!std::strcmp(Opts.color, "auto") && isatty(Fd))};
  Out O(ReportBuf, sizeof ReportBuf);
  JsonRecord J;
  J.Type = A.Type;
  J.Warning = A.Warning;
  J.Message = A.Headline;
  O.s("=================================================================\n");
  O.s(A.Warning ? S.magenta() : S.red())
      .s("==")
      .d(getpid())
      .s(A.Warning ? "==WARNING: usmcheck: " : "==ERROR: usmcheck: ")
      .s(A.Type)
      .s(": ")
      .s(A.Headline)
      .s(S.reset())
      .c('\n');
  for (int I = 0; I < A.NumStacks && I < 3; ++I) {
    if (I == 1 && A.Region[0])
      O.s(A.Region);
    O.s(I == 0 ? S.blue() : S.magenta())
        .s(A.Stacks[I].Title)
        .s(S.reset())
        .c('\n');
    J.Stacks[J.NumStacks++] = {A.Stacks[I].Title,
                               I == 0              ? "call"
                               : I == A.AllocStack ? "allocation"
                                                   : "other",
                               From[I], To[I]};
    printFrames(O, From[I], To[I]);
    if (I == A.AllocStack && A.Alloc)
      J.Allocator = printAllocator(O, *A.Alloc);
    if (I == 0)
      O.c('\n');
  }
  if (A.NumStacks < 2 && A.Region[0])
    O.s(A.Region);
  O.c('\n');
  if (A.Why[0])
    O.s(S.bold()).s("Why:").s(S.reset()).c(' ').s(A.Why).c('\n');
  if (A.Fix[0])
    O.s(S.bold()).s("Fix:").s(S.reset()).c(' ').s(A.Fix).c('\n');
  symbolizerNote(O);
  O.c('\n');
  printSummary(O, A.Type, To[0]);
  if (!Halting && A.Outcome)
    O.s(A.Outcome).c('\n');
  O.s("==")
      .d(getpid())
      .s("==")
      .s(!Halting              ? "CONTINUING"
         : Opts.abort_on_error ? "ABORTING"
                               : "EXITING")
      .c('\n');
  O.writeTo(Fd);

  J.Region = A.Region;
  while (!J.Region.empty() && J.Region.back() == '\n')
    J.Region.remove_suffix(1);
  if (A.Alloc)
    J.Kind = name(A.Alloc->K);
  J.Why = A.Why;
  J.Fix = A.Fix;
  J.Outcome = !Halting ? A.Outcome : nullptr;
  J.Action = !Halting              ? "CONTINUING"
             : Opts.abort_on_error ? "ABORTING"
                                   : "EXITING";
  writeJson(J);
  return true;
}

bool reportLeakGroup(const Record &R, std::uint64_t Bytes, std::uint64_t Count,
                     bool &HeaderDone, const char *Why, const char *Fix) {
  NumFrames = 0;
  for (int K = 0; K < R.NumPcs && NumFrames < MaxSym; ++K)
    Frames[NumFrames++].Pc = R.Pcs[K];
  resolveModules(0, NumFrames, true, false);
  symbolizeAll();
  if (suppressedBy("leak", NumFrames, 0, NumFrames, R.Alloc))
    return false;
  int Fd = logFd();
  Style S{!std::strcmp(Opts.color, "always") ||
          (!std::strcmp(Opts.color, "auto") && isatty(Fd))};
  Out O(ReportBuf, sizeof ReportBuf);
  if (!HeaderDone) {
    O.s("\n=================================================================\n");
    O.s(S.red())
        .s("==")
        .d(getpid())
        .s("==ERROR: usmcheck: leak: USM allocations never freed")
        .s(S.reset())
        .s("\n\n");
    HeaderDone = true;
  }
  O.s(S.red());
  std::size_t Head = O.Len;
  O.s("Direct leak of ").u(Bytes).s(" byte(s) in ").u(Count).s(" object(s)");
  std::size_t HeadEnd = O.Len;
  O.s(" allocated from:").s(S.reset()).c('\n');
  printFrames(O, 0, NumFrames);
  JsonRecord J;
  J.Allocator = printAllocator(O, R);
  std::size_t Freed = O.Len + 2, FreedEnd = 0;
  if (R.Alloc && !R.Alloc->Dealloc.empty())
  {
    O.s("  freed by: ");
    for (char C : R.Alloc->Dealloc)
      C == '|' ? O.s(" or ") : O.c(C);
    FreedEnd = O.Len;
    O.c('\n');
  }
  O.c('\n');
  O.writeTo(Fd);

  J.Type = "leak";
  J.Message = span(Head, HeadEnd);
  J.Stacks[J.NumStacks++] = {"allocated from:", "allocation", 0, NumFrames};
  J.Kind = name(R.K);
  if (FreedEnd)
    J.Notes[J.NumNotes++] = span(Freed, FreedEnd);
  J.Why = Why;
  J.Fix = Fix;
  J.Action = Opts.abort_on_error ? "ABORTING" : "EXITING";
  writeJson(J);
  return true;
}

void reportLeakSummary(std::uint64_t Bytes, std::uint64_t Count,
                       const char *Why, const char *Fix) {
  Out O(ReportBuf, sizeof ReportBuf);
  O.s("Why: ").s(Why).c('\n').s("Fix: ").s(Fix).c('\n');
  symbolizerNote(O);
  O.c('\n');
  O.s("SUMMARY: usmcheck: leak: ")
      .u(Bytes)
      .s(" byte(s) leaked in ")
      .u(Count)
      .s(" allocation(s).\n");
  O.s("==").d(getpid()).s(Opts.abort_on_error ? "==ABORTING\n" : "==EXITING\n");
  O.writeTo(logFd());
}

} // namespace rt
} // namespace usm
