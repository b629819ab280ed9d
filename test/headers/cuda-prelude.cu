// nvcc makes the CUDA runtime visible in every .cu file, so many use it
// without an #include. With -nocudainc the driver force-includes
// headers/sdk/usmcheck/cuda_prelude.h to restore that.
//
// RUN: %clang -fsyntax-only -Wall -Werror -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk %s
// The prelude is harmless when the file includes the runtime itself:
// RUN: %clang -fsyntax-only -Wall -Werror -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -include %src_root/headers/sdk/usmcheck/cuda_prelude.h -idirafter %src_root/headers/sdk %examples/cuda/seed_bug.cu
// Without it this file does not parse:
// RUN: not %clang -fsyntax-only -x cuda --cuda-host-only -nocudainc -nocudalib -Wno-unknown-cuda-version --cuda-path=%t.no-cuda -idirafter %src_root/headers/sdk %s 2>&1 | FileCheck %s
// CHECK: error: {{.*}}__global__

// Standard headers after the prelude still work (clang's cuda_wrappers/new
// needs the device malloc/free the analysis headers declare).
#include <cmath>
#include <iostream>
#include <vector>

__global__ void fill(double *buf, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    buf[i] = sqrt((double)i);
}

int main() {
  double *buf = nullptr;
  if (cudaMalloc(&buf, 1024 * sizeof(double)) != cudaSuccess)
    return 1;
  fill<<<4, 256>>>(buf, 1024);
  cudaDeviceSynchronize();
  std::vector<double> host(1024);
  cudaMemcpy(host.data(), buf, 1024 * sizeof(double), cudaMemcpyDeviceToHost);
  std::cout << host[100] << "\n";
  cudaFree(buf);
  return 0;
}
