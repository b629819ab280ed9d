// usm-leak, CUDA: a failed second allocation leaks the first, a factory's
// memory is dropped, a template leaks; quiet on status checks, CHECK
// macros that exit, and correlated conditions.
// clang-format off
#include <cuda_runtime.h>
#include <cstdio>
#include <cstdlib>

#define CUDA_CHECK(call)                                                       \
  do {                                                                         \
    cudaError_t err_ = (call);                                                 \
    if (err_ != cudaSuccess) {                                                 \
      std::fprintf(stderr, "%s\n", cudaGetErrorString(err_));                 \
      std::exit(1);                                                            \
    }                                                                          \
  } while (0)

float *make_device(size_t n) {
  float *d = nullptr;
  if (cudaMalloc(&d, n * sizeof(float)) != cudaSuccess)
    return nullptr;
  return d;
}

cudaError_t two_buffers(size_t n) {
  float *a, *b;
  cudaError_t e = cudaMalloc(&a, n);
  if (e != cudaSuccess)
    return e; // no-warning: a was not allocated
  e = cudaMalloc(&b, n);
  if (e != cudaSuccess)
    return e;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: warning: USM device memory allocated by 'cudaMalloc' is not released on this path out of 'two_buffers' [usm-leak]
  // CHECK-MESSAGES: :[[@LINE-7]]:19: note: allocated here by 'cudaMalloc'
  cudaFree(a);
  cudaFree(b);
  return cudaSuccess;
}

void dropped(size_t n) {
  float *d = make_device(n);
  cudaMemset(d, 0, n * sizeof(float));
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: USM device memory allocated by 'cudaMalloc' is not released on this path out of 'dropped'
// CHECK-MESSAGES: :[[@LINE-4]]:14: note: returned to 'dropped' by the call of 'make_device' here

template <typename T> void pinned(size_t n) {
  T *h;
  CUDA_CHECK(cudaMallocHost(&h, n * sizeof(T)));
  h[0] = T();
}
// CHECK-MESSAGES: :[[@LINE-1]]:1: warning: USM host memory allocated by 'cudaMallocHost' is not released on this path out of 'pinned'
template void pinned<double>(size_t);

// ---- correct code: no findings below ----

void checked_macro(size_t n) {
  float *d;
  CUDA_CHECK(cudaMalloc(&d, n));
  CUDA_CHECK(cudaFree(d)); // no-warning
}

void correlated(size_t n, bool use_gpu) {
  float *d = nullptr;
  if (use_gpu)
    cudaMalloc(&d, n);
  if (use_gpu)
    cudaFree(d); // no-warning: freed whenever allocated
}

struct DeviceArray {
  float *data = nullptr;
  explicit DeviceArray(size_t n) { cudaMalloc(&data, n * sizeof(float)); }
  ~DeviceArray() { cudaFree(data); }
};

void owner(size_t n) {
  DeviceArray a(n); // no-warning: RAII
  float *m;
  cudaMallocManaged(&m, n);
  cudaFree(m);
}

// Seen in HeCBench (cm, pns): an error path that exits, and helpers that
// allocate and release (null-guarded) through void pointers.
#define CHECK_OR_EXIT(value)                                                   \
  {                                                                            \
    cudaError_t s_ = value;                                                    \
    if (s_ != cudaSuccess)                                                     \
      std::exit(1);                                                            \
  }
int copy_back(int n) {
  int *d;
  CHECK_OR_EXIT(cudaMalloc((void **)&d, n * sizeof(int)));
  int h = 0;
  CHECK_OR_EXIT(cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost));
  cudaFree(d);
  return h; // no-warning: the failed copy ends the program
}
void *alloc_dev(int size) { int *m; cudaMalloc((void **)&m, size); return m; }
void free_dev(void *m) { if (m != NULL) cudaFree(m); }
void null_guarded_helpers() {
  int *a = (int *)alloc_dev(4);
  float *b = (float *)alloc_dev(4);
  free_dev(a);
  free_dev(b); // no-warning
}

int main() {
  float *d;
  cudaMalloc(&d, 16); // no-warning: released when the program ends
  return 0;
}
