// Host code touching OpenMP device memory: every access form, every OpenMP
// device allocator, and provenance through copies, casts, arithmetic,
// fields, globals, returns, out-parameters and arguments.
// RUN: %check_clang_tidy %s usm-host-access-device %t
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Point { double x, y; };
struct Buffers { double *d; double *h; int n; };

void seed(void) {
  const int N = 1024;
  int dev = omp_get_default_device();
  double *buf = (double *)omp_target_alloc_device(N * sizeof(double), dev);
  if (buf == NULL)
    return;
#pragma omp target teams distribute parallel for is_device_ptr(buf)
  for (int i = 0; i < N; ++i)
    buf[i] = i;
  printf("buf[100] = %f\n", buf[100]);
  // CHECK-MESSAGES: :[[@LINE-1]]:29: error: host code reads device memory allocated by 'omp_target_alloc_device'; the host cannot access device memory [usm-host-access-device]
  // CHECK-MESSAGES: :[[@LINE-8]]:27: note: allocated as device memory by 'omp_target_alloc_device' (OpenMP) here
  // CHECK-MESSAGES: :[[@LINE-9]]:27: note: recommended fix, since the host touches this memory only after the kernels, not repeatedly between them: allocate host memory instead with 'omp_target_alloc_host' (same arguments); slow if kernels touch it often
  // CHECK-MESSAGES: :[[@LINE-10]]:27: note: alternative fix: allocate shared memory instead with 'omp_target_alloc_shared' (same arguments)
  // CHECK-MESSAGES: :[[@LINE-5]]:29: note: alternative fix: keep device memory and copy to a host buffer before the host reads: declare a host buffer 'h_buf', copy into it before this access with omp_target_memcpy(h_buf, buf, N * sizeof(double), 0, 0, omp_get_initial_device(), dev), and read 'h_buf' instead
  omp_target_free(buf, dev);
}

