//===- catalog_test.cpp - the catalog knows every USM API of issue 2 ------===//
//
// These tests pin the catalog (catalog/*.def read through Catalog.h) to the
// outside world: issue 2's list of APIs with their model, role and kind;
// argument positions taken from the vendors' documented signatures; the
// pairing of allocators and deallocators; allocator families (what a fix-it
// may swap); selectors and copy directions; and the feature table of
// the USM feature table (docs/catalog.md) with its three fixes. Each expectation is written here
// independently of the .def files, so a wrong or missing row fails a test.
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"
#include "Queries.h"

#include <gtest/gtest.h>

#include <ostream>
#include <set>
#include <string>
#include <string_view>
#include <vector>

// Readable failure messages: gtest finds these through ADL.
namespace usm {
void PrintTo(Model M, std::ostream *OS) { *OS << name(M); }
void PrintTo(Kind K, std::ostream *OS) { *OS << name(K); }
void PrintTo(Role R, std::ostream *OS) { *OS << name(R); }
void PrintTo(Dir D, std::ostream *OS) { *OS << name(D); }
void PrintTo(Verdict V, std::ostream *OS) { *OS << name(V); }
} // namespace usm

using namespace usm;

namespace {

struct Expect {
  const char *Name;
  Model M;
  Role R;
  Kind K;
};

// Issue 2, item 2: "At least" these, per model.
const Expect IssueList[] = {
    // OpenMP: standard, Intel, LLVM.
    {"omp_target_alloc", Model::OpenMP, Role::Alloc, Kind::Device},
    {"omp_target_alloc_device", Model::OpenMP, Role::Alloc, Kind::Device},
    {"omp_target_alloc_host", Model::OpenMP, Role::Alloc, Kind::Host},
    {"omp_target_alloc_shared", Model::OpenMP, Role::Alloc, Kind::Shared},
    {"llvm_omp_target_alloc_device", Model::OpenMP, Role::Alloc, Kind::Device},
    {"llvm_omp_target_alloc_host", Model::OpenMP, Role::Alloc, Kind::Host},
    {"llvm_omp_target_alloc_shared", Model::OpenMP, Role::Alloc, Kind::Shared},
    {"omp_alloc", Model::OpenMP, Role::Alloc, Kind::ByArg},
    {"omp_aligned_alloc", Model::OpenMP, Role::Alloc, Kind::ByArg},
    {"omp_target_free", Model::OpenMP, Role::Free, Kind::None},
    {"omp_free", Model::OpenMP, Role::Free, Kind::None},
    {"omp_target_memcpy", Model::OpenMP, Role::Copy, Kind::None},
    {"omp_target_memcpy_rect", Model::OpenMP, Role::Copy, Kind::None},
    {"omp_target_memcpy_async", Model::OpenMP, Role::Copy, Kind::None},
    {"omp_target_memcpy_rect_async", Model::OpenMP, Role::Copy, Kind::None},
    {"omp_target_memset", Model::OpenMP, Role::Fill, Kind::None},
    {"omp_target_memset_async", Model::OpenMP, Role::Fill, Kind::None},
    {"omp_target_is_accessible", Model::OpenMP, Role::Query, Kind::None},
    {"omp_target_associate_ptr", Model::OpenMP, Role::Associate, Kind::None},
    // SYCL 2020.
    {"sycl::malloc_device", Model::SYCL, Role::Alloc, Kind::Device},
    {"sycl::malloc_host", Model::SYCL, Role::Alloc, Kind::Host},
    {"sycl::malloc_shared", Model::SYCL, Role::Alloc, Kind::Shared},
    {"sycl::aligned_alloc_device", Model::SYCL, Role::Alloc, Kind::Device},
    {"sycl::aligned_alloc_host", Model::SYCL, Role::Alloc, Kind::Host},
    {"sycl::aligned_alloc_shared", Model::SYCL, Role::Alloc, Kind::Shared},
    {"sycl::malloc", Model::SYCL, Role::Alloc, Kind::ByArg},
    {"sycl::usm_allocator", Model::SYCL, Role::Allocator, Kind::ByArg},
    {"sycl::free", Model::SYCL, Role::Free, Kind::None},
    {"sycl::queue::memcpy", Model::SYCL, Role::Copy, Kind::None},
    {"sycl::queue::copy", Model::SYCL, Role::Copy, Kind::None},
    {"sycl::queue::memset", Model::SYCL, Role::Fill, Kind::None},
    {"sycl::queue::fill", Model::SYCL, Role::Fill, Kind::None},
    {"sycl::queue::prefetch", Model::SYCL, Role::Prefetch, Kind::None},
    {"sycl::queue::mem_advise", Model::SYCL, Role::Advise, Kind::None},
    {"sycl::handler::memcpy", Model::SYCL, Role::Copy, Kind::None},
    // Level Zero.
    {"zeMemAllocDevice", Model::LevelZero, Role::Alloc, Kind::Device},
    {"zeMemAllocHost", Model::LevelZero, Role::Alloc, Kind::Host},
    {"zeMemAllocShared", Model::LevelZero, Role::Alloc, Kind::Shared},
    {"zeMemFree", Model::LevelZero, Role::Free, Kind::None},
    {"zeCommandListAppendMemoryCopy", Model::LevelZero, Role::Copy,
     Kind::None},
    // CUDA runtime.
    {"cudaMalloc", Model::CUDA, Role::Alloc, Kind::Device},
    {"cudaMallocPitch", Model::CUDA, Role::Alloc, Kind::Device},
    {"cudaMalloc3D", Model::CUDA, Role::Alloc, Kind::Device},
    {"cudaMallocAsync", Model::CUDA, Role::Alloc, Kind::Device},
    {"cudaMallocFromPoolAsync", Model::CUDA, Role::Alloc, Kind::Device},
    {"cudaMallocHost", Model::CUDA, Role::Alloc, Kind::Host},
    {"cudaHostAlloc", Model::CUDA, Role::Alloc, Kind::Host},
    {"cudaMallocManaged", Model::CUDA, Role::Alloc, Kind::Shared},
    {"cudaFree", Model::CUDA, Role::Free, Kind::None},
    {"cudaFreeHost", Model::CUDA, Role::Free, Kind::None},
    {"cudaFreeAsync", Model::CUDA, Role::Free, Kind::None},
    {"cudaMemcpy", Model::CUDA, Role::Copy, Kind::None},
    {"cudaMemcpyAsync", Model::CUDA, Role::Copy, Kind::None},
    {"cudaMemcpy2D", Model::CUDA, Role::Copy, Kind::None},
    {"cudaMemcpyPeer", Model::CUDA, Role::Copy, Kind::None},
    {"cudaMemset", Model::CUDA, Role::Fill, Kind::None},
    {"cudaMemsetAsync", Model::CUDA, Role::Fill, Kind::None},
    {"cudaMemPrefetchAsync", Model::CUDA, Role::Prefetch, Kind::None},
    {"cudaMemAdvise", Model::CUDA, Role::Advise, Kind::None},
    // CUDA driver API.
    {"cuMemAlloc", Model::CUDA, Role::Alloc, Kind::Device},
    {"cuMemAllocPitch", Model::CUDA, Role::Alloc, Kind::Device},
    {"cuMemAllocAsync", Model::CUDA, Role::Alloc, Kind::Device},
    {"cuMemAllocFromPoolAsync", Model::CUDA, Role::Alloc, Kind::Device},
    {"cuMemAllocHost", Model::CUDA, Role::Alloc, Kind::Host},
    {"cuMemHostAlloc", Model::CUDA, Role::Alloc, Kind::Host},
    {"cuMemAllocManaged", Model::CUDA, Role::Alloc, Kind::Shared},
    {"cuMemFree", Model::CUDA, Role::Free, Kind::None},
    {"cuMemFreeHost", Model::CUDA, Role::Free, Kind::None},
    // HIP (the CUDA-mirroring rows are checked wholesale below).
    {"hipMalloc", Model::HIP, Role::Alloc, Kind::Device},
    {"hipHostMalloc", Model::HIP, Role::Alloc, Kind::Host},
    {"hipMallocManaged", Model::HIP, Role::Alloc, Kind::Shared},
    {"hipFree", Model::HIP, Role::Free, Kind::None},
    {"hipHostFree", Model::HIP, Role::Free, Kind::None},
    {"hipMemcpy", Model::HIP, Role::Copy, Kind::None},
    // Plain host memory.
    {"malloc", Model::Host, Role::Alloc, Kind::NotUSM},
    {"calloc", Model::Host, Role::Alloc, Kind::NotUSM},
    {"realloc", Model::Host, Role::Alloc, Kind::NotUSM},
    {"aligned_alloc", Model::Host, Role::Alloc, Kind::NotUSM},
    {"operator new", Model::Host, Role::Alloc, Kind::NotUSM},
    {"operator new[]", Model::Host, Role::Alloc, Kind::NotUSM},
    {"free", Model::Host, Role::Free, Kind::None},
    {"operator delete", Model::Host, Role::Free, Kind::None},
    {"operator delete[]", Model::Host, Role::Free, Kind::None},
};

const Api &api(std::string_view Name) {
  const Api *A = findApi(Name);
  if (!A) {
    ADD_FAILURE() << "missing from the catalog: " << Name;
    static const Api Empty{};
    return Empty;
  }
  return *A;
}

std::vector<std::string_view> split(std::string_view List) {
  std::vector<std::string_view> Out;
  while (!List.empty()) {
    std::size_t Bar = List.find('|');
    Out.push_back(List.substr(0, Bar));
    if (Bar == std::string_view::npos)
      break;
    List.remove_prefix(Bar + 1);
  }
  return Out;
}

TEST(Catalog, IssueListIsPresentWithModelRoleKind) {
  for (const Expect &E : IssueList) {
    SCOPED_TRACE(E.Name);
    const Api *A = findApi(E.Name);
    ASSERT_NE(A, nullptr) << E.Name << " is missing";
    EXPECT_EQ(A->M, E.M) << name(A->M);
    EXPECT_EQ(A->R, E.R) << name(A->R);
    EXPECT_EQ(A->K, E.K) << name(A->K);
    EXPECT_FALSE(A->Summary.empty());
  }
}

TEST(Catalog, DesignTableExamplesHaveTheirKinds) {
  // The allocators the feature table names in its "kind" column.
  for (const char *N : {"sycl::malloc_device", "omp_target_alloc_device",
                        "omp_target_alloc", "cudaMalloc", "hipMalloc",
                        "zeMemAllocDevice"})
    EXPECT_EQ(api(N).K, Kind::Device) << N;
  for (const char *N : {"sycl::malloc_host", "omp_target_alloc_host",
                        "cudaMallocHost", "cudaHostAlloc", "hipHostMalloc",
                        "zeMemAllocHost"})
    EXPECT_EQ(api(N).K, Kind::Host) << N;
  for (const char *N : {"sycl::malloc_shared", "omp_target_alloc_shared",
                        "cudaMallocManaged", "hipMallocManaged",
                        "zeMemAllocShared"})
    EXPECT_EQ(api(N).K, Kind::Shared) << N;
  for (const char *N : {"malloc", "operator new"})
    EXPECT_EQ(api(N).K, Kind::NotUSM) << N;
}

// Positions from the documented signatures.
TEST(Catalog, ArgumentPositionsMatchRealSignatures) {
  // cudaMemcpy(void *dst, const void *src, size_t count, cudaMemcpyKind kind)
  const Api &Memcpy = api("cudaMemcpy");
  EXPECT_EQ(Memcpy.Ptr, 0);
  EXPECT_EQ(Memcpy.Src, 1);
  EXPECT_EQ(Memcpy.Size, 2);
  EXPECT_EQ(Memcpy.DirArg, 3);
  EXPECT_EQ(Memcpy.D, Dir::FromArg);

  // omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device,
  //                   src_device)
  const Api &OmpCopy = api("omp_target_memcpy");
  EXPECT_EQ(OmpCopy.Ptr, 0);
  EXPECT_EQ(OmpCopy.Src, 1);
  EXPECT_EQ(OmpCopy.Size, 2);
  EXPECT_EQ(OmpCopy.Dev, 5);
  EXPECT_EQ(OmpCopy.SrcDev, 6);
  EXPECT_EQ(OmpCopy.D, Dir::Any);
  // The _async form adds trailing depobj arguments only.
  const Api &OmpAsync = api("omp_target_memcpy_async");
  EXPECT_EQ(OmpAsync.Dev, 5);
  EXPECT_EQ(OmpAsync.SrcDev, 6);
  // omp_target_memcpy_rect(dst, src, element_size, num_dims, volume,
  //   dst_offsets, src_offsets, dst_dimensions, src_dimensions, dst_device,
  //   src_device)
  for (const char *N : {"omp_target_memcpy_rect", "omp_target_memcpy_rect_async"}) {
    EXPECT_EQ(api(N).Ptr, 0) << N;
    EXPECT_EQ(api(N).Src, 1) << N;
    EXPECT_EQ(api(N).Dev, 9) << N;
    EXPECT_EQ(api(N).SrcDev, 10) << N;
  }
  // omp_target_alloc(size, device_num) returns the pointer.
  EXPECT_EQ(api("omp_target_alloc").Ptr, RET);
  EXPECT_EQ(api("omp_target_alloc").Size, 0);
  EXPECT_EQ(api("omp_target_alloc").Dev, 1);
  EXPECT_EQ(api("omp_target_free").Ptr, 0);
  EXPECT_EQ(api("omp_target_free").Dev, 1);
  // omp_aligned_alloc(alignment, size, allocator)
  EXPECT_EQ(api("omp_aligned_alloc").Size, 1);
  // omp_target_memset(ptr, value, count, device_num)
  EXPECT_EQ(api("omp_target_memset").Size, 2);
  EXPECT_EQ(api("omp_target_memset").Dev, 3);
  // omp_target_is_accessible(ptr, size, device_num)
  EXPECT_EQ(api("omp_target_is_accessible").Size, 1);
  EXPECT_EQ(api("omp_target_is_accessible").Dev, 2);
  // omp_target_associate_ptr(host_ptr, device_ptr, size, device_offset,
  //                          device_num)
  const Api &Assoc = api("omp_target_associate_ptr");
  EXPECT_EQ(Assoc.Ptr, 0);
  EXPECT_EQ(Assoc.Src, 1);
  EXPECT_EQ(Assoc.Size, 2);
  EXPECT_EQ(Assoc.Dev, 4);

  // zeMemAllocDevice(ctx, desc, size, alignment, device, void **pptr)
  const Api &ZeDev = api("zeMemAllocDevice");
  EXPECT_EQ(ZeDev.Ptr, 5);
  EXPECT_EQ(ZeDev.Size, 2);
  EXPECT_EQ(ZeDev.Dev, 4);
  // zeMemAllocHost(ctx, host_desc, size, alignment, void **pptr)
  EXPECT_EQ(api("zeMemAllocHost").Ptr, 4);
  EXPECT_EQ(api("zeMemAllocHost").Size, 2);
  // zeMemAllocShared(ctx, device_desc, host_desc, size, alignment, device,
  //                  void **pptr)
  EXPECT_EQ(api("zeMemAllocShared").Ptr, 6);
  EXPECT_EQ(api("zeMemAllocShared").Size, 3);
  EXPECT_EQ(api("zeMemAllocShared").Dev, 5);
  // zeMemFree(ctx, ptr)
  EXPECT_EQ(api("zeMemFree").Ptr, 1);
  EXPECT_EQ(api("zeMemFree").Dev, 0);
  // zeCommandListAppendMemoryCopy(list, dst, src, size, signal, nwait, waits)
  const Api &ZeCopy = api("zeCommandListAppendMemoryCopy");
  EXPECT_EQ(ZeCopy.Ptr, 1);
  EXPECT_EQ(ZeCopy.Src, 2);
  EXPECT_EQ(ZeCopy.Size, 3);

  // sycl::queue::memcpy(dest, src, numBytes); queue::copy(src, dest, count)
  // takes the source first.
  EXPECT_EQ(api("sycl::queue::memcpy").Ptr, 0);
  EXPECT_EQ(api("sycl::queue::memcpy").Src, 1);
  EXPECT_EQ(api("sycl::queue::memcpy").Size, 2);
  for (const char *N : {"sycl::queue::copy", "sycl::handler::copy"}) {
    EXPECT_EQ(api(N).Src, 0) << N;
    EXPECT_EQ(api(N).Ptr, 1) << N;
    EXPECT_EQ(api(N).Size, 2) << N;
  }
  // malloc_device(count, queue-or-device, ...); aligned_alloc_device(align,
  // count, queue-or-device, ...); free(ptr, queue-or-context).
  EXPECT_EQ(api("sycl::malloc_device").Ptr, RET);
  EXPECT_EQ(api("sycl::malloc_device").Size, 0);
  EXPECT_EQ(api("sycl::malloc_device").Dev, 1);
  EXPECT_EQ(api("sycl::aligned_alloc_shared").Size, 1);
  EXPECT_EQ(api("sycl::aligned_alloc_shared").Dev, 2);
  EXPECT_EQ(api("sycl::free").Ptr, 0);
  EXPECT_EQ(api("sycl::free").Dev, 1);

  // cudaMalloc(void **devPtr, size_t size): an out-parameter.
  EXPECT_EQ(api("cudaMalloc").Ptr, 0);
  EXPECT_EQ(api("cudaMalloc").Size, 1);
  // cudaMemcpyPeer(dst, dstDevice, src, srcDevice, count)
  const Api &Peer = api("cudaMemcpyPeer");
  EXPECT_EQ(Peer.Ptr, 0);
  EXPECT_EQ(Peer.Dev, 1);
  EXPECT_EQ(Peer.Src, 2);
  EXPECT_EQ(Peer.SrcDev, 3);
  EXPECT_EQ(Peer.Size, 4);
  // cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind)
  EXPECT_EQ(api("cudaMemcpy2D").Src, 2);
  EXPECT_EQ(api("cudaMemcpy2D").DirArg, 6);
  // cudaMemPrefetchAsync(ptr, count, device, stream);
  // cudaMemAdvise(ptr, count, advice, device)
  EXPECT_EQ(api("cudaMemPrefetchAsync").Dev, 2);
  EXPECT_EQ(api("cudaMemAdvise").Dev, 3);
  // cuMemcpyDtoH(void *dstHost, CUdeviceptr srcDevice, size_t bytes)
  EXPECT_EQ(api("cuMemcpyDtoH").Ptr, 0);
  EXPECT_EQ(api("cuMemcpyDtoH").Src, 1);
  EXPECT_EQ(api("cuMemcpyDtoH").D, Dir::DeviceToHost);
  EXPECT_EQ(api("cuMemcpyHtoD").D, Dir::HostToDevice);
  // cuPointerGetAttribute(void *data, attribute, CUdeviceptr ptr)
  EXPECT_EQ(api("cuPointerGetAttribute").Ptr, 2);
  // hipMemcpyPeer(dst, dstDeviceId, src, srcDeviceId, sizeBytes)
  EXPECT_EQ(api("hipMemcpyPeer").Dev, 1);
  EXPECT_EQ(api("hipMemcpyPeer").SrcDev, 3);
  EXPECT_EQ(api("hipMemcpyPeer").Size, 4);

  // Host: calloc(count, size) has no single byte count; posix_memalign
  // writes through its first argument.
  EXPECT_EQ(api("calloc").Size, NA);
  EXPECT_EQ(api("posix_memalign").Ptr, 0);
  EXPECT_EQ(api("posix_memalign").Size, 2);
  EXPECT_EQ(api("aligned_alloc").Size, 1);
}

// Every CUDA runtime row has a HIP twin with the same role, kind and
// argument positions (HIP renames cudaMallocHost/cudaFreeHost only).
TEST(Catalog, HipMirrorsEveryCudaRuntimeRow) {
  auto ToHip = [](std::string_view Cuda) {
    if (Cuda == "cudaMallocHost")
      return std::string("hipHostMalloc");
    if (Cuda == "cudaFreeHost")
      return std::string("hipHostFree");
    return "hip" + std::string(Cuda.substr(4));
  };
  int Mirrored = 0;
  for (const Api &C : apis()) {
    if (C.M != Model::CUDA || C.Name.substr(0, 4) != "cuda")
      continue;
    std::string HipName = ToHip(C.Name);
    SCOPED_TRACE(HipName);
    const Api *H = findApi(HipName);
    ASSERT_NE(H, nullptr) << C.Name << " has no HIP equivalent " << HipName;
    EXPECT_EQ(H->M, Model::HIP);
    EXPECT_EQ(H->R, C.R);
    EXPECT_EQ(H->K, C.K);
    EXPECT_EQ(H->Ptr, C.Ptr);
    EXPECT_EQ(H->Size, C.Size);
    EXPECT_EQ(H->Dev, C.Dev);
    EXPECT_EQ(H->Src, C.Src);
    EXPECT_EQ(H->SrcDev, C.SrcDev);
    EXPECT_EQ(H->DirArg, C.DirArg);
    EXPECT_EQ(H->D, C.D);
    if (C.R == Role::Alloc) {
      std::string PrimaryFree = ToHip(split(C.Dealloc).front());
      EXPECT_TRUE(H->isFreedBy(PrimaryFree))
          << HipName << " is not freed by " << PrimaryFree;
    }
    ++Mirrored;
  }
  EXPECT_GE(Mirrored, 27);
}

TEST(Catalog, EveryAllocatorIsFreedByAFreeRow) {
  for (const Api &A : apis()) {
    if (A.R != Role::Alloc)
      continue;
    SCOPED_TRACE(std::string(A.Name));
    std::vector<std::string_view> Frees = split(A.Dealloc);
    // Storage owned by a container (std::vector::data) is released by its
    // owner: plain host memory with no deallocator of its own.
    if (Frees.empty() && A.M == Model::Host && A.K == Kind::NotUSM &&
        A.Ptr == RET && A.Size == NA)
      continue;
    ASSERT_FALSE(Frees.empty()) << A.Name << " has no deallocator";
    for (std::string_view F : Frees) {
      const Api *Free = findApi(F);
      ASSERT_NE(Free, nullptr) << "deallocator " << F << " is not catalogued";
      EXPECT_EQ(Free->R, Role::Free) << F;
      EXPECT_EQ(Free->M, A.M) << F << " belongs to another model";
      EXPECT_TRUE(A.isFreedBy(F));
    }
  }
  // Rows other than allocators name no deallocator.
  for (const Api &A : apis())
    if (A.R != Role::Alloc) {
      EXPECT_TRUE(A.Dealloc.empty()) << A.Name;
    }
}

TEST(Catalog, FreeMismatchesAreVisible) {
  // The pairs usm-free-mismatch relies on.
  EXPECT_TRUE(api("cudaMalloc").isFreedBy("cudaFree"));
  EXPECT_FALSE(api("cudaMalloc").isFreedBy("cudaFreeHost"));
  EXPECT_FALSE(api("cudaMallocHost").isFreedBy("cudaFree"));
  EXPECT_FALSE(api("cudaMalloc").isFreedBy("cudaFre")); // no prefix match
  EXPECT_FALSE(api("cudaMalloc").isFreedBy(""));
  EXPECT_TRUE(api("omp_target_alloc_device").isFreedBy("omp_target_free"));
  EXPECT_FALSE(api("omp_target_alloc_device").isFreedBy("free"));
  EXPECT_FALSE(api("omp_target_alloc_device").isFreedBy("omp_free"));
  EXPECT_TRUE(api("omp_alloc").isFreedBy("omp_free"));
  EXPECT_FALSE(api("omp_alloc").isFreedBy("omp_target_free"));
  // LLVM 19's omp_target_free aborts on pinned host memory (CUDA plugin).
  EXPECT_FALSE(api("llvm_omp_target_alloc_host").isFreedBy("omp_target_free"));
  EXPECT_TRUE(
      api("llvm_omp_target_alloc_host").isFreedBy("llvm_omp_target_free_host"));
  EXPECT_FALSE(api("llvm_omp_target_alloc_host")
                   .isFreedBy("llvm_omp_target_free_device"));
  EXPECT_TRUE(api("sycl::malloc_shared").isFreedBy("sycl::free"));
  EXPECT_FALSE(api("sycl::malloc_shared").isFreedBy("free"));
  EXPECT_TRUE(api("zeMemAllocShared").isFreedBy("zeMemFree"));
  EXPECT_TRUE(api("malloc").isFreedBy("free"));
  EXPECT_FALSE(api("malloc").isFreedBy("cudaFree"));
  EXPECT_TRUE(api("operator new").isFreedBy("operator delete"));
  EXPECT_FALSE(api("operator new").isFreedBy("operator delete[]"));
  EXPECT_TRUE(api("operator new[]").isFreedBy("operator delete[]"));
  EXPECT_TRUE(api("cuMemAlloc").isFreedBy("cuMemFree"));
  EXPECT_FALSE(api("cuMemAllocHost").isFreedBy("cuMemFree"));
}

TEST(Catalog, FamiliesHaveOneMemberPerKindAndSwap) {
  std::set<std::string_view> Families;
  for (const Api &A : apis())
    if (!A.Family.empty()) {
      EXPECT_EQ(A.R, Role::Alloc) << A.Name << " is in a family";
      Families.insert(A.Family);
    }
  ASSERT_FALSE(Families.empty());
  for (std::string_view F : Families) {
    SCOPED_TRACE(std::string(F));
    std::vector<const Api *> Members;
    for (const Api &A : apis())
      if (A.Family == F)
        Members.push_back(&A);
    if (Members.size() == 1) {
      // A family of one: the standard allocator, or one whose argument
      // picks the kind. Nothing to swap to.
      const Api &Only = *Members.front();
      EXPECT_TRUE(Only.K == Kind::Device || Only.K == Kind::ByArg) << Only.Name;
      EXPECT_EQ(familyMember(Only, Kind::Host), nullptr);
      EXPECT_EQ(familyMember(Only, Kind::Shared), nullptr);
      continue;
    }
    std::set<Kind> Kinds;
    for (const Api *A : Members)
      EXPECT_TRUE(Kinds.insert(A->K).second)
          << "two members of kind " << name(A->K);
    EXPECT_TRUE(Kinds.count(Kind::Device)) << "no device member";
    for (const Api *A : Members) {
      // Same signature: a fix-it may swap the callee and keep the arguments.
      const Api *Dev = familyMember(*A, Kind::Device);
      ASSERT_NE(Dev, nullptr);
      EXPECT_EQ(Dev->K, Kind::Device);
      EXPECT_EQ(Dev->Family, F);
      EXPECT_EQ(A->Ptr, Dev->Ptr) << A->Name;
      EXPECT_EQ(A->Size, Dev->Size) << A->Name;
      EXPECT_EQ(A->M, Dev->M) << A->Name;
      for (Kind K : {Kind::Host, Kind::Shared}) {
        const Api *Other = familyMember(*A, K);
        if (!Kinds.count(K)) {
          EXPECT_EQ(Other, nullptr);
          continue;
        }
        ASSERT_NE(Other, nullptr);
        EXPECT_EQ(Other->K, K);
        // Swapping back lands where we started.
        EXPECT_EQ(familyMember(*Other, A->K), A);
      }
    }
  }
  // The swaps the three fixes of the seed bug need.
  const Api &Seed = api("omp_target_alloc_device");
  ASSERT_NE(familyMember(Seed, Kind::Host), nullptr);
  EXPECT_EQ(familyMember(Seed, Kind::Host)->Name, "omp_target_alloc_host");
  ASSERT_NE(familyMember(Seed, Kind::Shared), nullptr);
  EXPECT_EQ(familyMember(Seed, Kind::Shared)->Name, "omp_target_alloc_shared");
  ASSERT_NE(familyMember(api("cudaMalloc"), Kind::Shared), nullptr);
  EXPECT_EQ(familyMember(api("cudaMalloc"), Kind::Shared)->Name,
            "cudaMallocManaged");
  ASSERT_NE(familyMember(api("hipMalloc"), Kind::Host), nullptr);
  EXPECT_EQ(familyMember(api("hipMalloc"), Kind::Host)->Name, "hipHostMalloc");
  ASSERT_NE(familyMember(api("sycl::malloc_device"), Kind::Shared), nullptr);
  EXPECT_EQ(familyMember(api("sycl::malloc_device"), Kind::Shared)->Name,
            "sycl::malloc_shared");
  ASSERT_NE(familyMember(api("sycl::aligned_alloc_host"), Kind::Device),
            nullptr);
  EXPECT_EQ(familyMember(api("sycl::aligned_alloc_host"), Kind::Device)->Name,
            "sycl::aligned_alloc_device");
  // Not a family member: no swap offered.
  EXPECT_EQ(familyMember(api("malloc"), Kind::Host), nullptr);
  EXPECT_EQ(familyMember(api("cudaMallocPitch"), Kind::Shared), nullptr);
}

TEST(Catalog, SelectorsAndDirectionsResolve) {
  for (const Selector &S : selectors()) {
    const Selector *Found = findSelector(S.Name);
    ASSERT_NE(Found, nullptr) << S.Name;
    EXPECT_EQ(Found, &S) << S.Name << " is shadowed by a duplicate";
    EXPECT_TRUE(S.K == Kind::Device || S.K == Kind::Host ||
                S.K == Kind::Shared || S.K == Kind::NotUSM)
        << S.Name;
  }
  for (const Direction &D : directions()) {
    const Direction *Found = findDirection(D.Name);
    ASSERT_NE(Found, nullptr) << D.Name;
    EXPECT_EQ(Found, &D);
    EXPECT_NE(D.D, Dir::None) << D.Name;
    EXPECT_NE(D.D, Dir::FromArg) << D.Name;
  }
  struct {
    const char *Name;
    Kind K;
  } Sel[] = {{"omp_target_device_mem_alloc", Kind::Device},
             {"omp_target_host_mem_alloc", Kind::Host},
             {"omp_target_shared_mem_alloc", Kind::Shared},
             {"llvm_omp_target_device_mem_alloc", Kind::Device},
             {"llvm_omp_target_host_mem_alloc", Kind::Host},
             {"llvm_omp_target_shared_mem_alloc", Kind::Shared},
             {"omp_default_mem_alloc", Kind::NotUSM},
             {"sycl::usm::alloc::device", Kind::Device},
             {"sycl::usm::alloc::host", Kind::Host},
             {"sycl::usm::alloc::shared", Kind::Shared}};
  for (const auto &E : Sel) {
    const Selector *S = findSelector(E.Name);
    ASSERT_NE(S, nullptr) << E.Name;
    EXPECT_EQ(S->K, E.K) << E.Name;
  }
  // cudaMemcpyKind / hipMemcpyKind enumerators.
  for (const char *Prefix : {"cuda", "hip"}) {
    std::string P = Prefix;
    struct {
      const char *Suffix;
      Dir D;
    } Dirs[] = {{"MemcpyHostToHost", Dir::HostToHost},
                {"MemcpyHostToDevice", Dir::HostToDevice},
                {"MemcpyDeviceToHost", Dir::DeviceToHost},
                {"MemcpyDeviceToDevice", Dir::DeviceToDevice},
                {"MemcpyDefault", Dir::Any}};
    for (const auto &E : Dirs) {
      const Direction *D = findDirection(P + E.Suffix);
      ASSERT_NE(D, nullptr) << P + E.Suffix;
      EXPECT_EQ(D->D, E.D) << P + E.Suffix;
      EXPECT_EQ(D->M, P == "cuda" ? Model::CUDA : Model::HIP);
    }
  }
  EXPECT_EQ(findSelector("omp_target_alloc_device"), nullptr);
  EXPECT_EQ(findDirection("cudaMemcpy"), nullptr);
  EXPECT_EQ(findApi("sycl::malloc_device_typo"), nullptr);
}

TEST(Catalog, ArgumentChosenKindsAndDirectionsHaveTheirConstants) {
  // A ByArg allocator is useless unless its model has selectors, and a
  // FromArg copy unless its model has direction enumerators.
  for (const Api &A : apis()) {
    if (A.K == Kind::ByArg) {
      bool Has = false;
      for (const Selector &S : selectors())
        Has |= S.M == A.M && S.K != Kind::NotUSM;
      EXPECT_TRUE(Has) << A.Name << ": no selector for " << name(A.M);
    }
    if (A.D == Dir::FromArg) {
      EXPECT_GE(A.DirArg, 0) << A.Name;
      bool Has = false;
      for (const Direction &D : directions())
        Has |= D.M == A.M;
      EXPECT_TRUE(Has) << A.Name << ": no direction for " << name(A.M);
    } else {
      EXPECT_EQ(A.DirArg, NA) << A.Name;
    }
  }
}

TEST(Catalog, PositionsAreConsistentWithRoles) {
  for (const Api &A : apis()) {
    SCOPED_TRACE(std::string(A.Name));
    for (int Pos : {A.Size, A.Dev, A.Src, A.SrcDev, A.DirArg})
      EXPECT_TRUE(Pos == NA || Pos >= 0) << "only Ptr may be RET";
    EXPECT_TRUE(A.Ptr == NA || A.Ptr == RET || A.Ptr >= 0);
    if (A.Ptr == RET) {
      EXPECT_EQ(A.R, Role::Alloc);
    }
    if (A.R == Role::Copy) {
      EXPECT_NE(A.D, Dir::None);
      if (A.Ptr >= 0 && A.Src >= 0) {
        EXPECT_NE(A.Ptr, A.Src) << "source and destination coincide";
      }
    } else {
      EXPECT_EQ(A.D, Dir::None) << "only copies have a direction";
      EXPECT_EQ(A.SrcDev, NA);
      if (A.R != Role::Associate) {
        EXPECT_EQ(A.Src, NA);
      }
    }
    if (A.R == Role::Alloc || A.R == Role::Allocator) {
      EXPECT_NE(A.K, Kind::None);
    } else {
      EXPECT_EQ(A.K, Kind::None);
      EXPECT_TRUE(A.Family.empty());
    }
    // Distinct arguments play distinct parts.
    std::set<int> Seen;
    for (int Pos : {A.Ptr, A.Size, A.Dev, A.Src, A.SrcDev, A.DirArg})
      if (Pos >= 0) {
        EXPECT_TRUE(Seen.insert(Pos).second) << "argument " << Pos << " twice";
      }
  }
}

TEST(Catalog, NoDuplicateNames) {
  std::set<std::string_view> Names;
  for (const Api &A : apis())
    EXPECT_TRUE(Names.insert(A.Name).second) << "duplicate API " << A.Name;
  for (const Selector &S : selectors())
    EXPECT_TRUE(Names.insert(S.Name).second) << "duplicate name " << S.Name;
  for (const Direction &D : directions())
    EXPECT_TRUE(Names.insert(D.Name).second) << "duplicate name " << D.Name;
  std::set<std::pair<std::string_view, int>> Accesses;
  for (const HostAccess &H : hostAccesses())
    EXPECT_TRUE(Accesses.insert({H.Name, H.Arg}).second)
        << "duplicate host access " << H.Name << " argument " << H.Arg;
  for (const Api &A : apis())
    EXPECT_EQ(A.Name.find(' '), A.Name.rfind("operator ", 0) == 0
                                    ? std::string_view("operator").size()
                                    : std::string_view::npos)
        << "stray space in " << A.Name;
}

TEST(FeatureTable, HasTheFourDesignRows) {
  ASSERT_EQ(kindRows().size(), 4u);
  struct {
    Kind K;
    const char *Label;
    Verdict Host, Device;
    bool Migrates;
  } Rows[] = {{Kind::Device, "device", Verdict::No, Verdict::Yes, false},
              {Kind::Host, "host", Verdict::Yes, Verdict::Remote, false},
              {Kind::Shared, "shared", Verdict::Yes, Verdict::Yes, true},
              {Kind::NotUSM, "not USM", Verdict::Yes, Verdict::No, false}};
  for (std::size_t I = 0; I < 4; ++I) {
    const KindRow &R = kindRows()[I];
    SCOPED_TRACE(Rows[I].Label);
    EXPECT_EQ(R.K, Rows[I].K) << "row order differs from the feature table";
    EXPECT_EQ(R.Label, Rows[I].Label);
    EXPECT_EQ(R.HostAccess, Rows[I].Host);
    EXPECT_EQ(R.DeviceAccess, Rows[I].Device);
    EXPECT_EQ(R.Migrates.rfind("yes", 0) == 0, Rows[I].Migrates) << R.Migrates;
    EXPECT_EQ(findKindRow(R.K), &R);
    EXPECT_FALSE(R.LivesIn.empty());
    EXPECT_FALSE(R.HostText.empty());
    EXPECT_FALSE(R.DeviceText.empty());
    EXPECT_FALSE(R.Notes.empty());
  }
  // Texts users read, as the feature table words them.
  EXPECT_EQ(findKindRow(Kind::Device)->HostText, "no: explicit copy needed");
  EXPECT_NE(findKindRow(Kind::Host)->DeviceText.find("PCIe"),
            std::string_view::npos);
  EXPECT_NE(findKindRow(Kind::Shared)->Notes.find("ping-pong"),
            std::string_view::npos);
  EXPECT_NE(findKindRow(Kind::NotUSM)->Notes.find("bug"),
            std::string_view::npos);
  EXPECT_EQ(findKindRow(Kind::ByArg), nullptr);

  EXPECT_FALSE(hostMayAccess(Kind::Device));
  EXPECT_TRUE(hostMayAccess(Kind::Host));
  EXPECT_TRUE(hostMayAccess(Kind::Shared));
  EXPECT_TRUE(hostMayAccess(Kind::NotUSM));
  EXPECT_TRUE(deviceMayAccess(Kind::Device));
  EXPECT_TRUE(deviceMayAccess(Kind::Host));
  EXPECT_TRUE(deviceMayAccess(Kind::Shared));
  EXPECT_FALSE(deviceMayAccess(Kind::NotUSM));
}

TEST(FeatureTable, ThreeFixesInDesignOrder) {
  ASSERT_EQ(fixes().size(), 3u);
  EXPECT_EQ(fixes()[0].Id, FixId::UseHost);
  EXPECT_EQ(fixes()[0].UseKind, Kind::Host);
  EXPECT_EQ(fixes()[1].Id, FixId::UseShared);
  EXPECT_EQ(fixes()[1].UseKind, Kind::Shared);
  EXPECT_EQ(fixes()[2].Id, FixId::CopyBack);
  EXPECT_EQ(fixes()[2].UseKind, Kind::Device);
  for (const Fix &F : fixes()) {
    EXPECT_EQ(&fixInfo(F.Id), &F);
    EXPECT_FALSE(F.Title.empty());
    EXPECT_FALSE(F.When.empty());
    EXPECT_FALSE(F.Caveat.empty());
  }
  EXPECT_NE(fixInfo(FixId::UseShared).Caveat.find("ping-pong"),
            std::string_view::npos);
  EXPECT_NE(fixInfo(FixId::CopyBack).Caveat.find("destination first"),
            std::string_view::npos);
}

TEST(FeatureTable, NotesCoverMultiStackAndRequiresUSM) {
  std::set<std::string_view> Ids;
  for (const TableNote &N : tableNotes()) {
    Ids.insert(N.Id);
    EXPECT_FALSE(N.Text.empty());
  }
  EXPECT_TRUE(Ids.count("MultiStack"));
  EXPECT_TRUE(Ids.count("RequiresUSM"));
}

TEST(Models, EveryModelHasInfoAndCopyBack) {
  for (Model M : {Model::OpenMP, Model::SYCL, Model::LevelZero, Model::CUDA,
                  Model::HIP, Model::Host}) {
    const ModelInfo &I = modelInfo(M);
    EXPECT_EQ(I.M, M);
    EXPECT_FALSE(I.Name.empty());
    EXPECT_FALSE(I.CopyBack.empty());
    EXPECT_EQ(name(M), I.Name);
  }
  EXPECT_EQ(models().size(), 6u);
  // The copy-back fix: destination first, host is the initial
  // device.
  std::string_view Omp = modelInfo(Model::OpenMP).CopyBack;
  EXPECT_EQ(Omp.rfind("omp_target_memcpy({dst}, {src}, {bytes}", 0), 0u) << Omp;
  EXPECT_NE(Omp.find("omp_get_initial_device(), {dev})"),
            std::string_view::npos);
  EXPECT_NE(modelInfo(Model::CUDA).CopyBack.find("cudaMemcpyDeviceToHost"),
            std::string_view::npos);
  EXPECT_NE(modelInfo(Model::HIP).CopyBack.find("hipMemcpyDeviceToHost"),
            std::string_view::npos);
  // Every copy-back call is itself a catalogued copy.
  for (const ModelInfo &I : models()) {
    std::string_view Call = I.CopyBack.substr(0, I.CopyBack.find('('));
    std::size_t Dot = Call.rfind('.');
    std::string Name = Dot == std::string_view::npos
                           ? std::string(Call)
                           : "sycl::queue::" + std::string(Call.substr(Dot + 1));
    if (I.M == Model::Host)
      continue; // plain memcpy is a host library call, not a USM API
    const Api *A = findApi(Name);
    ASSERT_NE(A, nullptr) << Name;
    EXPECT_EQ(A->R, Role::Copy) << Name;
  }
}

TEST(Names, EveryEnumeratorHasAName) {
  for (Kind K : {Kind::Device, Kind::Host, Kind::Shared, Kind::NotUSM,
                 Kind::ByArg, Kind::None})
    EXPECT_NE(name(K), "?");
  for (Role R : {Role::Alloc, Role::Free, Role::Copy, Role::Fill,
                 Role::Prefetch, Role::Advise, Role::Query, Role::Associate,
                 Role::Allocator})
    EXPECT_NE(name(R), "?");
  for (Dir D : {Dir::None, Dir::FromArg, Dir::Any, Dir::HostToHost,
                Dir::HostToDevice, Dir::DeviceToHost, Dir::DeviceToDevice})
    EXPECT_NE(name(D), "?");
  for (Verdict V : {Verdict::Yes, Verdict::No, Verdict::Remote})
    EXPECT_NE(name(V), "?");
  for (Access A : {Access::Read, Access::Write, Access::ReadWrite,
                   Access::Format})
    EXPECT_NE(name(A), "?");
  EXPECT_EQ(name(Kind::Device), "device");
  EXPECT_EQ(name(Kind::NotUSM), "not USM");
}

} // namespace

