// usm-async-host-access, SYCL: host accesses of shared and host USM while
// a kernel, a command group or a queue copy may still write it (an in-order
// queue included); quiet after queue.wait(), the event's wait(), a helper
// that waits, and for memory the kernel only reads.
// clang-format off
#include <sycl/sycl.hpp>
#include <cstdio>

void report(float v); // external: usmcheck cannot see inside

void launch_then_read(sycl::queue &q, size_t n) {
  float *s = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = 1.0f; });
  std::printf("%f\n", s[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:23: warning: host read of 's' (USM shared memory) while 'sycl::queue::parallel_for' on 'q' may still be writing it: no 'sycl::queue::wait' or 'sycl::event::wait' on some path between them; wait for it before the host touches the memory [usm-async-host-access]
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'sycl::queue::parallel_for' starts here and writes 's' asynchronously
  // CHECK-MESSAGES: :[[@LINE-5]]:14: note: allocated as USM shared memory by 'sycl::malloc_shared' here
  q.wait();
  sycl::free(s, q);
}

void submit_then_write(sycl::queue &q, size_t n) {
  float *s = sycl::malloc_shared<float>(n, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] += 1.0f; });
  });
  s[0] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: host write of 's' (USM shared memory) while the command group submitted with 'sycl::queue::submit' on 'q' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-5]]:3: note: the command group submitted with 'sycl::queue::submit' starts here
  q.wait();
  sycl::free(s, q);
}

void copy_then_read(sycl::queue &q, size_t n) {
  float *h = sycl::malloc_host<float>(n, q);
  float *d = sycl::malloc_device<float>(n, q);
  q.memcpy(h, d, n * sizeof(float));
  report(h[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: host read of 'h' (USM host memory) while 'sycl::queue::memcpy' on 'q' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-3]]:3: note: 'sycl::queue::memcpy' starts here and writes 'h' asynchronously
  q.wait();
  sycl::free(h, q);
  sycl::free(d, q);
}

void in_order_queue(size_t n) {
  sycl::queue q{sycl::property::queue::in_order()};
  float *s = sycl::malloc_shared<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = 2.0f; });
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] *= 2.0f; });
  float first = s[0];
  // CHECK-MESSAGES: :[[@LINE-1]]:17: warning: host read of 's' (USM shared memory) while 'sycl::queue::parallel_for' on 'q' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: 'sycl::queue::parallel_for' starts here
  report(first);
  q.wait();
  sycl::free(s, q);
}

void waits_for_other_event(sycl::queue &q, size_t n) {
  float *h = sycl::malloc_host<float>(n, q);
  float *s = sycl::malloc_shared<float>(n, q);
  float *d = sycl::malloc_device<float>(n, q);
  sycl::event copied = q.memcpy(h, d, n * sizeof(float));
  sycl::event computed =
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = d[i]; });
  copied.wait();
  report(h[0]); // no-warning: its copy is complete
  report(s[0]);
  // CHECK-MESSAGES: :[[@LINE-1]]:10: warning: host read of 's' (USM shared memory) while 'sycl::queue::parallel_for' on 'q' may still be writing it
  // CHECK-MESSAGES: :[[@LINE-5]]:7: note: 'sycl::queue::parallel_for' starts here
  computed.wait();
  sycl::free(h, q);
  sycl::free(s, q);
  sycl::free(d, q);
}

// ---- correct code: no findings below ----

static void drain(sycl::queue &q) { q.wait_and_throw(); }

void queue_wait(sycl::queue &q, size_t n) {
  float *s = sycl::malloc_shared<float>(n, q);
  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = 1.0f; });
  });
  q.wait();
  report(s[0]); // no-warning: q.wait() ends the command group
  sycl::free(s, q);
}

void event_wait(sycl::queue &q, size_t n) {
  float *s = sycl::malloc_shared<float>(n, q);
  sycl::event e =
      q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { s[i] = 1.0f; });
  e.wait();
  report(s[0]); // no-warning: the kernel's event was waited for
  sycl::free(s, q);
}

void chained_wait(sycl::queue &q, size_t n) {
  float *h = sycl::malloc_host<float>(n, q);
  float *d = sycl::malloc_device<float>(n, q);
  q.memcpy(h, d, n * sizeof(float)).wait();
  report(h[0]); // no-warning: the copy was waited for
  q.submit([&](sycl::handler &cgh) {
     cgh.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { h[i] = 0.0f; });
   }).wait();
  report(h[1]); // no-warning: the command group was waited for
  sycl::free(h, q);
  sycl::free(d, q);
}

void kernel_only_reads(sycl::queue &q, size_t n) {
  float *in = sycl::malloc_shared<float>(n, q);
  float *out = sycl::malloc_device<float>(n, q);
  q.parallel_for(sycl::range<1>(n), [=](sycl::id<1> i) { out[i] = in[i]; });
  report(in[0]); // no-warning: the kernel only reads 'in'
  q.wait();
  sycl::free(in, q);
  sycl::free(out, q);
}

void helper_waits(sycl::queue &q, size_t n) {
  float *s = sycl::malloc_shared<float>(n, q);
  q.fill(s, 0.0f, n);
  drain(q);
  s[0] = 1.0f; // no-warning: drain() waits for the queue
  sycl::free(s, q);
}
