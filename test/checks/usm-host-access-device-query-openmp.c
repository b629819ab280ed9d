// Run-time kind queries (OpenMP): no report where omp_target_is_accessible
// said the memory is host-accessible.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <omp.h>

void omp_query(int n, int flag) {
  int dev = omp_get_default_device();
  double *d = (double *)omp_target_alloc(n * sizeof(double), dev);
  double *h = (double *)omp_target_alloc_host(n * sizeof(double), dev);
  double *p = flag ? d : h;
  if (omp_target_is_accessible(p, n * sizeof(double), dev))
    p[0] = 1.0; // no-warning
  if (!omp_target_is_accessible(p, n * sizeof(double), dev))
    omp_target_free(p, dev);
  else
    p[1] = 1.0; // no-warning
  if (!omp_target_is_accessible(p, n * sizeof(double), dev))
    p[2] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  p[3] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
}
