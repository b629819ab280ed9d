/*===- level_zero/ze_api.h - Level Zero API surface for analysis ----------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * the Level Zero loader headers (Debian: level-zero-dev) are not found,
 * never to compile programs. Declares the oneAPI Level Zero core functions
 * that usmcheck's catalog (catalog/usm_apis.def) models (memory allocation,
 * free, command-list copy/fill/prefetch/advice, allocation properties) and
 * the plumbing a typical program uses around them (driver/device discovery,
 * contexts, command queues and lists, events, modules and kernels). Written
 * from the Level Zero specification: names, parameter lists and enumerator
 * names; enumerator values matter only where programs compare them.
 *
 * Valid C and C++. To extend: declare the function with the documented
 * parameter list; if it allocates, frees or copies memory, add its row to
 * catalog/usm_apis.def (test/headers/declared-apis.test checks both ways).
 *===----------------------------------------------------------------------===*/
#ifndef USMCHECK_ZE_API_H
#define USMCHECK_ZE_API_H

#include <stddef.h>
#include <stdint.h>

#define USMCHECK_ANALYSIS_HEADERS 1
#ifndef ZE_APICALL
#define ZE_APICALL
#endif
#ifndef ZE_APIEXPORT
#define ZE_APIEXPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

typedef uint8_t ze_bool_t;

typedef enum _ze_result_t {
  ZE_RESULT_SUCCESS = 0,
  ZE_RESULT_NOT_READY = 1,
  ZE_RESULT_ERROR_DEVICE_LOST = 0x70000001,
  ZE_RESULT_ERROR_OUT_OF_HOST_MEMORY = 0x70000002,
  ZE_RESULT_ERROR_OUT_OF_DEVICE_MEMORY = 0x70000003,
  ZE_RESULT_ERROR_UNINITIALIZED = 0x78000001,
  ZE_RESULT_ERROR_UNSUPPORTED_FEATURE = 0x78000003,
  ZE_RESULT_ERROR_INVALID_ARGUMENT = 0x78000004,
  ZE_RESULT_ERROR_INVALID_NULL_HANDLE = 0x78000005,
  ZE_RESULT_ERROR_INVALID_NULL_POINTER = 0x78000007,
  ZE_RESULT_ERROR_INVALID_SIZE = 0x78000008,
  ZE_RESULT_ERROR_UNSUPPORTED_SIZE = 0x78000009,
  ZE_RESULT_ERROR_UNSUPPORTED_ALIGNMENT = 0x7800000a,
  ZE_RESULT_ERROR_UNKNOWN = 0x7ffffffe,
  ZE_RESULT_FORCE_UINT32 = 0x7fffffff
} ze_result_t;

/* Opaque handles. */
typedef struct _ze_driver_handle_t *ze_driver_handle_t;
typedef struct _ze_device_handle_t *ze_device_handle_t;
typedef struct _ze_context_handle_t *ze_context_handle_t;
typedef struct _ze_command_queue_handle_t *ze_command_queue_handle_t;
typedef struct _ze_command_list_handle_t *ze_command_list_handle_t;
typedef struct _ze_fence_handle_t *ze_fence_handle_t;
typedef struct _ze_event_pool_handle_t *ze_event_pool_handle_t;
typedef struct _ze_event_handle_t *ze_event_handle_t;
typedef struct _ze_module_handle_t *ze_module_handle_t;
typedef struct _ze_module_build_log_handle_t *ze_module_build_log_handle_t;
typedef struct _ze_kernel_handle_t *ze_kernel_handle_t;

typedef enum _ze_structure_type_t {
  ZE_STRUCTURE_TYPE_DRIVER_PROPERTIES = 0x1,
  ZE_STRUCTURE_TYPE_DEVICE_PROPERTIES = 0x3,
  ZE_STRUCTURE_TYPE_CONTEXT_DESC = 0xd,
  ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC = 0xe,
  ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC = 0xf,
  ZE_STRUCTURE_TYPE_EVENT_POOL_DESC = 0x10,
  ZE_STRUCTURE_TYPE_EVENT_DESC = 0x11,
  ZE_STRUCTURE_TYPE_FENCE_DESC = 0x12,
  ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC = 0x15,
  ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC = 0x16,
  ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES = 0x17,
  ZE_STRUCTURE_TYPE_MODULE_DESC = 0x1b,
  ZE_STRUCTURE_TYPE_KERNEL_DESC = 0x1d,
  ZE_STRUCTURE_TYPE_FORCE_UINT32 = 0x7fffffff
} ze_structure_type_t;

