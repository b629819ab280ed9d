// A realistic SYCL 2020 USM program parses against usmcheck's analysis
// headers alone (no SYCL SDK): queue shortcuts, submit with a handler,
// parallel_for over range and nd_range with plain and generic lambdas,
// reductions, single_task, parallel_for_work_group, host_task,
// usm_allocator, every allocation overload and the USM commands.
//
// RUN: %clang -fsyntax-only -std=c++17 -Wall -Wextra -Werror -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -std=c++20 -Wall -idirafter %src_root/headers/sdk %s
// The headers announce themselves, and only when real ones are absent:
// RUN: %clang -fsyntax-only -std=c++17 -idirafter %src_root/headers/sdk -DEXPECT_ANALYSIS_HEADERS %s
// A missing SYCL header is reported by clang, not hidden by ours:
// RUN: not %clang -fsyntax-only -std=c++17 %s 2>&1 | FileCheck %s --check-prefix=NOSDK
// NOSDK: 'sycl/sycl.hpp' file not found

#include <sycl/sycl.hpp>

#include <cstdio>
#include <numeric>
#include <vector>

#if defined(EXPECT_ANALYSIS_HEADERS) && !defined(USMCHECK_ANALYSIS_HEADERS)
#error "expected usmcheck's analysis headers"
#endif

constexpr size_t N = 1024;

// A kernel functor instead of a lambda.
struct Scale {
  double *data;
  double factor;
  void operator()(sycl::id<1> i) const { data[i] *= factor; }
};

static void allocations(sycl::queue &q) {
  sycl::device dev = q.get_device();
  sycl::context ctx = q.get_context();

  void *d0 = sycl::malloc_device(N, q);
  void *d1 = sycl::malloc_device(N, dev, ctx);
  int *d2 = sycl::malloc_device<int>(N, q);
  int *d3 = sycl::malloc_device<int>(N, dev, ctx, sycl::property_list{});
  void *h0 = sycl::malloc_host(N, q);
  void *h1 = sycl::malloc_host(N, ctx);
  float *h2 = sycl::malloc_host<float>(N, q);
  float *h3 = sycl::malloc_host<float>(N, ctx);
  void *s0 = sycl::malloc_shared(N, q);
  void *s1 = sycl::malloc_shared(N, dev, ctx);
  long *s2 = sycl::malloc_shared<long>(N, q);
  long *s3 = sycl::malloc_shared<long>(N, dev, ctx);
  void *a0 = sycl::aligned_alloc_device(64, N, q);
  double *a1 = sycl::aligned_alloc_device<double>(64, N, dev, ctx);
  void *a2 = sycl::aligned_alloc_host(64, N, ctx);
  double *a3 = sycl::aligned_alloc_host<double>(64, N, q);
  void *a4 = sycl::aligned_alloc_shared(64, N, dev, ctx);
  double *a5 = sycl::aligned_alloc_shared<double>(64, N, q);
  void *m0 = sycl::malloc(N, q, sycl::usm::alloc::device);
  char *m1 = sycl::malloc<char>(N, dev, ctx, sycl::usm::alloc::shared);
  void *m2 = sycl::aligned_alloc(64, N, q, sycl::usm::alloc::host);
  char *m3 = sycl::aligned_alloc<char>(64, N, dev, ctx, sycl::usm::alloc::host);

  if (sycl::get_pointer_type(s0, ctx) == sycl::usm::alloc::shared)
    std::printf("shared on %s\n",
                sycl::get_pointer_device(s0, ctx)
                    .get_info<sycl::info::device::name>()
                    .c_str());

  void *all[] = {d0, d1, d2, d3, h0, h1, h2, h3, s0, s1, s2, s3,
                 a0, a1, a2, a3, a4, a5, m0, m1, m2, m3};
  for (void *p : all)
    sycl::free(p, q);
  sycl::free(nullptr, ctx);
}

