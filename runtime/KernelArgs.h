//===- KernelArgs.h - which CUDA kernel arguments the device cannot reach
//---===//
//
// After a synchronising CUDA call returns cudaErrorIllegalAddress the guard
// looks at the arguments of the last kernel launches. This header holds the
// two decisions that do not need a GPU, so that unit tests can feed them
// fake driver answers:
//
//   pointerSlots   which 8-byte slots of a kernel's parameters may hold a
//                  pointer, from the driver's parameter table (offset and
//                  size of each parameter: cuKernelGetParamInfo or
//                  cuFuncGetParamInfo);
//   classifyArg    what one slot's value is: not an address, memory the
//                  guard recorded, memory the driver says the device can
//                  reach, or host memory it cannot reach (and why).
//
// Header-only and free of the guard's globals (the unit tests include it).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_RUNTIME_KERNELARGS_H
#define USMCHECK_RUNTIME_KERNELARGS_H

#include <cstddef>
#include <cstdint>

namespace usm {
namespace rt {
namespace kargs {

/// One 8-byte slot of a kernel argument: parameter \p Param, \p Byte bytes
/// into it (0 for a plain pointer parameter; 8, 16, ... inside a struct).
struct Slot {
  unsigned char Param = 0;
  unsigned short Byte = 0;
};

/// The slots worth keeping for a kernel: every 8-byte-aligned 8-byte word of
/// every parameter whose offset in the parameter buffer is a multiple of 8
/// (a pointer parameter, or a struct that may hold pointers; a parameter at
/// an offset not a multiple of 8 contains no 8-byte member). \p Info is
/// called as Info(Index, &Offset, &Size) and returns the driver's CUresult;
/// the first non-zero result ends the table (CUDA_ERROR_INVALID_VALUE past
/// the last parameter). Returns the number of slots written to \p Out (at
/// most \p Max); \p Params gets the number of parameters the driver listed
/// and \p FirstRc the result of the first query (non-zero: no table).
template <typename InfoFn>
int pointerSlots(InfoFn Info, Slot *Out, int Max, int &Params, int &FirstRc) {
  int N = 0;
  Params = 0;
  FirstRc = 0;
  for (std::size_t I = 0; I < 256; ++I) {
    std::size_t Off = 0, Size = 0;
    int Rc = Info(I, &Off, &Size);
    if (I == 0)
      FirstRc = Rc;
    if (Rc != 0)
      break;
    ++Params;
    if (Off % 8 != 0)
      continue;
    for (std::size_t B = 0; B + 8 <= Size && B < 65536; B += 8)
      if (N < Max)
        Out[N++] =
            Slot{static_cast<unsigned char>(I), static_cast<unsigned short>(B)};
  }
  return N;
}

/// The driver's answer for one address (cuPointerGetAttribute).
struct DriverView {
  /// CU_POINTER_ATTRIBUTE_MEMORY_TYPE's CUresult; -1 when no driver is
  /// loaded (nothing was asked).
  int Rc = -1;
  unsigned MemType = 0; ///< CUmemorytype when Rc == 0
  int Managed = 0;      ///< CU_POINTER_ATTRIBUTE_IS_MANAGED (0 when it failed)
  /// CU_POINTER_ATTRIBUTE_DEVICE_POINTER's CUresult (asked for host memory
  /// only: pinned or registered host memory has a device address); -1 when
  /// not asked.
  int DevPtrRc = -1;
};

constexpr unsigned MemTypeHost = 1, MemTypeDevice = 2, MemTypeArray = 3,
                   MemTypeUnified = 4;
constexpr int CuInvalidValue = 1; ///< CUDA_ERROR_INVALID_VALUE

enum class Verdict {
  NotAddress,      ///< below 64 KiB, or in no mapped page and unknown
  Recorded,        ///< inside a USM allocation the guard recorded
  DeviceReachable, ///< device, managed, or pinned/registered host memory
  // The suspects: host memory the device cannot reach.
  NoDriver,        ///< mapped host page; no CUDA driver to ask
  UnknownToDriver, ///< mapped host page; the driver does not know it
  HostNoDevicePtr, ///< the driver calls it host memory but has no device
                   ///< address for it
  QueryFailed,     ///< mapped host page; the driver query failed otherwise
                   ///< (a context left unusable by the fault)
};

inline bool suspect(Verdict V) {
  return V == Verdict::NoDriver || V == Verdict::UnknownToDriver ||
         V == Verdict::HostNoDevicePtr || V == Verdict::QueryFailed;
}

/// Classifies the value \p V of one argument slot. \p Recorded: a USM record
/// contains it; \p HostMapped: it lies in a mapped page of this process.
inline Verdict classifyArg(std::uintptr_t V, bool Recorded, bool HostMapped,
                           const DriverView &D) {
  if (V < 65536)
    return Verdict::NotAddress;
  if (Recorded)
    return Verdict::Recorded;
  if (D.Rc == 0) {
    if (D.Managed || D.MemType == MemTypeDevice || D.MemType == MemTypeArray ||
        D.MemType == MemTypeUnified)
      return Verdict::DeviceReachable;
    if (D.DevPtrRc == 0)
      return Verdict::DeviceReachable; // pinned or registered host memory
    return HostMapped ? Verdict::HostNoDevicePtr : Verdict::NotAddress;
  }
  // The driver does not know the value (or could not be asked): only a
  // value in a mapped host page is an address worth naming.
  if (!HostMapped)
    return Verdict::NotAddress;
  if (D.Rc < 0)
    return Verdict::NoDriver;
  return D.Rc == CuInvalidValue ? Verdict::UnknownToDriver
                                : Verdict::QueryFailed;
}

inline const char *verdictName(Verdict V) {
  switch (V) {
  case Verdict::NotAddress:
    return "not-an-address";
  case Verdict::Recorded:
    return "recorded";
  case Verdict::DeviceReachable:
    return "device-reachable";
  case Verdict::NoDriver:
    return "suspect(no-driver)";
  case Verdict::UnknownToDriver:
    return "suspect(unknown-to-driver)";
  case Verdict::HostNoDevicePtr:
    return "suspect(host-without-device-pointer)";
  case Verdict::QueryFailed:
    return "suspect(driver-query-failed)";
  }
  return "?";
}

} // namespace kargs
} // namespace rt
} // namespace usm

#endif
