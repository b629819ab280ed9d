// The seed bug: --fix swaps the allocator for the top advice (the host reads
// once after the kernel: host memory), and a second --fix changes nothing.
// RUN: %check_clang_tidy %s usm-host-access-device %t
// RUN: %clang -fsyntax-only -fopenmp -I%src_root/headers -I%src_root/headers/sdk -include usmcheck/omp_usm.h %t.c
#include <omp.h>
#include <stdio.h>

#define ALLOC_IN_MACRO(n, dev) omp_target_alloc_device(n, dev)

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_device(N * sizeof(double), dev);
  // CHECK-FIXES: {{^}}  double *buf = (double *)omp_target_alloc_host(N * sizeof(double), dev);{{$}}
  if (buf == NULL)
    return 1;
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  printf("buf[100] = %f\n", buf[100]);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: host code reads device memory allocated by 'omp_target_alloc_device'
  // CHECK-MESSAGES: :[[@LINE-9]]:27: note: allocated as device memory
  // CHECK-MESSAGES: :[[@LINE-10]]:27: note: recommended fix
  // CHECK-MESSAGES: :[[@LINE-11]]:27: note: alternative fix
  // CHECK-MESSAGES: :[[@LINE-5]]:29: note: alternative fix
  printf("buf[200] = %f\n", buf[200]);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: host code reads device memory allocated by 'omp_target_alloc_device'
  omp_target_free(buf, dev);

  // No fix-it inside a macro expansion: the report stays, the text too.
  double *m = (double *)ALLOC_IN_MACRO(N * sizeof(double), dev);
  // CHECK-FIXES: {{^}}  double *m = (double *)ALLOC_IN_MACRO(N * sizeof(double), dev);{{$}}
  m[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc_device'
  omp_target_free(m, dev);
  return 0;
}
