// usm-host-memory-hot-kernel, OpenMP: host memory dereferenced by a target
// region launched in a loop (positives); launched once, or device or shared
// memory, or host memory the kernels do not touch (negatives).
// RUN: %check_clang_tidy %s usm-host-memory-hot-kernel %t
#include <omp.h>

void *llvm_omp_target_alloc_host(size_t, int);
void llvm_omp_target_free_host(void *, int);

void read_each_step(int n, int steps, int dev, float *out) {
  float *h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
  for (int s = 0; s < steps; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(h, out)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h' remotely on every launch; kernels typically read host memory tens of times slower than device memory (not measured here: see usmcheck bench); allocate device memory and copy the data once before the loop [usm-host-memory-hot-kernel]
    for (int i = 0; i < n; ++i)
      out[i] += h[i];
  }
  omp_target_free(h, dev);
}

void write_each_step(int n, int dev) {
  double *h = (double *)omp_target_alloc_host(n * sizeof(double), dev);
  int s = 0;
  while (s++ < 100) {
#pragma omp target teams distribute parallel for is_device_ptr(h)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
    for (int i = 0; i < n; ++i)
      h[i] = s;
  }
  omp_target_free(h, dev);
}

void llvm_spelling(int n, int dev) {
  int *h = (int *)llvm_omp_target_alloc_host(n * sizeof(int), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target is_device_ptr(h)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
    {
      for (int i = 0; i < n; ++i)
        h[i] += 1;
    }
  }
  llvm_omp_target_free_host(h, dev);
}

void assigned_later(int n, int dev, float *d) {
  float *h;
  h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
  int s = 0;
  do {
#pragma omp target teams distribute parallel for is_device_ptr(h, d)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
    for (int i = 0; i < n; ++i)
      d[i] = 2 * h[i];
  } while (++s < 3);
  omp_target_free(h, dev);
}

void nested_loops(int n, int m, int dev) {
  float *h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
  for (int a = 0; a < m; ++a)
    for (int b = 0; b < m; ++b) {
#pragma omp target teams distribute parallel for is_device_ptr(h)
      // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
      for (int i = 0; i < n; ++i)
        h[i] *= 0.5f;
    }
  omp_target_free(h, dev);
}

float reduction_each_step(int n, int dev) {
  float *h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
  float total = 0;
  for (int s = 0; s < 50; ++s) {
    float sum = 0;
#pragma omp target teams distribute parallel for is_device_ptr(h) reduction(+ : sum) map(tofrom : sum)
    // CHECK-MESSAGES: :[[@LINE-1]]:{{[0-9]+}}: warning: kernel launched in a loop reads host memory 'h'{{.*}} [usm-host-memory-hot-kernel]
    for (int i = 0; i < n; ++i)
      sum += h[i];
    total += sum;
  }
  omp_target_free(h, dev);
  return total;
}

// Negatives.
void launched_once(int n, int dev) {
  float *h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
#pragma omp target teams distribute parallel for is_device_ptr(h)
  for (int i = 0; i < n; ++i)
    h[i] = i; // no-warning: one launch
  omp_target_free(h, dev);
}

void device_memory_in_loop(int n, int dev) {
  float *d = (float *)omp_target_alloc_device(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(d)
    for (int i = 0; i < n; ++i)
      d[i] += 1; // no-warning: device memory
  }
  omp_target_free(d, dev);
}

void shared_memory_in_loop(int n, int dev) {
  float *p = (float *)omp_target_alloc_shared(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(p)
    for (int i = 0; i < n; ++i)
      p[i] += 1; // no-warning: shared memory migrates once
  }
  omp_target_free(p, dev);
}

void host_memory_on_host(int n, int dev) {
  float *h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
  for (int s = 0; s < 10; ++s)
    for (int i = 0; i < n; ++i)
      h[i] += 1; // no-warning: host code
  omp_target_free(h, dev);
}

void copied_once_then_loop(int n, int dev) {
  float *h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
  float *d = (float *)omp_target_alloc_device(n * sizeof(float), dev);
  omp_target_memcpy(d, h, n * sizeof(float), 0, 0, dev, omp_get_initial_device());
  for (int s = 0; s < 10; ++s) {
#pragma omp target teams distribute parallel for is_device_ptr(d)
    for (int i = 0; i < n; ++i)
      d[i] += 1; // no-warning: the fix
  }
  omp_target_free(d, dev);
  omp_target_free(h, dev);
}

void loop_inside_kernel_only(int n, int dev) {
  float *h = (float *)omp_target_alloc_host(n * sizeof(float), dev);
#pragma omp target is_device_ptr(h)
  {
    for (int r = 0; r < 4; ++r)
      for (int i = 0; i < n; ++i)
        h[i] += r; // no-warning: one launch (repeated reads inside one kernel are not modelled)
  }
  omp_target_free(h, dev);
}
