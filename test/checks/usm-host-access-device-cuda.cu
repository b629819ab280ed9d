// Host code touching CUDA device memory: runtime and driver allocators,
// out-parameters, kernels and device functions (quiet), host helpers,
// constructors, lambdas, smart pointers, templates.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <cstdio>
#include <cstring>
#include <memory>
#include <cuda.h>
#include <cuda_runtime.h>

__global__ void fill(double *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = i; // no-warning: kernel
}

__device__ double twice(const double *p) { return 2 * p[0]; } // no-warning

int seed() {
  const int N = 1024;
  double *buf = nullptr;
  if (cudaMalloc(&buf, N * sizeof(double)) != cudaSuccess)
    return 1;
  fill<<<(N + 255) / 256, 256>>>(buf, N);
  cudaDeviceSynchronize();
  std::printf("buf[100] = %f\n", buf[100]);
  // CHECK-MESSAGES: :[[@LINE-1]]:34: error: host code reads device memory allocated by 'cudaMalloc'; the host cannot access device memory [usm-host-access-device]
  // CHECK-MESSAGES: :[[@LINE-6]]:7: note: allocated as device memory by 'cudaMalloc' (CUDA) here
  // CHECK-MESSAGES: :[[@LINE-7]]:7: note: recommended fix, since the host touches this memory only after the kernels, not repeatedly between them: allocate host memory instead with 'cudaMallocHost' (same arguments)
  // CHECK-MESSAGES: :[[@LINE-8]]:7: note: alternative fix: allocate shared memory instead with 'cudaMallocManaged'
  // CHECK-MESSAGES: :[[@LINE-5]]:34: note: alternative fix: keep device memory and copy to a host buffer before the host reads: declare a host buffer 'h_buf', copy into it before this access with cudaMemcpy(h_buf, buf, N * sizeof(double), cudaMemcpyDeviceToHost), and read 'h_buf' instead
  cudaFree(buf);
  return 0;
}

void allocator_forms(cudaStream_t s) {
  float *a, *b, *c;
  size_t pitch;
  cudaMalloc((void **)&a, 64);
  cudaMallocAsync(&b, 64, s);
  cudaMallocPitch(&c, &pitch, 16, 16);
  a[0] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'cudaMalloc'
  b[0] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'cudaMallocAsync'
  float v = c[3];
  // CHECK-MESSAGES: :[[@LINE-1]]:13: error: host code reads device memory allocated by 'cudaMallocPitch'
  (void)v;
  CUdeviceptr dp;
  cuMemAlloc(&dp, 64);
  int *ip = (int *)dp;
  ip[0] = 3;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'cuMemAlloc'
}

static double host_sum(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}

__host__ __device__ double first(const double *v) { return v[0]; }

void helpers(int n) {
  double *d;
  cudaMalloc(&d, n * sizeof(double));
  double s = host_sum(d, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: error: host code passes device memory allocated by 'cudaMalloc' to 'host_sum', which reads it on the host
  s += first(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code passes device memory allocated by 'cudaMalloc' to 'first', which reads it on the host
  (void)s;
  cudaFree(d);
}

struct DeviceArray {
  float *data;
  size_t n;
  explicit DeviceArray(size_t count) : n(count) {
    cudaMalloc(&data, count * sizeof(float));
  }
  ~DeviceArray() { cudaFree(data); }
};

float constructor_member() {
  DeviceArray arr(16);
  return arr.data[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: host code reads device memory allocated by 'cudaMalloc'
}

struct CudaDeleter {
  void operator()(float *p) const { cudaFree(p); }
};

static float *device_floats(size_t n) {
  float *p = nullptr;
  cudaMalloc(&p, n * sizeof(float));
  return p;
}

void smart_and_lambda() {
  std::unique_ptr<float, CudaDeleter> owner(device_floats(8));
  owner.get()[1] = 2.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'cudaMalloc'
  float *raw = device_floats(8);
  auto show = [raw]() { std::printf("%f\n", raw[0]); };
  // CHECK-MESSAGES: :[[@LINE-1]]:45: error: host code reads device memory allocated by 'cudaMalloc'
  show();
}

template <typename T> T peek_device(int n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  T v = p[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:9: error: host code reads device memory allocated by 'cudaMalloc'
  cudaFree(p);
  return v;
}
double use_templates() { return peek_device<double>(4) + peek_device<int>(4); }

void hot_kernel_then_read(int n) {
  double *d;
  cudaMalloc(&d, n * sizeof(double));
  for (int step = 0; step < 100; ++step)
    fill<<<(n + 255) / 256, 256>>>(d, n);
  cudaDeviceSynchronize();
  std::memcpy(&n, d, sizeof(int));
  // CHECK-MESSAGES: :[[@LINE-1]]:19: error: 'memcpy' reads device memory allocated by 'cudaMalloc' on the host
  // CHECK-MESSAGES: :[[@LINE-6]]:3: note: allocated as device memory
  // CHECK-MESSAGES: :[[@LINE-3]]:19: note: recommended fix, since kernels touch this memory repeatedly and the host reads the results: keep device memory and copy to a host buffer before the host reads: declare a host buffer 'h_d', copy into it before this access with cudaMemcpy(h_d, d, n * sizeof(double), cudaMemcpyDeviceToHost), and read 'h_d' instead
}

static void alloc_ref(float *&p, size_t n) { cudaMalloc(&p, n); }
void reference_out_param() {
  float *p = nullptr;
  alloc_ref(p, 64);
  p[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'cudaMalloc'
}

void pitched_3d(cudaExtent extent) {
  cudaPitchedPtr pp;
  cudaMalloc3D(&pp, extent);
  float *plane = (float *)pp.ptr;
  plane[0] = 1.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'cudaMalloc3D'
}
