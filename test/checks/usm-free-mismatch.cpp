// clang-format off
// usm-free-mismatch across functions and arguments (C++; the C basics are in
// usm-free-mismatch.c): frees in a helper, a helper of a helper, a
// destructor, a unique_ptr deleter (functor or function); the device of
// omp_target_free; llvm_omp_target_alloc_host released with omp_target_free
// (aborts on LLVM 19 + CUDA); zeMemFree and sycl::free with another context.
// Negative cases: the right helper, a template and a macro that free right,
// a parameter of unknown origin, a shared helper that frees right for each
// caller, the same device through a variable, queues sharing a context.
// RUN: not %usmcheck check --checks='-*,usm-free-mismatch' %s -- -std=c++17 2>&1 | FileCheck %s --implicit-check-not='[usm-'
// clang-format on
#include <cstddef>
#include <memory>

typedef int cudaError_t;
cudaError_t cudaMalloc(void **, size_t);
cudaError_t cudaMallocHost(void **, size_t);
cudaError_t cudaFree(void *);
cudaError_t cudaFreeHost(void *);
typedef int hipError_t;
hipError_t hipMalloc(void **, size_t);
hipError_t hipHostMalloc(void **, size_t, unsigned);
hipError_t hipFree(void *);
hipError_t hipHostFree(void *);
extern "C" {
void *omp_target_alloc(size_t, int);
void omp_target_free(void *, int);
void *llvm_omp_target_alloc_host(size_t, int);
void llvm_omp_target_free_host(void *, int);
}
typedef struct _ze_context_handle_t *ze_context_handle_t;
typedef struct _ze_driver_handle_t *ze_driver_handle_t;
typedef struct _ze_device_handle_t *ze_device_handle_t;
typedef int ze_result_t;
struct ze_context_desc_t {};
struct ze_device_mem_alloc_desc_t {};
ze_result_t zeContextCreate(ze_driver_handle_t, const ze_context_desc_t *, ze_context_handle_t *);
ze_result_t zeMemAllocDevice(ze_context_handle_t, const ze_device_mem_alloc_desc_t *, size_t, size_t, ze_device_handle_t, void **);
ze_result_t zeMemFree(ze_context_handle_t, void *);
namespace sycl {
inline namespace _V1 {
class context { public: context(); };
class device {};
class queue {
public:
  queue();
  queue(const context &, const device &);
};
void *malloc_device(size_t, const queue &);
void free(void *, const queue &);
void free(void *, const context &);
} // namespace _V1
} // namespace sycl

//--- positive ---------------------------------------------------------------

static void release_cuda(float *p) { cudaFree(p); }
static void release_outer(float *p) { release_cuda(p); }

void helper_frees_pinned() {
  float *h;
  cudaMallocHost((void **)&h, 64);
  release_cuda(h);
  // CHECK: :[[@LINE-1]]:3: error: USM host memory allocated by 'cudaMallocHost' (CUDA) is released with 'cudaFree' by 'release_cuda'; release it with 'cudaFreeHost' [usm-free-mismatch]
  // CHECK: :[[@LINE-8]]:38: note: 'release_cuda' releases it here with 'cudaFree'
  // CHECK: :[[@LINE-4]]:3: note: allocated here as host memory by 'cudaMallocHost'
}

void helper_of_helper() {
  float *h;
  cudaMallocHost((void **)&h, 64);
  release_outer(h);
  // CHECK: :[[@LINE-1]]:3: error: USM host memory allocated by 'cudaMallocHost' (CUDA) is released with 'cudaFree' by 'release_outer'{{.*}} [usm-free-mismatch]
}

struct HipOwner {
  float *p = nullptr;
  HipOwner() { hipHostMalloc((void **)&p, 64, 0); }
  ~HipOwner() { hipFree(p); }
  // CHECK: :[[@LINE-1]]:17: error: USM host memory allocated by 'hipHostMalloc' (HIP) is released with 'hipFree'; release it with 'hipHostFree'{{.*}} [usm-free-mismatch]
};

struct CudaDeleter {
  void operator()(float *p) const { cudaFree(p); }
};

void unique_ptr_deleters() {
  float *h;
  cudaMallocHost((void **)&h, 64);
  std::unique_ptr<float, CudaDeleter> u(h);
  // CHECK: :[[@LINE-1]]:39: error: USM host memory allocated by 'cudaMallocHost' (CUDA) is released with 'cudaFree' by its deleter{{.*}} [usm-free-mismatch]
  float *g;
  cudaMallocHost((void **)&g, 64);
  std::unique_ptr<float, decltype(&cudaFree)> v(g, &cudaFree);
  // CHECK: :[[@LINE-1]]:47: error: USM host memory allocated by 'cudaMallocHost' (CUDA) is released with 'cudaFree' by its deleter{{.*}} [usm-free-mismatch]
}

