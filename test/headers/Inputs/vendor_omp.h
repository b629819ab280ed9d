/* A stand-in for a vendor omp.h (as Intel ships) that declares the Intel
 * USM names itself, for test/headers/openmp-usm.c: a build-date
 * KMP_VERSION_BUILD, prototypes for omp_target_alloc_*, and the Intel
 * allocator handles as enumerators of omp_allocator_handle_t. Only what the
 * test program calls is declared. */
#ifndef __OMP_H
#define __OMP_H
#include <stddef.h>
#include <stdint.h>
#define KMP_VERSION_MAJOR 5
#define KMP_VERSION_BUILD 20250101
#ifdef __cplusplus
extern "C" {
#endif
typedef void *omp_depend_t;
typedef uintptr_t omp_uintptr_t;
typedef enum omp_allocator_handle_t {
  omp_null_allocator = 0,
  omp_default_mem_alloc = 1,
  llvm_omp_target_host_mem_alloc = 100,
  llvm_omp_target_shared_mem_alloc = 101,
  llvm_omp_target_device_mem_alloc = 102,
  omp_target_host_mem_alloc = 100,
  omp_target_shared_mem_alloc = 101,
  omp_target_device_mem_alloc = 102
} omp_allocator_handle_t;
int omp_get_default_device(void);
int omp_get_initial_device(void);
void *omp_target_alloc(size_t, int);
void *omp_target_alloc_device(size_t, int);
void *omp_target_alloc_host(size_t, int);
void *omp_target_alloc_shared(size_t, int);
void omp_target_free(void *, int);
int omp_target_memcpy(void *, const void *, size_t, size_t, size_t, int, int);
int omp_target_memcpy_async(void *, const void *, size_t, size_t, size_t, int,
                            int, int, omp_depend_t *);
int omp_target_memcpy_rect(void *, const void *, size_t, int, const size_t *,
                           const size_t *, const size_t *, const size_t *,
                           const size_t *, int, int);
int omp_target_memcpy_rect_async(void *, const void *, size_t, int,
                                 const size_t *, const size_t *,
                                 const size_t *, const size_t *,
                                 const size_t *, int, int, int,
                                 omp_depend_t *);
void *omp_target_memset(void *, int, size_t, int);
int omp_target_is_accessible(const void *, size_t, int);
int omp_target_associate_ptr(const void *, const void *, size_t, size_t, int);
int omp_target_disassociate_ptr(const void *, int);
void *omp_alloc(size_t, omp_allocator_handle_t);
void *omp_aligned_alloc(size_t, size_t, omp_allocator_handle_t);
void omp_free(void *, omp_allocator_handle_t);
#ifdef __cplusplus
}
#endif
#endif
