//===- Emulation.cpp - device memory the host cannot touch, on a CPU
//-------===//
//
// `usmcheck run --emulate`: with OpenMP offloading to the host as a device,
// libomptarget's host plugin serves llvm_omp_target_alloc_device from the
// ordinary heap, so host code reads "device" memory without trouble and the
// seed bug prints 100.000000. The guard instead serves OpenMP device-kind
// allocations from one reserved range of pages of its own:
//
//   - the range is PROT_NONE whenever no device activity is in progress, so
//     a host access faults exactly like a host access to GPU memory;
//   - device activity (a kernel launch through __tgt_target_kernel, a copy
//     or fill through omp_target_memcpy*/memset*, the helper task that
//     performs an asynchronous one, a target data mapping) opens a window:
//     the range is readable and writable until the last such activity
//     ends. One mprotect per window edge, whatever the number of
//     allocations;
//   - an allocation made host-accessible (a suppressed fault, or the
//     warning of a program that requires unified_shared_memory) is
//     exempt: it stays open when a window closes.
//
// Allocations are page-granular (first fit on a fixed free list, else bump);
// freed pages are returned to the kernel with MADV_DONTNEED. What this
// cannot see is documented in docs/runtime.md (host threads running while a
// kernel or a copy holds the window open).
//
//===----------------------------------------------------------------------===//
#include "Guard.h"

#include <sched.h>
#include <sys/mman.h>
#include <unistd.h>

namespace usm {
namespace rt {

namespace {

constexpr std::uintptr_t PoolBytes = std::uintptr_t(64) << 30; // 64 GiB of VA
constexpr int MaxFree = 4096, MaxExempt = 4096;

struct Range {
  std::uintptr_t Off, Len;
};

std::atomic<int> Lock{0};
std::uintptr_t Base = 0, High = 0; // used prefix [Base, Base+High)
int Windows = 0;
Range FreeList[MaxFree];
int NumFree = 0;
Range Exempt[MaxExempt];
int NumExempt = 0;

void lock() {
  for (int Spin = 0; Lock.exchange(1, std::memory_order_acquire); ++Spin)
    if (Spin > 64)
      sched_yield();
}
void unlock() { Lock.store(0, std::memory_order_release); }

std::uintptr_t pageSize() {
  static std::uintptr_t P = std::uintptr_t(sysconf(_SC_PAGESIZE));
  return P;
}

bool reserve() {
  if (Base)
    return true;
  void *M = mmap(nullptr, PoolBytes, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (M == MAP_FAILED)
    return false;
  Base = reinterpret_cast<std::uintptr_t>(M);
  return true;
}

void protectAll(int Prot) {
  if (!High)
    return;
  mprotect(reinterpret_cast<void *>(Base), High, Prot);
  if (Prot == PROT_NONE)
    for (int I = 0; I < NumExempt; ++I)
      mprotect(reinterpret_cast<void *>(Exempt[I].Off), Exempt[I].Len,
               PROT_READ | PROT_WRITE);
}

} // namespace

void *emuAlloc(std::size_t Size) {
  std::uintptr_t Len = (Size + pageSize() - 1) & ~(pageSize() - 1);
  if (!Len)
    Len = pageSize();
  lock();
  if (!reserve()) {
    unlock();
    return nullptr;
  }
  std::uintptr_t Off = ~std::uintptr_t(0);
  for (int I = 0; I < NumFree; ++I) {
    if (FreeList[I].Len < Len)
      continue;
    Off = FreeList[I].Off;
    FreeList[I].Off += Len;
    FreeList[I].Len -= Len;
    if (!FreeList[I].Len)
      FreeList[I] = FreeList[--NumFree];
    break;
  }
  if (Off == ~std::uintptr_t(0)) {
    if (High + Len > PoolBytes) {
      unlock();
      return nullptr;
    }
    Off = High;
    High += Len;
  }
  void *P = reinterpret_cast<void *>(Base + Off);
  mprotect(P, Len, Windows ? PROT_READ | PROT_WRITE : PROT_NONE);
  unlock();
  return P;
}

bool emuOwns(std::uintptr_t Addr) {
  return Base && Addr >= Base && Addr < Base + High;
}

/// Returns the pages of [P, P+Size) to the pool.
void emuRelease(std::uintptr_t P, std::uintptr_t Size) {
  std::uintptr_t Len = (Size + pageSize() - 1) & ~(pageSize() - 1);
  if (!Len)
    Len = pageSize();
  lock();
  madvise(reinterpret_cast<void *>(P), Len, MADV_DONTNEED);
  for (int I = 0; I < NumExempt; ++I)
    if (Exempt[I].Off == P) {
      Exempt[I] = Exempt[--NumExempt];
      mprotect(reinterpret_cast<void *>(P), Len,
               Windows ? PROT_READ | PROT_WRITE : PROT_NONE);
      break;
    }
  if (NumFree < MaxFree)
    FreeList[NumFree++] = {P - Base, Len};
  // else: the pages stay reserved but unused (bounded bookkeeping).
  unlock();
}

void emuWindowEnter() {
  lock();
  if (Windows++ == 0)
    protectAll(PROT_READ | PROT_WRITE);
  unlock();
}

void emuWindowExit() {
  lock();
  if (Windows > 0 && --Windows == 0)
    protectAll(PROT_NONE);
  unlock();
}

void emuExempt(std::uintptr_t P, std::uintptr_t Size) {
  std::uintptr_t Len = (Size + pageSize() - 1) & ~(pageSize() - 1);
  // Crash path: no spinning forever on a lock the faulting thread might hold.
  bool Locked = false;
  for (int I = 0; I < 100000 && !Locked; ++I)
    Locked = !Lock.exchange(1, std::memory_order_acquire);
  if (NumExempt < MaxExempt)
    Exempt[NumExempt++] = {P, Len ? Len : pageSize()};
  mprotect(reinterpret_cast<void *>(P), Len ? Len : pageSize(),
           PROT_READ | PROT_WRITE);
  if (Locked)
    unlock();
}

bool emuExempted(std::uintptr_t Addr) {
  // Crash path: bounded wait for the lock, then read anyway.
  bool Locked = false;
  for (int I = 0; I < 100000 && !Locked; ++I)
    Locked = !Lock.exchange(1, std::memory_order_acquire);
  bool Found = false;
  for (int I = 0; I < NumExempt && !Found; ++I)
    if (Addr >= Exempt[I].Off && Addr < Exempt[I].Off + Exempt[I].Len) {
      Found = true; // open it again, should a window edge have closed it
      mprotect(reinterpret_cast<void *>(Exempt[I].Off), Exempt[I].Len,
               PROT_READ | PROT_WRITE);
    }
  if (Locked)
    unlock();
  return Found;
}

void emuLockForFork() { lock(); }
void emuUnlockAfterFork() { unlock(); }

} // namespace rt
} // namespace usm
