// OpenMP USM API mistakes the guard reports at the call, before the runtime
// acts on them; argv[1] picks one. "ok" does everything correctly (frees
// with the matching deallocator and device, copies inside the allocations,
// a rectangular copy, a fill) and must stay quiet, also with detect_leaks=1.
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *llvm_omp_target_alloc_host(size_t size, int device_num);
void llvm_omp_target_free_host(void *ptr, int device_num);

enum { BYTES = 4096 };

static void *leak_one(int dev) { return omp_target_alloc(BYTES, dev); }

int main(int argc, char **argv) {
  const char *m = argc > 1 ? argv[1] : "ok";
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  char *h = malloc(2 * BYTES);
  memset(h, 1, 2 * BYTES);
  if (!strcmp(m, "free-host")) {
    void *p = llvm_omp_target_alloc_host(BYTES, dev);
    omp_target_free(p, dev); // needs llvm_omp_target_free_host
    printf("after the free\n");
  } else if (!strcmp(m, "free-device")) {
    void *p = omp_target_alloc(BYTES, dev);
    omp_target_free(p, host); // allocated on dev
  } else if (!strcmp(m, "double-free")) {
    void *p = omp_target_alloc(BYTES, dev);
    omp_target_free(p, dev);
    omp_target_free(p, dev);
  } else if (!strcmp(m, "free-stack")) {
    char local[64];
    omp_target_free(local, dev);
  } else if (!strcmp(m, "free-inside")) {
    char *p = omp_target_alloc(BYTES, dev);
    omp_target_free(p + 64, dev);
  } else if (!strcmp(m, "copy-oob")) {
    void *d = omp_target_alloc(BYTES, dev);
    omp_target_memcpy(d, h, 2 * BYTES, 0, 0, dev, host); // 4096 bytes too many
  } else if (!strcmp(m, "copy-offset")) {
    void *d = omp_target_alloc(BYTES, dev);
    omp_target_memcpy(h, d, 1024, 0, 3584, host, dev); // ends 512 bytes past
  } else if (!strcmp(m, "copy-swapped")) {
    void *d = omp_target_alloc(BYTES, dev);
    omp_target_memcpy(h, d, BYTES, 0, 0, dev, host); // device numbers swapped
  } else if (!strcmp(m, "copy-rect")) {
    double *d = omp_target_alloc(64 * 64 * sizeof(double), dev);
    size_t vol[2] = {64, 64}, zero[2] = {0, 0}, doff[2] = {1, 0},
           dims[2] = {64, 64};
    double *hb = calloc(64 * 64, sizeof(double));
    omp_target_memcpy_rect(d, hb, sizeof(double), 2, vol, doff, zero, dims,
                           dims, dev, host); // one row past the end
  } else if (!strcmp(m, "memset-oob")) {
    void *d = omp_target_alloc(BYTES, dev);
    omp_target_memset(d, 0, BYTES + 8, dev);
  } else if (!strcmp(m, "leak")) {
    for (int i = 0; i < 3; ++i)
      leak_one(dev);
    void *q = llvm_omp_target_alloc_host(100, dev);
    (void)q;
    void *freed = omp_target_alloc(BYTES, dev);
    omp_target_free(freed, dev);
  } else if (!strcmp(m, "ok")) {
    double *d = omp_target_alloc(64 * 64 * sizeof(double), dev);
    void *ph = llvm_omp_target_alloc_host(BYTES, dev);
    double *hb = calloc(64 * 64, sizeof(double));
    omp_target_memcpy(d, h, BYTES, 0, 0, dev, host);
    omp_target_memcpy(h, d, 1024, 1024, 3072, host, dev);
    omp_target_memcpy(ph, d, BYTES, 0, 0, dev, dev); // host memory: any device
    omp_target_memcpy(ph, h, BYTES, 0, 0, host, host);
    size_t vol[2] = {32, 64}, zero[2] = {0, 0}, off[2] = {32, 0},
           dims[2] = {64, 64};
    omp_target_memcpy_rect(d, hb, sizeof(double), 2, vol, off, zero, dims,
                           dims, dev, host);
    omp_target_memset(d, 0, 64 * 64 * sizeof(double), dev);
    omp_target_free(d, dev);
    llvm_omp_target_free_host(ph, dev);
    omp_target_free(NULL, dev);
    printf("ok\n");
  }
  free(h);
  return 0;
}
