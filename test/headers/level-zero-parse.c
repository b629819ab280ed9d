/* A realistic Level Zero program parses against usmcheck's analysis headers
 * (no level-zero-dev installed), in C and in C++.
 *
 * RUN: %clang -fsyntax-only -std=c11 -Wall -Wextra -Werror -idirafter %src_root/headers/sdk %s
 * RUN: %clang -fsyntax-only -x c++ -std=c++17 -Wall -Werror -idirafter %src_root/headers/sdk %s
 * The catalogued calls resolve to the declared functions:
 * RUN: %clang -fsyntax-only -std=c11 -idirafter %src_root/headers/sdk -Xclang -ast-dump -Xclang -ast-dump-filter=main %s | FileCheck %s
 * CHECK-DAG: DeclRefExpr {{.*}} Function {{.*}} 'zeMemAllocDevice' 'ze_result_t (ze_context_handle_t, const ze_device_mem_alloc_desc_t *, size_t, size_t, ze_device_handle_t, void **)'
 * CHECK-DAG: DeclRefExpr {{.*}} Function {{.*}} 'zeMemAllocShared'
 * CHECK-DAG: DeclRefExpr {{.*}} Function {{.*}} 'zeCommandListAppendMemoryCopy'
 */
#include <level_zero/ze_api.h>
#include <stdio.h>
#include <stdlib.h>

#ifndef USMCHECK_ANALYSIS_HEADERS
#error "expected usmcheck's analysis headers"
#endif

