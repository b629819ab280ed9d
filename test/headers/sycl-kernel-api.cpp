// The kernel-side SYCL 2020 API that real programs use parses against
// usmcheck's analysis headers alone: vec and its aliases, swizzles and
// conversions, marray, half, the built-in functions (including native:: and
// vec overloads), id/range arithmetic, nd_item/group/sub_group queries,
// group functions and algorithms, local_accessor in 0 to 3 dimensions,
// multi_ptr, atomic_ref with every order and scope, atomic_fence,
// reductions with properties, buffers with access tags and no_init,
// device queries, event profiling, exceptions and experimental::printf.
//
// clang-format off
// RUN: %clang -fsyntax-only -std=c++17 -Wall -Wextra -Werror -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -std=c++20 -Wall -idirafter %src_root/headers/sdk %s
// The SYCL 1.2.1 spelling reaches the same declarations:
// RUN: %clang -fsyntax-only -std=c++17 -Wall -idirafter %src_root/headers/sdk -DUSE_CL_SYCL %s
// clang-format on

#ifdef USE_CL_SYCL
#include <CL/sycl.hpp>
#else
#include <sycl/sycl.hpp>
#endif

#include <chrono>
#include <cstdio>
#include <vector>

#ifndef USMCHECK_ANALYSIS_HEADERS
#error "expected usmcheck's analysis headers"
#endif

using sycl::float4;
using sycl::int2;
using sycl::uchar4;

#ifdef __SYCL_DEVICE_ONLY__
#define CONSTANT __attribute__((opencl_constant))
#else
#define CONSTANT
#endif
static const CONSTANT char FMT[] = "sum = %f\n";

constexpr int BS = 256;

template <typename T> T warp_reduce(sycl::sub_group sg, T v) {
  for (int offset = 16; offset > 0; offset /= 2)
    v += sycl::permute_group_by_xor(sg, v, offset);
  return v;
}

float4 shade(const float4 &a, const float4 &b, float t) {
  float4 c = a * (1.0f - t) + b * t;
  c.w() = 1.0f;
  float4 n = sycl::normalize(c);
  float d = sycl::dot(a, b) + sycl::length(n);
  sycl::float3 cr = sycl::cross(sycl::float3(a.x(), a.y(), a.z()),
                                sycl::float3(b.x(), b.y(), b.z()));
  return sycl::fmax(n, float4(d)) + float4(cr.x(), cr.y(), cr.z(), 0.f);
}

