// Stand-in CUDA runtime/driver, HIP, Level Zero and OpenMP libraries for CI: device
// allocations are fresh PROT_NONE pages, as device memory looks to the host
// on a GPU, so the guard's interposers and report can be tested per model
// without a GPU. Built as a shared library the test program links against.
#include <stddef.h>
#include <sys/mman.h>

static void *devicePages(size_t size) {
  void *p = mmap(NULL, size, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return p == MAP_FAILED ? NULL : p;
}

int cudaMalloc(void **p, size_t size) { return (*p = devicePages(size)) ? 0 : 2; }
int cudaFree(void *p) { return 0; }
int cudaGetDevice(int *dev) { *dev = 3; return 0; }
// Pinned host memory is ordinary memory to the host; copies do nothing.
int cudaMallocHost(void **p, size_t size) {
  void *m = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  return (*p = m == MAP_FAILED ? NULL : m) ? 0 : 2;
}
int cudaFreeHost(void *p) { return 0; }
int cudaMemcpy(void *dst, const void *src, size_t n, int kind) { return 0; }
int hipMemcpy(void *dst, const void *src, size_t n, int kind) { return 0; }
// Kernel launches do nothing; after one, synchronising reports what a GPU
// reports when a kernel touched memory it cannot reach (700,
// cudaErrorIllegalAddress). Every kernel has the parameters (8, 8, 4 bytes).
struct dim3 { unsigned x, y, z; };
static int launched;
int cudaLaunchKernel(const void *f, struct dim3 g, struct dim3 b, void **args,
                     size_t shared, void *stream) {
  launched = 1;
  return 0;
}
int cudaDeviceSynchronize(void) { return launched ? 700 : 0; }
int cudaGetFuncBySymbol(void **f, const void *sym) { *f = (void *)sym; return 0; }
int cuFuncGetParamInfo(void *f, size_t i, size_t *off, size_t *size) {
  static const size_t sizes[] = {8, 8, 4}, offs[] = {0, 8, 16};
  if (i >= 3)
    return 1;
  *off = offs[i];
  *size = sizes[i];
  return 0;
}
int cuMemAlloc_v2(unsigned long long *p, size_t size) {
  *p = (unsigned long long)devicePages(size);
  return *p ? 0 : 2;
}
int cuMemFree_v2(unsigned long long p) { return 0; }
int cuCtxGetDevice(int *dev) { *dev = 1; return 0; }
int hipMalloc(void **p, size_t size) { return (*p = devicePages(size)) ? 0 : 2; }
int hipFree(void *p) { return 0; }
int hipGetDevice(int *dev) { *dev = 2; return 0; }
unsigned zeMemAllocDevice(void *ctx, const void *desc, size_t size,
                          size_t align, void *device, void **p) {
  return (*p = devicePages(size)) ? 0 : 1;
}
unsigned zeMemFree(void *ctx, void *p) { return 0; }
// OpenMP offloading runtime: device memory, and the requires registration
// of compilers before clang 19.
void *omp_target_alloc(size_t size, int dev) { return devicePages(size); }
int omp_get_default_device(void) { return 0; }
void __tgt_register_requires(long long flags) {}
