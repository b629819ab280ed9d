/* OpenMP programs written for Intel's runtime (omp_target_alloc_device & co,
 * omp_target_*_mem_alloc allocator handles) and for LLVM's libomptarget
 * (llvm_omp_target_alloc_*, llvm_omp_target_free_*) parse with clang-19's
 * own omp.h once the driver force-includes headers/sdk/usmcheck/omp_usm.h.
 *
 * RUN: %clang -fsyntax-only -fopenmp -std=c11 -Wall -Werror -include %src_root/headers/sdk/usmcheck/omp_usm.h %s
 * RUN: %clang -fsyntax-only -fopenmp -x c++ -Wall -Werror -include %src_root/headers/sdk/usmcheck/omp_usm.h %s
 * RUN: %clang -fsyntax-only -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu -std=c11 -Wall -Werror -include %src_root/headers/sdk/usmcheck/omp_usm.h %s
 * Declaring the Intel names again (as Intel's omp.h does) is harmless, and
 * USMCHECK_OMP_HAVE_INTEL_EXTENSIONS skips ours:
 * RUN: %clang -fsyntax-only -fopenmp -std=c11 -Wall -Werror -DREDECLARE -include %src_root/headers/sdk/usmcheck/omp_usm.h %s
 * RUN: not %clang -fsyntax-only -fopenmp -std=c11 -DUSMCHECK_OMP_HAVE_INTEL_EXTENSIONS -include %src_root/headers/sdk/usmcheck/omp_usm.h %s 2>&1 | FileCheck %s --check-prefix=SKIPPED
 * SKIPPED: call to undeclared function 'omp_target_alloc_device'
 * With a vendor omp.h that declares the Intel names itself (allocator handles
 * as enumerators, build-date KMP_VERSION_BUILD), omp_usm.h steps aside:
 * RUN: rm -rf %t && mkdir -p %t/vendor
 * RUN: cp %S/Inputs/vendor_omp.h %t/vendor/omp.h
 * RUN: %clang -fsyntax-only -fopenmp -std=c11 -Wall -Werror -I %t/vendor -include %src_root/headers/sdk/usmcheck/omp_usm.h %s
 * RUN: %clang -fsyntax-only -fopenmp -x c++ -Wall -Werror -I %t/vendor -include %src_root/headers/sdk/usmcheck/omp_usm.h %s
 * Without it, LLVM's omp.h alone rejects the program:
 * RUN: not %clang -fsyntax-only -fopenmp -std=c11 %s 2>&1 | FileCheck %s --check-prefix=NOHDR
 * NOHDR: call to undeclared function 'omp_target_alloc_device'
 * NOHDR: use of undeclared identifier 'omp_target_shared_mem_alloc'
 */
#include <omp.h>
#include <stdio.h>

#ifdef REDECLARE
void *omp_target_alloc_device(size_t size, int device_num);
void *llvm_omp_target_alloc_host(size_t size, int device_num);
#endif

int main(void) {
  const int n = 1024;
  const size_t bytes = n * sizeof(double);
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();

  double *d = (double *)omp_target_alloc_device(bytes, dev);
  double *h = (double *)omp_target_alloc_host(bytes, dev);
  double *s = (double *)omp_target_alloc_shared(bytes, dev);
  double *ld = (double *)llvm_omp_target_alloc_device(bytes, dev);
  double *lh = (double *)llvm_omp_target_alloc_host(bytes, dev);
  double *ls = (double *)llvm_omp_target_alloc_shared(bytes, dev);
  double *a1 = (double *)omp_alloc(bytes, omp_target_shared_mem_alloc);
  double *a2 = (double *)omp_aligned_alloc(64, bytes, omp_target_device_mem_alloc);
  double *a3 = (double *)omp_alloc(bytes, omp_target_host_mem_alloc);
  double *a4 = (double *)omp_alloc(bytes, llvm_omp_target_shared_mem_alloc);
  double *std = (double *)omp_target_alloc(bytes, dev);
  if (!d || !h || !s || !ld || !lh || !ls || !a1 || !a2 || !a3 || !a4 || !std)
    return 1;

#pragma omp target teams distribute parallel for is_device_ptr(d, s, ld)
  for (int i = 0; i < n; ++i)
    d[i] = s[i] = ld[i] = i;

  double hbuf[1024];
  omp_target_memcpy(hbuf, d, bytes, 0, 0, host, dev);
  omp_target_memcpy_async(hbuf, d, bytes, 0, 0, host, dev, 0, NULL);
  size_t vol[1] = {(size_t)n}, off[1] = {0}, dims[1] = {(size_t)n};
  omp_target_memcpy_rect(hbuf, d, sizeof(double), 1, vol, off, off, dims,
                         dims, host, dev);
  omp_target_memcpy_rect_async(hbuf, d, sizeof(double), 1, vol, off, off,
                               dims, dims, host, dev, 0, NULL);
  omp_target_memset(d, 0, bytes, dev);
  if (omp_target_is_accessible(h, bytes, dev))
    printf("%f %f\n", hbuf[100], s[100]);
  omp_target_associate_ptr(hbuf, d, bytes, 0, dev);
  omp_target_disassociate_ptr(hbuf, dev);

  omp_free(a1, omp_target_shared_mem_alloc);
  omp_free(a2, omp_target_device_mem_alloc);
  omp_free(a3, omp_target_host_mem_alloc);
  omp_free(a4, llvm_omp_target_shared_mem_alloc);
  llvm_omp_target_free_device(ld, dev);
  llvm_omp_target_free_host(lh, dev);
  llvm_omp_target_free_shared(ls, dev);
  omp_target_free(std, dev);
  omp_target_free(s, dev);
  omp_target_free(h, dev);
  omp_target_free(d, dev);
  return 0;
}
