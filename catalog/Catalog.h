//===- Catalog.h - the USM knowledge every part of usmcheck reads ----------===//
//
// The catalog turns the .def files beside this header into constant tables:
//   usm_apis.def       allocation, free, copy, fill and query APIs
//   usm_selectors.def  allocator handles / enumerators that pick a kind,
//                      copy-kind enumerators that pick a direction
//   host_access.def    host library calls that access memory through a
//                      pointer argument
//   feature_table.def  the USM feature table, its fixes and notes
//   models.def         per-model names and copy-back code
//
// Everything here is constant-initialised (no dynamic initialisation, no
// allocation), so the LD_PRELOAD runtime guard can use it from interposed
// allocators before main() and from a signal handler. It depends on the C++
// standard library headers only; never on LLVM.
//
// To add an API: add one row to the matching .def file and a test; nothing
// else changes.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CATALOG_CATALOG_H
#define USMCHECK_CATALOG_CATALOG_H

#include <cstddef>
#include <cstdint>
#include <string_view>

namespace usm {

enum class Model : std::uint8_t { OpenMP, SYCL, LevelZero, CUDA, HIP, Host };
enum class Kind : std::uint8_t { Device, Host, Shared, NotUSM, ByArg, None };
enum class Role : std::uint8_t {
  Alloc,
  Free,
  Copy,
  Fill,
  Prefetch,
  Advise,
  Query,
  Associate,
  Allocator
};
enum class Dir : std::uint8_t {
  None,
  FromArg,
  Any,
  HostToHost,
  HostToDevice,
  DeviceToHost,
  DeviceToDevice
};
enum class Access : std::uint8_t { Read, Write, ReadWrite, Format };
enum class Verdict : std::uint8_t { Yes, No, Remote };
enum class FixId : std::uint8_t { UseHost, UseShared, CopyBack };

/// Argument positions: an index, or one of these.
constexpr int NA = -1;  ///< no such argument
constexpr int RET = -2; ///< the pointer is the return value

struct Api {
  std::string_view Name;
  Model M;
  Role R;
  Kind K;
  std::string_view Family; ///< same-signature allocators of other kinds
  int Ptr, Size, Dev, Src, SrcDev, DirArg;
  Dir D;
  std::string_view Dealloc; ///< '|'-separated names of matching frees
  std::string_view Summary;

  /// True if \p FreeName is one of this allocator's deallocators.
  bool isFreedBy(std::string_view FreeName) const;
};

struct Selector {
  std::string_view Name;
  Model M;
  Kind K;
  std::string_view Summary;
};

struct Direction {
  std::string_view Name;
  Model M;
  Dir D;
};

struct HostAccess {
  std::string_view Name;
  int Arg;
  Access A;
};

struct KindRow {
  Kind K;
  std::string_view Label, LivesIn;
  Verdict HostAccess;
  std::string_view HostText;
  Verdict DeviceAccess;
  std::string_view DeviceText, Migrates, Notes;
};

struct Fix {
  FixId Id;
  Kind UseKind;
  std::string_view Title, When, Caveat;
};

struct TableNote {
  std::string_view Id, Text;
};

struct ModelInfo {
  Model M;
  std::string_view Id, Name, CopyBack, HostDevice;
};

/// A constant array view (C++17 has no std::span).
template <typename T> struct Table {
  const T *Begin;
  std::size_t Count;
  const T *begin() const { return Begin; }
  const T *end() const { return Begin + Count; }
  std::size_t size() const { return Count; }
  const T &operator[](std::size_t I) const { return Begin[I]; }
};

Table<Api> apis();
Table<Selector> selectors();
Table<Direction> directions();
Table<HostAccess> hostAccesses();
Table<KindRow> kindRows();
Table<Fix> fixes();
Table<TableNote> tableNotes();
Table<ModelInfo> models();

/// Lookups by spelling; nullptr when absent. Names are matched exactly
/// ("sycl::malloc_device", "cudaMalloc").
const Api *findApi(std::string_view Name);
const Selector *findSelector(std::string_view Name);
const Direction *findDirection(std::string_view Name);
/// The copy-kind enumerator of model \p M whose run-time value is \p Value
/// (USM_DIRECTION_VALUE rows), or nullptr.
const Direction *findDirectionByValue(Model M, int Value);
/// The copy-kind enumerator of model \p M for direction \p D, or nullptr.
const Direction *findDirectionByDir(Model M, Dir D);
const KindRow *findKindRow(Kind K);
const ModelInfo &modelInfo(Model M);
const Fix &fixInfo(FixId Id);

/// The allocator of kind \p K in the same family as \p A (e.g.
/// omp_target_alloc_device -> omp_target_alloc_host), or nullptr.
const Api *familyMember(const Api &A, Kind K);

std::string_view name(Model M);
std::string_view name(Kind K);
std::string_view name(Role R);
std::string_view name(Dir D);
std::string_view name(Access A);
std::string_view name(Verdict V);

/// Can host code touch memory of kind \p K directly?
bool hostMayAccess(Kind K);
/// Can a kernel touch memory of kind \p K?
bool deviceMayAccess(Kind K);

} // namespace usm

#endif
