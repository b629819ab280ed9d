// clang-format off
// SYCL: --fix swaps sycl::malloc_device for sycl::malloc_host. sycl::free
// releases every kind, so the frees in a helper release() and in a
// destructor stay as they are, and the fixed file is clean
// for every check.
// RUN: rm -rf %t.dir && mkdir %t.dir && cp %s %t.dir/prog.cpp
// RUN: not %usmcheck check --checks='-*,usm-host-access-device' %t.dir/prog.cpp 2>&1 | FileCheck %s
// RUN: not %usmcheck check --fix %t.dir/prog.cpp > /dev/null 2>&1
// RUN: FileCheck %s --check-prefix=FIXED < %t.dir/prog.cpp
// RUN: %usmcheck check %t.dir/prog.cpp 2>&1 | FileCheck %s --check-prefix=AFTER
// clang-format on
#include <cstdio>
#include <memory>
#include <sycl/sycl.hpp>

static void release(double *p, sycl::queue &q) { sycl::free(p, q); }
// FIXED: {{^}}static void release(double *p, sycl::queue &q) { sycl::free(p, q); }

struct Owner {
  sycl::queue &q;
  double *p = nullptr;
  explicit Owner(sycl::queue &q) : q(q) {}
  ~Owner() { sycl::free(p, q); }
};

int main() {
  sycl::queue q;
  double *buf = sycl::malloc_device<double>(64, q);
  // FIXED: {{^}}  double *buf = sycl::malloc_host<double>(64, q);
  q.parallel_for(64, [=](sycl::id<1> i) { buf[i] = i; }).wait();
  std::printf("%f\n", buf[1]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'sycl::malloc_device'
  release(buf, q);

  Owner o(q);
  o.p = sycl::malloc_device<double>(64, q);
  // FIXED: {{^}}  o.p = sycl::malloc_host<double>(64, q);
  double *d = o.p;
  q.parallel_for(64, [=](sycl::id<1> i) { d[i] = i; }).wait();
  std::printf("%f\n", o.p[2]);
  // CHECK: :[[@LINE-1]]:23: error: host code reads device memory allocated by 'sycl::malloc_device'
  return 0;
}
// AFTER: usmcheck: 0 errors and 0 warnings in 1 file
