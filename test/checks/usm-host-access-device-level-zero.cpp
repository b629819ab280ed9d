// Host code touching Level Zero device memory.
// RUN: %check_clang_tidy %s usm-host-access-device %t -- -std=c++17
#include <level_zero/ze_api.h>
#include <cstring>

void device_alloc(ze_context_handle_t ctx, ze_device_handle_t dev) {
  ze_device_mem_alloc_desc_t ddesc = {};
  void *ptr = nullptr;
  zeMemAllocDevice(ctx, &ddesc, 1024, 64, dev, &ptr);
  int *data = static_cast<int *>(ptr);
  data[0] = 42;
  // CHECK-MESSAGES: :[[@LINE-1]]:3: error: host code writes device memory allocated by 'zeMemAllocDevice'; the host cannot access device memory [usm-host-access-device]
  // CHECK-MESSAGES: :[[@LINE-4]]:3: note: allocated as device memory by 'zeMemAllocDevice' (Level Zero) here
  std::memset(ptr, 0, 1024);
  // CHECK-MESSAGES: :[[@LINE-1]]:15: error: 'memset' writes device memory allocated by 'zeMemAllocDevice' on the host
  zeMemFree(ctx, ptr);
}

void host_and_shared(ze_context_handle_t ctx, ze_device_handle_t dev) {
  ze_device_mem_alloc_desc_t ddesc = {};
  ze_host_mem_alloc_desc_t hdesc = {};
  void *shared = nullptr, *host = nullptr;
  zeMemAllocShared(ctx, &ddesc, &hdesc, 1024, 64, dev, &shared);
  zeMemAllocHost(ctx, &hdesc, 1024, 64, &host);
  std::memset(shared, 0, 1024); // no-warning: shared memory
  static_cast<char *>(host)[0] = 1; // no-warning: host memory
  zeMemFree(ctx, shared);
  zeMemFree(ctx, host);
}

void copy_back(ze_context_handle_t ctx, ze_device_handle_t dev,
               ze_command_list_handle_t list) {
  ze_device_mem_alloc_desc_t ddesc = {};
  void *dptr = nullptr;
  char host[1024];
  zeMemAllocDevice(ctx, &ddesc, sizeof host, 64, dev, &dptr);
  zeCommandListAppendMemoryCopy(list, host, dptr, sizeof host, nullptr, 0,
                                nullptr); // no-warning: USM API
  char c = host[0]; // no-warning: host buffer
  (void)c;
  zeMemFree(ctx, dptr);
}
