// usm-device-access-pageable, HIP: plain host memory passed to a kernel
// through hipLaunchKernelGGL or <<<>>>; quiet on HIP allocations and on
// registered memory.
// clang-format off
#include <hip/hip_runtime.h>
#include <cstdlib>

__global__ void fill(int *p, int v) { p[threadIdx.x] = v; }

void heap_ggl(int n) {
  int *h = (int *)malloc(n * sizeof(int));
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, h, 7);
  // CHECK-MESSAGES: :[[@LINE-1]]:53: error: 'h' holds plain host memory allocated by 'malloc', which the device cannot access, and is passed to a kernel that the device runs; allocate it with hipMalloc (device) or hipMallocManaged (shared), or register it with hipHostRegister before the launch [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: allocated here by 'malloc'
  hipDeviceSynchronize();
  free(h);
}

void new_chevrons(int n) {
  int *h = new int[n];
  fill<<<1, 64>>>(h, 1);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: 'h' holds plain host memory allocated by 'operator new[]'{{.*}} [usm-device-access-pageable]
  hipDeviceSynchronize();
  delete[] h;
}

// ---- correct code: no findings below ----

void device_memory(int n) {
  int *d;
  hipMalloc(&d, n * sizeof(int));
  hipLaunchKernelGGL(fill, dim3(1), dim3(64), 0, 0, d, 7); // no-warning
  hipFree(d);
}

void managed_memory(int n) {
  int *m;
  hipMallocManaged(&m, n * sizeof(int));
  fill<<<1, 64>>>(m, 3); // no-warning
  hipDeviceSynchronize();
  hipFree(m);
}

void registered(int n) {
  int *h = (int *)malloc(n * sizeof(int));
  hipHostRegister(h, n * sizeof(int), hipHostRegisterMapped);
  fill<<<1, 64>>>(h, 3); // no-warning: registered for the device
  hipDeviceSynchronize();
  free(h);
}
