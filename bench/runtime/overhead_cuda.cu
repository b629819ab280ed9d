// Overhead of the usmcheck runtime guard on the calls it interposes:
// ITERS x (cudaMalloc, kernel launch, cudaFree). Build with -cudart shared
// so the CUDA runtime calls are dynamic symbols the guard sees (with the
// default static runtime the guard sees none of them and costs nothing).
// Prints one line: "cuda iters=N seconds=S us_per_iter=U".
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void touch(double *p) { p[threadIdx.x] = threadIdx.x; }

int main(int argc, char **argv) {
  long iters = argc > 1 ? std::atol(argv[1]) : 100000;
  double *p = nullptr;
  cudaMalloc(&p, 4096); // warm up the context outside the timed loop
  touch<<<1, 32>>>(p);
  cudaFree(p);
  auto t0 = std::chrono::steady_clock::now();
  for (long i = 0; i < iters; ++i) {
    if (cudaMalloc(&p, 4096) != cudaSuccess)
      return 1;
    touch<<<1, 32>>>(p);
    if (cudaFree(p) != cudaSuccess) // synchronizes with the kernel
      return 1;
  }
  double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("cuda iters=%ld seconds=%.4f us_per_iter=%.3f\n", iters, s,
              s * 1e6 / iters);
  return 0;
}
