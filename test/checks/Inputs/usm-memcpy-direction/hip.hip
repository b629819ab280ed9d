// clang-format off
// usm-memcpy-direction on HIP. (Run from ../../usm-memcpy-direction.c.)
#include <hip/hip_runtime.h>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(x) (void)(x)
#define D2H hipMemcpyDeviceToHost

// ---- findings ---------------------------------------------------------------

void d2h_into_device(int n) {
  std::vector<double> h(n);
  double *d;
  HIP_CHECK(hipMalloc(&d, n * sizeof(double)));
  HIP_CHECK(hipMemcpy(d, h.data(), n * sizeof(double), D2H));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'hipMemcpyDeviceToHost' of 'hipMemcpy' contradicts its pointers: the destination 'd' is device memory allocated by 'hipMalloc' and the source 'h.data()' is pageable host memory of a standard container; the call should be 'hipMemcpy(d, h.data(), n * sizeof(double), hipMemcpyHostToDevice)' [usm-memcpy-direction]
  // CHECK-MESSAGES: :[[@LINE-3]]:13: note: 'd' allocated here as device memory by 'hipMalloc'
  HIP_CHECK(hipFree(d));
}

void h2d_from_device_async(int n, hipStream_t s) {
  float *a, *b;
  hipMalloc(&a, n * sizeof(float));
  hipMalloc(&b, n * sizeof(float));
  hipMemcpyAsync(b, a, n * sizeof(float), hipMemcpyHostToDevice, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the copy kind 'hipMemcpyHostToDevice' of 'hipMemcpyAsync' contradicts its pointers: the source 'a' is device memory allocated by 'hipMalloc'; the call should be 'hipMemcpyAsync(b, a, n * sizeof(float), hipMemcpyDeviceToDevice, s)'
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'a' allocated here as device memory by 'hipMalloc'
  hipFree(a);
  hipFree(b);
}

void fixed_direction(int n) {
  float *h = (float *)std::malloc(n * sizeof(float));
  float *d;
  hipMalloc(&d, n * sizeof(float));
  hipMemcpyHtoD(h, d, n * sizeof(float));
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'hipMemcpyHtoD' copies host to device, but the destination 'h' is pageable host memory allocated by 'malloc' and the source 'd' is device memory allocated by 'hipMalloc'
  // CHECK-MESSAGES: :[[@LINE-5]]:23: note: 'h' allocated here
  hipMemcpy(d, h, 2 * n * sizeof(float), hipMemcpyHostToDevice);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: 'hipMemcpy' reads '2 * n * sizeof(float)' bytes from 'h', beyond the end of its allocation ('n * sizeof(float)' bytes)
  // CHECK-MESSAGES: :[[@LINE-8]]:23: note: 'h' allocated here with
  // CHECK-MESSAGES: :[[@LINE-3]]:3: error: 'hipMemcpy' writes '2 * n * sizeof(float)' bytes of 'd', beyond the end of its allocation ('n * sizeof(float)' bytes)
  // CHECK-MESSAGES: :[[@LINE-8]]:3: note: 'd' allocated here with
  std::free(h);
  hipFree(d);
}

// ---- correct code: no findings below -----------------------------------------

void correct(int n, float *unknown) {
  float *d, *m, *p;
  hipMalloc(&d, n * sizeof(float));
  hipMallocManaged(&m, n * sizeof(float));
  hipHostMalloc(&p, n * sizeof(float), 0);
  HIP_CHECK(hipMemcpy(p, d, n * sizeof(float), D2H));
  hipMemcpy(d, p, n * sizeof(float), hipMemcpyHostToDevice);
  hipMemcpy(m, d, n * sizeof(float), hipMemcpyDefault);
  hipMemcpy(d, m, n * sizeof(float), hipMemcpyDeviceToDevice); // shared: any kind
  hipMemcpy(unknown, d, n * sizeof(float), hipMemcpyDeviceToDevice);
  hipMemcpyDtoH(p, d, n * sizeof(float));
  hipMemset(d, 0, n * sizeof(float));
  hipFree(d);
  hipFree(m);
  hipHostFree(p);
}
