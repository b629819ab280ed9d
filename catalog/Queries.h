//===- Queries.h - run-time kind queries of the catalog
//--------------------===//
//
// Tables built from usm_queries.def: which Query APIs of usm_apis.def tell
// a pointer's allocation kind, where their answer goes, and which constants
// of the answer name which kind; from usm_pairing.def, which argument of
// an allocation and its deallocation must agree; and from usm_copies.def:
// the offsets and size units of copies, fills and allocations, and the
// calls that return device numbers. Constant-initialised, standard library
// only, like Catalog.h.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CATALOG_QUERIES_H
#define USMCHECK_CATALOG_QUERIES_H

#include "Catalog.h"

namespace usm {

struct Query {
  std::string_view Name;
  int Answer;     ///< RET, or index of the out-parameter receiving it
  Kind TrueMeans; ///< None, or the kind a true (boolean) answer means
};

struct QueryAnswer {
  std::string_view Name;
  Model M;
  Kind K;
};

/// usm_pairing.def: the argument of an allocation or deallocation that
/// names its device or context.
enum class PairedBy : std::uint8_t { Device, Context };
struct Pairing {
  std::string_view Name;
  int Arg;
  PairedBy What;
};
Table<Pairing> pairings();
const Pairing *findPairing(std::string_view Name);

/// What the Size argument of a usm_apis.def row counts (usm_copies.def).
enum class SizeUnit : std::uint8_t { Bytes, Elements, TemplateElements };

struct CopyArgs {
  std::string_view Name;
  int DstOffset, SrcOffset; ///< indices of byte offsets, or NA
  SizeUnit Unit;
};

struct DeviceNumber {
  std::string_view Name;
  Model M;
  Kind K; ///< Device: an offload device's number; Host: the initial device
};

Table<Query> queries();
Table<QueryAnswer> queryAnswers();
const Query *findQuery(std::string_view Name);
const QueryAnswer *findQueryAnswer(std::string_view Name);

/// The offsets and size unit of copy or fill \p A (bytes, no offsets when
/// usm_copies.def has no row for it).
CopyArgs copyArgs(const Api &A);
/// What the Size argument of allocation \p A counts.
SizeUnit allocUnit(const Api &A);
/// A call returning a device number, by name, or nullptr.
const DeviceNumber *findDeviceNumber(std::string_view Name);
/// A container member returning its pageable host storage (usm_copies.def).
bool isPageableData(std::string_view Name);

} // namespace usm

#endif