void wrong_device() {
  void *p = omp_target_alloc(64, 0);
  omp_target_free(p, 1);
  // CHECK: :[[@LINE-1]]:22: error: 'omp_target_free' releases memory on device 1, but 'omp_target_alloc' allocated it on device 0; release it on the allocating device{{.*}} [usm-free-mismatch]
}

void pinned_host_with_omp_target_free() {
  double *h = (double *)llvm_omp_target_alloc_host(64, 0);
  omp_target_free(h, 0);
  // CHECK: :[[@LINE-1]]:3: error: USM host memory allocated by 'llvm_omp_target_alloc_host' (OpenMP) is released with 'omp_target_free'; release it with 'llvm_omp_target_free_host'{{.*}} [usm-free-mismatch]
}

void level_zero_other_context(ze_driver_handle_t drv, ze_device_handle_t dev) {
  ze_context_desc_t cd;
  ze_context_handle_t a = nullptr, b = nullptr;
  zeContextCreate(drv, &cd, &a);
  zeContextCreate(drv, &cd, &b);
  ze_device_mem_alloc_desc_t md;
  void *p = nullptr;
  zeMemAllocDevice(a, &md, 64, 8, dev, &p);
  zeMemFree(b, p);
  // CHECK: :[[@LINE-1]]:13: error: 'zeMemFree' releases memory with context 'b', but 'zeMemAllocDevice' allocated it with context 'a'{{.*}} [usm-free-mismatch]
}

void sycl_other_context(const sycl::device &d) {
  sycl::context c1, c2;
  sycl::queue q1(c1, d), q2(c2, d);
  void *p = sycl::malloc_device(64, q1);
  sycl::free(p, q2);
  // CHECK: :[[@LINE-1]]:17: error: 'sycl::free' releases memory with context 'c2', but 'sycl::malloc_device' allocated it with context 'c1'{{.*}} [usm-free-mismatch]
}

//--- negative ---------------------------------------------------------------

static void release_pinned(float *p) { cudaFreeHost(p); }

void helper_frees_right() {
  float *h;
  cudaMallocHost((void **)&h, 64);
  release_pinned(h);
}

template <typename T> void release_t(T *p) { hipFree(p); }

void template_frees_right() {
  float *d;
  hipMalloc((void **)&d, 64);
  release_t(d);
}

#define RELEASE_HOST(p) cudaFreeHost(p)

void macro_frees_right() {
  float *h;
  cudaMallocHost((void **)&h, 64);
  RELEASE_HOST(h);
}

void unknown_origin(float *from_caller) { release_cuda(from_caller); }

static void release_any(void *p, int pinned) {
  if (pinned)
    cudaFreeHost(p);
  else
    cudaFree(p);
}

void shared_helper_frees_each_right() {
  float *h, *d;
  cudaMallocHost((void **)&h, 64);
  cudaMalloc((void **)&d, 64);
  release_any(h, 1);
  release_any(d, 0);
}

struct CudaHostDeleter {
  void operator()(float *p) const { cudaFreeHost(p); }
};

void unique_ptr_right() {
  float *h;
  cudaMallocHost((void **)&h, 64);
  std::unique_ptr<float, CudaHostDeleter> u(h);
}

void same_device_through_variable() {
  const int dev = 0;
  void *p = omp_target_alloc(64, dev);
  omp_target_free(p, 0);
  double *h = (double *)llvm_omp_target_alloc_host(64, 0);
  llvm_omp_target_free_host(h, 0);
}

void level_zero_copied_context(ze_driver_handle_t drv, ze_device_handle_t dev) {
  ze_context_desc_t cd;
  ze_context_handle_t a = nullptr;
  zeContextCreate(drv, &cd, &a);
  ze_context_handle_t b = a;
  ze_device_mem_alloc_desc_t md;
  void *p = nullptr;
  zeMemAllocDevice(a, &md, 64, 8, dev, &p);
  zeMemFree(b, p);
}

void sycl_queues_sharing_a_context(const sycl::device &d) {
  sycl::context c;
  sycl::queue q1(c, d), q2(c, d);
  void *p = sycl::malloc_device(64, q1);
  sycl::free(p, q2);
  sycl::queue q3, q4; // default queues may share the platform's context
  void *r = sycl::malloc_device(64, q3);
  sycl::free(r, q4);
}
