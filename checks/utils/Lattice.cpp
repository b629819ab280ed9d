#include "Lattice.h"


#include <algorithm>
#include <cstdint>

namespace clang::tidy::usm {

bool mergeOrigins(OriginSet &To, const OriginSet &From) {
  bool Changed = false;
  for (const Origin &O : From) {
    auto It = std::lower_bound(To.begin(), To.end(), O);
    if (It != To.end() && *It == O)
      continue;
    To.insert(It, O);
    Changed = true;
  }
  return Changed;
}

bool OriginSetPool::same(const OriginSet &A, const OriginSet &B) {
  if (A.size() != B.size())
    return false;
  for (size_t I = 0; I < A.size(); ++I)
    if (A[I].fullLess(B[I]) || B[I].fullLess(A[I]))
      return false;
  return true;
}

const OriginSet *OriginSetPool::intern(OriginSet S) {
  // A multiply-xor mix per origin (every set() interns its value; the
  // fields left out only make equal hashes that same() tells apart).
  auto P = [](const void *X) {
    return static_cast<std::uint64_t>(reinterpret_cast<std::uintptr_t>(X));
  };
  std::uint64_t H = S.size() * 0x9E3779B97F4A7C15ull;
  for (const Origin &O : S) {
    std::uint64_t V = P(O.Site) * 0xC2B2AE3D27D4EB4Full;
    V ^= (static_cast<std::uint64_t>(static_cast<std::uint32_t>(O.Param)) |
          static_cast<std::uint64_t>(O.K) << 32) *
         0x165667B19E3779F9ull;
    V ^= P(O.A) * 0x27D4EB2F165667C5ull;
    V ^= P(O.Fn) * 0x94D049BB133111EBull;
    V ^= P(O.FreedAt) * 0xBF58476D1CE4E5B9ull;
    H = (H ^ V) * 0x9E3779B97F4A7C15ull;
    H ^= H >> 29;
  }
  auto &Bucket = ByHash[static_cast<unsigned>(H ^ (H >> 32)) & 0x7fffffffu];
  for (const OriginSet *Known : Bucket)
    if (same(*Known, S))
      return Known;
  Storage.push_back(std::move(S));
  Bucket.push_back(&Storage.back());
  return &Storage.back();
}

const OriginSet *OriginSetPool::join(const OriginSet *A, const OriginSet *B) {
  if (A == B || B->empty())
    return A;
  if (A->empty())
    return B;
  if (A > B)
    std::swap(A, B);
  const OriginSet *&Memo = Joins[{A, B}];
  if (!Memo) {
    OriginSet U = *A;
    mergeOrigins(U, *B);
    Memo = intern(std::move(U));
  }
  return Memo;
}

namespace {
bool isLeaf(const StateNode *T) { return T->Bit == 0; }
/// Do the bits of \p K below \p Bit equal \p Prefix?
bool matches(std::uint32_t K, std::uint32_t Prefix, std::uint32_t Bit) {
  return (K & (Bit - 1)) == Prefix;
}
} // namespace

const StateNode *StateFactory::leaf(std::uint32_t K, const OriginSet *V) {
  return new (Alloc.Allocate<StateNode>()) StateNode{K, 0, nullptr, nullptr, V};
}

const StateNode *StateFactory::branch(std::uint32_t P, std::uint32_t Bit,
                                      const StateNode *L, const StateNode *R) {
  if (!L)
    return R;
  if (!R)
    return L;
  return new (Alloc.Allocate<StateNode>()) StateNode{P, Bit, L, R, nullptr};
}

const StateNode *StateFactory::link(std::uint32_t P0, const StateNode *T0,
                                    std::uint32_t P1, const StateNode *T1) {
  std::uint32_t Diff = P0 ^ P1;
  std::uint32_t Bit = Diff & (~Diff + 1);
  std::uint32_t P = P0 & (Bit - 1);
  return (P0 & Bit) ? branch(P, Bit, T1, T0) : branch(P, Bit, T0, T1);
}

const OriginSet *StateFactory::lookup(const StateNode *T,
                                      std::uint32_t K) const {
  while (T) {
    if (isLeaf(T))
      return T->Prefix == K ? T->V : nullptr;
    if (!matches(K, T->Prefix, T->Bit))
      return nullptr;
    T = (K & T->Bit) ? T->R : T->L;
  }
  return nullptr;
}

const StateNode *StateFactory::update(const StateNode *T, std::uint32_t K,
                                      const OriginSet *V, bool Join) {
  if (!T)
    return leaf(K, V);
  if (isLeaf(T)) {
    if (T->Prefix == K) {
      const OriginSet *NewV = Join ? Pool.join(T->V, V) : V;
      return NewV == T->V ? T : leaf(K, NewV);
    }
    return link(K, leaf(K, V), T->Prefix, T);
  }
  if (!matches(K, T->Prefix, T->Bit))
    return link(K, leaf(K, V), T->Prefix, T);
  if (K & T->Bit) {
    const StateNode *R = update(T->R, K, V, Join);
    return R == T->R ? T : branch(T->Prefix, T->Bit, T->L, R);
  }
  const StateNode *L = update(T->L, K, V, Join);
  return L == T->L ? T : branch(T->Prefix, T->Bit, L, T->R);
}

const StateNode *StateFactory::insert(const StateNode *T, std::uint32_t K,
                                      const OriginSet *V) {
  return update(T, K, V, /*Join=*/false);
}

const StateNode *StateFactory::insertJoin(const StateNode *T, std::uint32_t K,
                                          const OriginSet *V) {
  return update(T, K, V, /*Join=*/true);
}

const StateNode *StateFactory::join(const StateNode *A, const StateNode *B) {
  if (A == B || !B)
    return A;
  if (!A)
    return B;
  if (isLeaf(A))
    return insertJoin(B, A->Prefix, A->V);
  if (isLeaf(B))
    return insertJoin(A, B->Prefix, B->V);
  if (A->Bit == B->Bit && A->Prefix == B->Prefix) {
    const StateNode *L = join(A->L, B->L);
    const StateNode *R = join(A->R, B->R);
    if (L == A->L && R == A->R)
      return A;
    if (L == B->L && R == B->R)
      return B;
    return branch(A->Prefix, A->Bit, L, R);
  }
  if (A->Bit < B->Bit && matches(B->Prefix, A->Prefix, A->Bit)) {
    // B lies below A.
    if (B->Prefix & A->Bit) {
      const StateNode *R = join(A->R, B);
      return R == A->R ? A : branch(A->Prefix, A->Bit, A->L, R);
    }
    const StateNode *L = join(A->L, B);
    return L == A->L ? A : branch(A->Prefix, A->Bit, L, A->R);
  }
  if (B->Bit < A->Bit && matches(A->Prefix, B->Prefix, B->Bit)) {
    // A lies below B.
    if (A->Prefix & B->Bit) {
      const StateNode *R = join(A, B->R);
      return R == B->R ? B : branch(B->Prefix, B->Bit, B->L, R);
    }
    const StateNode *L = join(A, B->L);
    return L == B->L ? B : branch(B->Prefix, B->Bit, L, B->R);
  }
  return link(A->Prefix, A, B->Prefix, B);
}

bool StateFactory::equal(const StateNode *A, const StateNode *B) {
  if (A == B)
    return true;
  if (!A || !B || A->Bit != B->Bit || A->Prefix != B->Prefix)
    return false;
  if (isLeaf(A))
    return A->V == B->V;
  return equal(A->L, B->L) && equal(A->R, B->R);
}

} // namespace clang::tidy::usm