typedef uint32_t ze_init_flags_t;
#define ZE_INIT_FLAG_GPU_ONLY 0x1u
#define ZE_INIT_FLAG_VPU_ONLY 0x2u

typedef uint32_t ze_device_mem_alloc_flags_t;
#define ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_CACHED 0x1u
#define ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_UNCACHED 0x2u
#define ZE_DEVICE_MEM_ALLOC_FLAG_BIAS_INITIAL_PLACEMENT 0x4u

typedef uint32_t ze_host_mem_alloc_flags_t;
#define ZE_HOST_MEM_ALLOC_FLAG_BIAS_CACHED 0x1u
#define ZE_HOST_MEM_ALLOC_FLAG_BIAS_UNCACHED 0x2u
#define ZE_HOST_MEM_ALLOC_FLAG_BIAS_WRITE_COMBINED 0x4u
#define ZE_HOST_MEM_ALLOC_FLAG_BIAS_INITIAL_PLACEMENT 0x8u

typedef struct _ze_device_mem_alloc_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  ze_device_mem_alloc_flags_t flags;
  uint32_t ordinal;
} ze_device_mem_alloc_desc_t;

typedef struct _ze_host_mem_alloc_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  ze_host_mem_alloc_flags_t flags;
} ze_host_mem_alloc_desc_t;

/* What zeMemGetAllocProperties reports. */
typedef enum _ze_memory_type_t {
  ZE_MEMORY_TYPE_UNKNOWN = 0,
  ZE_MEMORY_TYPE_HOST = 1,
  ZE_MEMORY_TYPE_DEVICE = 2,
  ZE_MEMORY_TYPE_SHARED = 3,
  ZE_MEMORY_TYPE_FORCE_UINT32 = 0x7fffffff
} ze_memory_type_t;

typedef struct _ze_memory_allocation_properties_t {
  ze_structure_type_t stype;
  void *pNext;
  ze_memory_type_t type;
  uint64_t id;
  uint64_t pageSize;
} ze_memory_allocation_properties_t;

typedef enum _ze_memory_advice_t {
  ZE_MEMORY_ADVICE_SET_READ_MOSTLY = 0,
  ZE_MEMORY_ADVICE_CLEAR_READ_MOSTLY = 1,
  ZE_MEMORY_ADVICE_SET_PREFERRED_LOCATION = 2,
  ZE_MEMORY_ADVICE_CLEAR_PREFERRED_LOCATION = 3,
  ZE_MEMORY_ADVICE_SET_NON_ATOMIC_MOSTLY = 4,
  ZE_MEMORY_ADVICE_CLEAR_NON_ATOMIC_MOSTLY = 5,
  ZE_MEMORY_ADVICE_BIAS_CACHED = 6,
  ZE_MEMORY_ADVICE_BIAS_UNCACHED = 7,
  ZE_MEMORY_ADVICE_FORCE_UINT32 = 0x7fffffff
} ze_memory_advice_t;

typedef uint32_t ze_context_flags_t;
typedef struct _ze_context_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  ze_context_flags_t flags;
} ze_context_desc_t;

typedef uint32_t ze_command_queue_flags_t;
typedef enum _ze_command_queue_mode_t {
  ZE_COMMAND_QUEUE_MODE_DEFAULT = 0,
  ZE_COMMAND_QUEUE_MODE_SYNCHRONOUS = 1,
  ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS = 2,
  ZE_COMMAND_QUEUE_MODE_FORCE_UINT32 = 0x7fffffff
} ze_command_queue_mode_t;
typedef enum _ze_command_queue_priority_t {
  ZE_COMMAND_QUEUE_PRIORITY_NORMAL = 0,
  ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_LOW = 1,
  ZE_COMMAND_QUEUE_PRIORITY_PRIORITY_HIGH = 2,
  ZE_COMMAND_QUEUE_PRIORITY_FORCE_UINT32 = 0x7fffffff
} ze_command_queue_priority_t;
typedef struct _ze_command_queue_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  uint32_t ordinal;
  uint32_t index;
  ze_command_queue_flags_t flags;
  ze_command_queue_mode_t mode;
  ze_command_queue_priority_t priority;
} ze_command_queue_desc_t;

typedef uint32_t ze_command_list_flags_t;
typedef struct _ze_command_list_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  uint32_t commandQueueGroupOrdinal;
  ze_command_list_flags_t flags;
} ze_command_list_desc_t;

typedef uint32_t ze_event_pool_flags_t;
#define ZE_EVENT_POOL_FLAG_HOST_VISIBLE 0x1u
typedef struct _ze_event_pool_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  ze_event_pool_flags_t flags;
  uint32_t count;
} ze_event_pool_desc_t;

