/* omp_usm_compat.h - Intel's OpenMP USM spellings on LLVM's libomptarget.
 *
 * oneAPI users write omp_target_alloc_device/_host/_shared and the
 * omp_target_{device,host,shared}_mem_alloc allocator handles. LLVM's
 * libomptarget implements the same three kinds under llvm_omp_* names that
 * its omp.h does not declare. Force-include this header to build such code
 * unchanged with clang:
 *
 *   clang-19 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
 *     -include examples/openmp/compat/omp_usm_compat.h prog.c
 *
 * The allocators map by macro, so the program calls LLVM's entry points
 * directly (usmcheck run's guard interposes both spellings); omp_target_free
 * goes through a small helper (below). With Intel's
 * compiler (or any omp.h that declares the Intel names) it does nothing.
 */
#ifndef USMCHECK_OMP_USM_COMPAT_H
#define USMCHECK_OMP_USM_COMPAT_H

#include <omp.h>
#include <stddef.h>

#if !defined(__INTEL_LLVM_COMPILER) && !defined(USMCHECK_NO_OMP_COMPAT)

#ifdef __cplusplus
extern "C" {
#endif
void *llvm_omp_target_alloc_device(size_t size, int device_num);
void *llvm_omp_target_alloc_host(size_t size, int device_num);
void *llvm_omp_target_alloc_shared(size_t size, int device_num);
void llvm_omp_target_free_device(void *ptr, int device_num);
void llvm_omp_target_free_host(void *ptr, int device_num);
void llvm_omp_target_free_shared(void *ptr, int device_num);
#ifdef __cplusplus
}
#endif

/* LLVM 19's omp_target_free releases every pointer as device memory; on the
 * CUDA plugin, memory from llvm_omp_target_alloc_host then fails with
 * "Failed to deallocate device ptr" (Intel's runtime frees any kind). So the
 * header remembers the host allocations made through it (per translation
 * unit, not thread-safe, at most 64 live) and frees those with
 * llvm_omp_target_free_host. */
static inline void **usmcheck_compat_host_slots(void) {
  static void *slots[64];
  return slots;
}
static inline void *usmcheck_compat_alloc_host(size_t size, int dev) {
  void *p = llvm_omp_target_alloc_host(size, dev);
  void **slots = usmcheck_compat_host_slots();
  for (int i = 0; p && i < 64; ++i)
    if (!slots[i]) {
      slots[i] = p;
      break;
    }
  return p;
}
static inline void usmcheck_compat_free(void *p, int dev) {
  void **slots = usmcheck_compat_host_slots();
  for (int i = 0; p && i < 64; ++i)
    if (slots[i] == p) {
      slots[i] = NULL;
      llvm_omp_target_free_host(p, dev);
      return;
    }
  omp_target_free(p, dev); /* the runtime's: the macro is defined below */
}

#define omp_target_alloc_device(size, dev) llvm_omp_target_alloc_device((size), (dev))
#define omp_target_alloc_host(size, dev) usmcheck_compat_alloc_host((size), (dev))
#define omp_target_alloc_shared(size, dev) llvm_omp_target_alloc_shared((size), (dev))
#define omp_target_free(ptr, dev) usmcheck_compat_free((ptr), (dev))

/* Allocator handles for omp_alloc(); LLVM's omp.h declares the llvm_ ones. */
#define omp_target_device_mem_alloc llvm_omp_target_device_mem_alloc
#define omp_target_host_mem_alloc llvm_omp_target_host_mem_alloc
#define omp_target_shared_mem_alloc llvm_omp_target_shared_mem_alloc

#endif /* !__INTEL_LLVM_COMPILER */
#endif /* USMCHECK_OMP_USM_COMPAT_H */
