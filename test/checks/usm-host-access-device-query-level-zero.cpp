// Run-time kind queries (Level Zero): no report where
// zeMemGetAllocProperties said the pointer is not device memory.
// RUN: %check_clang_tidy %s usm-host-access-device %t -- -std=c++17
#include <level_zero/ze_api.h>

void ze_query(ze_context_handle_t ctx, ze_device_handle_t dev, bool flag) {
  ze_device_mem_alloc_desc_t ddesc = {};
  ze_host_mem_alloc_desc_t hdesc = {};
  void *dptr = nullptr, *hptr = nullptr;
  zeMemAllocDevice(ctx, &ddesc, 64, 64, dev, &dptr);
  zeMemAllocHost(ctx, &hdesc, 64, 64, &hptr);
  int *p = static_cast<int *>(flag ? dptr : hptr);
  ze_memory_allocation_properties_t props = {};
  ze_device_handle_t owner = nullptr;
  zeMemGetAllocProperties(ctx, p, &props, &owner);
  if (props.type == ZE_MEMORY_TYPE_HOST || props.type == ZE_MEMORY_TYPE_SHARED)
    p[0] = 1; // no-warning
  if (props.type != ZE_MEMORY_TYPE_DEVICE)
    p[1] = 1; // no-warning
  if (props.type == ZE_MEMORY_TYPE_DEVICE)
    p[2] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: host code writes device memory allocated by 'zeMemAllocDevice'; the host cannot access device memory [usm-host-access-device]
  p[3] = 1;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'zeMemAllocDevice'; the host cannot access device memory [usm-host-access-device]
  zeMemFree(ctx, dptr);
  zeMemFree(ctx, hptr);
}
