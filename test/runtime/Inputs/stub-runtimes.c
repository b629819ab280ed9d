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
int hipMemcpy(void *dst, const void *src, size_t n, int kind) { return 0; }
// Kernel launches do nothing; after one, synchronising reports what a GPU
// reports when a kernel touched memory it cannot reach (700,
// cudaErrorIllegalAddress). Every kernel has the parameter table the
// program set with stubKernelParams (default: 8, 8 and 4 bytes).
struct dim3 { unsigned x, y, z; };
static int launched;
static size_t nparams = 3, psizes[8] = {8, 8, 4}, poffs[8] = {0, 8, 16};
void stubKernelParams(int n, const size_t *sizes, const size_t *offs) {
  nparams = (size_t)n;
  for (int i = 0; i < n && i < 8; ++i) {
    psizes[i] = sizes[i];
    poffs[i] = offs[i];
  }
}
int cudaLaunchKernel(const void *f, struct dim3 g, struct dim3 b, void **args,
                     size_t shared, void *stream) {
  launched = 1;
  return 0;
}
int cudaDeviceSynchronize(void) { return launched ? 700 : 0; }
// A synchronous copy after such a launch reports the same error.
int cudaMemcpy(void *dst, const void *src, size_t n, int kind) {
  return launched ? 700 : 0;
}
// CUDA 13's launch stubs: a kernel handle per stub from __cudaGetKernel,
// launched with __cudaLaunchKernel. The runtime's symbol lookups accept a
// stub, not a handle (cudaErrorInvalidDeviceFunction, 98).
static char handles[4];
static const void *handleStub[4];
int __cudaGetKernel(void **k, const void *stub) {
  for (int i = 0; i < 4; ++i)
    if (!handleStub[i] || handleStub[i] == stub) {
      handleStub[i] = stub;
      *k = &handles[i];
      return 0;
    }
  return 2;
}
int cudaGetKernel(void **k, const void *stub) { return __cudaGetKernel(k, stub); }
static int isHandle(const void *p) {
  return (const char *)p >= handles && (const char *)p < handles + 4;
}
int __cudaLaunchKernel(const void *k, struct dim3 g, struct dim3 b,
                       void **args, size_t shared, void *stream) {
  launched = 1;
  return isHandle(k) ? 0 : 98;
}
int cudaGetFuncBySymbol(void **f, const void *sym) {
  if (isHandle(sym))
    return 98;
  *f = (void *)sym;
  return 0;
}
static int paramInfo(size_t i, size_t *off, size_t *size) {
  if (i >= nparams)
    return 1; // CUDA_ERROR_INVALID_VALUE
  *off = poffs[i];
  *size = psizes[i];
  return 0;
}
int cuFuncGetParamInfo(void *f, size_t i, size_t *off, size_t *size) {
  return isHandle(f) ? 400 : paramInfo(i, off, size);
}
int cuKernelGetParamInfo(void *k, size_t i, size_t *off, size_t *size) {
  return isHandle(k) ? paramInfo(i, off, size) : 400; // INVALID_HANDLE
}
int cuKernelGetName(const char **name, void *k) {
  if (!isHandle(k))
    return 400;
  *name = "_Z5scalePdPKdi";
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
