// Pointers handed to target regions by value. "bug": malloc memory through
// is_device_ptr (a GPU without unified memory faults in the kernel);
// "global": a global array through has_device_addr; "ok": device memory,
// shared memory, a use_device_ptr device copy, mapped data and scalars.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *llvm_omp_target_alloc_shared(size_t size, int device_num);
void llvm_omp_target_free_shared(void *ptr, int device_num);

enum { N = 256 };
static double table[N];

int main(int argc, char **argv) {
  const char *m = argc > 1 ? argv[1] : "ok";
  int dev = omp_get_default_device();
  double s = 0;
  if (!strcmp(m, "bug")) {
    double *in = malloc(N * sizeof(double));
    for (int i = 0; i < N; ++i)
      in[i] = i;
#pragma omp target is_device_ptr(in) map(tofrom : s)
    for (int i = 0; i < N; ++i)
      s += in[i];
    free(in);
  } else if (!strcmp(m, "global")) {
#pragma omp target has_device_addr(table) map(tofrom : s)
    for (int i = 0; i < N; ++i)
      s += table[i];
  } else {
    double *d = omp_target_alloc(N * sizeof(double), dev);
    double *sh = llvm_omp_target_alloc_shared(N * sizeof(double), dev);
    double *h = malloc(N * sizeof(double));
    long count = N;
    double scale = 2.0;
    for (int i = 0; i < N; ++i)
      h[i] = sh[i] = i;
#pragma omp target is_device_ptr(d, sh) firstprivate(count, scale)
    for (long i = 0; i < count; ++i)
      d[i] = scale * sh[i];
#pragma omp target data map(tofrom : h[0 : N]) use_device_ptr(h)
    {
#pragma omp target is_device_ptr(h)
      for (int i = 0; i < N; ++i)
        h[i] += 1;
    }
#pragma omp target map(tofrom : h[0 : N], s)
    for (int i = 0; i < N; ++i)
      s += h[i];
    omp_target_free(d, dev);
    llvm_omp_target_free_shared(sh, dev);
    free(h);
  }
  printf("s = %.1f\n", s);
  return 0;
}
