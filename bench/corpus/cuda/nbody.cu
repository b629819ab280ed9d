// All-pairs n-body, structure of device arrays, many time steps; positions
// copied back once at the end.
#include <cmath>
#include <cstdio>
#include <vector>
#include <cuda_runtime.h>

struct Bodies {
  float *x, *y, *vx, *vy;
};

__global__ void step(Bodies b, int n, float dt) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float ax = 0.f, ay = 0.f;
  for (int j = 0; j < n; ++j) {
    float dx = b.x[j] - b.x[i], dy = b.y[j] - b.y[i];
    float inv = rsqrtf(dx * dx + dy * dy + 1e-3f);
    ax += dx * inv * inv * inv;
    ay += dy * inv * inv * inv;
  }
  b.vx[i] += ax * dt;
  b.vy[i] += ay * dt;
  b.x[i] += b.vx[i] * dt;
  b.y[i] += b.vy[i] * dt;
}

static void alloc_bodies(Bodies &b, int n) {
  cudaMalloc(&b.x, n * sizeof(float));
  cudaMalloc(&b.y, n * sizeof(float));
  cudaMalloc(&b.vx, n * sizeof(float));
  cudaMalloc(&b.vy, n * sizeof(float));
}

int main() {
  const int n = 2048, steps = 20;
  std::vector<float> hx(n), hy(n), zero(n, 0.f);
  for (int i = 0; i < n; ++i) {
    hx[i] = std::cos(i * 0.01f);
    hy[i] = std::sin(i * 0.01f);
  }
  Bodies d;
  alloc_bodies(d, n);
  cudaMemcpy(d.x, hx.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d.y, hy.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d.vx, zero.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(d.vy, zero.data(), n * sizeof(float), cudaMemcpyHostToDevice);
  for (int s = 0; s < steps; ++s)
    step<<<(n + 127) / 128, 128>>>(d, n, 0.01f);
  cudaMemcpy(hx.data(), d.x, n * sizeof(float), cudaMemcpyDeviceToHost);
  float cx = 0.f;
  for (float v : hx)
    cx += v;
  std::printf("nbody: centre x %f\n", cx / n);
  cudaFree(d.x);
  cudaFree(d.y);
  cudaFree(d.vx);
  cudaFree(d.vy);
  return 0;
}
