// Run-time kind queries (SYCL): in the branch where sycl::get_pointer_type
// said the pointer is not device memory, host accesses are not reported; in
// the branch where it said device, and outside the query, they are.
// RUN: %check_clang_tidy %s usm-host-access-device %t -- -std=c++17
#include <sycl/sycl.hpp>

void queries(sycl::queue &q, bool flag) {
  double *d = sycl::malloc_device<double>(8, q);
  double *s = sycl::malloc_shared<double>(8, q);
  double *p = flag ? d : s;
  sycl::context ctx = q.get_context();
  if (sycl::get_pointer_type(p, ctx) == sycl::usm::alloc::device)
    q.memset(p, 0, 8 * sizeof(double)).wait();
  else
    p[0] = 1.0; // no-warning: the query said not device
  if (sycl::get_pointer_type(p, ctx) != sycl::usm::alloc::device)
    p[1] = 2.0; // no-warning
  if (sycl::get_pointer_type(p, ctx) == sycl::usm::alloc::host ||
      sycl::get_pointer_type(p, ctx) == sycl::usm::alloc::shared)
    p[2] = 3.0; // no-warning: host or shared on both arms
  sycl::usm::alloc kind = sycl::get_pointer_type(p, ctx);
  if (kind == sycl::usm::alloc::shared)
    p[3] = 4.0; // no-warning: the answer kept in a variable
  if (sycl::get_pointer_type(p, ctx) == sycl::usm::alloc::device)
    p[4] = 5.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'sycl::malloc_device'; the host cannot access device memory [usm-host-access-device]
  if (sycl::get_pointer_type(s, ctx) != sycl::usm::alloc::device)
    p[5] = 6.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'sycl::malloc_device'; the host cannot access device memory [usm-host-access-device]
  p[6] = 7.0;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'sycl::malloc_device'; the host cannot access device memory [usm-host-access-device]
  sycl::free(d, q);
  sycl::free(s, q);
}

// The guard in a helper: the summary does not say it dereferences `p`.
void fill_if_host(double *p, const sycl::context &ctx) {
  if (sycl::get_pointer_type(p, ctx) != sycl::usm::alloc::device)
    p[0] = 0.0; // no-warning
}

void caller(sycl::queue &q) {
  double *d = sycl::malloc_device<double>(8, q);
  fill_if_host(d, q.get_context()); // no-warning
  sycl::free(d, q);
}
