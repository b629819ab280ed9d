/* The seed bug in Level Zero: zeMemAllocDevice memory read by the host. */
#include <level_zero/ze_api.h>
#include <stdio.h>

int main(void) {
  ze_context_handle_t ctx = NULL;
  ze_device_handle_t dev = NULL;
  ze_device_mem_alloc_desc_t desc = {ZE_STRUCTURE_TYPE_DEVICE_MEM_ALLOC_DESC,
                                     NULL, 0, 0};
  double *buf = NULL;
  if (zeMemAllocDevice(ctx, &desc, 1024 * sizeof(double), 64, dev,
                       (void **)&buf) != ZE_RESULT_SUCCESS)
    return 1;
  printf("%f\n", buf[100]);
  zeMemFree(ctx, buf);
  return 0;
}
