// Device pointers in a std::pair / std::tuple / aggregate that a helper
// returns by value, read through .first/.second, std::get<I> or fields.
// RUN: %check_clang_tidy %s usm-host-access-device %t -- -std=c++17
#include <omp.h>
#include <cstdlib>
#include <tuple>
#include <utility>

static std::pair<double *, double *> make_pair_bufs(int n, int dev) {
  double *d = static_cast<double *>(omp_target_alloc(n * sizeof(double), dev));
  double *h = static_cast<double *>(std::malloc(n * sizeof(double)));
  return {d, h};
}

static std::pair<double *, double *> make_pair_call(int n, int dev) {
  double *d = static_cast<double *>(omp_target_alloc(n * sizeof(double), dev));
  double *h = static_cast<double *>(std::malloc(n * sizeof(double)));
  return std::make_pair(h, d);
}

static std::tuple<double *, double *, int> make_tuple_bufs(int n, int dev) {
  double *d = static_cast<double *>(omp_target_alloc(n * sizeof(double), dev));
  double *h = static_cast<double *>(std::malloc(n * sizeof(double)));
  return std::make_tuple(h, d, n);
}

struct Bufs {
  double *dev;
  double *host;
};

static Bufs make_struct(int n, int dev) {
  return Bufs{static_cast<double *>(omp_target_alloc(n * sizeof(double), dev)),
              static_cast<double *>(std::malloc(n * sizeof(double)))};
}

void use(int n, int dev) {
  std::pair<double *, double *> p = make_pair_bufs(n, dev);
  p.second[0] = 1.0; // no-warning
  p.first[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  auto q = make_pair_call(n, dev);
  q.first[0] = 1.0; // no-warning
  q.second[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  auto t = make_tuple_bufs(n, dev);
  std::get<0>(t)[0] = 1.0; // no-warning
  std::get<1>(t)[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
  Bufs b = make_struct(n, dev);
  b.host[0] = 1.0; // no-warning
  b.dev[0] = 1.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'omp_target_alloc'; the host cannot access device memory [usm-host-access-device]
}
