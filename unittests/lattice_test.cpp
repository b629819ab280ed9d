//===- lattice_test.cpp - the engine's persistent state -------------------===//
//
// checks/utils/Lattice: StateFactory (the per-block state, a persistent
// radix tree) against std::map on random updates, weak updates and joins,
// with ids that make the tree deeper as they grow, and on in-place updates
// of a working map (assign, freeze); and OriginSetPool's interning and
// joins.
//
//===----------------------------------------------------------------------===//
#include "utils/Lattice.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <map>
#include <random>
#include <vector>

using namespace clang::tidy::usm;

namespace {

/// An origin with a made-up allocation site (never dereferenced).
Origin site(unsigned N) {
  Origin O;
  O.Site = reinterpret_cast<const clang::Expr *>(
      static_cast<std::uintptr_t>(64 * (N + 1)));
  return O;
}

using Reference = std::map<std::uint32_t, OriginSet>;

struct Harness {
  OriginSetPool Pool;
  StateFactory States{Pool};

  void expectSame(const StateNode *T, const Reference &R,
                  std::uint32_t MaxId) {
    for (std::uint32_t K = 0; K <= MaxId; ++K) {
      const OriginSet *V = States.lookup(T, K);
      auto It = R.find(K);
      if (It == R.end()) {
        EXPECT_EQ(V, nullptr) << "id " << K;
      } else {
        ASSERT_NE(V, nullptr) << "id " << K;
        EXPECT_EQ(V, Pool.intern(It->second)) << "id " << K;
      }
    }
  }

  /// An interned set of zero to two made-up origins.
  const OriginSet *randomValue(std::mt19937 &Rng) {
    OriginSet O;
    for (unsigned N = Rng() % 3; N > 0; --N)
      mergeOrigins(O, {site(Rng() % 20)});
    return Pool.intern(O);
  }

