// A program that declares `requires unified_shared_memory` and then reads
// OpenMP device memory on the host: legal on systems with unified memory.
// With "threads", four threads read the allocation at the same time.
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#pragma omp requires unified_shared_memory

static double *d;
static pthread_barrier_t start;
static double sums[4];

static void *reader(void *arg) {
  long k = (long)arg;
  pthread_barrier_wait(&start);
  sums[k] = d[10 * k + 1];
  return NULL;
}

int main(int argc, char **argv) {
  int dev = omp_get_default_device();
  d = (double *)omp_target_alloc(1024 * sizeof(double), dev);
#pragma omp target is_device_ptr(d)
  for (int i = 0; i < 1024; ++i)
    d[i] = i;
  if (argc > 1 && !strcmp(argv[1], "threads")) {
    pthread_t t[4];
    pthread_barrier_init(&start, NULL, 4);
    for (long k = 0; k < 4; ++k)
      pthread_create(&t[k], NULL, reader, (void *)k);
    for (int k = 0; k < 4; ++k)
      pthread_join(t[k], NULL);
    printf("threads: %.1f %.1f %.1f %.1f\n", sums[0], sums[1], sums[2],
           sums[3]);
  }
  printf("d[100] = %.1f\n", d[100]);
  printf("d[200] = %.1f\n", d[200]); // same allocation: no second finding
  omp_target_free(d, dev);
  return 0;
}
