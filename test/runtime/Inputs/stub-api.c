// CUDA and HIP API mistakes against the stand-in runtimes of
// stub-runtimes.c (device memory: PROT_NONE pages; copies do nothing), so
// that the guard's checks of frees and copy kinds run without a GPU.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dlfcn.h>
#include <sys/mman.h>

int cudaMalloc(void **p, size_t size);
int cudaFree(void *p);
int cudaMallocHost(void **p, size_t size);
int cudaFreeHost(void *p);
int cudaMemcpy(void *dst, const void *src, size_t n, int kind);
int hipMalloc(void **p, size_t size);
int hipMemcpy(void *dst, const void *src, size_t n, int kind);
struct dim3 { unsigned x, y, z; };
int cudaLaunchKernel(const void *f, struct dim3 g, struct dim3 b, void **args,
                     size_t shared, void *stream);
int cudaDeviceSynchronize(void);
int __cudaGetKernel(void **k, const void *stub);
int cudaGetKernel(void **k, const void *stub);
int __cudaLaunchKernel(const void *k, struct dim3 g, struct dim3 b, void **args,
                       size_t shared, void *stream);
void stubKernelParams(int n, const size_t *sizes, const size_t *offs);
void scale_kernel_stub(void) {} // stands for nvcc's host-side launch stub
// The cudaMemcpyKind values (cuda_runtime_api.h).
enum { H2H = 0, H2D = 1, D2H = 2, D2D = 3, DEFAULT = 4 };

int main(int argc, char **argv) {
  const char *m = argc > 1 ? argv[1] : "ok";
  void *d = NULL, *p = NULL;
  char *h = calloc(1, 8192);
  cudaMalloc(&d, 4096);
  cudaMallocHost(&p, 4096);
  int rc = 0;
  if (!strcmp(m, "free-host"))
    rc = cudaFreeHost(d); // cudaMalloc memory: needs cudaFree
  else if (!strcmp(m, "free-unknown"))
    rc = cudaFree(h); // malloc memory
  else if (!strcmp(m, "kind"))
    rc = cudaMemcpy(h, d, 4096, H2D); // the source is device memory
  else if (!strcmp(m, "kind-dst"))
    rc = cudaMemcpy(d, h, 4096, D2H); // the destination is device memory
  else if (!strcmp(m, "oob"))
    rc = cudaMemcpy(d, h, 8192, H2D);
  else if (!strcmp(m, "hip")) {
    void *hd = NULL;
    hipMalloc(&hd, 4096);
    rc = hipMemcpy(h, hd, 4096, H2D);
  } else if (!strcmp(m, "kernel")) {
    double *in = malloc(4096); // pageable: the device cannot read it
    int n = 512;
    void *args[] = {&d, &in, &n};
    struct dim3 grid = {2, 1, 1}, block = {256, 1, 1};
    cudaLaunchKernel((const void *)scale_kernel_stub, grid, block, args, 0, NULL);
    rc = cudaDeviceSynchronize();
  } else if (!strcmp(m, "kernel13")) {
    // What nvcc 13's <<<>>> stub does: a kernel handle, then a launch of it.
    double *in = malloc(4096);
    int n = 512;
    void *args[] = {&d, &in, &n};
    struct dim3 grid = {2, 1, 1}, block = {256, 1, 1};
    void *k = NULL;
    __cudaGetKernel(&k, (const void *)scale_kernel_stub);
    __cudaLaunchKernel(k, grid, block, args, 0, NULL);
    rc = cudaDeviceSynchronize();
  } else if (!strcmp(m, "kernel-handle")) {
    // CUDA 12's public API: cudaLaunchKernel accepts a kernel handle.
    double *in = malloc(4096);
    int n = 512;
    void *args[] = {&d, &in, &n};
    struct dim3 grid = {2, 1, 1}, block = {256, 1, 1};
    void *k = NULL;
    cudaGetKernel(&k, (const void *)scale_kernel_stub);
    cudaLaunchKernel(k, grid, block, args, 0, NULL);
    rc = cudaDeviceSynchronize();
  } else if (!strcmp(m, "kernel-struct")) {
    // The pointer is the second word of a struct parameter.
    struct view { long n; double *p; } v = {512, malloc(4096)};
    int n = 512;
    size_t sizes[] = {4, 16}, offs[] = {0, 8};
    stubKernelParams(2, sizes, offs);
    void *args[] = {&n, &v};
    struct dim3 grid = {2, 1, 1}, block = {256, 1, 1};
    cudaLaunchKernel((const void *)scale_kernel_stub, grid, block, args, 0, NULL);
    rc = cudaDeviceSynchronize();
  } else if (!strcmp(m, "kernel-pinned")) {
    // Host memory the driver maps for the device (pinned outside the
    // guard's view) is fine; the malloc pointer is not.
    void (*pin)(void *, size_t) =
        (void (*)(void *, size_t))dlsym(RTLD_DEFAULT, "stubPin");
    void *pinned = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (pin)
      pin(pinned, 4096);
    double *in = malloc(4096);
    int n = 512;
    void *args[] = {&pinned, &in, &n};
    struct dim3 grid = {2, 1, 1}, block = {256, 1, 1};
    cudaLaunchKernel((const void *)scale_kernel_stub, grid, block, args, 0, NULL);
    rc = cudaMemcpy(h, d, 4096, D2H); // the fault shows at the next copy
  } else if (!strcmp(m, "ok")) {
    rc |= cudaMemcpy(d, h, 4096, H2D);
    rc |= cudaMemcpy(h, d, 4096, D2H);
    rc |= cudaMemcpy(d, p, 4096, H2D); // pinned host memory as the source
    rc |= cudaMemcpy(p, d, 4096, DEFAULT);
    rc |= cudaMemcpy(h, h + 4096, 4096, H2H);
    rc |= cudaFree(d);
    rc |= cudaFreeHost(p);
    rc |= cudaFree(NULL);
  }
  printf("rc=%d\n", rc);
  return 0;
}
