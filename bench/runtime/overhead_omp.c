// Overhead of the usmcheck runtime guard for OpenMP offload: ITERS x
// (llvm_omp_target_alloc_device, a target region, omp_target_free). Each
// call goes through the guard's interposers (allocation record with stack,
// __tgt_target_kernel pass-through, free). Prints one line:
// "omp iters=N seconds=S us_per_iter=U".
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

void *llvm_omp_target_alloc_device(size_t size, int device_num);

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return ts.tv_sec + ts.tv_nsec * 1e-9;
}

int main(int argc, char **argv) {
  long iters = argc > 1 ? atol(argv[1]) : 100000;
  int dev = omp_get_default_device();
  double *p = (double *)llvm_omp_target_alloc_device(4096, dev);
#pragma omp target is_device_ptr(p)
  p[0] = 1.0;
  omp_target_free(p, dev);
  double t0 = now();
  for (long i = 0; i < iters; ++i) {
    p = (double *)llvm_omp_target_alloc_device(4096, dev);
    if (!p)
      return 1;
#pragma omp target is_device_ptr(p)
    p[0] = (double)i;
    omp_target_free(p, dev);
  }
  double s = now() - t0;
  printf("omp iters=%ld seconds=%.4f us_per_iter=%.3f\n", iters, s, s * 1e6 / iters);
  return 0;
}
