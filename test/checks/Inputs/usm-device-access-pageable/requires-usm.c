// usm-device-access-pageable under `requires unified_shared_memory`: the
// finding is a warning (correct only on systems with that capability).
// clang-format off
#include <omp.h>
#include <stdlib.h>

#pragma omp requires unified_shared_memory

void heap_is_device_ptr(int n) {
  float *p = (float *)malloc(n * sizeof(float));
#pragma omp target is_device_ptr(p)
  { p[0] = 1.0f; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: 'p' holds plain host memory allocated by 'malloc', which the device cannot access{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-7]]:{{[0-9]+}}: note: this translation unit requires unified_shared_memory: the kernel may read plain host memory only on a system with that capability{{.*}}
  // CHECK-MESSAGES: :[[@LINE-5]]:23: note: allocated here by 'malloc'
  free(p);
}
