// Reads element 100 of an 8192-byte device allocation made through the
// model named by argv[1] (cuda, cudrv, hip, ze), using stub-runtimes.c.
#include <stdio.h>
#include <string.h>

int cudaMalloc(void **p, size_t size);
int cuMemAlloc_v2(unsigned long long *p, size_t size);
int hipMalloc(void **p, size_t size);
unsigned zeMemAllocDevice(void *ctx, const void *desc, size_t size,
                          size_t align, void *device, void **p);
void *omp_target_alloc(size_t size, int dev);
void __tgt_register_requires(long long flags);

int main(int argc, char **argv) {
  double *buf = NULL;
  const char *m = argc > 1 ? argv[1] : "cuda";
  if (!strcmp(m, "cuda"))
    cudaMalloc((void **)&buf, 8192);
  else if (!strcmp(m, "cudrv"))
    cuMemAlloc_v2((unsigned long long *)&buf, 8192);
  else if (!strcmp(m, "hip"))
    hipMalloc((void **)&buf, 8192);
  else if (!strcmp(m, "ze"))
    zeMemAllocDevice((void *)0x1000, NULL, 8192, 64, (void *)0xd00d, (void **)&buf);
  else if (!strcmp(m, "omp-usm")) {
    // What compilers before clang 19 emit for `requires
    // unified_shared_memory` (OMP_REQ_UNIFIED_SHARED_MEMORY).
    __tgt_register_requires(0x008);
    buf = (double *)omp_target_alloc(8192, 0);
  }
  printf("%f\n", buf[100]);
  return 0;
}
