// usm-sub-device-alloc, Level Zero: memory allocated against a handle that
// zeDeviceGetSubDevices returned, then copied or filled on a command list
// of the root device or of another sub-device.
// clang-format off
#include <level_zero/ze_api.h>
#include <cstdint>

void copy_on_root_list(ze_driver_handle_t driver, ze_context_handle_t ctx, void *host, size_t n) {
  uint32_t count = 1;
  ze_device_handle_t root;
  zeDeviceGet(driver, &count, &root);
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  void *p = nullptr;
  zeMemAllocDevice(ctx, &ddesc, n, 64, subs[0], &p);
  ze_command_queue_desc_t qdesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreateImmediate(ctx, root, &qdesc, &list);
  zeCommandListAppendMemoryCopy(list, host, p, n, nullptr, 0, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'p' is allocated against sub-device 'subs[0]' and copied by 'zeCommandListAppendMemoryCopy' on command list 'list' on device 'root'; Multi-stack/multi-slice GPUs: device and shared allocations belong to the root device
  zeMemFree(ctx, p);
}

void fill_on_sibling_list(ze_context_handle_t ctx, ze_device_handle_t root, size_t n) {
  ze_device_handle_t subs[4];
  uint32_t nsub = 4;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  void *p = nullptr;
  zeMemAllocDevice(ctx, &ddesc, n, 64, subs[1], &p);
  ze_command_list_desc_t ldesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreate(ctx, subs[2], &ldesc, &list);
  int zero = 0;
  zeCommandListAppendMemoryFill(list, p, &zero, sizeof(zero), n, nullptr, 0, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'p' is allocated against sub-device 'subs[1]' and filled by 'zeCommandListAppendMemoryFill' on command list 'list' on device 'subs[2]'
  zeMemFree(ctx, p);
}

void shared_on_sub(ze_context_handle_t ctx, ze_device_handle_t root, void *host, size_t n) {
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  ze_host_mem_alloc_desc_t hdesc = {};
  void *s = nullptr;
  zeMemAllocShared(ctx, &ddesc, &hdesc, n, 64, subs[1], &s);
  ze_command_queue_desc_t qdesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreateImmediate(ctx, root, &qdesc, &list);
  zeCommandListAppendMemoryCopy(list, s, host, n, nullptr, 0, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: shared memory 's' is allocated against sub-device 'subs[1]' and copied by 'zeCommandListAppendMemoryCopy' on command list 'list' on device 'root'
  zeMemFree(ctx, s);
}

void copy_between_stacks(ze_context_handle_t ctx, ze_device_handle_t root, size_t n) {
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  void *a = nullptr, *b = nullptr;
  zeMemAllocDevice(ctx, &ddesc, n, 64, root, &a);
  zeMemAllocDevice(ctx, &ddesc, n, 64, subs[0], &b);
  ze_command_queue_desc_t qdesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreateImmediate(ctx, subs[1], &qdesc, &list);
  zeCommandListAppendMemoryCopy(list, a, b, n, nullptr, 0, nullptr);
  // CHECK-MESSAGES: :[[@LINE-1]]:3: warning: device memory 'b' is allocated against sub-device 'subs[0]' and copied by 'zeCommandListAppendMemoryCopy' on command list 'list' on device 'subs[1]'
  zeMemFree(ctx, a);
  zeMemFree(ctx, b);
}

// ---- correct code: no findings below ----

void root_allocation(ze_context_handle_t ctx, ze_device_handle_t root, void *host, size_t n) {
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  void *p = nullptr;
  zeMemAllocDevice(ctx, &ddesc, n, 64, root, &p);
  ze_command_queue_desc_t qdesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreateImmediate(ctx, subs[1], &qdesc, &list);
  zeCommandListAppendMemoryCopy(list, host, p, n, nullptr, 0, nullptr); // no-warning: root allocation
  zeMemFree(ctx, p);
}

void same_sub_device(ze_context_handle_t ctx, ze_device_handle_t root, void *host, size_t n) {
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  void *p = nullptr;
  zeMemAllocDevice(ctx, &ddesc, n, 64, subs[0], &p);
  ze_command_queue_desc_t qdesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreateImmediate(ctx, subs[0], &qdesc, &list);
  zeCommandListAppendMemoryCopy(list, host, p, n, nullptr, 0, nullptr); // no-warning: the same stack
  zeMemFree(ctx, p);
}

void host_memory(ze_context_handle_t ctx, ze_device_handle_t root, void *dst, size_t n) {
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_host_mem_alloc_desc_t hdesc = {};
  void *h = nullptr;
  zeMemAllocHost(ctx, &hdesc, n, 64, &h);
  ze_command_queue_desc_t qdesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreateImmediate(ctx, subs[1], &qdesc, &list);
  zeCommandListAppendMemoryCopy(list, dst, h, n, nullptr, 0, nullptr); // no-warning: host memory
  zeMemFree(ctx, h);
}

void unknown_list(ze_context_handle_t ctx, ze_device_handle_t root, ze_command_list_handle_t list, void *host, size_t n) {
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  void *p = nullptr;
  zeMemAllocDevice(ctx, &ddesc, n, 64, subs[0], &p);
  zeCommandListAppendMemoryCopy(list, host, p, n, nullptr, 0, nullptr); // no-warning: the list's device is not visible
  zeMemFree(ctx, p);
}

void list_recreated(ze_context_handle_t ctx, ze_device_handle_t root, void *host, size_t n) {
  ze_device_handle_t subs[2];
  uint32_t nsub = 2;
  zeDeviceGetSubDevices(root, &nsub, subs);
  ze_device_mem_alloc_desc_t ddesc = {};
  void *p = nullptr;
  zeMemAllocDevice(ctx, &ddesc, n, 64, subs[0], &p);
  ze_command_queue_desc_t qdesc = {};
  ze_command_list_handle_t list;
  zeCommandListCreateImmediate(ctx, root, &qdesc, &list);
  zeCommandListDestroy(list);
  zeCommandListCreateImmediate(ctx, subs[0], &qdesc, &list);
  zeCommandListAppendMemoryCopy(list, host, p, n, nullptr, 0, nullptr); // no-warning: which creation reaches the copy is not followed
  zeMemFree(ctx, p);
}
