//===- Queries.h - run-time kind queries of the catalog
//--------------------===//
//
// Tables built from usm_queries.def: which Query APIs of usm_apis.def tell
// a pointer's allocation kind, where their answer goes, and which constants
// of the answer name which kind; and from usm_pairing.def, which argument
// of an allocation and its deallocation must agree. Constant-initialised, standard library
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

Table<Query> queries();
Table<QueryAnswer> queryAnswers();
const Query *findQuery(std::string_view Name);
const QueryAnswer *findQueryAnswer(std::string_view Name);

} // namespace usm

#endif
