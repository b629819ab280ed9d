//===- Catalog.cpp - constant tables built from the .def files -------------===//
#include "Catalog.h"

namespace usm {
namespace {

constexpr Api ApiRows[] = {
#define USM_API(Name, M, R, K, Family, Ptr, Size, Dev, Src, SrcDev, DirArg,    \
                D, Dealloc, Summary)                                           \
  {Name,   Model::M, Role::R, Kind::K, Family,  Ptr,     Size,                 \
   Dev,    Src,      SrcDev,  DirArg,  Dir::D,  Dealloc, Summary},
#include "usm_apis.def"
#undef USM_API
};

constexpr Selector SelectorRows[] = {
#define USM_SELECTOR(Name, M, K, Summary) {Name, Model::M, Kind::K, Summary},
#include "usm_selectors.def"
#undef USM_SELECTOR
};

constexpr Direction DirectionRows[] = {
#define USM_DIRECTION(Name, M, D) {Name, Model::M, Dir::D},
#include "usm_selectors.def"
#undef USM_DIRECTION
};

struct DirectionValue {
  std::string_view Name;
  int Value;
};
constexpr DirectionValue DirectionValueRows[] = {
#define USM_DIRECTION_VALUE(Name, Value) {Name, Value},
#include "usm_selectors.def"
#undef USM_DIRECTION_VALUE
};

constexpr HostAccess HostAccessRows[] = {
#define USM_HOST_ACCESS(Name, Arg, A) {Name, Arg, Access::A},
#include "host_access.def"
#undef USM_HOST_ACCESS
};

constexpr KindRow KindRows[] = {
#define USM_KIND_ROW(K, Label, LivesIn, HA, HostText, DA, DeviceText,          \
                     Migrates, Notes)                                          \
  {Kind::K,    Label,      LivesIn,  Verdict::HA, HostText,                    \
   Verdict::DA, DeviceText, Migrates, Notes},
#include "feature_table.def"
#undef USM_KIND_ROW
};

constexpr Fix FixRows[] = {
#define USM_FIX(Id, UseKind, Title, When, Caveat)                              \
  {FixId::Id, Kind::UseKind, Title, When, Caveat},
#include "feature_table.def"
#undef USM_FIX
};

constexpr TableNote NoteRows[] = {
#define USM_TABLE_NOTE(Id, Text) {#Id, Text},
#include "feature_table.def"
#undef USM_TABLE_NOTE
};

constexpr ModelInfo ModelRows[] = {
#define USM_MODEL(Id, Name, CopyBack, HostDevice)                              \
  {Model::Id, #Id, Name, CopyBack, HostDevice},
#include "models.def"
#undef USM_MODEL
};

template <typename T, std::size_t N> constexpr Table<T> view(const T (&A)[N]) {
  return {A, N};
}

template <typename T>
const T *findByName(Table<T> Rows, std::string_view Name) {
  for (const T &Row : Rows)
    if (Row.Name == Name)
      return &Row;
  return nullptr;
}

} // namespace

bool Api::isFreedBy(std::string_view FreeName) const {
  std::string_view Rest = Dealloc;
  while (!Rest.empty()) {
    std::size_t Bar = Rest.find('|');
    if (Rest.substr(0, Bar) == FreeName)
      return true;
    if (Bar == std::string_view::npos)
      break;
    Rest.remove_prefix(Bar + 1);
  }
  return false;
}

Table<Api> apis() { return view(ApiRows); }
Table<Selector> selectors() { return view(SelectorRows); }
Table<Direction> directions() { return view(DirectionRows); }
Table<HostAccess> hostAccesses() { return view(HostAccessRows); }
Table<KindRow> kindRows() { return view(KindRows); }
Table<Fix> fixes() { return view(FixRows); }
Table<TableNote> tableNotes() { return view(NoteRows); }
Table<ModelInfo> models() { return view(ModelRows); }

const Api *findApi(std::string_view Name) { return findByName(apis(), Name); }
const Selector *findSelector(std::string_view Name) {
  return findByName(selectors(), Name);
}
const Direction *findDirection(std::string_view Name) {
  return findByName(directions(), Name);
}

const Direction *findDirectionByValue(Model M, int Value) {
  for (const DirectionValue &V : DirectionValueRows)
    if (V.Value == Value)
      if (const Direction *D = findDirection(V.Name); D && D->M == M)
        return D;
  return nullptr;
}

const Direction *findDirectionByDir(Model M, Dir D) {
  for (const Direction &Row : directions())
    if (Row.M == M && Row.D == D)
      return &Row;
  return nullptr;
}

const KindRow *findKindRow(Kind K) {
  for (const KindRow &Row : kindRows())
    if (Row.K == K)
      return &Row;
  return nullptr;
}

const ModelInfo &modelInfo(Model M) {
  for (const ModelInfo &Row : models())
    if (Row.M == M)
      return Row;
  return ModelRows[0];
}

const Fix &fixInfo(FixId Id) {
  for (const Fix &Row : fixes())
    if (Row.Id == Id)
      return Row;
  return FixRows[0];
}

const Api *familyMember(const Api &A, Kind K) {
  if (A.Family.empty())
    return nullptr;
  for (const Api &Row : apis())
    if (Row.Family == A.Family && Row.K == K && Row.R == Role::Alloc)
      return &Row;
  return nullptr;
}

std::string_view name(Model M) { return modelInfo(M).Name; }

std::string_view name(Kind K) {
  switch (K) {
  case Kind::Device: return "device";
  case Kind::Host: return "host";
  case Kind::Shared: return "shared";
  case Kind::NotUSM: return "not USM";
  case Kind::ByArg: return "chosen by argument";
  case Kind::None: return "none";
  }
  return "?";
}

std::string_view name(Role R) {
  switch (R) {
  case Role::Alloc: return "alloc";
  case Role::Free: return "free";
  case Role::Copy: return "copy";
  case Role::Fill: return "fill";
  case Role::Prefetch: return "prefetch";
  case Role::Advise: return "advise";
  case Role::Query: return "query";
  case Role::Associate: return "associate";
  case Role::Allocator: return "allocator";
  }
  return "?";
}

std::string_view name(Dir D) {
  switch (D) {
  case Dir::None: return "none";
  case Dir::FromArg: return "from argument";
  case Dir::Any: return "any";
  case Dir::HostToHost: return "host to host";
  case Dir::HostToDevice: return "host to device";
  case Dir::DeviceToHost: return "device to host";
  case Dir::DeviceToDevice: return "device to device";
  }
  return "?";
}

std::string_view name(Access A) {
  switch (A) {
  case Access::Read: return "read";
  case Access::Write: return "write";
  case Access::ReadWrite: return "read/write";
  case Access::Format: return "format";
  }
  return "?";
}

std::string_view name(Verdict V) {
  switch (V) {
  case Verdict::Yes: return "yes";
  case Verdict::No: return "no";
  case Verdict::Remote: return "remote";
  }
  return "?";
}

bool hostMayAccess(Kind K) {
  const KindRow *Row = findKindRow(K);
  return !Row || Row->HostAccess != Verdict::No;
}

bool deviceMayAccess(Kind K) {
  const KindRow *Row = findKindRow(K);
  return !Row || Row->DeviceAccess != Verdict::No;
}

} // namespace usm
