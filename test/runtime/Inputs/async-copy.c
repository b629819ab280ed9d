// Correct OpenMP 5.1 copies between host and device memory: the async
// forms with and without depend objects, and the rectangular forms (sync
// and async), and omp_target_memset_async. With "bug" the host then reads
// the device buffer directly.
#include <omp.h>
#include <stdio.h>
#include <string.h>

enum { N = 4096 };
static double src[N], back[N];

int main(int argc, char **argv) {
  int dev = omp_get_default_device(), host = omp_get_initial_device();
  double *d = (double *)omp_target_alloc(N * sizeof(double), dev);
  for (int i = 0; i < N; ++i)
    src[i] = i;

  // omp_target_memcpy_async without depend objects, then taskwait.
  if (omp_target_memcpy_async(d, src, sizeof src, 0, 0, dev, host, 0, NULL))
    return 10;
#pragma omp taskwait
  if (omp_target_memcpy_async(back, d, sizeof back, 0, 0, host, dev, 0, NULL))
    return 11;
#pragma omp taskwait
  printf("async: back[100] = %.1f\n", back[100]);

  // With a depend object, waited for by taskwait depend.
  omp_depend_t obj;
  memset(back, 0, sizeof back);
#pragma omp depobj(obj) depend(inout : back)
  if (omp_target_memcpy_async(back, d, sizeof back, 0, 0, host, dev, 1, &obj))
    return 12;
#pragma omp taskwait depend(depobj : obj)
#pragma omp depobj(obj) destroy
  printf("async depobj: back[200] = %.1f\n", back[200]);

  // Rectangular copies: a 64 x 64 block, sync then async.
  size_t vol[2] = {64, 64}, off[2] = {0, 0}, dims[2] = {64, 64};
  memset(back, 0, sizeof back);
  if (omp_target_memcpy_rect(back, d, sizeof(double), 2, vol, off, off, dims,
                             dims, host, dev))
    return 13;
  printf("rect: back[300] = %.1f\n", back[300]);
  memset(back, 0, sizeof back);
  if (omp_target_memcpy_rect_async(d, src, sizeof(double), 2, vol, off, off,
                                   dims, dims, dev, host, 0, NULL))
    return 14;
#pragma omp taskwait
  omp_depend_t obj2;
#pragma omp depobj(obj2) depend(inout : back)
  if (omp_target_memcpy_rect_async(back, d, sizeof(double), 2, vol, off, off,
                                   dims, dims, host, dev, 1, &obj2))
    return 15;
#pragma omp taskwait depend(depobj : obj2)
#pragma omp depobj(obj2) destroy
  printf("rect async: back[400] = %.1f\n", back[400]);

  // omp_target_memset_async, then a copy back.
  if (!omp_target_memset_async(d, 0, sizeof src, dev, 0, NULL))
    return 16;
#pragma omp taskwait
  back[500] = -1;
  if (omp_target_memcpy(back, d, sizeof back, 0, 0, host, dev))
    return 17;
  printf("memset async: back[500] = %.1f\n", back[500]);

  if (argc > 1 && !strcmp(argv[1], "bug"))
    printf("bug: d[5] = %.1f\n", d[5]); // host read of device memory
  omp_target_free(d, dev);
  return 0;
}