TEST(Catalog, KindQueriesAndTheirAnswers) {
  // Each kind query is a Query row; its answer goes to an out-parameter
  // other than the pointer, or is returned; boolean queries say which kind
  // a true answer means.
  for (const Query &Q : queries()) {
    const Api *A = findApi(Q.Name);
    ASSERT_NE(A, nullptr) << Q.Name;
    EXPECT_EQ(A->R, Role::Query) << Q.Name;
    EXPECT_GE(A->Ptr, 0) << Q.Name;
    EXPECT_TRUE(Q.Answer == RET || (Q.Answer >= 0 && Q.Answer != A->Ptr))
        << Q.Name;
    bool HasAnswer = Q.TrueMeans != Kind::None;
    for (const QueryAnswer &Ans : queryAnswers())
      HasAnswer |= Ans.M == A->M;
    EXPECT_TRUE(HasAnswer) << Q.Name << ": no answer constants";
  }
  struct Want {
    const char *Name;
    int Answer;
  } Queried[] = {
      {"sycl::get_pointer_type", RET}, {"cudaPointerGetAttributes", 0},
      {"cuPointerGetAttribute", 0},    {"hipPointerGetAttributes", 0},
      {"zeMemGetAllocProperties", 2},  {"omp_target_is_accessible", RET}};
  for (const Want &W : Queried) {
    const Query *Q = findQuery(W.Name);
    ASSERT_NE(Q, nullptr) << W.Name;
    EXPECT_EQ(Q->Answer, W.Answer) << W.Name;
  }
  EXPECT_EQ(findQuery("omp_target_is_accessible")->TrueMeans, Kind::Host);
  struct Means {
    const char *Name;
    Kind K;
  } Answers[] = {{"sycl::usm::alloc::device", Kind::Device},
                 {"sycl::usm::alloc::shared", Kind::Shared},
                 {"cudaMemoryTypeDevice", Kind::Device},
                 {"cudaMemoryTypeHost", Kind::Host},
                 {"CU_MEMORYTYPE_DEVICE", Kind::Device},
                 {"hipMemoryTypeDevice", Kind::Device},
                 {"hipMemoryTypeManaged", Kind::Shared},
                 {"ZE_MEMORY_TYPE_DEVICE", Kind::Device},
                 {"ZE_MEMORY_TYPE_UNKNOWN", Kind::NotUSM}};
  for (const Means &M : Answers) {
    const QueryAnswer *Ans = findQueryAnswer(M.Name);
    ASSERT_NE(Ans, nullptr) << M.Name;
    EXPECT_EQ(Ans->K, M.K) << M.Name;
  }
  EXPECT_EQ(findQueryAnswer("cudaMalloc"), nullptr);
}
