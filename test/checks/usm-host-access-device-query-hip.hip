// Run-time kind queries (HIP): no report where hipPointerGetAttributes said
// the pointer is not device memory.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <hip/hip_runtime.h>

void hip_query(bool flag) {
  float *d, *m;
  hipMalloc((void **)&d, 64);
  hipMallocManaged((void **)&m, 64);
  float *p = flag ? d : m;
  hipPointerAttribute_t attr;
  hipPointerGetAttributes(&attr, p);
  if (attr.type != hipMemoryTypeDevice)
    p[0] = 1.0f; // no-warning
  if (attr.type == hipMemoryTypeManaged)
    p[1] = 1.0f; // no-warning
  if (attr.type == hipMemoryTypeDevice)
    p[2] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'hipMalloc'; the host cannot access device memory [usm-host-access-device]
  p[3] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'hipMalloc'; the host cannot access device memory [usm-host-access-device]
  hipFree(d);
  hipFree(m);
}