static double kernels(sycl::queue &q) {
  double *dev = sycl::malloc_device<double>(N, q);
  double *shared = sycl::malloc_shared<double>(N, q);
  double host[N];
  if (!dev || !shared)
    return 0;

  // Queue shortcuts: plain lambda, generic lambda, item, functor.
  sycl::event e0 =
      q.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { dev[i] = i; });
  sycl::event e1 = q.parallel_for(sycl::range{N}, e0,
                                  [=](auto it) { shared[it] = dev[it] * 2; });
  q.parallel_for(sycl::range<1>(N), {e0, e1}, [=](sycl::item<1> it) {
     shared[it.get_linear_id()] += it.get_range(0);
   }).wait();
  q.parallel_for(sycl::range<1>(N), Scale{shared, 0.5});
  // A plain count converts to range<1>, with and without dependencies.
  q.parallel_for(N, [=](auto i) { dev[i] += 1; }).wait();
  q.parallel_for(N, e1, [=](sycl::id<1> i) { shared[i] -= 1; });
  q.parallel_for<class counted>(N, {e0, e1}, [=](sycl::item<1> it) {
    shared[it] = dev[it];
  });
  q.single_task([=] { dev[0] = 42; });
  q.single_task(e1, [=]() { shared[0] = dev[0]; });

  // 2D ids and nd_range with local sizes and a barrier.
  q.parallel_for(sycl::range<2>(32, 32), [=](sycl::id<2> ij) {
    dev[ij[0] * 32 + ij[1]] = ij.get(0) + ij.get(1);
  });
  q.parallel_for(sycl::nd_range<1>(sycl::range<1>(N), sycl::range<1>(64)),
                 [=](sycl::nd_item<1> it) {
                   size_t g = it.get_global_id(0);
                   it.barrier(sycl::access::fence_space::local_space);
                   sycl::group_barrier(it.get_group());
                   shared[g] = sycl::sqrt(dev[g]) + it.get_local_id(0);
                 });

  // A reduction passes a reducer to the kernel.
  double *sum = sycl::malloc_shared<double>(1, q);
  q.parallel_for(sycl::range<1>(N), sycl::reduction(sum, sycl::plus<double>()),
                 [=](sycl::id<1> i, auto &acc) { acc += shared[i]; })
      .wait();

  // Command groups with a handler.
  q.submit([&](sycl::handler &h) {
    h.depends_on(e1);
    h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { dev[i] += 1; });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for<class named_kernel>(
        sycl::nd_range<1>{{N}, {128}},
        [=](sycl::nd_item<1> it) { shared[it.get_global_linear_id()] = 0; });
  });
  q.submit([&](sycl::handler &h) {
    h.single_task([=] { shared[1] = 1; });
  });
  q.submit([&](sycl::handler &h) {
    sycl::stream out(1024, 256, h);
    h.parallel_for(N, [=](sycl::id<1> i) {
      if (i == 0 && i + 1 < N && i * 2 != sycl::id<1>(5))
        out << "first: " << dev[i] << sycl::endl;
    });
  });
  q.submit([&](sycl::handler &h) {
    h.parallel_for_work_group(sycl::range<1>(N / 64), sycl::range<1>(64),
                              [=](sycl::group<1> g) {
                                g.parallel_for_work_item([&](sycl::h_item<1> i) {
                                  dev[i.get_global_id(0)] = g.get_group_id(0);
                                });
                              });
  });
  // host_task runs on the host: reading shared memory there is fine.
  q.submit([&](sycl::handler &h) {
    h.host_task([=] { std::printf("%f\n", shared[0]); });
  });
  q.submit([&](sycl::handler &h) {
    h.host_task([=](sycl::interop_handle ih) { (void)ih.get_device(); });
  });
  q.submit([&](sycl::handler &h) {
    h.memcpy(host, dev, N * sizeof(double));
  });
  q.submit([&](sycl::handler &h) { h.copy(dev, host, N); });
  q.submit([&](sycl::handler &h) { h.memset(dev, 0, N * sizeof(double)); });
  q.submit([&](sycl::handler &h) { h.fill(dev, 1.0, N); });
  q.submit([&](sycl::handler &h) { h.prefetch(shared, N * sizeof(double)); });
  q.submit([&](sycl::handler &h) { h.mem_advise(shared, N, 0); });

  // Queue USM commands and their event forms.
  sycl::event c0 = q.memcpy(host, dev, N * sizeof(double));
  q.memcpy(host, dev, N * sizeof(double), c0).wait();
  q.copy(dev, host, N, {c0}).wait();
  q.copy<double>(host, dev, N);
  q.memset(dev, 0, N * sizeof(double));
  q.fill(dev, 3.0, N).wait();
  q.prefetch(shared, N * sizeof(double));
  q.mem_advise(shared, N * sizeof(double), 0);
  q.wait();
  sycl::event::wait({c0, e0});

  double result = host[100] + shared[100] + *sum;
  sycl::free(sum, q);
  sycl::free(shared, q);
  sycl::free(dev, q);
  return result;
}

