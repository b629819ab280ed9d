#include <cuda_runtime.h>

/* cudaMalloc(&d, ...) defines d: the steps start at that call. */
float first(int n, float *host) {
  float *d = host;
  cudaMalloc((void **)&d, n * sizeof(float));
  return d[0];
}
