//===- kernel_args_test.cpp - the guard's CUDA kernel-argument decisions
//---===//
//
// runtime/KernelArgs.h with fake driver answers: which parameter words are
// kept from a parameter table, and what each kept value is classified as.
//
//===----------------------------------------------------------------------===//
#include "../runtime/KernelArgs.h"

#include <gtest/gtest.h>

#include <vector>

using namespace usm::rt::kargs;

namespace {

struct Param {
  std::size_t Off, Size;
};

/// A fake cuKernelGetParamInfo over \p Table: CUDA_ERROR_INVALID_VALUE past
/// the end, or \p Rc for every query when non-zero.
auto fakeInfo(const std::vector<Param> &Table, int Rc = 0) {
  return [&Table, Rc](std::size_t I, std::size_t *Off, std::size_t *Size) {
    if (Rc)
      return Rc;
    if (I >= Table.size())
      return CuInvalidValue;
    *Off = Table[I].Off;
    *Size = Table[I].Size;
    return 0;
  };
}

TEST(KernelArgs, PointerParametersAreKept) {
  // scale(double *out, const double *in, int n)
  std::vector<Param> T = {{0, 8}, {8, 8}, {16, 4}};
  Slot S[16];
  int Params = -1, FirstRc = -1;
  int N = pointerSlots(fakeInfo(T), S, 16, Params, FirstRc);
  EXPECT_EQ(Params, 3);
  EXPECT_EQ(FirstRc, 0);
  ASSERT_EQ(N, 2);
  EXPECT_EQ(S[0].Param, 0);
  EXPECT_EQ(S[0].Byte, 0);
  EXPECT_EQ(S[1].Param, 1);
  EXPECT_EQ(S[1].Byte, 0);
}

TEST(KernelArgs, StructParametersKeepEachAlignedWord) {
  // k(int n, struct { long n; double *p; } v, char c, struct { int a, b; } w)
  std::vector<Param> T = {{0, 4}, {8, 16}, {24, 1}, {28, 8}};
  Slot S[16];
  int Params = 0, FirstRc = 0;
  int N = pointerSlots(fakeInfo(T), S, 16, Params, FirstRc);
  EXPECT_EQ(Params, 4);
  ASSERT_EQ(N, 2); // v's two words; w sits at offset 28: no 8-byte member
  EXPECT_EQ(S[0].Param, 1);
  EXPECT_EQ(S[0].Byte, 0);
  EXPECT_EQ(S[1].Param, 1);
  EXPECT_EQ(S[1].Byte, 8);
}

TEST(KernelArgs, SlotsStopAtTheLimit) {
  std::vector<Param> T;
  for (std::size_t I = 0; I < 40; ++I)
    T.push_back({I * 8, 8});
  Slot S[16];
  int Params = 0, FirstRc = 0;
  EXPECT_EQ(pointerSlots(fakeInfo(T), S, 16, Params, FirstRc), 16);
  EXPECT_EQ(Params, 40);
  EXPECT_EQ(S[15].Param, 15);
}

TEST(KernelArgs, NoTableWhenTheDriverRefuses) {
  std::vector<Param> T = {{0, 8}};
  Slot S[4];
  int Params = 0, FirstRc = 0;
  // CUDA_ERROR_INVALID_HANDLE: a stub pointer given where a kernel belongs.
  EXPECT_EQ(pointerSlots(fakeInfo(T, 400), S, 4, Params, FirstRc), 0);
  EXPECT_EQ(Params, 0);
  EXPECT_EQ(FirstRc, 400);
}

TEST(KernelArgs, ParameterlessKernel) {
  std::vector<Param> T;
  Slot S[4];
  int Params = 5, FirstRc = 0;
  EXPECT_EQ(pointerSlots(fakeInfo(T), S, 4, Params, FirstRc), 0);
  EXPECT_EQ(Params, 0);
  EXPECT_EQ(FirstRc, CuInvalidValue);
}

DriverView view(int Rc, unsigned Type = 0, int Managed = 0, int DevPtrRc = -1) {
  DriverView D;
  D.Rc = Rc;
  D.MemType = Type;
  D.Managed = Managed;
  D.DevPtrRc = DevPtrRc;
  return D;
}

constexpr std::uintptr_t Heap = 0x55d0c0de1000;

TEST(KernelArgs, SmallValuesAreNotAddresses) {
  EXPECT_EQ(classifyArg(512, false, true, view(CuInvalidValue)),
            Verdict::NotAddress);
}

TEST(KernelArgs, RecordedMemoryIsReachable) {
  EXPECT_EQ(classifyArg(Heap, true, false, view(-1)), Verdict::Recorded);
  EXPECT_FALSE(suspect(Verdict::Recorded));
}

TEST(KernelArgs, DriverDeviceAndManagedMemory) {
  EXPECT_EQ(classifyArg(Heap, false, false, view(0, MemTypeDevice)),
            Verdict::DeviceReachable);
  EXPECT_EQ(classifyArg(Heap, false, true, view(0, MemTypeHost, 1)),
            Verdict::DeviceReachable);
  EXPECT_EQ(classifyArg(Heap, false, true, view(0, MemTypeUnified)),
            Verdict::DeviceReachable);
}

TEST(KernelArgs, PinnedHostMemoryHasADevicePointer) {
  EXPECT_EQ(classifyArg(Heap, false, true, view(0, MemTypeHost, 0, 0)),
            Verdict::DeviceReachable);
}

TEST(KernelArgs, HostMemoryWithoutDevicePointerIsSuspect) {
  // A driver that calls pageable memory host memory (HMM-like answers).
  Verdict V =
      classifyArg(Heap, false, true, view(0, MemTypeHost, 0, CuInvalidValue));
  EXPECT_EQ(V, Verdict::HostNoDevicePtr);
  EXPECT_TRUE(suspect(V));
  // The same answer for a value in no mapped page: not an address.
  EXPECT_EQ(
      classifyArg(Heap, false, false, view(0, MemTypeHost, 0, CuInvalidValue)),
      Verdict::NotAddress);
}

TEST(KernelArgs, UnknownToTheDriver) {
  Verdict V = classifyArg(Heap, false, true, view(CuInvalidValue));
  EXPECT_EQ(V, Verdict::UnknownToDriver);
  EXPECT_TRUE(suspect(V));
  EXPECT_EQ(classifyArg(Heap, false, false, view(CuInvalidValue)),
            Verdict::NotAddress);
}

TEST(KernelArgs, StickyErrorStillNamesMappedHostMemory) {
  // cuPointerGetAttribute after the fault: CUDA_ERROR_ILLEGAL_ADDRESS.
  Verdict V = classifyArg(Heap, false, true, view(700));
  EXPECT_EQ(V, Verdict::QueryFailed);
  EXPECT_TRUE(suspect(V));
}

TEST(KernelArgs, NoDriverLoaded) {
  EXPECT_EQ(classifyArg(Heap, false, true, view(-1)), Verdict::NoDriver);
  EXPECT_EQ(classifyArg(Heap, false, false, view(-1)), Verdict::NotAddress);
}

TEST(KernelArgs, VerdictNames) {
  EXPECT_STREQ(verdictName(Verdict::QueryFailed),
               "suspect(driver-query-failed)");
  EXPECT_STREQ(verdictName(Verdict::DeviceReachable), "device-reachable");
}

} // namespace
