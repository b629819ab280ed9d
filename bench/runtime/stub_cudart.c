// A stand-in CUDA runtime whose allocator costs nothing, so that
// guard_cost.c measures only what the usmcheck guard adds to each call.
#include <stddef.h>
int cudaMalloc(void **p, size_t size) {
  static char arena[1 << 20];
  static size_t off;
  off = (off + 64) & ((1 << 20) - 1);
  *p = arena + off;
  return 0;
}
int cudaFree(void *p) { return 0; }
int cudaGetDevice(int *dev) {
  *dev = 0;
  return 0;
}
