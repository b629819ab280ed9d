// Inclusive scan (Hillis-Steele, one block per chunk). Device memory owned by
// std::unique_ptr with a cudaFree deleter; a managed counter is read on the
// host after synchronising (managed memory is host-accessible).
#include <cstdio>
#include <memory>
#include <vector>
#include <cuda_runtime.h>

struct CudaFree {
  void operator()(int *p) const { cudaFree(p); }
};
using DevicePtr = std::unique_ptr<int, CudaFree>;

static DevicePtr device_ints(size_t n) {
  int *p = nullptr;
  cudaMalloc(&p, n * sizeof(int));
  return DevicePtr(p);
}

__global__ void scan_block(int *data, int n, int *done) {
  extern __shared__ int tmp[];
  int i = threadIdx.x;
  if (i < n)
    tmp[i] = data[i];
  __syncthreads();
  for (int off = 1; off < n; off *= 2) {
    int v = (i >= off && i < n) ? tmp[i - off] : 0;
    __syncthreads();
    if (i < n)
      tmp[i] += v;
    __syncthreads();
  }
  if (i < n)
    data[i] = tmp[i];
  if (i == 0)
    atomicAdd(done, 1);
}

int main() {
  const int n = 512;
  std::vector<int> h(n, 1);
  DevicePtr d = device_ints(n);
  int *done = nullptr;
  cudaMallocManaged(&done, sizeof(int));
  *done = 0;
  cudaMemcpy(d.get(), h.data(), n * sizeof(int), cudaMemcpyHostToDevice);
  scan_block<<<1, n, n * sizeof(int)>>>(d.get(), n, done);
  cudaDeviceSynchronize();
  cudaMemcpy(h.data(), d.get(), n * sizeof(int), cudaMemcpyDeviceToHost);
  int errors = 0;
  for (int i = 0; i < n; ++i)
    errors += h[i] != i + 1;
  std::printf("scan: %d errors, %d blocks done\n", errors, *done);
  cudaFree(done);
  return errors != 0;
}