typedef uint32_t ze_event_scope_flags_t;
#define ZE_EVENT_SCOPE_FLAG_HOST 0x4u
typedef struct _ze_event_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  uint32_t index;
  ze_event_scope_flags_t signal;
  ze_event_scope_flags_t wait;
} ze_event_desc_t;

typedef enum _ze_module_format_t {
  ZE_MODULE_FORMAT_IL_SPIRV = 0,
  ZE_MODULE_FORMAT_NATIVE = 1,
  ZE_MODULE_FORMAT_FORCE_UINT32 = 0x7fffffff
} ze_module_format_t;
typedef struct _ze_module_constants_t {
  uint32_t numConstants;
  const uint32_t *pConstantIds;
  const void **pConstantValues;
} ze_module_constants_t;
typedef struct _ze_module_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  ze_module_format_t format;
  size_t inputSize;
  const uint8_t *pInputModule;
  const char *pBuildFlags;
  const ze_module_constants_t *pConstants;
} ze_module_desc_t;

typedef uint32_t ze_kernel_flags_t;
typedef struct _ze_kernel_desc_t {
  ze_structure_type_t stype;
  const void *pNext;
  ze_kernel_flags_t flags;
  const char *pKernelName;
} ze_kernel_desc_t;

typedef struct _ze_group_count_t {
  uint32_t groupCountX;
  uint32_t groupCountY;
  uint32_t groupCountZ;
} ze_group_count_t;

/* --- discovery, contexts ----------------------------------------------- */
ze_result_t ZE_APICALL zeInit(ze_init_flags_t flags);
ze_result_t ZE_APICALL zeDriverGet(uint32_t *pCount,
                                   ze_driver_handle_t *phDrivers);
ze_result_t ZE_APICALL zeDeviceGet(ze_driver_handle_t hDriver,
                                   uint32_t *pCount,
                                   ze_device_handle_t *phDevices);
ze_result_t ZE_APICALL zeDeviceGetSubDevices(ze_device_handle_t hDevice,
                                             uint32_t *pCount,
                                             ze_device_handle_t *phSubdevices);
ze_result_t ZE_APICALL zeContextCreate(ze_driver_handle_t hDriver,
                                       const ze_context_desc_t *desc,
                                       ze_context_handle_t *phContext);
ze_result_t ZE_APICALL zeContextDestroy(ze_context_handle_t hContext);

/* --- memory (catalogued) ----------------------------------------------- */
ze_result_t ZE_APICALL zeMemAllocDevice(
    ze_context_handle_t hContext, const ze_device_mem_alloc_desc_t *device_desc,
    size_t size, size_t alignment, ze_device_handle_t hDevice, void **pptr);
ze_result_t ZE_APICALL zeMemAllocHost(ze_context_handle_t hContext,
                                      const ze_host_mem_alloc_desc_t *host_desc,
                                      size_t size, size_t alignment,
                                      void **pptr);
ze_result_t ZE_APICALL zeMemAllocShared(
    ze_context_handle_t hContext, const ze_device_mem_alloc_desc_t *device_desc,
    const ze_host_mem_alloc_desc_t *host_desc, size_t size, size_t alignment,
    ze_device_handle_t hDevice, void **pptr);
ze_result_t ZE_APICALL zeMemFree(ze_context_handle_t hContext, void *ptr);
ze_result_t ZE_APICALL zeMemGetAllocProperties(
    ze_context_handle_t hContext, const void *ptr,
    ze_memory_allocation_properties_t *pMemAllocProperties,
    ze_device_handle_t *phDevice);
ze_result_t ZE_APICALL zeMemGetAddressRange(ze_context_handle_t hContext,
                                            const void *ptr, void **pBase,
                                            size_t *pSize);

/* --- command queues and lists ------------------------------------------ */
ze_result_t ZE_APICALL zeCommandQueueCreate(
    ze_context_handle_t hContext, ze_device_handle_t hDevice,
    const ze_command_queue_desc_t *desc,
    ze_command_queue_handle_t *phCommandQueue);
ze_result_t ZE_APICALL
zeCommandQueueDestroy(ze_command_queue_handle_t hCommandQueue);
ze_result_t ZE_APICALL zeCommandQueueExecuteCommandLists(
    ze_command_queue_handle_t hCommandQueue, uint32_t numCommandLists,
    ze_command_list_handle_t *phCommandLists, ze_fence_handle_t hFence);
ze_result_t ZE_APICALL zeCommandQueueSynchronize(
    ze_command_queue_handle_t hCommandQueue, uint64_t timeout);
