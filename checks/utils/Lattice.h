//===- Lattice.h - the values of the provenance engine
//---------------------===//
//
// What the engine knows about one pointer-holding location at one program
// point, and the persistent map from locations to those values that the
// dataflow keeps per CFG block.
//
// The lattice of one location's value (an OriginSet):
//   - the empty set: nothing is known to reach it (no definition seen, or a
//     null pointer);
//   - a set of Origins: it may hold a pointer from any of them. An Origin is
//     an allocation site (call of a catalog allocator or new-expression) with
//     its allocation kind and lifetime (live, or freed at a site), the value
//     a parameter had on entry (for summaries), or Unknown (a value the
//     engine cannot trace: an unknown call, an escaped address).
//   - "must" facts are read off the same set: the location holds memory of
//     these sites on every path exactly when the set has no Unknown and no
//     Param origin.
//   - lifetime (Lifetime.h): one more location per allocation holds a set
//     of markers, live / freed at site S / escaped / aliased / unsure,
//     joined by union: "freed on every path" is a set with freed markers
//     and no live one, "maybe freed" has both.
// Join is set union (may); a plain assignment replaces the set (strong
// update), an element of an array at an unknown index is a weak update.
//
// The per-block state is a persistent radix tree (16-way) keyed by dense
// location ids, with interned OriginSets as values: copying a state is
// copying a pointer, an update copies one node per level (three levels for
// 4,096 locations), and a join or an equality test skips every subtree the
// two states share, so a join costs what differs between its predecessors,
// not the size of the state.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_LATTICE_H
#define USMCHECK_CHECKS_UTILS_LATTICE_H

#include "Catalog.h"

#include "clang/AST/Decl.h"
#include "clang/AST/Expr.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"

#include <cstdint>
#include <deque>
#include <map>
#include <set>
#include <tuple>
#include <type_traits>
#include <vector>

namespace clang::tidy::usm {

/// Where a pointer value may come from.
struct Origin {
  const Expr *Site = nullptr;    ///< allocation call, or nullptr for Param
  const ::usm::Api *A = nullptr; ///< catalog row of the allocator
  ::usm::Kind K = ::usm::Kind::None;
  const FunctionDecl *Fn = nullptr; ///< function containing Site
  int Param = -1;                   ///< >= 0: value of that parameter
  /// The allocation's kind is decided by an argument (device number or
  /// allocator handle) that was parameter ArgParam (>= 0) of ArgFn: the
  /// kind is resolved where ArgFn is called (symbolic device). (Beside
  /// Param, so that the two ints share 8 bytes: every fact and state holds
  /// origins.)
  int ArgParam = -1;
  const FunctionDecl *ArgFn = nullptr;
  /// Lifetime markers only (Lifetime.h): for a "freed" marker whose free
  /// is a call of a helper, the helper's own deallocation.
  const Expr *FreedAt = nullptr;

  /// An untraceable value (neither an allocation nor a parameter).
  static Origin unknown() {
    Origin O;
    O.Param = UnknownParam;
    return O;
  }
  /// Scalar values (device numbers, allocator handles, memory spaces) use
  /// the same sets: a constant that selects kind K, or the initial device.
  static Origin selector(::usm::Kind K) {
    Origin O;
    O.Param = SelectorBase - static_cast<int>(K);
    O.K = K;
    return O;
  }
  static Origin initialDevice() {
    Origin O;
    O.Param = InitialDeviceParam;
    O.K = ::usm::Kind::Host;
    return O;
  }
  bool isSelector() const {
    return !Site && Param <= SelectorBase && Param > SelectorBase - 16;
  }
  bool isInitialDevice() const { return !Site && Param == InitialDeviceParam; }
  bool isUnknown() const { return !Site && Param == UnknownParam; }
  bool isParam() const { return !Site && Param >= 0; }
  bool isDevice() const { return Site && K == ::usm::Kind::Device; }