static void containers_and_buffers(sycl::queue &q) {
  // usm_allocator in a standard container.
  sycl::usm_allocator<int, sycl::usm::alloc::shared> alloc(q);
  std::vector<int, sycl::usm_allocator<int, sycl::usm::alloc::shared>> v(
      N, 0, alloc);
  std::iota(v.begin(), v.end(), 0);
  int *vp = v.data();
  q.parallel_for(sycl::range<1>(v.size()), [=](sycl::id<1> i) { vp[i]++; })
      .wait();

  // Buffers and accessors, host accessors.
  std::vector<float> data(N, 1.0f);
  {
    sycl::buffer<float, 1> buf(data.data(), sycl::range<1>(N));
    q.submit([&](sycl::handler &h) {
      sycl::accessor acc(buf, h, sycl::read_write);
      sycl::local_accessor<float, 1> tile(sycl::range<1>(64), h);
      h.parallel_for(sycl::range<1>(N), [=](sycl::id<1> i) { acc[i] *= 2; });
    });
    sycl::host_accessor ha(buf, sycl::read_only);
    std::printf("%f\n", ha[0]);
  }

  // Atomics in a kernel.
  int *counter = sycl::malloc_shared<int>(1, q);
  q.parallel_for(sycl::range<1>(N), [=](sycl::id<1>) {
     sycl::atomic_ref<int, sycl::memory_order::relaxed,
                      sycl::memory_scope::device>
         ref(*counter);
     ref.fetch_add(1);
   }).wait();
  sycl::free(counter, q);
}

static void devices() {
  sycl::queue gpu{sycl::gpu_selector_v};
  // Programs rely on <sycl/sycl.hpp> making std::cout visible, and still
  // use the SYCL 1.2.1-era usm_*_allocations descriptors.
  sycl::device d = gpu.get_device();
  std::cout << d.get_platform().get_info<sycl::info::platform::name>() << ": "
            << d.get_info<sycl::info::device::name>() << " shared USM "
            << d.get_info<sycl::info::device::usm_shared_allocations>()
            << "\n";
  sycl::queue legacy{sycl::gpu_selector{}};
  sycl::queue ordered{sycl::default_selector_v, sycl::property::queue::in_order{}};
  sycl::device root = gpu.get_device();
  if (root.has(sycl::aspect::usm_shared_allocations)) {
    std::vector<sycl::device> subs = root.create_sub_devices<
        sycl::info::partition_property::partition_by_affinity_domain>(
        sycl::info::partition_affinity_domain::next_partitionable);
    if (!subs.empty()) {
      sycl::queue sub(subs[0]);
      void *p = sycl::malloc_device(16, sub);
      sycl::free(p, sub);
    }
  }
  sycl::context ctx(root);
  sycl::queue q2(ctx, root, sycl::property_list{});
  auto handler = [](sycl::exception_list l) {
    for (std::exception_ptr e : l)
      (void)e;
  };
  sycl::queue q3(root, handler);
  try {
    q3.wait_and_throw();
  } catch (const sycl::exception &e) {
    std::printf("%s\n", e.what());
  }
}

int main() {
  sycl::queue q;
  allocations(q);
  double r = kernels(q);
  containers_and_buffers(q);
  devices();
  return r > 0 ? 0 : 1;
}
