// usm-cross-device, HIP: hipSetDevice between the allocation and the launch.
// clang-format off
#include <hip/hip_runtime.h>

__global__ void scale(double *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2.0;
}

void launch_macro(int n) {
  double *d = nullptr;
  hipSetDevice(0);
  hipMalloc(&d, n * sizeof(double));
  hipSetDevice(1);
  hipLaunchKernelGGL(scale, dim3(1), dim3(256), 0, 0, d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:22: warning: device memory 'd' allocated for the device selected by 'hipSetDevice(0)' (0) is used by a kernel on the device selected by 'hipSetDevice(1)' (1); device memory is accessible only from the device it was allocated for; allocate it on the device that uses it, copy it to that device with 'hipMemcpyPeer', or enable peer access with 'hipDeviceEnablePeerAccess' [usm-cross-device]
  hipFree(d);
}

void chevrons(int n) {
  double *d = nullptr;
  hipSetDevice(2);
  hipMalloc(&d, n * sizeof(double));
  hipSetDevice(3);
  scale<<<1, 256>>>(d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'd' allocated for the device selected by 'hipSetDevice(2)' (2) is used by a kernel on the device selected by 'hipSetDevice(3)' (3)
  hipFree(d);
}

// ---- correct code: no findings below ----

void same_device(int n) {
  double *d = nullptr;
  hipSetDevice(1);
  hipMalloc(&d, n * sizeof(double));
  scale<<<1, 256>>>(d, n); // no-warning
  hipFree(d);
}

void managed(int n) {
  double *m = nullptr;
  hipSetDevice(0);
  hipMallocManaged(&m, n * sizeof(double));
  hipSetDevice(1);
  scale<<<1, 256>>>(m, n); // no-warning: managed memory
  hipFree(m);
}
