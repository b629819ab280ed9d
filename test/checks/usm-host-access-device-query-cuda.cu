// Run-time kind queries (CUDA runtime and driver): no report where
// cudaPointerGetAttributes / cuPointerGetAttribute said the pointer is not
// device memory; reports where they said device, and elsewhere.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <cuda.h>
#include <cuda_runtime.h>

void runtime_query(bool flag) {
  double *d, *h;
  cudaMalloc((void **)&d, 64);
  cudaMallocHost((void **)&h, 64);
  double *p = flag ? d : h;
  cudaPointerAttributes attr;
  cudaPointerGetAttributes(&attr, p);
  if (attr.type == cudaMemoryTypeDevice)
    cudaMemset(p, 0, 64);
  else
    p[0] = 1.0; // no-warning
  if (attr.type != cudaMemoryTypeDevice)
    p[1] = 1.0; // no-warning
  if (attr.type == cudaMemoryTypeHost)
    p[2] = 1.0; // no-warning
  if (attr.type == cudaMemoryTypeDevice)
    p[3] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'cudaMalloc'; the host cannot access device memory [usm-host-access-device]
  p[4] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'cudaMalloc'; the host cannot access device memory [usm-host-access-device]
  cudaFree(d);
  cudaFreeHost(h);
}

void driver_query(bool flag) {
  CUdeviceptr dp;
  cuMemAlloc(&dp, 64);
  double *d = (double *)dp;
  double *h = new double[8];
  double *p = flag ? d : h;
  CUmemorytype type;
  cuPointerGetAttribute(&type, CU_POINTER_ATTRIBUTE_MEMORY_TYPE, (CUdeviceptr)p);
  if (type == CU_MEMORYTYPE_HOST)
    p[0] = 1.0; // no-warning
  if (type != CU_MEMORYTYPE_DEVICE)
    p[1] = 1.0; // no-warning
  if (!(type == CU_MEMORYTYPE_DEVICE))
    p[2] = 1.0; // no-warning
  if (type == CU_MEMORYTYPE_DEVICE)
    p[3] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'cuMemAlloc'; the host cannot access device memory [usm-host-access-device]
  delete[] h;
}