  bool operator<(const Origin &O) const {
    return Site != O.Site ? Site < O.Site : Param < O.Param;
  }
  bool operator==(const Origin &O) const {
    return Site == O.Site && Param == O.Param;
  }
  /// Total order over every field (for interning).
  bool fullLess(const Origin &O) const {
    return std::tie(Site, Param, K, A, Fn, FreedAt, ArgParam, ArgFn) <
           std::tie(O.Site, O.Param, O.K, O.A, O.Fn, O.FreedAt, O.ArgParam,
                    O.ArgFn);
  }

  static constexpr int UnknownParam = -100;
  static constexpr int InitialDeviceParam = -101;
  static constexpr int SelectorBase = -200;
};
// Five pointers, two ints, and the kind in at most one more word.
static_assert(sizeof(Origin) <= 6 * sizeof(void *) + 2 * sizeof(int),
              "an Origin has padding again (see the order of its fields)");

/// Sorted (by site, then parameter), duplicate-free. One origin is held in
/// place (most sets have one). The moves are declared noexcept (they are:
/// a move steals the buffer or copies the one origin in place), so that
/// std::vectors of facts holding OriginSets move them when they grow
/// instead of copying every set.
class OriginSet : public llvm::SmallVector<Origin, 1> {
  using Base = llvm::SmallVector<Origin, 1>;

public:
  OriginSet() = default;
  OriginSet(std::initializer_list<Origin> IL) : Base(IL) {}
  template <typename It> OriginSet(It B, It E) : Base(B, E) {}
  OriginSet(const OriginSet &) = default;
  OriginSet(OriginSet &&O) noexcept : Base(std::move(O)) {}
  OriginSet &operator=(const OriginSet &) = default;
  OriginSet &operator=(OriginSet &&O) noexcept {
    Base::operator=(std::move(O));
    return *this;
  }
};
static_assert(std::is_nothrow_move_constructible_v<OriginSet>);

/// A tracked location: a variable, a field of a variable (or of `this`),
/// or an element of an array of pointers / a tuple; or the lifetime slot
/// of one allocation (Life, see Lifetime.h), whose value is a set of
/// lifetime markers instead of origins.
struct Location {
  const Decl *Base = nullptr;       ///< variable (or null: this / unknown)
  const FieldDecl *Field = nullptr; ///< field, or null for the variable
  bool Elem = false;                ///< an element
  long Index = -1; ///< Elem: constant index, or -1 for "any element"
  /// Lifetime slot: the allocation (its call, or a pointer parameter's
  /// declaration) whose lifetime this location holds; null otherwise.
  const void *Life = nullptr;
  bool operator<(const Location &K) const {
    return std::tie(Base, Field, Elem, Index, Life) <
           std::tie(K.Base, K.Field, K.Elem, K.Index, K.Life);
  }
  bool operator==(const Location &K) const {
    return Base == K.Base && Field == K.Field && Elem == K.Elem &&
           Index == K.Index && Life == K.Life;
  }
};

/// Origins per location, for snapshots kept outside the dataflow.
using LocationMap = std::map<Location, OriginSet>;

/// Adds the origins of \p From to \p To; true if \p To changed.
bool mergeOrigins(OriginSet &To, const OriginSet &From);

/// Equal sets share one object, so values compare by pointer.
class OriginSetPool {
public:
  const OriginSet *intern(OriginSet S);
  const OriginSet *empty() { return intern({}); }
  /// The interned union (memoised).
  const OriginSet *join(const OriginSet *A, const OriginSet *B);

private:
  static bool same(const OriginSet &A, const OriginSet &B);
  std::deque<OriginSet> Storage;
  llvm::DenseMap<unsigned, llvm::SmallVector<const OriginSet *, 1>> ByHash;
  llvm::DenseMap<std::pair<const OriginSet *, const OriginSet *>,
                 const OriginSet *>
      Joins;
};

/// A persistent map from location ids to interned OriginSets: a radix
/// tree of 16-way nodes over the ids, as deep as the largest id bound in it
/// needs. Ids are dense (handed out per function in order of first use),
/// so three levels hold 4,096 locations. Nodes are immutable and owned by
/// the StateFactory: an update copies the nodes on one path (one per level)
/// and shares the rest, a join or an equality test skips every subtree the
/// two maps share, and the shape is canonical (no empty nodes; the depth
/// follows from the largest id), so equal maps compare equal node by node.
/// (It replaced a binary Patricia trie, whose depth grew with the log of a
/// function's locations: twelve or more nodes per update in long bodies.)
struct StateNode {
  static constexpr unsigned Bits = 4;
  static constexpr unsigned Fan = 1u << Bits;
  std::uint32_t Shift; ///< the id's bits below this node's digit; 0: values
  /// The StateFactory::assign() epoch the node was made in (0: by a
  /// persistent operation). It fills the padding before Slot.
  std::uint32_t Epoch;
  /// Children (Shift > 0) or values (Shift == 0); null: nothing bound.
  const void *Slot[Fan];
};

class StateFactory {
public:
  explicit StateFactory(OriginSetPool &Pool) : Pool(Pool) {}