int main() {
  try {
    sycl::queue q(
        sycl::gpu_selector_v,
        sycl::property_list{sycl::property::queue::in_order(),
                            sycl::property::queue::enable_profiling()});
    sycl::device dev = q.get_device();
    auto name = dev.get_info<sycl::info::device::name>();
    auto cus = dev.get_info<sycl::info::device::max_compute_units>();
    auto wg = dev.get_info<sycl::info::device::max_work_group_size>();
    auto sizes = dev.get_info<sycl::info::device::max_work_item_sizes<3>>();
    auto sgs = dev.get_info<sycl::info::device::sub_group_sizes>();
    std::printf("%s %u %zu %zu %zu %d\n", name.c_str(), cus, wg, sizes[0],
                sgs.size(), dev.has(sycl::aspect::fp64));

    const int n = 1 << 20;
    float *x = sycl::malloc_device<float>(n, q);
    float *y = sycl::malloc_shared<float>(n, q);
    int *count = sycl::malloc_device<int>(1, q);
    sycl::half *h = sycl::malloc_device<sycl::half>(n, q);
    q.memset(count, 0, sizeof(int));
    q.fill(x, 1.0f, n);

    auto t0 = std::chrono::steady_clock::now();
    sycl::range<1> gws((n + BS - 1) / BS * BS), lws(BS);
    sycl::event e = q.submit([&](sycl::handler &cgh) {
      sycl::local_accessor<float, 1> tile(sycl::range<1>(BS), cgh);
      sycl::local_accessor<float, 2> tile2(sycl::range<2>(16, 17), cgh);
      sycl::local_accessor<int, 0> flag(cgh);
      cgh.parallel_for<class k_main>(
          sycl::nd_range<1>(gws, lws), [=](sycl::nd_item<1> item) {
            int gid = item.get_global_id(0);
            int lid = item.get_local_id(0);
            int grp = item.get_group(0);
            auto g = item.get_group();
            auto sg = item.get_sub_group();
            int lane = sg.get_local_linear_id();
            int stride = item.get_local_range(0) * item.get_group_range(0);
            if (lid == 0)
              flag = 0;
            tile[lid] = gid < n ? x[gid] : 0.f;
            tile2[lid % 16][lid % 17] = static_cast<float>(grp);
            sycl::group_barrier(g);
            item.barrier(sycl::access::fence_space::local_space);
            float v = tile[lid] + tile2[1][2];
            v = sycl::rsqrt(v) + sycl::native::exp(v) +
                sycl::half_precision::sqrt(v) + sycl::cosh(v) +
                sycl::pown(v, 3) + sycl::fma(v, v, 1.f) +
                sycl::clamp(v, 0.f, 1.f) + sycl::min(v, 2.f) +
                sycl::max(lid, 3) + sycl::fabs(v) + sycl::erfc(v) +
                sycl::powr(v, 2.f) + sycl::log2(v) + sycl::rint(v);
            v = warp_reduce(sg, v) + sycl::shift_group_left(sg, v, 1) +
                sycl::select_from_group(sg, v, 0) +
                sycl::shift_group_right(sg, v);
            float sum = sycl::reduce_over_group(g, v, sycl::plus<float>());
            int mx = sycl::reduce_over_group(g, lid, sycl::maximum<>());
            int pre = sycl::exclusive_scan_over_group(g, lid, sycl::plus<>());
            float *first =
                tile.get_multi_ptr<sycl::access::decorated::no>().get();
            float jsum =
                sycl::joint_reduce(g, first, first + BS, sycl::plus<float>()) +
                *(tile.get_pointer() + 1);
            bool any = sycl::any_of_group(sg, v > 0.f);
            unsigned clz = sycl::clz(static_cast<unsigned>(lid)) +
                           sycl::popcount(lid) + sycl::mul24(lid, 2);
            if (lane == 0 && sg.leader() && any) {
              sycl::atomic_ref<int, sycl::memory_order::relaxed,
                               sycl::memory_scope::device,
                               sycl::access::address_space::global_space>
                  ref(*count);
              ref.fetch_add(1);
              int expected = ref.load();
              ref.compare_exchange_strong(expected, expected + 1,
                                          sycl::memory_order::acq_rel);
              sycl::atomic_ref<int, sycl::memory_order::relaxed,
                               sycl::memory_scope::work_group,
                               sycl::access::address_space::local_space>
                  lref(flag);
              lref++;
              sycl::atomic_fence(sycl::memory_order::seq_cst,
                                 sycl::memory_scope::work_group);
            }
            for (int i = gid; i < n; i += stride)
              y[i] = sum + mx + pre + jsum + clz;
            h[gid] = sycl::half(v) * sycl::half(2.0f);
            float back = h[gid];
            sycl::ext::oneapi::experimental::printf(FMT, back);
          });
    });
    e.wait();
    auto start =
        e.get_profiling_info<sycl::info::event_profiling::command_start>();
    auto end = e.get_profiling_info<sycl::info::event_profiling::command_end>();
    auto t1 = std::chrono::steady_clock::now();
    std::printf("%lu %f\n", end - start,
                std::chrono::duration<double>(t1 - t0).count());

    // Vectors, swizzles, conversions, marray.
    float4 *v4 = sycl::malloc_device<float4>(n / 4, q);
    uchar4 *img = sycl::malloc_device<uchar4>(n / 4, q);
    q.parallel_for(sycl::range<2>(64, 64), [=](sycl::item<2> it) {
       sycl::id<2> idx = it.get_id();
       size_t i = it.get_linear_id();
       sycl::range<2> r = it.get_range();
       if (idx[0] + 1 < r[0] && idx == sycl::id<2>(idx[0], idx[1])) {
         float4 a = v4[i];
         float4 b{1.f, 2.f, 3.f, 4.f};
         sycl::int4 m = a > b;
         sycl::int4 ai = a.convert<int, sycl::rounding_mode::rtz>();
         sycl::uint4 bits = a.as<sycl::uint4>();
         sycl::float2 lo = a.lo();
         auto sw = a.swizzle<2, 1, 0, 3>();
         v4[i] = shade(a, b, 0.5f) + sw + float4(lo, lo) +
                 sycl::select(a, b, m) + ai.convert<float>() +
                 bits.convert<float>();
         uchar4 p = img[i];
         p.x() = 255 - p.x();
         p.s1() = sycl::min(p.s1(), (unsigned char)128);
         img[i] = p;
         int2 q2(1, 2);
         q2 += 1;
         sycl::marray<float, 3> ma{1.f, 2.f, 3.f};
         ma = ma * 2.f + sycl::fabs(ma);
         float t = sycl::bit_cast<float>(sycl::bit_cast<unsigned>(ma[0]));
         v4[i].x() += t + q2.y();
       }
     }).wait();

    // range/id arithmetic.
    sycl::range<3> block(1, 8, 32), grid(4, 4, 4);
    sycl::nd_range<3> ndr(grid * block, block);
    q.parallel_for(ndr, [=](sycl::nd_item<3> it) {
       int i = it.get_global_id(2) + it.get_global_id(1) * 32;
       sycl::id<3> gid = it.get_global_id() - it.get_local_id();
       if (gid[0] == 0 && i < n)
         y[i] *= 2.f;
     }).wait();

    // Reductions with properties.
    float *sum = sycl::malloc_shared<float>(1, q);
    int *mx = sycl::malloc_shared<int>(1, q);
    q.parallel_for(
         sycl::range<1>(n),
         sycl::reduction(sum, sycl::plus<float>(),
                         sycl::property::reduction::initialize_to_identity()),
         sycl::reduction(mx, sycl::maximum<int>()),
         [=](sycl::id<1> i, auto &s, auto &m) {
           s += y[i];
           m.combine(static_cast<int>(i));
         })
        .wait();

    // Buffers and accessors with tags.
    std::vector<float> host(n, 1.f);
    {
      sycl::buffer<float, 1> buf(host.data(), sycl::range<1>(n));
      sycl::buffer<float> out(n);
      sycl::buffer<int, 2> grid2(sycl::range<2>(16, 16));
      q.submit([&](sycl::handler &cgh) {
        sycl::accessor in(buf, cgh, sycl::read_only);
        sycl::accessor o(out, cgh, sycl::write_only, sycl::no_init);
        auto g2 = grid2.get_access<sycl::access_mode::read_write>(cgh);
        sycl::accessor<float, 1, sycl::access::mode::read_write,
                       sycl::access::target::local>
            scratch(sycl::range<1>(BS), cgh);
        cgh.parallel_for(sycl::nd_range<1>(n, BS), [=](sycl::nd_item<1> it) {
          size_t i = it.get_global_id(0);
          scratch[it.get_local_id(0)] = in[i];
          o[i] = scratch[it.get_local_id(0)] + g2[1][2];
        });
      });
      sycl::host_accessor ha(out, sycl::read_only);
      std::printf("%f\n", ha[0]);
    }
    sycl::free(x, q);
    sycl::free(y, q);
    sycl::free(count, q);
    sycl::free(h, q);
    sycl::free(v4, q);
    sycl::free(img, q);
    sycl::free(sum, q);
    sycl::free(mx, q);
  } catch (sycl::exception const &ex) {
    std::printf("%s %d\n", ex.what(), ex.code() == sycl::errc::invalid);
    return 1;
  }
  return 0;
}