ze_result_t ZE_APICALL zeCommandListCreate(
    ze_context_handle_t hContext, ze_device_handle_t hDevice,
    const ze_command_list_desc_t *desc,
    ze_command_list_handle_t *phCommandList);
ze_result_t ZE_APICALL zeCommandListCreateImmediate(
    ze_context_handle_t hContext, ze_device_handle_t hDevice,
    const ze_command_queue_desc_t *altdesc,
    ze_command_list_handle_t *phCommandList);
ze_result_t ZE_APICALL
zeCommandListClose(ze_command_list_handle_t hCommandList);
ze_result_t ZE_APICALL
zeCommandListReset(ze_command_list_handle_t hCommandList);
ze_result_t ZE_APICALL
zeCommandListDestroy(ze_command_list_handle_t hCommandList);
ze_result_t ZE_APICALL zeCommandListHostSynchronize(
    ze_command_list_handle_t hCommandList, uint64_t timeout);
ze_result_t ZE_APICALL zeCommandListAppendBarrier(
    ze_command_list_handle_t hCommandList, ze_event_handle_t hSignalEvent,
    uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents);
ze_result_t ZE_APICALL zeCommandListAppendMemoryCopy(
    ze_command_list_handle_t hCommandList, void *dstptr, const void *srcptr,
    size_t size, ze_event_handle_t hSignalEvent, uint32_t numWaitEvents,
    ze_event_handle_t *phWaitEvents);
ze_result_t ZE_APICALL zeCommandListAppendMemoryFill(
    ze_command_list_handle_t hCommandList, void *ptr, const void *pattern,
    size_t pattern_size, size_t size, ze_event_handle_t hSignalEvent,
    uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents);
ze_result_t ZE_APICALL zeCommandListAppendMemoryPrefetch(
    ze_command_list_handle_t hCommandList, const void *ptr, size_t size);
ze_result_t ZE_APICALL zeCommandListAppendMemAdvise(
    ze_command_list_handle_t hCommandList, ze_device_handle_t hDevice,
    const void *ptr, size_t size, ze_memory_advice_t advice);
ze_result_t ZE_APICALL zeCommandListAppendLaunchKernel(
    ze_command_list_handle_t hCommandList, ze_kernel_handle_t hKernel,
    const ze_group_count_t *pLaunchFuncArgs, ze_event_handle_t hSignalEvent,
    uint32_t numWaitEvents, ze_event_handle_t *phWaitEvents);

/* --- events ------------------------------------------------------------ */
ze_result_t ZE_APICALL zeEventPoolCreate(ze_context_handle_t hContext,
                                         const ze_event_pool_desc_t *desc,
                                         uint32_t numDevices,
                                         ze_device_handle_t *phDevices,
                                         ze_event_pool_handle_t *phEventPool);
ze_result_t ZE_APICALL zeEventPoolDestroy(ze_event_pool_handle_t hEventPool);
ze_result_t ZE_APICALL zeEventCreate(ze_event_pool_handle_t hEventPool,
                                     const ze_event_desc_t *desc,
                                     ze_event_handle_t *phEvent);
ze_result_t ZE_APICALL zeEventDestroy(ze_event_handle_t hEvent);
ze_result_t ZE_APICALL zeEventHostSynchronize(ze_event_handle_t hEvent,
                                              uint64_t timeout);
ze_result_t ZE_APICALL zeEventHostReset(ze_event_handle_t hEvent);

/* --- modules and kernels ----------------------------------------------- */
ze_result_t ZE_APICALL zeModuleCreate(ze_context_handle_t hContext,
                                      ze_device_handle_t hDevice,
                                      const ze_module_desc_t *desc,
                                      ze_module_handle_t *phModule,
                                      ze_module_build_log_handle_t *phBuildLog);
ze_result_t ZE_APICALL zeModuleDestroy(ze_module_handle_t hModule);
ze_result_t ZE_APICALL zeKernelCreate(ze_module_handle_t hModule,
                                      const ze_kernel_desc_t *desc,
                                      ze_kernel_handle_t *phKernel);
ze_result_t ZE_APICALL zeKernelDestroy(ze_kernel_handle_t hKernel);
ze_result_t ZE_APICALL zeKernelSetGroupSize(ze_kernel_handle_t hKernel,
                                            uint32_t groupSizeX,
                                            uint32_t groupSizeY,
                                            uint32_t groupSizeZ);
ze_result_t ZE_APICALL zeKernelSetArgumentValue(ze_kernel_handle_t hKernel,
                                                uint32_t argIndex,
                                                size_t argSize,
                                                const void *pArgValue);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* USMCHECK_ZE_API_H */
