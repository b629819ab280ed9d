// The guard's own cost per cudaMalloc/cudaFree pair, on any machine: link
// against stub_cudart.c and run with and without the guard
// (bench/runtime/guard-cost.sh does both). Prints "ns per pair: N".
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

int cudaMalloc(void **p, size_t size);
int cudaFree(void *p);

int main(int argc, char **argv) {
  long n = argc > 1 ? atol(argv[1]) : 1000000;
  struct timespec a, b;
  void *p;
  clock_gettime(CLOCK_MONOTONIC, &a);
  for (long i = 0; i < n; ++i) {
    cudaMalloc(&p, 4096);
    cudaFree(p);
  }
  clock_gettime(CLOCK_MONOTONIC, &b);
  printf("ns per pair: %.1f\n",
         ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec)) / n);
  return 0;
}