  const OriginSet *lookup(const StateNode *T, std::uint32_t K) const;
  /// T with K bound to V (replacing the old value).
  const StateNode *insert(const StateNode *T, std::uint32_t K,
                          const OriginSet *V);
  /// T with K bound to the union of its old value (if any) and V.
  const StateNode *insertJoin(const StateNode *T, std::uint32_t K,
                              const OriginSet *V);
  /// Pointwise union; keys bound in one map only keep their value.
  const StateNode *join(const StateNode *A, const StateNode *B);
  /// Same bindings? (The shape is canonical.)
  static bool equal(const StateNode *A, const StateNode *B);

  /// Updates of a working map: \p Root becomes insert(Root, K, V) (or
  /// insertJoin), but the nodes that assign() made since the last freeze()
  /// are changed in place instead of copied. The dataflow's state inside a
  /// block changes at nearly every element, and no one else sees it until
  /// the block ends: copying the path for each change wrote a new node per
  /// level for every store, each read once more and dropped.
  /// Contract: call freeze() before a map that assign() may change later is
  /// copied and kept (a block's exit state, a state copied to be refined);
  /// every node made before it is then immutable again. (A factory serves
  /// one function's dataflow, a freeze per block visit: the 32-bit epoch
  /// does not wrap.)
  void assign(const StateNode *&Root, std::uint32_t K, const OriginSet *V) {
    Root = update(Root, K, V, /*Join=*/false, Epoch);
  }
  void assignJoin(const StateNode *&Root, std::uint32_t K,
                  const OriginSet *V) {
    Root = update(Root, K, V, /*Join=*/true, Epoch);
  }
  void freeze() { ++Epoch; }

private:
  /// Owned: the epoch whose nodes an update may change in place, or 0
  /// (persistent: no node is changed).
  StateNode *node(std::uint32_t Shift, std::uint32_t Owned);
  /// A new path from a node at \p Shift down to K's value \p V.
  const StateNode *path(std::uint32_t K, std::uint32_t Shift,
                        const OriginSet *V, std::uint32_t Owned);
  /// \p T under new roots until its depth is \p Shift.
  const StateNode *deepen(const StateNode *T, std::uint32_t Shift,
                          std::uint32_t Owned);
  const StateNode *update(const StateNode *T, std::uint32_t K,
                          const OriginSet *V, bool Join, std::uint32_t Owned);
  const StateNode *updateIn(const StateNode *T, std::uint32_t K,
                            const OriginSet *V, bool Join,
                            std::uint32_t Owned);
  const StateNode *joinIn(const StateNode *A, const StateNode *B);

  OriginSetPool &Pool;
  /// Slabs of 64 KiB: a long function allocates a few hundred thousand
  /// nodes, and every slab is an aligned allocation of its own.
  llvm::BumpPtrAllocatorImpl<llvm::MallocAllocator, 65536> Alloc;
  std::uint32_t Epoch = 1; ///< assign()'s nodes; freeze() starts a new one
};

} // namespace clang::tidy::usm

#endif
