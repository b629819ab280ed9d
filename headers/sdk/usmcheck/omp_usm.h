/*===- usmcheck/omp_usm.h - OpenMP USM names LLVM's omp.h lacks -----------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md). The driver
 * force-includes this file (`-include <repo>/headers/sdk/usmcheck/omp_usm.h`)
 * into every translation unit parsed with -fopenmp, so that programs written
 * for Intel's oneAPI OpenMP runtime parse with clang-19's own omp.h.
 *
 * LLVM 19's omp.h already declares omp_target_alloc/free/memcpy(_rect)
 * (_async), omp_target_memset(_async), omp_target_is_accessible,
 * omp_target_associate_ptr and the llvm_omp_target_{host,shared,device}
 * _mem_alloc allocator handles. It lacks:
 *  - Intel's omp_target_alloc_device/_host/_shared,
 *  - LLVM libomptarget's llvm_omp_target_alloc_device/_host/_shared and
 *    llvm_omp_target_free_device/_host/_shared (exported by libomptarget,
 *    not declared in omp.h),
 *  - Intel's allocator handles omp_target_device_mem_alloc,
 *    omp_target_host_mem_alloc and omp_target_shared_mem_alloc.
 * Signatures follow the vendors' documentation: (size, device) for the
 * allocators, (pointer, device) for the frees, as catalog/usm_apis.def says.
 *
 * Intel's own omp.h declares the Intel names itself. When the <omp.h> found
 * is Intel's (detected below, or USMCHECK_OMP_HAVE_INTEL_EXTENSIONS defined
 * by hand), the Intel names are skipped; the LLVM names are declared either
 * way (redeclaring an identical prototype is harmless).
 *
 * Valid C and C++. To extend: add a prototype here only for a name that is
 * in catalog/usm_apis.def or usm_selectors.def and missing from omp.h.
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_OMP_USM_H
#define USMCHECK_OMP_USM_H

#include <omp.h>
#include <stddef.h>

/* Intel's omp.h stamps KMP_VERSION_BUILD with its build date; LLVM's keeps
 * the fixed 20140926. A later stamp means the vendor header, which declares
 * the Intel names itself (its allocator handles are enumerators, which an
 * extern declaration here would clash with). */
#if !defined(USMCHECK_OMP_HAVE_INTEL_EXTENSIONS) &&                            \
    (defined(__INTEL_LLVM_COMPILER) ||                                         \
     (defined(KMP_VERSION_BUILD) && KMP_VERSION_BUILD > 20140926))
#define USMCHECK_OMP_HAVE_INTEL_EXTENSIONS 1
#endif

#ifdef __cplusplus
extern "C" {
#endif

#ifndef USMCHECK_OMP_HAVE_INTEL_EXTENSIONS
/* Intel oneAPI extensions: allocate device, host or shared USM. */
void *omp_target_alloc_device(size_t size, int device_num);
void *omp_target_alloc_host(size_t size, int device_num);
void *omp_target_alloc_shared(size_t size, int device_num);

/* Intel oneAPI allocator handles for omp_alloc and the allocate clause. */
extern const omp_allocator_handle_t omp_target_device_mem_alloc;
extern const omp_allocator_handle_t omp_target_host_mem_alloc;
extern const omp_allocator_handle_t omp_target_shared_mem_alloc;
#endif

/* LLVM libomptarget entry points (device number last, as for
 * omp_target_alloc). */
void *llvm_omp_target_alloc_device(size_t size, int device_num);
void *llvm_omp_target_alloc_host(size_t size, int device_num);
void *llvm_omp_target_alloc_shared(size_t size, int device_num);
void llvm_omp_target_free_device(void *device_ptr, int device_num);
void llvm_omp_target_free_host(void *device_ptr, int device_num);
void llvm_omp_target_free_shared(void *device_ptr, int device_num);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* USMCHECK_OMP_USM_H */