  /// Every map of \p States holds what its reference holds, and \p Pairs
  /// random pairs of them compare equal exactly when their references do.
  void expectAll(std::vector<std::pair<const StateNode *, Reference>> &States,
                 std::uint32_t MaxId, std::mt19937 &Rng, int Pairs) {
    for (auto &[T, R] : States)
      expectSame(T, R, MaxId + 20);
    for (int I = 0; I < Pairs; ++I) {
      auto &[A, RA] = States[Rng() % States.size()];
      auto &[B, RB] = States[Rng() % States.size()];
      EXPECT_EQ(StateFactory::equal(A, B), RA == RB);
    }
  }
};

TEST(StateFactory, LookupsOfAnEmptyState) {
  Harness H;
  EXPECT_EQ(H.States.lookup(nullptr, 0), nullptr);
  const StateNode *T = H.States.insert(nullptr, 5, H.Pool.intern({site(1)}));
  EXPECT_EQ(H.States.lookup(T, 4), nullptr);
  EXPECT_EQ(H.States.lookup(T, 5000), nullptr); // beyond the tree's depth
  EXPECT_EQ(H.States.lookup(T, 0xffffffffu), nullptr);
  EXPECT_NE(H.States.lookup(T, 5), nullptr);
}

TEST(StateFactory, AnEmptySetIsABinding) {
  Harness H;
  const StateNode *T = H.States.insert(nullptr, 3, H.Pool.empty());
  ASSERT_NE(H.States.lookup(T, 3), nullptr);
  EXPECT_TRUE(H.States.lookup(T, 3)->empty());
  EXPECT_FALSE(StateFactory::equal(T, nullptr));
}

TEST(StateFactory, UnchangedUpdatesShareTheState) {
  Harness H;
  const OriginSet *A = H.Pool.intern({site(1)});
  const StateNode *T = H.States.insert(nullptr, 70, A);
  EXPECT_EQ(H.States.insert(T, 70, A), T);
  EXPECT_EQ(H.States.insertJoin(T, 70, A), T);
  EXPECT_EQ(H.States.join(T, T), T);
  EXPECT_EQ(H.States.join(T, nullptr), T);
  EXPECT_EQ(H.States.join(nullptr, T), T);
}

TEST(StateFactory, RandomOperationsMatchAMap) {
  std::mt19937 Rng(20261201);
  Harness H;
  // Ids grow over the run, as the engine hands them out: early states are
  // shallower than later ones.
  std::vector<std::pair<const StateNode *, Reference>> States{{nullptr, {}}};
  std::uint32_t MaxId = 0;
  for (int Step = 0; Step < 4000; ++Step) {
    auto &[T, R] = States[Rng() % States.size()];
    std::uint32_t Limit = 8 + Step * 3; // up to about 12,000: four levels
    std::uint32_t K = Rng() % Limit;
    MaxId = std::max(MaxId, K);
    const OriginSet *V = H.randomValue(Rng);
    const StateNode *NT;
    Reference NR = R;
    switch (Rng() % 3) {
    case 0:
      NT = H.States.insert(T, K, V);
      NR[K] = *V;
      break;
    case 1: {
      NT = H.States.insertJoin(T, K, V);
      mergeOrigins(NR[K], *V);
      break;
    }
    default: {
      auto &[T2, R2] = States[Rng() % States.size()];
      NT = H.States.join(T, T2);
      for (const auto &[K2, V2] : R2)
        mergeOrigins(NR[K2], V2);
      break;
    }
    }
    States.push_back({NT, NR});
  }
  // Equal maps compare equal, different ones do not, whichever way they
  // were built.
  H.expectAll(States, MaxId, Rng, 3000);
}

TEST(StateFactory, AssignChangesOnlyWhatFreezeLeftOpen) {
  Harness H;
  const OriginSet *A = H.Pool.intern({site(1)});
  const OriginSet *B = H.Pool.intern({site(2)});
  const StateNode *Work = nullptr;
  H.States.assign(Work, 300, A); // a new path: made by assign, open
  const StateNode *First = Work;
  H.States.assign(Work, 301, B); // same path: changed in place
  EXPECT_EQ(Work, First);
  H.States.freeze();
  const StateNode *Kept = Work; // a kept copy, after freeze()
  H.States.assign(Work, 300, B); // copies the path: Kept stays as it was
  EXPECT_NE(Work, Kept);
  EXPECT_EQ(H.States.lookup(Kept, 300), A);
  EXPECT_EQ(H.States.lookup(Work, 300), B);
  const StateNode *Copied = Work;
  H.States.assignJoin(Work, 301, A); // the copy is open: in place again
  EXPECT_EQ(Work, Copied);
  EXPECT_EQ(*H.States.lookup(Work, 301), *H.Pool.join(A, B));
  EXPECT_EQ(H.States.lookup(Kept, 301), B);
  // Persistent operations never change an open node either.
  const StateNode *P = H.States.insert(Work, 300, A);
  EXPECT_EQ(H.States.lookup(Work, 300), B);
  EXPECT_EQ(H.States.lookup(P, 300), A);
}

TEST(StateFactory, RandomAssignsWithFreezesMatchAMap) {
  // The dataflow's use: a working map changed element by element, kept
  // (after a freeze) at random points, sometimes restarted from a kept map
  // or a join of two; every kept map must still hold what it held.
  std::mt19937 Rng(20261202);
  Harness H;
  std::vector<std::pair<const StateNode *, Reference>> Kept{{nullptr, {}}};
  const StateNode *Work = nullptr;
  Reference WorkRef;
  std::uint32_t MaxId = 0;
  for (int Step = 0; Step < 6000; ++Step) {
    std::uint32_t K = Rng() % (8 + Step * 2);
    MaxId = std::max(MaxId, K);
    const OriginSet *V = H.randomValue(Rng);
    switch (Rng() % 8) {
    case 0: // keep the working map
      H.States.freeze();
      Kept.push_back({Work, WorkRef});
      break;
    case 1: { // a new block: start from a kept map, or a join of two
      H.States.freeze();
      auto &[T, R] = Kept[Rng() % Kept.size()];
      Work = T;
      WorkRef = R;
      if (Rng() % 2) {
        auto &[T2, R2] = Kept[Rng() % Kept.size()];
        Work = H.States.join(Work, T2);
        for (const auto &[K2, V2] : R2)
          mergeOrigins(WorkRef[K2], V2);
      }
      break;
    }
    case 2:
      H.States.assignJoin(Work, K, V);
      mergeOrigins(WorkRef[K], *V);
      break;
    default:
      H.States.assign(Work, K, V);
      WorkRef[K] = *V;
      break;
    }
  }
  H.expectSame(Work, WorkRef, MaxId + 20);
  H.expectAll(Kept, MaxId, Rng, 2000);
}

TEST(OriginSetPool, InternsAndJoins) {
  OriginSetPool Pool;
  const OriginSet *A = Pool.intern({site(1)});
  EXPECT_EQ(Pool.intern({site(1)}), A);
  const OriginSet *B = Pool.intern({site(2)});
  const OriginSet *AB = Pool.join(A, B);
  EXPECT_EQ(AB->size(), 2u);
  EXPECT_EQ(Pool.join(B, A), AB);
  EXPECT_EQ(Pool.join(A, Pool.empty()), A);
  EXPECT_EQ(Pool.join(Pool.empty(), B), B);
}

} // namespace
