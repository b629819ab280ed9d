// clang-format off
// Through a compatibility header that #defines omp_target_alloc_device(s, d)
// as llvm_omp_target_alloc_device((s), (d)): --fix replaces the macro's
// name by the header's spelling of the host allocator
// (omp_target_alloc_host), and explain shows the fixed line and the size
// and device as the user wrote them (not '/* bytes */').
// The header is copied too: --fix must leave it alone (its wrapper frees
// host memory with the host deallocator already), and a test must never
// edit the repository.
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/prog.c && cp %src_root/examples/openmp/compat/omp_usm_compat.h %t.dir/compat.h
// RUN: not %usmcheck check --fix %t.dir/prog.c -- -include %t.dir/compat.h > /dev/null 2>&1
// RUN: diff %src_root/examples/openmp/compat/omp_usm_compat.h %t.dir/compat.h
// RUN: FileCheck %s --check-prefix=FIXED < %t.dir/prog.c
// RUN: %usmcheck check %t.dir/prog.c -- -include %t.dir/compat.h 2>&1 | FileCheck %s --check-prefix=AFTER
// RUN: not %usmcheck explain %s -- -include %src_root/examples/openmp/compat/omp_usm_compat.h 2>&1 | FileCheck %s --check-prefix=EXPLAIN
// clang-format on
#include <omp.h>
#include <stdio.h>

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_device(N * sizeof(double), dev);
  // FIXED: {{^}}  double *buf = (double *)omp_target_alloc_host(N * sizeof(double), dev);
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  printf("buf[100] = %f\n", buf[100]);
  omp_target_free(buf, dev);
  return 0;
}
// AFTER: usmcheck: 0 errors and 0 warnings in 1 file
// EXPLAIN: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
// EXPLAIN: 1. allocate host memory instead
// EXPLAIN: double *buf = (double *)omp_target_alloc_host(N * sizeof(double), dev);
// EXPLAIN: 3. keep device memory
// EXPLAIN: double *host_buf = (double *)malloc(N * sizeof(double));
// EXPLAIN-NEXT: omp_target_memcpy(host_buf, buf, N * sizeof(double), 0, 0, omp_get_initial_device(), dev);
// EXPLAIN: fix-its offered by the check:
// EXPLAIN-NEXT: :23:27: replace with 'omp_target_alloc_host'