#define ZE_CHECK(call)                                                         \
  do {                                                                         \
    ze_result_t r_ = (call);                                                   \
    if (r_ != ZE_RESULT_SUCCESS) {                                             \
      fprintf(stderr, "%s failed: %d\n", #call, (int)r_);                      \
      exit(1);                                                                 \
    }                                                                          \
  } while (0)

int main(void) {
  const size_t n = 1024, bytes = n * sizeof(double);
  uint32_t count = 1;
  ze_driver_handle_t driver;
  ze_device_handle_t device;
  ze_context_handle_t ctx;
  ZE_CHECK(zeInit(ZE_INIT_FLAG_GPU_ONLY));
  ZE_CHECK(zeDriverGet(&count, &driver));
  ZE_CHECK(zeDeviceGet(driver, &count, &device));
  ze_context_desc_t cdesc = {ZE_STRUCTURE_TYPE_CONTEXT_DESC, NULL, 0};
  ZE_CHECK(zeContextCreate(driver, &cdesc, &ctx));

  ze_device_mem_alloc_desc_t ddesc = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
                                      NULL, 0, 0};
  ze_host_mem_alloc_desc_t hdesc = {ZE_STRUCTURE_TYPE_HOST_MEM_ALLOC_DESC,
                                    NULL, 0};
  void *dptr = NULL, *hptr = NULL, *sptr = NULL;
  ZE_CHECK(zeMemAllocDevice(ctx, &ddesc, bytes, 64, device, &dptr));
  ZE_CHECK(zeMemAllocHost(ctx, &hdesc, bytes, 64, &hptr));
  ZE_CHECK(zeMemAllocShared(ctx, &ddesc, &hdesc, bytes, 64, device, &sptr));

  ze_command_queue_desc_t qdesc = {ZE_STRUCTURE_TYPE_COMMAND_QUEUE_DESC,
                                   NULL,
                                   0,
                                   0,
                                   0,
                                   ZE_COMMAND_QUEUE_MODE_ASYNCHRONOUS,
                                   ZE_COMMAND_QUEUE_PRIORITY_NORMAL};
  ze_command_queue_handle_t queue;
  ZE_CHECK(zeCommandQueueCreate(ctx, device, &qdesc, &queue));
  ze_command_list_desc_t ldesc = {ZE_STRUCTURE_TYPE_COMMAND_LIST_DESC, NULL, 0,
                                  0};
  ze_command_list_handle_t list, imm;
  ZE_CHECK(zeCommandListCreate(ctx, device, &ldesc, &list));
  ZE_CHECK(zeCommandListCreateImmediate(ctx, device, &qdesc, &imm));

  ze_event_pool_desc_t pdesc = {ZE_STRUCTURE_TYPE_EVENT_POOL_DESC, NULL,
                                ZE_EVENT_POOL_FLAG_HOST_VISIBLE, 1};
  ze_event_pool_handle_t pool;
  ZE_CHECK(zeEventPoolCreate(ctx, &pdesc, 1, &device, &pool));
  ze_event_desc_t edesc = {ZE_STRUCTURE_TYPE_EVENT_DESC, NULL, 0,
                           ZE_EVENT_SCOPE_FLAG_HOST, ZE_EVENT_SCOPE_FLAG_HOST};
  ze_event_handle_t done;
  ZE_CHECK(zeEventCreate(pool, &edesc, &done));

  double pattern = 1.0;
  ZE_CHECK(zeCommandListAppendMemoryFill(list, dptr, &pattern, sizeof pattern,
                                         bytes, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendBarrier(list, NULL, 0, NULL));
  ZE_CHECK(zeCommandListAppendMemoryCopy(list, hptr, dptr, bytes, done, 0,
                                         NULL));
  ZE_CHECK(zeCommandListAppendMemoryPrefetch(list, sptr, bytes));
  ZE_CHECK(zeCommandListAppendMemAdvise(list, device, sptr, bytes,
                                        ZE_MEMORY_ADVICE_SET_READ_MOSTLY));

  ze_module_desc_t mdesc = {ZE_STRUCTURE_TYPE_MODULE_DESC,
                            NULL,
                            ZE_MODULE_FORMAT_IL_SPIRV,
                            0,
                            NULL,
                            "",
                            NULL};
  ze_module_handle_t module;
  ze_kernel_handle_t kernel;
  ze_kernel_desc_t kdesc = {ZE_STRUCTURE_TYPE_KERNEL_DESC, NULL, 0, "fill"};
  ZE_CHECK(zeModuleCreate(ctx, device, &mdesc, &module, NULL));
  ZE_CHECK(zeKernelCreate(module, &kdesc, &kernel));
  ZE_CHECK(zeKernelSetGroupSize(kernel, 64, 1, 1));
  ZE_CHECK(zeKernelSetArgumentValue(kernel, 0, sizeof(void *), &sptr));
  ze_group_count_t groups = {(uint32_t)(n / 64), 1, 1};
  ZE_CHECK(zeCommandListAppendLaunchKernel(list, kernel, &groups, NULL, 0,
                                           NULL));
  ZE_CHECK(zeCommandListClose(list));
  ZE_CHECK(zeCommandQueueExecuteCommandLists(queue, 1, &list, NULL));
  ZE_CHECK(zeCommandQueueSynchronize(queue, UINT64_MAX));
  ZE_CHECK(zeEventHostSynchronize(done, UINT64_MAX));

  ze_memory_allocation_properties_t props = {
      ZE_STRUCTURE_TYPE_MEMORY_ALLOCATION_PROPERTIES, NULL,
      ZE_MEMORY_TYPE_UNKNOWN, 0, 0};
  ze_device_handle_t owner;
  ZE_CHECK(zeMemGetAllocProperties(ctx, dptr, &props, &owner));
  if (props.type == ZE_MEMORY_TYPE_DEVICE)
    printf("%f\n", ((double *)hptr)[100]);

  ZE_CHECK(zeMemFree(ctx, dptr));
  ZE_CHECK(zeMemFree(ctx, hptr));
  ZE_CHECK(zeMemFree(ctx, sptr));
  zeKernelDestroy(kernel);
  zeModuleDestroy(module);
  zeEventDestroy(done);
  zeEventPoolDestroy(pool);
  zeCommandListDestroy(imm);
  zeCommandListDestroy(list);
  zeCommandQueueDestroy(queue);
  zeContextDestroy(ctx);
  return 0;
}