void write_forms(int dev) {
  double *p = (double *)omp_target_alloc(64 * sizeof(double), dev);
  p[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
  p[1] += 2.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code reads and writes device memory allocated by 'omp_target_alloc'
  p[2]++;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code reads and writes device memory allocated by 'omp_target_alloc'
  --p[3];
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code reads and writes device memory allocated by 'omp_target_alloc'
  *p = 4.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
  double v = *p;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'omp_target_alloc'
  (void)v;
  omp_target_free(p, dev);
}

void member_forms(int dev) {
  struct Point *pt = (struct Point *)omp_target_alloc(8 * sizeof(struct Point), dev);
  pt->x = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
  double y = pt[3].y;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'omp_target_alloc'
  (void)y;
  omp_target_free(pt, dev);
}

void copies_casts_arith(int dev) {
  double *d = (double *)llvm_omp_target_alloc_device(256, dev);
  double *alias = d;
  int *ip = (int *)alias;
  double *mid = d + 10;
  double *elem = &d[4];
  double a = alias[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  int b = ip[1];
  // CHECK-MESSAGES: :[[@LINE-1]]:11: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  double c = *mid;
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  double e = elem[0] + *(d + 5);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  // CHECK-MESSAGES: :[[@LINE-2]]:24: error: host code reads device memory allocated by 'llvm_omp_target_alloc_device'
  (void)(a + b + c + e);
  omp_target_free(d, dev);
}

void library_calls(int dev) {
  char *s = (char *)omp_target_alloc(32, dev);
  char host[32];
  memcpy(host, s, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:16: error: 'memcpy' reads device memory allocated by 'omp_target_alloc' on the host
  memset(s, 0, 32);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: 'memset' writes device memory allocated by 'omp_target_alloc' on the host
  printf("%d %s\n", 3, s);
  // CHECK-MESSAGES: :[[@LINE-1]]:24: error: 'printf' reads device memory allocated by 'omp_target_alloc' on the host
  fwrite(s, 1, 32, stdout);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: 'fwrite' reads device memory allocated by 'omp_target_alloc' on the host
  size_t len = strlen(s);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: error: 'strlen' reads device memory allocated by 'omp_target_alloc' on the host
  double *dv = (double *)omp_target_alloc(8 * sizeof(double), dev);
  if (scanf("%lf", dv) != 1)
  // CHECK-MESSAGES: :[[@LINE-1]]:20: error: 'scanf' writes device memory allocated by 'omp_target_alloc' on the host
    return;
  (void)len;
  omp_target_free(s, dev);
  omp_target_free(dv, dev);
}

void some_paths(int gpu, int dev) {
  double *p;
  if (gpu)
    p = (double *)omp_target_alloc(100, dev);
  else
    p = (double *)malloc(100);
  p[0] = 0.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
  // CHECK-MESSAGES: :[[@LINE-5]]:19: note: allocated as device memory by 'omp_target_alloc' (OpenMP) when the condition at line [[@LINE-6]] is true; on other paths the pointer holds other memory
}

static double *make_device(int n, int dev) {
  return (double *)omp_target_alloc(n * sizeof(double), dev);
}
static double *make_twice(int n, int dev) { return make_device(n, dev); }

void through_returns(int dev) {
  double *a = make_device(10, dev);
  double *b = make_twice(10, dev);
  double s = a[0] + b[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'omp_target_alloc'
  // CHECK-MESSAGES: :[[@LINE-2]]:21: error: host code reads device memory allocated by 'omp_target_alloc'
  (void)s;
}

static double sum_host(const double *v, int n) {
  double s = 0;
  for (int i = 0; i < n; ++i)
    s += v[i];
  return s;
}
static double sum_outer(const double *v, int n) { return sum_host(v, n); }

void through_arguments(int dev) {
  double *d = (double *)omp_target_alloc(10 * sizeof(double), dev);
  double s = sum_host(d, 10);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: error: host code passes device memory allocated by 'omp_target_alloc' to 'sum_host', which reads it on the host
  // CHECK-MESSAGES: :[[@LINE-9]]:10: note: 'sum_host' reads its parameter on the host here
  s += sum_outer(d, 10);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: host code passes device memory allocated by 'omp_target_alloc' to 'sum_outer', which reads it on the host
  (void)s;
}

static void alloc_out(double **out, int n, int dev) {
  *out = (double *)omp_target_alloc(n * sizeof(double), dev);
}

void through_out_param(int dev) {
  double *d = NULL;
  alloc_out(&d, 8, dev);
  d[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
}

void through_fields(int dev) {
  struct Buffers b;
  b.d = (double *)omp_target_alloc(8 * sizeof(double), dev);
  b.h = (double *)malloc(8 * sizeof(double));
  b.h[0] = 1.0; // no-warning: host memory
  b.d[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
}

double *g_dev;
void init_global(int dev) { g_dev = (double *)omp_target_alloc(64, dev); }
double read_global(void) {
  return g_dev[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:10: error: host code reads device memory allocated by 'omp_target_alloc'
}

void allocator_handle(void) {
  double *p = (double *)omp_alloc(64, llvm_omp_target_device_mem_alloc);
  p[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_alloc'
  double *h = (double *)omp_alloc(64, llvm_omp_target_host_mem_alloc);
  h[0] = 1.0; // no-warning: host memory
}

void kernels_in_loop(int dev) {
  double *d = (double *)omp_target_alloc_device(1000 * sizeof(double), dev);
  for (int it = 0; it < 100; ++it) {
#pragma omp target teams distribute parallel for is_device_ptr(d)
    for (int i = 0; i < 1000; ++i)
      d[i] += 1.0;
  }
  printf("%f\n", d[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:18: error: host code reads device memory allocated by 'omp_target_alloc_device'
  // CHECK-MESSAGES: :[[@LINE-8]]:25: note: allocated as device memory
  // CHECK-MESSAGES: :[[@LINE-3]]:18: note: recommended fix, since kernels touch this memory repeatedly and the host reads the results: keep device memory and copy to a host buffer before the host reads: declare a host buffer 'h_d', copy into it before this access with omp_target_memcpy(h_d, d, 1000 * sizeof(double), 0, 0, omp_get_initial_device(), dev), and read 'h_d' instead
  // CHECK-MESSAGES: :[[@LINE-10]]:25: note: alternative fix: allocate host memory instead with 'omp_target_alloc_host'
  // CHECK-MESSAGES: :[[@LINE-11]]:25: note: alternative fix: allocate shared memory instead with 'omp_target_alloc_shared'
}

void ping_pong(int dev) {
  double *d = (double *)omp_target_alloc_device(1000 * sizeof(double), dev);
  for (int it = 0; it < 100; ++it) {
#pragma omp target teams distribute parallel for is_device_ptr(d)
    for (int i = 0; i < 1000; ++i)
      d[i] += 1.0;
    d[0] = 0.0;
    // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'omp_target_alloc_device'
    // CHECK-MESSAGES: :[[@LINE-7]]:25: note: allocated as device memory
    // CHECK-MESSAGES: :[[@LINE-8]]:25: note: recommended fix, since host code and kernels both touch this memory repeatedly in the same loop: allocate shared memory instead with 'omp_target_alloc_shared' (same arguments)
    // CHECK-MESSAGES: :[[@LINE-9]]:25: note: alternative fix: allocate host memory instead with 'omp_target_alloc_host'
    // CHECK-MESSAGES: :[[@LINE-5]]:5: note: alternative fix: keep device memory
  }
}

#pragma omp declare target
static double first(const double *v) { return v[0]; }
#pragma omp end declare target

void declare_target_from_host(int dev) {
  double *d = (double *)omp_target_alloc(8 * sizeof(double), dev);
  double on_device = 0;
#pragma omp target is_device_ptr(d) map(from : on_device)
  on_device = first(d); // no-warning: runs on the device
  double on_host = first(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:26: error: host code passes device memory allocated by 'omp_target_alloc' to 'first', which reads it on the host
  (void)on_device;
  (void)on_host;
}

#define AT0(p) ((p)[0])
void in_macro(int dev) {
  double *d = (double *)omp_target_alloc(8 * sizeof(double), dev);
  double v = AT0(d);
  // CHECK-MESSAGES: :[[@LINE-1]]:14: error: host code reads device memory allocated by 'omp_target_alloc'
  (void)v;
}

struct Pair2 { double *p; int n; };
void aggregates_and_arrays(int dev) {
  struct Pair2 d = {(double *)omp_target_alloc(64, dev), 8};
  d.p[1] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
  double *ptrs[2];
  ptrs[0] = (double *)omp_target_alloc(64, dev);
  ptrs[0][0] = 2.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'
}
