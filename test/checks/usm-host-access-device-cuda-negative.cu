// Correct CUDA programs: usm-host-access-device stays quiet.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] *= 2.0f; // no-warning: kernel
}

__device__ float load(const float *p) { return p[0]; } // no-warning: device
static __device__ float load2(const float *p) { return load(p) + p[1]; }

int copy_back(int n) {
  float *h = (float *)std::malloc(n * sizeof(float));
  float *d;
  for (int i = 0; i < n; ++i)
    h[i] = i; // no-warning: host mirror
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice); // no-warning
  scale<<<(n + 255) / 256, 256>>>(d, n);
  cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost); // no-warning
  int errors = 0;
  for (int i = 0; i < n; ++i)
    errors += h[i] != 2.0f * i; // no-warning: host mirror
  if (d != nullptr) // no-warning: pointer value
    std::printf("device buffer at %p\n", (void *)d); // no-warning: %p
  cudaFree(d);
  std::free(h);
  return errors;
}

void managed_and_pinned(int n) {
  float *m, *p, *q;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMallocHost(&p, n * sizeof(float));
  cudaHostAlloc((void **)&q, n * sizeof(float), 0);
  scale<<<1, 32>>>(m, n);
  cudaDeviceSynchronize();
  m[0] = p[0] = q[0] = 1.0f; // no-warning: host-accessible kinds
  cudaFree(m);
  cudaFreeHost(p);
  cudaFreeHost(q);
}

void reassigned(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaFree(d);
  cudaMallocHost(&d, n * sizeof(float));
  d[0] = 1.0f; // no-warning: now pinned host memory
  cudaFreeHost(d);
}

template <typename T> void zero_on_device(T *d, int n) {
  cudaMemset(d, 0, n * sizeof(T)); // no-warning: USM API
}
void templates(int n) {
  double *d;
  cudaMalloc(&d, n * sizeof(double));
  zero_on_device(d, n);
  cudaFree(d);
}

#define DEVICE_PTR_IS_SET(p) ((p) != nullptr)
void macros(int n) {
  float *d = nullptr;
  cudaMalloc(&d, n * sizeof(float));
  if (DEVICE_PTR_IS_SET(d)) // no-warning: comparison inside a macro
    cudaFree(d);
}
