// Histogram: device input, device bins built with atomics in a kernel
// submitted through a handler; a host_task reports from host memory.
#include <sycl/sycl.hpp>
#include <cstdio>
#include <vector>

int main() {
  constexpr size_t N = 1 << 16, BINS = 64;
  sycl::queue q;
  std::vector<unsigned> input(N);
  for (size_t i = 0; i < N; ++i)
    input[i] = static_cast<unsigned>((i * 2654435761u) % BINS);

  unsigned *d_in = sycl::malloc_device<unsigned>(N, q);
  unsigned *d_bins = sycl::malloc_device<unsigned>(BINS, q);
  unsigned *h_bins = sycl::malloc_host<unsigned>(BINS, q);
  q.memcpy(d_in, input.data(), N * sizeof(unsigned)).wait();
  q.memset(d_bins, 0, BINS * sizeof(unsigned)).wait();

  q.submit([&](sycl::handler &h) {
    h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) {
      sycl::atomic_ref<unsigned, sycl::memory_order::relaxed,
                       sycl::memory_scope::device>
          bin(d_bins[d_in[i]]);
      bin.fetch_add(1u);
    });
  });
  q.wait();
  q.memcpy(h_bins, d_bins, BINS * sizeof(unsigned)).wait();
  q.submit([&](sycl::handler &h) {
    h.host_task([=]() {
      unsigned total = 0;
      for (size_t b = 0; b < BINS; ++b)
        total += h_bins[b];
      std::printf("histogram: %u samples\n", total);
    });
  });
  q.wait();
  sycl::free(d_in, q);
  sycl::free(d_bins, q);
  sycl::free(h_bins, q);
  return 0;
}
