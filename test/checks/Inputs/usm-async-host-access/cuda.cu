// usm-async-host-access, CUDA: host accesses of managed and pinned memory
// while a kernel or a cudaMemcpyAsync may still write it; quiet after the
// stream's, the device's or an event's synchronisation, after a blocking
// cudaMemcpy on the default stream, after a helper that synchronises, and
// for memory the kernel only reads.
// clang-format off
#include <cuda_runtime.h>
#include <cstdio>

void log_step(int i); // external: usmcheck cannot see inside

__global__ void fill(float *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = 1.0f;
}

__global__ void scale(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = 2.0f * in[i];
}

__global__ void sum_into(float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    atomicAdd(out, in[i]);
}

void launch_then_read(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  fill<<<(n + 255) / 256, 256>>>(m, n);
  std::printf("%f\n", m[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: host read of 'm' (USM shared memory) while the kernel launch 'fill<<<...>>>' may still be writing it: no 'cudaDeviceSynchronize', 'cudaStreamSynchronize' or 'cudaEventSynchronize' on some path between them; wait for it before the host touches the memory [usm-async-host-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: the kernel launch 'fill<<<...>>>' starts here and writes 'm' asynchronously
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: allocated as USM shared memory by 'cudaMallocManaged' here
  cudaDeviceSynchronize();
  cudaFree(m);
}

void async_copy_then_read(const float *d, int n, cudaStream_t s) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  float v = h[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: warning: host read of 'h' (USM host memory) while 'cudaMemcpyAsync' on 's' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'cudaMemcpyAsync' starts here and writes 'h' asynchronously
  cudaStreamSynchronize(s);
  std::printf("%f\n", v);
  cudaFreeHost(h);
}

void other_stream_synchronised(int n) {
  cudaStream_t s1, s2;
  cudaStreamCreate(&s1);
  cudaStreamCreate(&s2);
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  fill<<<1, 256, 0, s1>>>(m, n);
  cudaStreamSynchronize(s2);
  m[0] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host write of 'm' (USM shared memory) while the kernel launch 'fill<<<...>>>' on 's1' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: the kernel launch 'fill<<<...>>>' starts here
  cudaStreamSynchronize(s1);
  cudaFree(m);
}

void external_call_does_not_wait(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  float *total;
  cudaMallocManaged(&total, sizeof(float));
  sum_into<<<1, 256>>>(m, total, n);
  log_step(1);
  m[1] = 1.0f; // no-warning: sum_into only reads its first argument
  std::printf("%f\n", *total);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: host read of 'total' (USM shared memory) while the kernel launch 'sum_into<<<...>>>' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: the kernel launch 'sum_into<<<...>>>' starts here and writes 'total' asynchronously
  cudaDeviceSynchronize();
  cudaFree(m);
  cudaFree(total);
}

void event_of_other_stream(int n, cudaStream_t s1, cudaStream_t s2) {
  cudaEvent_t ev;
  cudaEventCreate(&ev);
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  fill<<<1, 256, 0, s1>>>(m, n);
  cudaEventRecord(ev, s2);
  cudaEventSynchronize(ev);
  for (int i = 0; i < n; ++i)
    m[i] += 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: host read-write of 'm' (USM shared memory) while the kernel launch 'fill<<<...>>>' on 's1' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: the kernel launch 'fill<<<...>>>' starts here
  cudaDeviceSynchronize();
  cudaFree(m);
}

// ---- correct code: no findings below ----

static void finish(cudaStream_t s) { cudaStreamSynchronize(s); }

void device_synchronised(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  fill<<<(n + 255) / 256, 256>>>(m, n);
  cudaDeviceSynchronize();
  std::printf("%f\n", m[0]); // no-warning: the device was synchronised
  cudaFree(m);
}

void stream_synchronised(int n, cudaStream_t s) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  fill<<<1, 256, 0, s>>>(m, n);
  cudaStreamSynchronize(s);
  m[0] = 0.0f; // no-warning: its stream was synchronised
  cudaFree(m);
}

void blocking_copy(int n) {
  float *m, *d;
  cudaMallocManaged(&m, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(float));
  fill<<<1, 256>>>(m, n);
  cudaMemcpy(d, m, n * sizeof(float), cudaMemcpyDefault);
  m[0] = 0.0f; // no-warning: the blocking copy on the default stream waited
  cudaFree(m);
  cudaFree(d);
}

void event_synchronised(int n, cudaStream_t s) {
  cudaEvent_t done;
  cudaEventCreate(&done);
  float *h, *d;
  cudaMallocHost(&h, n * sizeof(float));
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpyAsync(h, d, n * sizeof(float), cudaMemcpyDeviceToHost, s);
  cudaEventRecord(done, s);
  cudaEventSynchronize(done);
  std::printf("%f\n", h[0]); // no-warning: the event covers the copy
  cudaFreeHost(h);
  cudaFree(d);
}

void kernel_reads_const(int n) {
  float *in, *out;
  cudaMallocManaged(&in, n * sizeof(float));
  cudaMallocManaged(&out, n * sizeof(float));
  scale<<<1, 256>>>(in, out, n);
  in[0] = in[1]; // no-warning: the kernel takes 'in' as const float *
  cudaDeviceSynchronize();
  cudaFree(in);
  cudaFree(out);
}

void helper_synchronises(int n, cudaStream_t s) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  fill<<<1, 256, 0, s>>>(m, n);
  finish(s);
  m[0] = 0.0f; // no-warning: finish() synchronises the stream
  cudaFree(m);
}
