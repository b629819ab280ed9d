// Less common SYCL API and the oneAPI extensions programs use parse against
// usmcheck's analysis headers alone: lambda selectors and local types with
// the typed USM functions and group algorithms (templates used with types
// without linkage must be defined), span, images and samplers,
// group_ballot, device_global, bfloat16, joint_matrix, command_graph,
// 1.2.1 atomics, and `using namespace sycl` next to the C math library.
//
// clang-format off
// RUN: %clang -fsyntax-only -std=c++17 -Wall -Wextra -Werror -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -std=c++20 -Wall -idirafter %src_root/headers/sdk %s
// clang-format on

#include <math.h>
#include <sycl/sycl.hpp>

#include <array>
#include <cstdio>
#include <vector>

#ifndef USMCHECK_ANALYSIS_HEADERS
#error "expected usmcheck's analysis headers"
#endif

namespace syclex = sycl::ext::oneapi::experimental;
using namespace sycl;

syclex::device_global<const float[4]> table{1.f, 2.f, 3.f, 4.f};

SYCL_EXTERNAL float lookup(int i) { return table[i & 3]; }

// Integer pow from <math.h> stays the C library's under `using namespace
// sycl` (sycl::pow takes floating-point types only).
int weight(int i, int b) { return static_cast<int>(pow(i + 1, b)); }

int main() {
  struct Particle {
    float x, y;
  };
  queue q([](const device &d) { return d.is_gpu() ? 1 : -1; });
  Particle *p = malloc_device<Particle>(64, q);
  Particle host[64] = {};
  q.copy(host, p, 64);
  q.fill(p, Particle{0.f, 0.f}, 64);
  unsigned *mask = malloc_shared<unsigned>(1, q);

  q.parallel_for(nd_range<1>(64, 32), [=](nd_item<1> it) {
     sub_group sg = it.get_sub_group();
     Particle mine = p[it.get_global_id(0)];
     Particle first = group_broadcast(sg, mine);
     float sum =
         reduce_over_group(sg, mine.x, [](float a, float b) { return a + b; });
     auto ballot = ext::oneapi::group_ballot(sg, mine.x > 0.f);
     unsigned bits = 0;
     ballot.extract_bits(bits, 0);
     if (sg.leader())
       *mask = bits;
     ext::oneapi::bfloat16 bf = sum;
     half h = static_cast<half>(bf);
     p[it.get_global_id(0)].y = first.y + h + lookup(it.get_local_id(0));
     float vals[4] = {};
     span<float, 4> s{vals};
     s[0] = syclex::cuda::ldg(&p[0].x);
   }).wait();

  // 1.2.1 images, samplers and atomics.
  std::vector<float4> pixels(16 * 16);
  image<2> img(pixels.data(), image_channel_order::rgba,
               image_channel_type::fp32, range<2>(16, 16));
  sampler smp(coordinate_normalization_mode::unnormalized,
              addressing_mode::clamp_to_edge, filtering_mode::linear);
  buffer<int> counter(range<1>(1));
  q.submit([&](handler &cgh) {
    auto tex = img.get_access<float4, access::mode::read>(cgh);
    auto cnt = counter.get_access<access::mode::atomic>(cgh);
    cgh.parallel_for(range<2>(16, 16), [=](item<2> it) {
      float4 c =
          tex.read(int2(it[0], it[1])) + tex.read(float2(0.5f, 0.5f), smp);
      if (c.x() > 0.f)
        atomic_fetch_add(atomic<int>(cnt.get_pointer()), 1);
    });
  });

  // A recorded graph, finalized and replayed.
  syclex::command_graph graph{q.get_context(), q.get_device()};
  graph.begin_recording(q);
  q.memset(mask, 0, sizeof(unsigned));
  graph.end_recording();
  auto exec = graph.finalize();
  q.submit([&](handler &cgh) { cgh.ext_oneapi_graph(exec); }).wait();

  std::printf("%u %d\n", *mask, weight(2, 3));
  free(p, q);
  free(mask, q);
  return 0;
}
