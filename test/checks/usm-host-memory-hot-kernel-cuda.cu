// usm-host-memory-hot-kernel, CUDA: pinned host memory passed to a kernel
// launched in a loop (positives); launched once, device or managed memory,
// host-only use (negatives).
// RUN: %check_clang_tidy %s usm-host-memory-hot-kernel %t
#include <cuda_runtime.h>

__global__ void axpy(const float *x, float *y, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    y[i] += 2.0f * x[i]; // no-warning: kernel
}

void each_step(int n, float *d) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  for (int s = 0; s < 100; ++s)
    axpy<<<(n + 255) / 256, 256>>>(h, d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h' remotely on every launch; kernels typically read host memory tens of times slower than device memory (not measured here: see usmcheck bench); allocate device memory and copy the data once before the loop [usm-host-memory-hot-kernel]
  cudaFreeHost(h);
}

void host_alloc_flags(int n, float *d) {
  float *h = nullptr;
  cudaHostAlloc((void **)&h, n * sizeof(float), cudaHostAllocDefault);
  int s = 0;
  while (s++ < 10) {
    axpy<<<n / 256, 256>>>(d, h, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
    cudaDeviceSynchronize();
  }
  cudaFreeHost(h);
}

void do_loop(int n, float *d) {
  float *h;
  cudaMallocHost((void **)&h, n * sizeof(float));
  int s = 0;
  do {
    axpy<<<n / 256, 256>>>(h, d, n);
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
  } while (++s < 5);
  cudaFreeHost(h);
}

void nested(int n, int m, float *d) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  for (int a = 0; a < m; ++a)
    for (int b = 0; b < m; ++b)
      axpy<<<n / 256, 256>>>(h, d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
  cudaFreeHost(h);
}

struct Params {
  float a;
};
__global__ void use_params(const Params *p, float *y, int n) {
  int i = threadIdx.x;
  if (i < n)
    y[i] *= p->a;
}
void params_in_host_memory(int n, float *d) {
  Params *p;
  cudaMallocHost(&p, sizeof(Params));
  for (int s = 0; s < 1000; ++s)
    use_params<<<1, 256>>>(p, d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'p'{{.*}} [usm-host-memory-hot-kernel]
  cudaFreeHost(p);
}

void offset_pointer(int n, float *d) {
  float *h;
  cudaMallocHost(&h, 2 * n * sizeof(float));
  for (int s = 0; s < 2; ++s)
    axpy<<<n / 256, 256>>>(h + s * n, d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
  cudaFreeHost(h);
}

// Negatives.
void launched_once(int n, float *d) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  axpy<<<n / 256, 256>>>(h, d, n); // no-warning: one launch
  cudaFreeHost(h);
}

void device_memory(int n, float *y) {
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  for (int s = 0; s < 10; ++s)
    axpy<<<n / 256, 256>>>(x, y, n); // no-warning: device memory
  cudaFree(x);
}

void managed_memory(int n, float *y) {
  float *x;
  cudaMallocManaged(&x, n * sizeof(float));
  for (int s = 0; s < 10; ++s)
    axpy<<<n / 256, 256>>>(x, y, n); // no-warning: migrates once
  cudaFree(x);
}

void host_only(int n) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  for (int s = 0; s < 10; ++s)
    for (int i = 0; i < n; ++i)
      h[i] = s; // no-warning: host code
  cudaFreeHost(h);
}

void staged_copy(int n, float *y) {
  float *h, *x;
  cudaMallocHost(&h, n * sizeof(float));
  cudaMalloc(&x, n * sizeof(float));
  cudaMemcpy(x, h, n * sizeof(float), cudaMemcpyHostToDevice);
  for (int s = 0; s < 10; ++s)
    axpy<<<n / 256, 256>>>(x, y, n); // no-warning: the fix
  cudaFree(x);
  cudaFreeHost(h);
}

void other_pointer_in_loop(int n, float *x, float *y) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  axpy<<<n / 256, 256>>>(h, x, n); // no-warning: once
  for (int s = 0; s < 10; ++s)
    axpy<<<n / 256, 256>>>(x, y, n); // no-warning: not host memory
  cudaFreeHost(h);
}
