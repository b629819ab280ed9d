// usm-use-after-free, CUDA: kernel launches and copies after cudaFree,
// through helpers.
// clang-format off
#include <cuda_runtime.h>

__global__ void scale(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2;
}
static void release(float *p) { cudaFree(p); }
template <typename T> void launch(T *p, int n) { scale<<<1, n>>>(p, n); }

void launch_after_release(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  release(d);
  scale<<<1, n>>>(d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: a kernel uses USM device memory allocated by 'cudaMalloc' after it was released [usm-use-after-free]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: released here by the call of 'release'
  // CHECK-MESSAGES: :[[@LINE-10]]:33: note: which releases it here
}

void copy_after_free(float *host, int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaFree(d);
  cudaMemcpy(host, d, n * sizeof(float), cudaMemcpyDeviceToHost);
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: a copy uses USM device memory allocated by 'cudaMalloc' after it was released
}

void template_launch(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaFree(m);
  launch(m, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: 'launch' uses USM shared memory allocated by 'cudaMallocManaged' after it was released
}

// ---- correct code: no findings below ----

void free_after_sync(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  scale<<<1, n>>>(d, n);
  cudaDeviceSynchronize();
  cudaFree(d); // no-warning
}

void realloc_before_use(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaFree(d);
  cudaMalloc(&d, 2 * n * sizeof(float));
  scale<<<1, n>>>(d, n); // no-warning: a new allocation
  cudaFree(d);
}
