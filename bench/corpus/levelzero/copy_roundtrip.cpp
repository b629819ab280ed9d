// Level Zero round trip: host data copied into device memory and back
// through a command list, verified on the host (host never touches the
// device allocation directly).
#include <level_zero/ze_api.h>
#include <cstdio>
#include <cstring>
#include <vector>

int roundtrip(ze_context_handle_t ctx, ze_device_handle_t dev,
              ze_command_list_handle_t list) {
  const size_t n = 4096, bytes = n * sizeof(int);
  std::vector<int> in(n), out(n, 0);
  for (size_t i = 0; i < n; ++i)
    in[i] = static_cast<int>(i);
  ze_device_mem_alloc_desc_t desc = {};
  void *dbuf = nullptr;
  if (zeMemAllocDevice(ctx, &desc, bytes, 64, dev, &dbuf) != ZE_RESULT_SUCCESS)
    return 1;
  zeCommandListAppendMemoryCopy(list, dbuf, in.data(), bytes, nullptr, 0, nullptr);
  zeCommandListAppendBarrier(list, nullptr, 0, nullptr);
  zeCommandListAppendMemoryCopy(list, out.data(), dbuf, bytes, nullptr, 0, nullptr);
  zeCommandListClose(list);
  int errors = std::memcmp(in.data(), out.data(), bytes) != 0;
  std::printf("roundtrip: %s\n", errors ? "FAIL" : "PASS");
  zeMemFree(ctx, dbuf);
  return errors;
}
