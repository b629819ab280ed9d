// Host code touching HIP device memory (parsed as C++ with usmcheck's HIP
// analysis header: kernels are annotated, hipLaunchKernelGGL is a call).
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>

__global__ void axpy(float a, const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += a * x[i]; // no-warning: kernel
}

void bug(int n) {
  float *x, *y;
  hipMalloc(&x, n * sizeof(float));
  hipMalloc((void **)&y, n * sizeof(float));
  x[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'hipMalloc'; the host cannot access device memory [usm-host-access-device]
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: allocated as device memory by 'hipMalloc' (HIP) here
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: recommended fix, since the host touches this memory only after the kernels, not repeatedly between them: allocate host memory instead with 'hipHostMalloc' (same arguments)
  hipLaunchKernelGGL(axpy, dim3(1), dim3(256), 0, 0, 2.0f, x, y, n);
  hipDeviceSynchronize();
  std::printf("%f\n", y[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'hipMalloc'
  hipFree(x);
  hipFree(y);
}

void hot_loop(int n) {
  float *x, *y;
  hipMalloc(&x, n * sizeof(float));
  hipMalloc(&y, n * sizeof(float));
  for (int it = 0; it < 10; ++it)
    hipLaunchKernelGGL(axpy, dim3(1), dim3(256), 0, 0, 2.0f, x, y, n);
  float last = y[n - 1];
  // CHECK-MESSAGES: :[[@LINE-1]]:16: error: host code reads device memory allocated by 'hipMalloc'
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: allocated as device memory
  // CHECK-MESSAGES: :[[@LINE-3]]:16: note: recommended fix, since kernels touch this memory repeatedly and the host reads the results: keep device memory and copy to a host buffer before the host reads: declare a host buffer 'h_y', copy into it before this access with hipMemcpy(h_y, y, n * sizeof(float), hipMemcpyDeviceToHost), and read 'h_y' instead
  (void)last;
}

void correct(int n) {
  std::vector<float> hx(n, 1.0f), hy(n, 0.0f);
  float *x, *y, *m, *p;
  hipMalloc(&x, n * sizeof(float));
  hipMalloc(&y, n * sizeof(float));
  hipMallocManaged(&m, n * sizeof(float));
  hipHostMalloc(&p, n * sizeof(float), 0);
  hipMemcpy(x, hx.data(), n * sizeof(float), hipMemcpyHostToDevice); // no-warning
  hipLaunchKernelGGL(axpy, dim3(1), dim3(256), 0, 0, 2.0f, x, y, n);
  hipMemcpy(hy.data(), y, n * sizeof(float), hipMemcpyDeviceToHost); // no-warning
  m[0] = p[0] = hy[0]; // no-warning: managed and pinned host memory
  hipFree(x);
  hipFree(y);
  hipFree(m);
  hipHostFree(p);
}
