// Matrix transpose with a shared-memory tile; result copied back and checked.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 32

__global__ void transpose(float *out, const float *in, int n) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  if (x < n && y < n)
    tile[threadIdx.y][threadIdx.x] = in[y * n + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  if (x < n && y < n)
    out[y * n + x] = tile[threadIdx.x][threadIdx.y];
}

#define CHECK(call)                                                            \
  do {                                                                         \
    cudaError_t err = (call);                                                  \
    if (err != cudaSuccess) {                                                  \
      std::fprintf(stderr, "%s\n", cudaGetErrorString(err));                   \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

int main() {
  const int n = 1024;
  size_t bytes = size_t(n) * n * sizeof(float);
  float *h_in = (float *)std::malloc(bytes);
  float *h_out = (float *)std::malloc(bytes);
  for (int i = 0; i < n * n; ++i)
    h_in[i] = float(i);
  float *d_in, *d_out;
  CHECK(cudaMalloc(&d_in, bytes));
  CHECK(cudaMalloc(&d_out, bytes));
  CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));
  dim3 block(TILE, TILE), grid((n + TILE - 1) / TILE, (n + TILE - 1) / TILE);
  transpose<<<grid, block>>>(d_out, d_in, n);
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  int errors = 0;
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j)
      errors += h_out[i * n + j] != h_in[j * n + i];
  std::printf("transpose: %d errors\n", errors);
  cudaFree(d_in);
  cudaFree(d_out);
  std::free(h_in);
  std::free(h_out);
  return errors != 0;
}
