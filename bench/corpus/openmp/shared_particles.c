// Particles in shared memory: kernels advance them, the host inspects them
// between steps (the case shared allocations are for).
#include <omp.h>
#include <stdio.h>

typedef struct {
  float x, v;
} particle;

int main(void) {
  const int n = 4096, steps = 10;
  int dev = omp_get_default_device();
  particle *p = (particle *)omp_target_alloc_shared(n * sizeof(particle), dev);
  if (!p)
    return 1;
  for (int i = 0; i < n; ++i) {
    p[i].x = 0.0f;
    p[i].v = 1.0f;
  }
  for (int s = 0; s < steps; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i].x += p[i].v * 0.1f;
    printf("step %d: x[0] = %f\n", s, p[0].x);
  }
  omp_target_free(p, dev);
  return 0;
}
