//===- FreeSummary.cpp - deallocations of fields, resolved over the TU ----===//
//
// A destructor (or any method) that frees a field releases whatever was
// stored into that field anywhere in the translation unit. After the last
// round, each such free gets those stores as its origins (FreeFact::Field),
// and it is a must-fact when every store is a known allocation (no
// parameter, no untraced value: Summaries::FieldStores).
//
//===----------------------------------------------------------------------===//
#include "Provenance.h"

namespace clang::tidy::usm {

void ProvenanceAnalysis::resolveFieldFrees() {
  for (FreeFact &F : FreeFacts) {
    if (!F.Field || F.Via || F.Known)
      continue;
    auto It = Sum.FieldStores.find(F.Field);
    if (It == Sum.FieldStores.end() || It->second.empty())
      continue;
    F.Origins = It->second;
    F.Known = true;
    for (const Origin &O : F.Origins)
      F.Known &= O.Site != nullptr;
  }
}

} // namespace clang::tidy::usm
