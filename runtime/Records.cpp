//===- Records.cpp - the live-allocation table
//-----------------------------===//
//
// A fixed pool of record slots, mapped once (MAP_NORESERVE, so only slots in
// use cost memory) and split into shards; a shard owns its slots, a spin
// lock, a free list and hash buckets keyed by the allocation base. Memory is
// bounded by construction: when a shard is full the record is dropped and
// counted (the crash path then falls back to the driver queries).
//
// The crash path does not take locks it might never get: recordFind() tries
// each shard lock a bounded number of times and then reads anyway (slots are
// never unmapped, so a racing update can only make the answer stale).
//
//===----------------------------------------------------------------------===//
#include "Guard.h"

#include <sched.h>
#include <sys/mman.h>

namespace usm {
namespace rt {

Stats TheStats;

namespace {

constexpr int NumShards = 64;
constexpr int SlotsPerShard = 1024; // 65,536 live allocations in all
constexpr int BucketsPerShard = 256;

struct Slot {
  Record R;
  int Next; ///< next slot in the bucket chain or free list, -1 ends
  bool Used;
};

// Plain data, zero-initialised at load time: the guard's constructor runs
// before dynamic initialisers would, so nothing here may need one.
struct Shard {
  std::atomic<int> Lock;
  int FreeHead;
  int Fresh; ///< slots [Fresh, SlotsPerShard) were never used
  int Buckets[BucketsPerShard];
  Slot *Slots;
};

Shard Shards[NumShards];
std::atomic<bool> Ready;

void lock(Shard &S) {
  for (int Spin = 0; S.Lock.exchange(1, std::memory_order_acquire); ++Spin)
    if (Spin > 64)
      sched_yield();
}
bool tryLockBounded(Shard &S) {
  for (int I = 0; I < 100000; ++I)
    if (!S.Lock.exchange(1, std::memory_order_acquire))
      return true;
  return false;
}
void unlock(Shard &S) { S.Lock.store(0, std::memory_order_release); }

std::size_t shardOf(std::uintptr_t Base) {
  std::uint64_t H = Base >> 4;
  H ^= H >> 29;
  H *= 0x9E3779B97F4A7C15ULL;
  return std::size_t(H >> 58) % NumShards;
}
std::size_t bucketOf(std::uintptr_t Base) {
  std::uint64_t H = (Base >> 4) * 0xC2B2AE3D27D4EB4FULL;
  return std::size_t(H >> 40) % BucketsPerShard;
}

} // namespace

void recordsInit() {
  if (Ready.load())
    return;
  std::size_t Bytes = sizeof(Slot) * SlotsPerShard * NumShards;
  void *Mem = mmap(nullptr, Bytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (Mem == MAP_FAILED)
    return; // no records; the driver queries still classify faults
  auto *All = static_cast<Slot *>(Mem);
  for (int S = 0; S < NumShards; ++S) {
    Shard &Sh = Shards[S];
    Sh.Slots = All + std::size_t(S) * SlotsPerShard;
    for (int B = 0; B < BucketsPerShard; ++B)
      Sh.Buckets[B] = -1;
    // Never-used slots are taken from Fresh on, so untouched pages stay
    // unbacked; freed slots go to the free list.
    Sh.FreeHead = -1;
    Sh.Fresh = 0;
  }
  Ready.store(true, std::memory_order_release);
}

bool recordInsert(const Record &R) {
  if (!Ready.load(std::memory_order_acquire)) {
    TheStats.Dropped.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  Shard &S = Shards[shardOf(R.Base)];
  lock(S);
  int I = S.FreeHead;
  if (I >= 0) {
    S.FreeHead = S.Slots[I].Next;
  } else if (S.Fresh < SlotsPerShard) {
    I = S.Fresh++;
  } else {
    unlock(S);
    TheStats.Dropped.fetch_add(1, std::memory_order_relaxed);
    return false;
  }
  Slot &Sl = S.Slots[I];
  copyRecord(Sl.R, R);
  std::size_t B = bucketOf(R.Base);
  Sl.Next = S.Buckets[B];
  Sl.Used = true;
  S.Buckets[B] = I;
  unlock(S);
  TheStats.Recorded.fetch_add(1, std::memory_order_relaxed);
  std::uint64_t Live =
      TheStats.Live.fetch_add(1, std::memory_order_relaxed) + 1;
  std::uint64_t Max = TheStats.MaxLive.load(std::memory_order_relaxed);
  while (Live > Max && !TheStats.MaxLive.compare_exchange_weak(Max, Live))
    ;
  return true;
}

bool recordRemove(std::uintptr_t Base, Record *Out) {
  if (!Ready.load(std::memory_order_acquire))
    return false;
  Shard &S = Shards[shardOf(Base)];
  lock(S);
  std::size_t B = bucketOf(Base);
  for (int *Link = &S.Buckets[B]; *Link >= 0; Link = &S.Slots[*Link].Next) {
    Slot &Sl = S.Slots[*Link];
    if (Sl.R.Base != Base)
      continue;
    int I = *Link;
    *Link = Sl.Next;
    Sl.Used = false;
    if (Out)
      copyRecord(*Out, Sl.R);
    Sl.Next = S.FreeHead;
    S.FreeHead = I;
    unlock(S);
    TheStats.Freed.fetch_add(1, std::memory_order_relaxed);
    TheStats.Live.fetch_sub(1, std::memory_order_relaxed);
    return true;
  }
  unlock(S);
  return false;
}

bool recordFind(std::uintptr_t Addr, Record &Out) {
  if (!Ready.load(std::memory_order_acquire))
    return false;
  for (Shard &S : Shards) {
    bool Locked = tryLockBounded(S);
    int Fresh = S.Fresh < SlotsPerShard ? S.Fresh : SlotsPerShard;
    for (int I = 0; I < Fresh; ++I) {
      const Slot &Sl = S.Slots[I];
      if (!Sl.Used)
        continue;
      std::uintptr_t End = Sl.R.Base + (Sl.R.Size ? Sl.R.Size : 1);
      if (Addr >= Sl.R.Base && Addr < End) {
        copyRecord(Out, Sl.R);
        if (Locked)
          unlock(S);
        return true;
      }
    }
    if (Locked)
      unlock(S);
  }
  return false;
}

bool recordGet(std::uintptr_t Base, Record &Out) {
  if (!Ready.load(std::memory_order_acquire))
    return false;
  Shard &S = Shards[shardOf(Base)];
  lock(S);
  for (int I = S.Buckets[bucketOf(Base)]; I >= 0; I = S.Slots[I].Next)
    if (S.Slots[I].R.Base == Base) {
      copyRecord(Out, S.Slots[I].R);
      unlock(S);
      return true;
    }
  unlock(S);
  return false;
}

void recordsForEach(void (*Fn)(const Record &, void *), void *Ctx) {
  if (!Ready.load(std::memory_order_acquire))
    return;
  static Record Copy; // exit time, one thread: no stack-sized copies
  for (Shard &S : Shards) {
    int Fresh = S.Fresh < SlotsPerShard ? S.Fresh : SlotsPerShard;
    for (int I = 0; I < Fresh; ++I) {
      lock(S);
      bool Used = S.Slots[I].Used;
      if (Used)
        copyRecord(Copy, S.Slots[I].R);
      unlock(S);
      if (Used)
        Fn(Copy, Ctx);
    }
  }
}

//===-- recent frees
//-------------------------------------------------------===//
//
// A ring of the last 1,024 frees (allocation and free stacks), for double
// free reports. Older frees fall out: a second free of one of those is
// reported as a free of memory the guard has no record of.

namespace {
constexpr int FreedRing = 1024;
FreedRecord Freed[FreedRing]; // zero pages until used
int FreedNext, FreedCount;
std::atomic<int> FreedLock;
} // namespace

void freedPush(const FreedRecord &F) {
  while (FreedLock.exchange(1, std::memory_order_acquire))
    sched_yield();
  FreedRecord &D = Freed[FreedNext];
  copyRecord(D.R, F.R);
  D.Free = F.Free;
  D.ThreadIdx = F.ThreadIdx;
  D.Tid = F.Tid;
  D.NumPcs = F.NumPcs;
  for (int I = 0; I < F.NumPcs; ++I)
    D.Pcs[I] = F.Pcs[I];
  FreedNext = (FreedNext + 1) % FreedRing;
  FreedCount += FreedCount < FreedRing;
  FreedLock.store(0, std::memory_order_release);
}

bool freedFind(std::uintptr_t Base, FreedRecord &Out) {
  while (FreedLock.exchange(1, std::memory_order_acquire))
    sched_yield();
  bool Found = false;
  for (int K = 1; K <= FreedCount; ++K) {
    const FreedRecord &F = Freed[(FreedNext - K + FreedRing) % FreedRing];
    if (F.R.Base == Base) {
      Out = F;
      Found = true;
      break;
    }
  }
  FreedLock.store(0, std::memory_order_release);
  return Found;
}

void recordsLockAll() {
  for (Shard &S : Shards)
    lock(S);
  while (FreedLock.exchange(1, std::memory_order_acquire))
    sched_yield();
}
void recordsUnlockAll() {
  FreedLock.store(0, std::memory_order_release);
  for (Shard &S : Shards)
    unlock(S);
}

} // namespace rt
} // namespace usm
