// clang-format off
// OpenMP (LLVM spellings): --fix swaps llvm_omp_target_alloc_device for
// llvm_omp_target_alloc_host, whose memory must be released with
// llvm_omp_target_free_host (LLVM 19's omp_target_free aborts on it with
// CUDA). Every omp_target_free of the allocation is renamed: in a helper
// release(), through a helper of a helper, and in a destroy() that frees a
// struct field. A free shared with memory that stays on the device is not
// renamed, and the swap is not offered. The fixed file is clean for every
// check.
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/prog.c
// RUN: not %usmcheck check --checks='-*,usm-host-access-device' %t.dir/prog.c 2>&1 | FileCheck %s
// RUN: not %usmcheck check --fix %t.dir/prog.c > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t.dir/prog.c
// RUN: not %usmcheck check %t.dir/prog.c 2>&1 | FileCheck %s --check-prefix=AFTER
// clang-format on
#include <omp.h>
#include <stdio.h>

void *llvm_omp_target_alloc_device(size_t, int);
void *llvm_omp_target_alloc_host(size_t, int);
void llvm_omp_target_free_host(void *, int);

static void release(double *p, int dev) { omp_target_free(p, dev); }
// FIXED: {{^}}static void release(double *p, int dev) { llvm_omp_target_free_host(p, dev); }
static void release_all(double *p, int dev) { release(p, dev); }

struct owner {
  double *p;
};
static void destroy(struct owner *o, int dev) { omp_target_free(o->p, dev); }
// FIXED: {{^}}static void destroy(struct owner *o, int dev) { llvm_omp_target_free_host(o->p, dev); }

static void shared_release(double *p, int dev) { omp_target_free(p, dev); }
// FIXED: {{^}}static void shared_release(double *p, int dev) { omp_target_free(p, dev); }

int main(void) {
  int dev = omp_get_default_device();
  double *buf = (double *)llvm_omp_target_alloc_device(64 * sizeof(double), dev);
  // FIXED: {{^}}  double *buf = (double *)llvm_omp_target_alloc_host(64 * sizeof(double), dev);
#pragma omp target teams distribute parallel for is_device_ptr(buf) device(dev)
  for (int i = 0; i < 64; ++i)
    buf[i] = i;
  printf("%f\n", buf[1]);
  // CHECK: :[[@LINE-1]]:18: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  release_all(buf, dev);

  struct owner o;
  o.p = (double *)llvm_omp_target_alloc_device(64 * sizeof(double), dev);
  // FIXED: {{^}}  o.p = (double *)llvm_omp_target_alloc_host(64 * sizeof(double), dev);
  double *q = o.p;
#pragma omp target teams distribute parallel for is_device_ptr(q) device(dev)
  for (int i = 0; i < 64; ++i)
    q[i] = i;
  printf("%f\n", o.p[2]);
  // CHECK: :[[@LINE-1]]:18: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  destroy(&o, dev);

  double *seen = (double *)llvm_omp_target_alloc_device(64 * sizeof(double), dev);
  // FIXED: {{^}}  double *seen = (double *)llvm_omp_target_alloc_device(64 * sizeof(double), dev);
  double *keep = (double *)llvm_omp_target_alloc_device(64 * sizeof(double), dev);
#pragma omp target teams distribute parallel for is_device_ptr(seen) device(dev)
  for (int i = 0; i < 64; ++i)
    seen[i] = i;
  printf("%f\n", seen[3]);
  // CHECK: :[[@LINE-1]]:18: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  // CHECK: :[[@LINE-8]]:28: note: no fix-it for the allocator swap: 'omp_target_free' at line [[@LINE-33]] also releases other memory
  // AFTER: prog.c:[[@LINE-3]]:18: error: host code reads device memory
  shared_release(seen, dev);
  shared_release(keep, dev);
  return 0;
}
// AFTER-NOT: usm-free-mismatch
// AFTER: usmcheck: 1 error and 0 warnings in 1 file
