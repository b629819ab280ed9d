// usm-shared-ping-pong, OpenMP: shared memory touched by a host loop and by
// a target region in the same iteration of an outer loop (positives), and
// the patterns that do not migrate pages every iteration (negatives).
// RUN: %check_clang_tidy %s usm-shared-ping-pong %t
#include <omp.h>
#include <stdio.h>

void *llvm_omp_target_alloc_shared(size_t, int);

void host_after_kernel(int n, int steps, int dev) {
  float *p = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
  for (int s = 0; s < steps; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1.0f;
    for (int i = 0; i < n; ++i)
      p[i] *= 0.5f;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host and by a kernel in the same loop without prefetch or advice, so its pages migrate back and forth every iteration; typically several times the cost of device memory plus explicit copies (not measured here: see usmcheck bench); use device memory and copy only what the host needs [usm-shared-ping-pong]
  }
  omp_target_free(p, dev);
}

void host_before_kernel(int n, int steps, int dev) {
  double *p = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
  for (int s = 0; s < steps; ++s) {
    for (int i = 0; i < n; ++i)
      p[i] = s + i;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host and by a kernel in the same loop{{.*}} [usm-shared-ping-pong]
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] = p[i] * 2;
  }
  omp_target_free(p, dev);
}

double while_loop_reads(int n, int dev) {
  double *p = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
  double sum = 0;
  int iter = 0;
  while (iter++ < 10) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] = i * iter;
    for (int i = 0; i < n; ++i)
      sum += p[i];
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
  }
  omp_target_free(p, dev);
  return sum;
}

void do_loop(int n, int dev) {
  int *p = (int *)omp_target_alloc_shared(n * sizeof(int), dev);
  int s = 0;
  do {
#pragma omp target is_device_ptr(p)
    {
      for (int i = 0; i < n; ++i)
        p[i] += s;
    }
    for (int i = 0; i < n; i += 2)
      p[i] = 0;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
  } while (++s < 5);
  omp_target_free(p, dev);
}

void assigned_llvm_spelling(int n, int dev) {
  float *p;
  p = (float *)llvm_omp_target_alloc_shared(n * sizeof(float), dev);
  for (int s = 0; s < 100; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] = 1.0f;
    for (int i = 0; i < n; ++i)
      if (p[i] != 1.0f)
        // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'p' is touched by the host{{.*}} [usm-shared-ping-pong]
        printf("bad %d\n", i);
  }
  omp_target_free(p, dev);
}

struct cell { float v; };
void array_of_structs(int n, int dev) {
  struct cell *c = (struct cell *)omp_target_alloc_shared(n * sizeof(struct cell), dev);
  for (int s = 0; s < 8; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(c)
    for (int i = 0; i < n; ++i)
      c[i].v += 1.0f;
    for (int i = 0; i < n; ++i)
      c[i].v = c[i].v > 10.0f ? 0.0f : c[i].v;
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: shared memory 'c' is touched by the host{{.*}} [usm-shared-ping-pong]
  }
  omp_target_free(c, dev);
}

// Negatives.
void host_only_after_loop(int n, int dev) {
  float *p = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1.0f;
  }
  for (int i = 0; i < n; ++i)
    printf("%f\n", p[i]); // no-warning: once, after the loop
  omp_target_free(p, dev);
}

void host_init_before_loop(int n, int dev) {
  float *p = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
  for (int i = 0; i < n; ++i)
    p[i] = i; // no-warning: before the loop
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1.0f;
  }
  omp_target_free(p, dev);
}

void progress_print_one_element(int n, int dev) {
  float *p = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1.0f;
    printf("step %d: %f\n", s, p[0]); // no-warning: one page, not a loop over the data
  }
  omp_target_free(p, dev);
}

void kernels_only(int n, int dev) {
  float *p = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1.0f; // no-warning: device only
  }
  omp_target_free(p, dev);
}

void device_memory_with_copies(int n, int dev, float *h) {
  float *d = (float *)omp_target_alloc_device(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(d)
    for (int i = 0; i < n; ++i)
      d[i] += 1.0f;
    omp_target_memcpy(h, d, n * sizeof(float), 0, 0, omp_get_initial_device(), dev);
    for (int i = 0; i < n; ++i)
      h[i] *= 2; // no-warning: a host copy
  }
  omp_target_free(d, dev);
}

void host_memory_in_loop(int n, int dev) {
  float *p = (float *)omp_target_alloc_host(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1.0f;
    for (int i = 0; i < n; ++i)
      p[i] = 0; // no-warning here: host memory does not migrate
  }
  omp_target_free(p, dev);
}

void sibling_loops(int n, int dev) {
  float *p = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1.0f;
  }
  for (int s = 0; s < 10; ++s)
    for (int i = 0; i < n; ++i)
      p[i] -= 1.0f; // no-warning: kernels first, host afterwards, not alternating
  omp_target_free(p, dev);
}
