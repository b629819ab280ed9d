// kernels.cu - the device code of `usmcheck bench`'s CUDA backend.
//
// Compiled at build time by clang (--cuda-device-only -nocudainc -nocudalib,
// no CUDA toolkit needed) to PTX for sm_70, which the driver JIT-compiles for
// the GPU at hand; the PTX is embedded in usmcheck as a string. Hence no CUDA
// headers: the qualifiers and thread indices are spelled with clang's
// attributes and NVVM builtins.
//
// Each kernel walks [p, p + n) in 16-byte elements with a grid-stride loop;
// the read kernel keeps four loads in flight per thread so that HBM is
// saturated with a modest grid.
#define __global__ __attribute__((global))
#define __device__ __attribute__((device))

typedef unsigned long long u64;
struct __attribute__((aligned(16))) v4 {
  unsigned x, y, z, w;
};

static __device__ inline u64 firstIndex() {
  return (u64)__nvvm_read_ptx_sreg_ctaid_x() * __nvvm_read_ptx_sreg_ntid_x() +
         __nvvm_read_ptx_sreg_tid_x();
}
static __device__ inline u64 gridStride() {
  return (u64)__nvvm_read_ptx_sreg_nctaid_x() * __nvvm_read_ptx_sreg_ntid_x();
}

extern "C" __global__ void usmb_empty() {}

// The xor of everything read goes to *sink only when it equals a value it
// practically never has: the loads cannot be optimised away.
extern "C" __global__ void usmb_read(const v4 *p, u64 n, unsigned *sink) {
  unsigned acc = 0;
  u64 i = firstIndex(), s = gridStride();
  for (; i + 3 * s < n; i += 4 * s) {
    v4 a = p[i], b = p[i + s], c = p[i + 2 * s], d = p[i + 3 * s];
    acc ^= a.x ^ a.y ^ a.z ^ a.w ^ b.x ^ b.y ^ b.z ^ b.w;
    acc ^= c.x ^ c.y ^ c.z ^ c.w ^ d.x ^ d.y ^ d.z ^ d.w;
  }
  for (; i < n; i += s) {
    v4 a = p[i];
    acc ^= a.x ^ a.y ^ a.z ^ a.w;
  }
  if (acc == 0x9e3779b9u)
    *sink = acc;
}

extern "C" __global__ void usmb_write(v4 *p, u64 n, unsigned value) {
  v4 v = {value, value, value, value};
  for (u64 i = firstIndex(), s = gridStride(); i < n; i += s)
    p[i] = v;
}

extern "C" __global__ void usmb_rmw(v4 *p, u64 n) {
  u64 i = firstIndex(), s = gridStride();
  for (; i + s < n; i += 2 * s) {
    v4 a = p[i], b = p[i + s];
    a.x += 1; a.y += 1; a.z += 1; a.w += 1;
    b.x += 1; b.y += 1; b.z += 1; b.w += 1;
    p[i] = a;
    p[i + s] = b;
  }
  for (; i < n; i += s) {
    v4 a = p[i];
    a.x += 1; a.y += 1; a.z += 1; a.w += 1;
    p[i] = a;
  }
}
