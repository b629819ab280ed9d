// usm-async-host-access, HIP: host accesses of managed and pinned memory
// while a kernel or a hipMemcpyAsync may still write it; quiet after the
// stream's or the device's synchronisation, after a blocking hipMemcpy and
// for memory the kernel only reads.
// clang-format off
#include <hip/hip_runtime.h>
#include <cstdio>

__global__ void fill(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 1.0f;
}

__global__ void copy_from(float *dst, float *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] = src[i];
}

void launch_then_read(int n, hipStream_t s) {
  float *m;
  hipMallocManaged(&m, n * sizeof(float));
  hipLaunchKernelGGL(fill, dim3(1), dim3(256), 0, s, m, n);
  std::printf("%f\n", m[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: host read of 'm' (USM shared memory) while the kernel launch 'fill<<<...>>>' on 's' may still be writing it: no 'hipDeviceSynchronize', 'hipStreamSynchronize' or 'hipEventSynchronize' on some path between them; wait for it before the host touches the memory [usm-async-host-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:22: note: the kernel launch 'fill<<<...>>>' starts here and writes 'm' asynchronously
  hipStreamSynchronize(s);
  hipFree(m);
}

void async_copy_then_write(const float *d, int n, hipStream_t s) {
  float *h;
  hipHostMalloc(&h, n * sizeof(float), 0);
  hipMemcpyAsync(h, d, n * sizeof(float), hipMemcpyDeviceToHost, s);
  h[0] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host write of 'h' (USM host memory) while 'hipMemcpyAsync' on 's' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'hipMemcpyAsync' starts here and writes 'h' asynchronously
  hipStreamSynchronize(s);
  hipHostFree(h);
}

void loop_reads_before_sync(int n, hipStream_t s) {
  float *m;
  hipMallocManaged(&m, n * sizeof(float));
  float total = 0.0f;
  for (int it = 0; it < 4; ++it) {
    total += m[0];
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: host read of 'm' (USM shared memory) while the kernel launch 'fill<<<...>>>' on 's' may still be writing it
    // CHECK-MESSAGES: :[[@LINE+1]]:24: note: the kernel launch 'fill<<<...>>>' starts here
    hipLaunchKernelGGL(fill, dim3(1), dim3(256), 0, s, m, n);
  }
  hipStreamSynchronize(s);
  std::printf("%f\n", total);
  hipFree(m);
}

// ---- correct code: no findings below ----

void device_synchronised(int n) {
  float *m;
  hipMallocManaged(&m, n * sizeof(float));
  hipLaunchKernelGGL(fill, dim3(1), dim3(256), 0, 0, m, n);
  hipDeviceSynchronize();
  m[0] = 0.0f; // no-warning: the device was synchronised
  hipFree(m);
}

void blocking_copy(int n) {
  float *m, *d;
  hipMallocManaged(&m, n * sizeof(float));
  hipMalloc(&d, n * sizeof(float));
  hipLaunchKernelGGL(fill, dim3(1), dim3(256), 0, 0, m, n);
  hipMemcpy(d, m, n * sizeof(float), hipMemcpyDefault);
  std::printf("%f\n", m[0]); // no-warning: the blocking copy waited
  hipFree(m);
  hipFree(d);
}

void kernel_only_reads(int n, hipStream_t s) {
  float *src, *dst;
  hipMallocManaged(&src, n * sizeof(float));
  hipMalloc(&dst, n * sizeof(float));
  hipLaunchKernelGGL(copy_from, dim3(1), dim3(256), 0, s, dst, src, n);
  src[0] = 1.0f; // no-warning: the kernel only reads 'src'
  hipStreamSynchronize(s);
  hipFree(src);
  hipFree(dst);
}
