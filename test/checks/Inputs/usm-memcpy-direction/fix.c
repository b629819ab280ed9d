// clang-format off
// --fix corrects swapped device numbers and a device number that contradicts
// its pointer; the result compiles and checks clean. (Run from
// ../../usm-memcpy-direction.c.)
#include <omp.h>
#include <stdlib.h>

int main(void) {
  const int N = 1024;
  size_t bytes = N * sizeof(double);
  int dev = omp_get_default_device();
  int host = omp_get_initial_device();
  double *buf = (double *)omp_target_alloc(bytes, dev);
  double *hbuf = (double *)malloc(bytes);
  if (!buf || !hbuf)
    return 1;
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  omp_target_memcpy(hbuf, buf, bytes, 0, 0, dev, host);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the device numbers of 'omp_target_memcpy' are swapped
  // CHECK-FIXES: {{^}}  omp_target_memcpy(hbuf, buf, bytes, 0, 0, host, dev);{{$}}
  omp_target_memcpy(buf, hbuf, bytes, 0, 0, dev, dev);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the source 'hbuf' of 'omp_target_memcpy' is pageable host memory
  // CHECK-FIXES: {{^}}  omp_target_memcpy(buf, hbuf, bytes, 0, 0, dev, omp_get_initial_device());{{$}}
  omp_target_memcpy(hbuf, buf, bytes, 0, 0, host, host);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: the source 'buf' of 'omp_target_memcpy' is device memory
  // CHECK-FIXES: {{^}}  omp_target_memcpy(hbuf, buf, bytes, 0, 0, host, dev);{{$}}
  double sum = 0;
  for (int i = 0; i < N; ++i)
    sum += hbuf[i];
  free(hbuf);
  omp_target_free(buf, dev);
  return sum > 0 ? 0 : 1;
}
