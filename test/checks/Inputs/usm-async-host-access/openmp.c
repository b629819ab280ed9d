// usm-async-host-access, OpenMP: host reads and writes of shared and host
// memory while a `target ... nowait` region or omp_target_memcpy_async may
// still write it; quiet after taskwait, barrier, depend ordering, a helper
// that waits, and for memory the region only reads.
// clang-format off
#include <omp.h>
#include <stdio.h>

double total;
void log_progress(int step); // external: usmcheck cannot see inside

void nowait_read(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp target teams distribute parallel for nowait is_device_ptr(a)
  for (int i = 0; i < n; ++i)
    a[i] = i;
  printf("%f\n", a[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: warning: host read of 'a' (USM shared memory) while the '#pragma omp target teams distribute parallel for nowait' region may still be writing it: no '#pragma omp taskwait' on some path between them; wait for it before the host touches the memory [usm-async-host-access]
  // CHECK-MESSAGES: :[[@LINE-5]]:1: note: the '#pragma omp target teams distribute parallel for nowait' region starts here and writes 'a' asynchronously
  // CHECK-MESSAGES: :[[@LINE-7]]:25: note: allocated as USM shared memory by 'omp_target_alloc_shared' here
#pragma omp taskwait
  omp_target_free(a, dev);
}

void async_copy(int n, int dev) {
  double *h = (double *)omp_target_alloc_host(n * sizeof(double), dev);
  double *d = (double *)omp_target_alloc_device(n * sizeof(double), dev);
  omp_target_memcpy_async(h, d, n * sizeof(double), 0, 0,
                          omp_get_initial_device(), dev, 0, NULL);
  total += h[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:12: warning: host read of 'h' (USM host memory) while 'omp_target_memcpy_async' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'omp_target_memcpy_async' starts here and writes 'h' asynchronously
#pragma omp taskwait
  omp_target_free(h, dev);
  omp_target_free(d, dev);
}

void next_iteration(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
  for (int it = 0; it < 10; ++it) {
    total += a[0];
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: host read of 'a' (USM shared memory) while the '#pragma omp target nowait' region may still be writing it
    // CHECK-MESSAGES: :[[@LINE+1]]:1: note: the '#pragma omp target nowait' region starts here
#pragma omp target nowait is_device_ptr(a)
    a[0] = it;
  }
#pragma omp taskwait
  omp_target_free(a, dev);
}

void one_branch_waits(int n, int dev, int flag) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp target nowait is_device_ptr(a)
  a[0] = 1;
  if (flag) {
#pragma omp taskwait
  }
  a[0] += 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host read-write of 'a' (USM shared memory) while the '#pragma omp target nowait' region may still be writing it
  // CHECK-MESSAGES: :[[@LINE-7]]:1: note: the '#pragma omp target nowait' region starts here
  log_progress(1); // an external function does not wait
  a[1] = 2;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host write of 'a' (USM shared memory) while the '#pragma omp target nowait' region may still be writing it
  // CHECK-MESSAGES: :[[@LINE-11]]:1: note: the '#pragma omp target nowait' region starts here
#pragma omp taskwait
  omp_target_free(a, dev);
}

void inside_parallel_region(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp parallel
#pragma omp single
  {
#pragma omp target nowait is_device_ptr(a)
    a[0] = 1;
    total += a[0];
    // CHECK-MESSAGES: :[[@LINE-1]]:14: warning: host read of 'a' (USM shared memory) while the '#pragma omp target nowait' region may still be writing it
    // CHECK-MESSAGES: :[[@LINE-4]]:1: note: the '#pragma omp target nowait' region starts here
  }
  omp_target_free(a, dev);
}

// ---- correct code: no findings below ----

static void finish(void) {
#pragma omp taskwait
}

void waits(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp target teams distribute parallel for nowait is_device_ptr(a)
  for (int i = 0; i < n; ++i)
    a[i] = i;
#pragma omp taskwait
  printf("%f\n", a[0]); // no-warning: the taskwait ends the region
  omp_target_free(a, dev);
}

void barrier(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp target nowait is_device_ptr(a)
  a[0] = 1;
#pragma omp barrier
  total += a[0]; // no-warning: a barrier completes the tasks before it
  omp_target_free(a, dev);
}

void depend_ordered(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp target nowait depend(out : a[0]) is_device_ptr(a)
  a[0] = 1;
#pragma omp task depend(in : a[0])
  total += a[0]; // no-warning: the task runs after the region it depends on
#pragma omp target depend(inout : a[0]) is_device_ptr(a)
  a[0] += 1;
  total += a[0]; // no-warning: the undeferred target waited for its dependence
#pragma omp taskwait
  omp_target_free(a, dev);
}

void helper_waits(int n, int dev) {
  double *h = (double *)omp_target_alloc_host(n * sizeof(double), dev);
  double *d = (double *)omp_target_alloc_device(n * sizeof(double), dev);
  omp_target_memcpy_async(h, d, n * sizeof(double), 0, 0,
                          omp_get_initial_device(), dev, 0, NULL);
  finish();
  total += h[0]; // no-warning: finish() waits
  omp_target_free(h, dev);
  omp_target_free(d, dev);
}

void region_only_reads(int n, int dev) {
  double *in = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
  double *out = (double *)omp_target_alloc_device(n * sizeof(double), dev);
#pragma omp target teams distribute parallel for nowait is_device_ptr(in, out)
  for (int i = 0; i < n; ++i)
    out[i] = 2 * in[i];
  total += in[0]; // no-warning: the region only reads 'in'
#pragma omp taskwait
  omp_target_free(in, dev);
  omp_target_free(out, dev);
}

void other_allocation(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
  double *b = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp target nowait is_device_ptr(a)
  a[0] = 1;
  b[0] = 2; // no-warning: the region does not touch 'b'
#pragma omp taskwait
  omp_target_free(a, dev);
  omp_target_free(b, dev);
}

void parallel_region_ends(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp parallel
#pragma omp single
  {
#pragma omp target nowait is_device_ptr(a)
    a[0] = 1;
  }
  total += a[0]; // no-warning: the end of the region waits for its tasks
  omp_target_free(a, dev);
}

void synchronous_region(int n, int dev) {
  double *a = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
#pragma omp target is_device_ptr(a)
  a[0] = 1;
  total += a[0]; // no-warning: without nowait the host waits for the region
  omp_target_free(a, dev);
}
