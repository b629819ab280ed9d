// The OpenMP seed bug spelled with LLVM's name, llvm_omp_target_alloc_device
// (what clang users write; examples/openmp/seed_bug.c is the Intel spelling).
// Prints where the kernel ran so the GPU run can prove it offloaded.
#include <omp.h>
#include <stdio.h>

void *llvm_omp_target_alloc_device(size_t size, int device_num);

int main(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)llvm_omp_target_alloc_device(N * sizeof(double), dev);
  if (buf == NULL)
    return 1;
  int on_host = 1;
#pragma omp target teams distribute parallel for is_device_ptr(buf) map(tofrom: on_host)
  for (int i = 0; i < N; ++i) {
    if (i == 0)
      on_host = omp_is_initial_device();
    buf[i] = i;
  }
  fprintf(stderr, "devices=%d kernel_on_host=%d\n", omp_get_num_devices(), on_host);
  printf("buf[100] = %f\n", buf[100]);
  omp_target_free(buf, dev);
  return 0;
}
