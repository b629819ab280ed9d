// SYCL 1.2.1-era code (<CL/sycl.hpp>, cl::sycl::) parses against the
// analysis headers, and its calls resolve to the same sycl:: declarations
// the catalog names.
//
// RUN: %clang -fsyntax-only -std=c++17 -Wall -Werror -idirafter %src_root/headers/sdk %s
// RUN: %clang -fsyntax-only -std=c++17 -idirafter %src_root/headers/sdk -Xclang -ast-dump -Xclang -ast-dump-filter=main %s | FileCheck %s
// CHECK: DeclRefExpr {{.*}} Function {{.*}} 'malloc_shared'
// CHECK: CXXMemberCallExpr
// CHECK: MemberExpr {{.*}} .memcpy

#include <CL/sycl.hpp>

int main() {
  cl::sycl::queue q{cl::sycl::gpu_selector{}};
  float *p = cl::sycl::malloc_shared<float>(16, q);
  float h[16];
  q.submit([&](cl::sycl::handler &cgh) {
    cgh.parallel_for<class k>(cl::sycl::range<1>(16),
                              [=](cl::sycl::id<1> i) { p[i] = 1.0f; });
  });
  q.wait();
  q.memcpy(h, p, sizeof h).wait();
  cl::sycl::free(p, q);
  return h[0] == 1.0f ? 0 : 1;
}
