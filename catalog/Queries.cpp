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

constexpr CopyArgs CopyRows[] = {
#define USM_COPY_ARGS(Name, DstOffset, SrcOffset, Unit)                        \
  {Name, DstOffset, SrcOffset, SizeUnit::Unit},
#include "usm_copies.def"
#undef USM_COPY_ARGS
};

struct AllocUnitRow {
  std::string_view Name;
  SizeUnit Unit;
};
constexpr AllocUnitRow AllocUnitRows[] = {
#define USM_ALLOC_UNIT(Name, Unit) {Name, SizeUnit::Unit},
#include "usm_copies.def"
#undef USM_ALLOC_UNIT
};

constexpr DeviceNumber DeviceNumberRows[] = {
#define USM_DEVICE_NUMBER(Name, M, K) {Name, Model::M, Kind::K},
#include "usm_copies.def"
#undef USM_DEVICE_NUMBER
};

constexpr std::string_view PageableDataRows[] = {
#define USM_PAGEABLE_DATA(Name) Name,
#include "usm_copies.def"
#undef USM_PAGEABLE_DATA
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

CopyArgs copyArgs(const Api &A) {
  for (const CopyArgs &C : CopyRows)
    if (C.Name == A.Name)
      return C;
  return CopyArgs{A.Name, NA, NA, SizeUnit::Bytes};
}

SizeUnit allocUnit(const Api &A) {
  for (const AllocUnitRow &R : AllocUnitRows)
    if (R.Name == A.Name)
      return R.Unit;
  return SizeUnit::Bytes;
}

const DeviceNumber *findDeviceNumber(std::string_view Name) {
  for (const DeviceNumber &D : DeviceNumberRows)
    if (D.Name == Name)
      return &D;
  return nullptr;
}

bool isPageableData(std::string_view Name) {
  for (std::string_view N : PageableDataRows)
    if (N == Name)
      return true;
  return false;
}

} // namespace usm
