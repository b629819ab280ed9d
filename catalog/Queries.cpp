//===- Queries.cpp - constant tables of usm_queries.def
//--------------------===//
#include "Queries.h"

namespace usm {
namespace {

constexpr Query QueryRows[] = {
#define USM_QUERY(Name, Answer, TrueMeans) {Name, Answer, Kind::TrueMeans},
#include "usm_queries.def"
#undef USM_QUERY
};

constexpr QueryAnswer AnswerRows[] = {
#define USM_QUERY_ANSWER(Name, M, K) {Name, Model::M, Kind::K},
#include "usm_queries.def"
#undef USM_QUERY_ANSWER
};

constexpr Pairing PairingRows[] = {
#define USM_PAIRING(Name, Arg, What) {Name, Arg, PairedBy::What},
#include "usm_pairing.def"
#undef USM_PAIRING
};

template <typename T, std::size_t N> Table<T> table(const T (&Rows)[N]) {
  return Table<T>{Rows, N};
}

} // namespace

Table<Query> queries() { return table(QueryRows); }
Table<Pairing> pairings() { return table(PairingRows); }

const Pairing *findPairing(std::string_view Name) {
  for (const Pairing &P : PairingRows)
    if (P.Name == Name)
      return &P;
  return nullptr;
}
Table<QueryAnswer> queryAnswers() { return table(AnswerRows); }

const Query *findQuery(std::string_view Name) {
  for (const Query &Q : QueryRows)
    if (Q.Name == Name)
      return &Q;
  return nullptr;
}

const QueryAnswer *findQueryAnswer(std::string_view Name) {
  for (const QueryAnswer &A : AnswerRows)
    if (A.Name == Name)
      return &A;
  return nullptr;
}

} // namespace usm
