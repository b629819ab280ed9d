// llvm_omp_target_alloc_host memory released with omp_target_free: LLVM 19's
// CUDA plugin frees it as device memory (cuMemFree: invalid argument) and
// aborts with "Failed to deallocate device ptr". The guard reports the
// mismatch, with both stacks, before the runtime sees the call.
#include <omp.h>
#include <stdio.h>

void *llvm_omp_target_alloc_host(size_t size, int device_num);

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)llvm_omp_target_alloc_host(N * sizeof(double), dev);
  if (buf == NULL)
    return 1;
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  printf("buf[100] = %f\n", buf[100]);
  omp_target_free(buf, dev); // needs llvm_omp_target_free_host
  printf("freed\n");
  return 0;
}
