#include "Lattice.h"


#include <algorithm>
#include <cstdint>
#include <iterator>

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
constexpr std::uint32_t Mask = StateNode::Fan - 1;
unsigned digit(std::uint32_t K, std::uint32_t Shift) {
  return (K >> Shift) & Mask;
}
/// Does a node at \p Shift reach id \p K?
bool fits(std::uint32_t K, std::uint32_t Shift) {
  return Shift + StateNode::Bits >= 32 || (K >> (Shift + StateNode::Bits)) == 0;
}
std::uint32_t shiftFor(std::uint32_t K) {
  std::uint32_t Shift = 0;
  while (!fits(K, Shift))
    Shift += StateNode::Bits;
  return Shift;
}
const StateNode *child(const StateNode *T, unsigned I) {
  return static_cast<const StateNode *>(T->Slot[I]);
}
} // namespace

StateNode *StateFactory::node(std::uint32_t Shift, std::uint32_t Owned) {
  auto *N = new (Alloc.Allocate<StateNode>()) StateNode;
  N->Shift = Shift;
  N->Epoch = Owned;
  std::fill(std::begin(N->Slot), std::end(N->Slot), nullptr);
  return N;
}

const StateNode *StateFactory::path(std::uint32_t K, std::uint32_t Shift,
                                    const OriginSet *V, std::uint32_t Owned) {
  StateNode *N = node(Shift, Owned);
  N->Slot[digit(K, Shift)] =
      Shift ? static_cast<const void *>(
                  path(K, Shift - StateNode::Bits, V, Owned))
            : V;
  return N;
}

const StateNode *StateFactory::deepen(const StateNode *T, std::uint32_t Shift,
                                      std::uint32_t Owned) {
  while (T->Shift < Shift) {
    StateNode *N = node(T->Shift + StateNode::Bits, Owned);
    N->Slot[0] = T;
    T = N;
  }
  return T;
}

const OriginSet *StateFactory::lookup(const StateNode *T,
                                      std::uint32_t K) const {
  if (!T || !fits(K, T->Shift))
    return nullptr;
  for (; T->Shift; T = child(T, digit(K, T->Shift)))
    if (!child(T, digit(K, T->Shift)))
      return nullptr;
  return static_cast<const OriginSet *>(T->Slot[K & Mask]);
}

const StateNode *StateFactory::updateIn(const StateNode *T, std::uint32_t K,
                                        const OriginSet *V, bool Join,
                                        std::uint32_t Owned) {
  unsigned D = digit(K, T->Shift);
  const void *Old = T->Slot[D];
  const void *New;
  if (T->Shift == 0) {
    const auto *OldV = static_cast<const OriginSet *>(Old);
    New = Join && OldV ? Pool.join(OldV, V) : V;
  } else {
    New = Old ? updateIn(child(T, D), K, V, Join, Owned)
              : path(K, T->Shift - StateNode::Bits, V, Owned);
  }
  if (New == Old)
    return T;
  if (Owned && T->Epoch == Owned) {
    // Made by assign() since the last freeze(): only the working map
    // reaches it.
    const_cast<StateNode *>(T)->Slot[D] = New;
    return T;
  }
  StateNode *N = new (Alloc.Allocate<StateNode>()) StateNode(*T);
  N->Epoch = Owned;
  N->Slot[D] = New;
  return N;
}

const StateNode *StateFactory::update(const StateNode *T, std::uint32_t K,
                                      const OriginSet *V, bool Join,
                                      std::uint32_t Owned) {
  if (!T)
    return path(K, shiftFor(K), V, Owned);
  // A larger id than T reaches is not bound in T: the update changes T,
  // so the deeper root it needs is the new map's.
  if (!fits(K, T->Shift))
    T = deepen(T, shiftFor(K), Owned);
  return updateIn(T, K, V, Join, Owned);
}

const StateNode *StateFactory::insert(const StateNode *T, std::uint32_t K,
                                      const OriginSet *V) {
  return update(T, K, V, /*Join=*/false, /*Owned=*/0);
}

const StateNode *StateFactory::insertJoin(const StateNode *T, std::uint32_t K,
                                          const OriginSet *V) {
  return update(T, K, V, /*Join=*/true, /*Owned=*/0);
}

const StateNode *StateFactory::joinIn(const StateNode *A, const StateNode *B) {
  if (A == B)
    return A;
  const void *R[StateNode::Fan];
  bool SameA = true, SameB = true;
  for (unsigned I = 0; I < StateNode::Fan; ++I) {
    const void *X = A->Slot[I], *Y = B->Slot[I];
    const void *Z;
    if (X == Y || !Y)
      Z = X;
    else if (!X)
      Z = Y;
    else if (A->Shift == 0)
      Z = Pool.join(static_cast<const OriginSet *>(X),
                    static_cast<const OriginSet *>(Y));
    else
      Z = joinIn(child(A, I), child(B, I));
    R[I] = Z;
    SameA &= Z == X;
    SameB &= Z == Y;
  }
  if (SameA)
    return A;
  if (SameB)
    return B;
  StateNode *N = node(A->Shift, /*Owned=*/0);
  std::copy(std::begin(R), std::end(R), N->Slot);
  return N;
}

const StateNode *StateFactory::join(const StateNode *A, const StateNode *B) {
  if (A == B || !B)
    return A;
  if (!A)
    return B;
  // The deeper map's depth is the union's (it binds an id that needs it).
  std::uint32_t Shift = std::max(A->Shift, B->Shift);
  return joinIn(deepen(A, Shift, 0), deepen(B, Shift, 0));
}

bool StateFactory::equal(const StateNode *A, const StateNode *B) {
  if (A == B)
    return true;
  if (!A || !B || A->Shift != B->Shift)
    return false;
  for (unsigned I = 0; I < StateNode::Fan; ++I) {
    const void *X = A->Slot[I], *Y = B->Slot[I];
    if (X == Y)
      continue;
    // Values are interned: different pointers are different sets.
    if (!X || !Y || A->Shift == 0 || !equal(child(A, I), child(B, I)))
      return false;
  }
  return true;
}

} // namespace clang::tidy::usm
