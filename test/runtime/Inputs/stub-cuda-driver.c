// A stand-in libcuda.so.1 (built with that soname) whose pointer queries
// answer like a driver that knows pageable memory as host memory without
// a device address (as with some HMM set-ups), and knows the range the
// program pinned with stubPin as host memory the device can reach.
#include <stddef.h>
#include <stdint.h>

static uintptr_t pinBase, pinSize;
void stubPin(void *p, size_t n) {
  pinBase = (uintptr_t)p;
  pinSize = n;
}
int cuPointerGetAttribute(void *data, int attr, unsigned long long ptr) {
  int pinned = ptr >= pinBase && ptr < pinBase + pinSize;
  switch (attr) {
  case 2: // CU_POINTER_ATTRIBUTE_MEMORY_TYPE: host
    *(unsigned *)data = 1;
    return 0;
  case 3: // CU_POINTER_ATTRIBUTE_DEVICE_POINTER: only for the pinned range
    if (!pinned)
      return 1;
    *(unsigned long long *)data = ptr;
    return 0;
  case 8: // CU_POINTER_ATTRIBUTE_IS_MANAGED
    *(unsigned *)data = 0;
    return 0;
  default:
    return 1;
  }
}
int cuDeviceGetAttribute(int *v, int attr, int dev) {
  *v = 0; // CU_DEVICE_ATTRIBUTE_PAGEABLE_MEMORY_ACCESS (88): no
  return attr == 88 ? 0 : 1;
}
