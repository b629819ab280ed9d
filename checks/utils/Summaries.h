//===- Summaries.h - what the engine knows about a function from outside --===//
//
// Function summaries tie the per-function dataflows of the provenance
// engine together (Transfer.cpp records them in the replay of each round and
// reads them at calls):
//   Returns      origins of the pointer a function returns;
//   ReturnSlots  origins of the pointer fields / tuple elements of a record
//                it returns by value;
//   OutParams    what it stores through a pointer or reference parameter;
//   Derefs       which parameters it dereferences on the host, and where;
//   Fields       every store to a field anywhere in the TU, per field;
//   Globals      every store to a global, per variable;
//   LambdaSnaps  the captured variables' origins where a lambda is created;
//   ParamFrees   which parameters a function deallocates, with which
//                deallocator, where (also through the helpers it calls);
//   FieldFrees, GlobalFrees  the deallocations of a field (a destructor's
//                `cudaFree(p)`) or a global anywhere in the TU;
//   FieldStores  every value stored into a field anywhere (parameters and
//                untraced values as Unknown), for must-facts about the
//                memory a field-freeing function releases.
// For the lifetime rules (Lifetime.h):
//   FreesParam   parameters a function releases on every path (the free);
//   UsesParam    parameters whose memory it uses (host access, kernel,
//                copy), and where;
//   EscapesParam parameters whose pointer it keeps (stores, returns, hands
//                to an unknown function);
//   FreshReturns / FreshOut  allocations it returns (or stores through an
//                out-parameter) that nothing else holds: its caller owns
//                them.
// Origins of a callee's parameters (Origin::isParam) and symbolic devices
// (Origin::ArgParam) are replaced by the caller's arguments at each call.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_SUMMARIES_H
#define USMCHECK_CHECKS_UTILS_SUMMARIES_H

#include "Lattice.h"

#include <map>
#include <set>
#include <utility>

namespace clang::tidy::usm {

enum class AccessKind { None, Read, Write, ReadWrite };

/// A host dereference of a parameter inside a function.
struct Deref {
  const Expr *At = nullptr;
  AccessKind AK = AccessKind::Read;
};

/// One deallocation: the call (or delete-expression, or the deleter named
/// by a smart pointer's constructor), its catalog row, and its function.
struct FreeSite {
  const Expr *Free = nullptr;
  const ::usm::Api *FreeApi = nullptr;
  const FunctionDecl *Fn = nullptr;
  bool operator<(const FreeSite &O) const { return Free < O.Free; }
};
using FreeSites = std::set<FreeSite>;

struct Summaries {
  std::map<const FunctionDecl *, OriginSet> Returns;
  std::map<const FunctionDecl *,
           std::map<std::pair<const FieldDecl *, long>, OriginSet>>
      ReturnSlots;
  std::map<std::pair<const FunctionDecl *, unsigned>, OriginSet> OutParams;
  std::map<std::pair<const FunctionDecl *, unsigned>, Deref> Derefs;
  std::map<const FieldDecl *, OriginSet> Fields;
  std::map<const VarDecl *, OriginSet> Globals;
  std::map<const CXXRecordDecl *, LocationMap> LambdaSnaps;
  std::map<std::pair<const FunctionDecl *, unsigned>, FreeSites> ParamFrees;
  std::map<const FieldDecl *, FreeSites> FieldFrees;
  std::map<const VarDecl *, FreeSites> GlobalFrees;
  std::map<const FieldDecl *, OriginSet> FieldStores;

  using ParamKey = std::pair<const FunctionDecl *, unsigned>;
  std::map<ParamKey, const Expr *> FreesParam;
  std::map<ParamKey, const Expr *> UsesParam;
  std::set<ParamKey> EscapesParam;
  std::map<const FunctionDecl *, std::set<const Expr *>> FreshReturns;
  std::map<ParamKey, std::set<const Expr *>> FreshOut;
};

} // namespace clang::tidy::usm

#endif
