/* A libcuda.so.1 that has every entry point usmcheck bench looks up and
 * whose cuInit answers CUDA_ERROR_NO_DEVICE (100), like a driver on a
 * machine whose GPU is hidden or gone. */
int cuInit(unsigned Flags) { return 100; }
#define STUB(Name) int Name(void) { return 999; }
STUB(cuDriverGetVersion) STUB(cuDeviceGetCount) STUB(cuDeviceGet)
STUB(cuDeviceGetName) STUB(cuDeviceGetAttribute) STUB(cuDeviceTotalMem_v2)
STUB(cuDeviceGetPCIBusId) STUB(cuDevicePrimaryCtxRetain)
STUB(cuDevicePrimaryCtxRelease_v2) STUB(cuCtxSetCurrent) STUB(cuMemGetInfo_v2)
STUB(cuModuleLoadDataEx) STUB(cuModuleGetFunction) STUB(cuModuleUnload)
STUB(cuLaunchKernel) STUB(cuStreamCreate) STUB(cuStreamSynchronize)
STUB(cuStreamDestroy_v2) STUB(cuEventCreate) STUB(cuEventRecord)
STUB(cuEventSynchronize) STUB(cuEventElapsedTime) STUB(cuEventDestroy_v2)
STUB(cuMemAlloc_v2) STUB(cuMemFree_v2) STUB(cuMemHostAlloc) STUB(cuMemFreeHost)
STUB(cuMemAllocManaged) STUB(cuMemcpyAsync) STUB(cuGetErrorName)
