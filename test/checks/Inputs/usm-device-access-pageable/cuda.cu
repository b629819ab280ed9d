// usm-device-access-pageable, CUDA: plain host memory passed to a kernel
// (reported at the launch); quiet on CUDA allocations, registered memory,
// unknown origins and host calls.
// clang-format off
#include <cuda_runtime.h>
#include <cstdlib>
#include <vector>

__global__ void scale(float *p, int n) { p[threadIdx.x] *= 2.0f; }

float g_host[128];

void heap(int n) {
  float *h = (float *)malloc(n * sizeof(float));
  scale<<<1, 128>>>(h, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: 'h' holds plain host memory allocated by 'malloc', which the device cannot access, and is passed to a kernel that the device runs; allocate it with cudaMalloc (device) or cudaMallocManaged (shared), or register it with cudaHostRegister before the launch [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-3]]:23: note: allocated here by 'malloc'
  cudaDeviceSynchronize();
  free(h);
}

void new_array(int n) {
  float *h = new float[n];
  scale<<<1, 128>>>(h + 4, n);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: 'h + 4' holds plain host memory allocated by 'operator new[]'{{.*}} [usm-device-access-pageable]
  cudaDeviceSynchronize();
  delete[] h;
}

void stack_array() {
  float local[128];
  scale<<<1, 128>>>(local, 128);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: 'local' is a stack array, which the device cannot access, and is passed to a kernel{{.*}} [usm-device-access-pageable]
  cudaDeviceSynchronize();
}

void static_array() {
  scale<<<1, 128>>>(g_host, 128);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: 'g_host' is a static array{{.*}} [usm-device-access-pageable]
  cudaDeviceSynchronize();
}

void vector_storage(int n) {
  std::vector<float> v(n);
  scale<<<1, 128>>>(v.data(), n);
  // CHECK-MESSAGES: :[[@LINE-1]]:21: error: 'v.data()' holds plain host memory allocated by 'std::vector::data'{{.*}} [usm-device-access-pageable]
  cudaDeviceSynchronize();
}

// ---- correct code: no findings below ----

__device__ float g_dev[128];

void device_memory(int n) {
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  scale<<<1, 128>>>(d, n); // no-warning
  cudaFree(d);
}

void managed_memory(int n) {
  float *m;
  cudaMallocManaged(&m, n * sizeof(float));
  scale<<<1, 128>>>(m, n); // no-warning
  cudaDeviceSynchronize();
  cudaFree(m);
}

void pinned_memory(int n) {
  float *h;
  cudaMallocHost(&h, n * sizeof(float));
  scale<<<1, 128>>>(h, n); // no-warning: pinned host memory is mapped
  cudaDeviceSynchronize();
  cudaFreeHost(h);
}

void registered(int n) {
  float *h = (float *)malloc(n * sizeof(float));
  cudaHostRegister(h, n * sizeof(float), cudaHostRegisterMapped);
  scale<<<1, 128>>>(h, n); // no-warning: registered for the device
  cudaDeviceSynchronize();
  cudaHostUnregister(h);
  free(h);
}

void from_caller(float *p, int n) {
  scale<<<1, 128>>>(p, n); // no-warning: unknown origin
}

void host_only(int n) {
  float *h = (float *)malloc(n * sizeof(float));
  float *d;
  cudaMalloc(&d, n * sizeof(float));
  cudaMemcpy(d, h, n * sizeof(float), cudaMemcpyHostToDevice); // no-warning
  scale<<<1, 128>>>(d, n);
  cudaFree(d);
  free(h);
}
