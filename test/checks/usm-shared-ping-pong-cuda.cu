// usm-shared-ping-pong, CUDA: managed memory touched by a host loop and by
// a kernel in the same iteration (positives); prefetch, advice, device
// memory, one element, or no alternation (negatives).
// RUN: %check_clang_tidy %s usm-shared-ping-pong %t
#include <cstdio>
#include <cuda_runtime.h>

__global__ void inc(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] += 1.0f; // no-warning: kernel
}

void host_after_kernel(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  for (int s = 0; s < 10; ++s) {
    inc<<<(n + 255) / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
      p[i] *= 0.5f;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host and by a kernel in the same loop without prefetch or advice, so its pages migrate back and forth every iteration; typically several times the cost of device memory plus explicit copies (not measured here: see usmcheck bench); use device memory and copy only what the host needs, or prefetch with 'cudaMemPrefetchAsync' [usm-shared-ping-pong]
  }
  cudaFree(p);
}

void host_before_kernel(int n) {
  float *p = nullptr;
  cudaMallocManaged((void **)&p, n * sizeof(float), cudaMemAttachGlobal);
  for (int s = 0; s < 10; ++s) {
    for (int i = 0; i < n; ++i)
      p[i] = s;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
    inc<<<(n + 255) / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
  }
  cudaFree(p);
}

double while_sum(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  double sum = 0;
  int it = 0;
  while (it++ < 100) {
    inc<<<n / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
      sum += p[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
  }
  cudaFree(p);
  return sum;
}

void do_loop(int n) {
  int *flags;
  cudaMallocManaged(&flags, n * sizeof(int));
  int s = 0;
  do {
    inc<<<1, 256>>>((float *)flags, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
      flags[i] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'flags' is touched by the host{{.*}} [usm-shared-ping-pong]
  } while (++s < 3);
  cudaFree(flags);
}

struct Particle {
  float x, v;
};
__global__ void move(Particle *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i].x += p[i].v;
}
void particles(int n, int steps) {
  Particle *p;
  cudaMallocManaged(&p, n * sizeof(Particle));
  for (int s = 0; s < steps; ++s) {
    move<<<(n + 127) / 128, 128>>>(p, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
      if (p[i].x > 100.0f)
        // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
        p[i].v = -p[i].v;
  }
  cudaFree(p);
}

void range_for_on_host(int n) {
  float *p;
  cudaMallocManaged(&p, 64 * sizeof(float));
  for (int s = 0; s < n; ++s) {
    inc<<<1, 64>>>(p, 64);
    cudaDeviceSynchronize();
    for (int i = 63; i >= 0; --i)
      p[i] = p[i] > 1.0f ? 0.0f : p[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
  }
  cudaFree(p);
}

// Negatives.
void prefetched(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  for (int s = 0; s < 10; ++s) {
    cudaMemPrefetchAsync(p, n * sizeof(float), 0, 0);
    inc<<<n / 256, 256>>>(p, n);
    cudaMemPrefetchAsync(p, n * sizeof(float), cudaCpuDeviceId, 0);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
      p[i] *= 0.5f; // no-warning: prefetched both ways
  }
  cudaFree(p);
}

void advised(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  cudaMemAdvise(p, n * sizeof(float), cudaMemAdviseSetPreferredLocation, cudaCpuDeviceId);
  for (int s = 0; s < 10; ++s) {
    inc<<<n / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
    for (int i = 0; i < n; ++i)
      p[i] *= 0.5f; // no-warning: advised to stay on the host
  }
  cudaFree(p);
}

void device_memory(int n, float *h) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  for (int s = 0; s < 10; ++s) {
    inc<<<n / 256, 256>>>(d, n);
    cudaMemcpy(h, d, n * sizeof(float), cudaMemcpyDeviceToHost);
    for (int i = 0; i < n; ++i)
      h[i] += 1; // no-warning: host copy
  }
  cudaFree(d);
}

void one_element(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  for (int s = 0; s < 10; ++s) {
    inc<<<n / 256, 256>>>(p, n);
    cudaDeviceSynchronize();
    std::printf("%f\n", p[0]); // no-warning: one page per iteration
  }
  cudaFree(p);
}

void after_the_loop(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  for (int s = 0; s < 10; ++s)
    inc<<<n / 256, 256>>>(p, n);
  cudaDeviceSynchronize();
  for (int i = 0; i < n; ++i)
    std::printf("%f\n", p[i]); // no-warning: once
  cudaFree(p);
}

void kernels_only(int n) {
  float *p;
  cudaMallocManaged(&p, n * sizeof(float));
  for (int i = 0; i < n; ++i)
    p[i] = 0; // no-warning: initialisation before the loop
  for (int s = 0; s < 10; ++s)
    inc<<<n / 256, 256>>>(p, n);
  cudaFree(p);
}
