//===- catalog_signatures_test.cpp - catalog positions vs. declarations ---===//
//
// The catalog says which argument of each C API is the pointer, the byte
// count, the device, the source and the copy kind. The analysis headers
// (headers/sdk) declare those APIs with their documented parameter lists.
// This test takes every CUDA, HIP and Level Zero row of the catalog, looks at
// the declared parameter types through the function's type, and checks that
// each position the catalog names has a type that can play that part: a
// size_t byte count, an int (or handle) device, an enum copy kind, a pointer
// (or CUdeviceptr) buffer, an out-parameter for allocators that return the
// pointer through an argument. A row whose positions drift from the
// declaration, or a declaration whose parameters drift from the catalog,
// fails here.
//
// Only the C headers are included (valid C++ for any compiler); the
// language parts of the analysis headers are covered by test/headers.
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"

#include "../headers/sdk/cuda.h"
#include "../headers/sdk/cuda_runtime_api.h"
#include "../headers/sdk/hip/hip_runtime_api.h"
#include "../headers/sdk/level_zero/ze_api.h"

#include <gtest/gtest.h>

#include <cstddef>
#include <map>
#include <string>
#include <type_traits>
#include <vector>

using namespace usm;

namespace {

enum class P {
  Size,      ///< size_t
  Int,       ///< int (device numbers, CUdevice)
  Enum,      ///< an enumeration (copy kinds, advice)
  DevPtr,    ///< CUdeviceptr (an integer holding a device address)
  Ptr,       ///< pointer to data (or an opaque handle)
  OutPtr,    ///< pointer to a pointer or to a CUdeviceptr (allocator output)
  StructPtr, ///< pointer to a struct (descriptors, cudaPitchedPtr *, ...)
  Other
};

const char *text(P K) {
  switch (K) {
  case P::Size: return "size_t";
  case P::Int: return "int";
  case P::Enum: return "enum";
  case P::DevPtr: return "CUdeviceptr";
  case P::Ptr: return "pointer";
  case P::OutPtr: return "pointer to pointer";
  case P::StructPtr: return "pointer to struct";
  case P::Other: return "other";
  }
  return "?";
}

// Opaque handles (pointers to incomplete structs) are handles, not
// descriptors; completeness is what tells them apart.
template <typename T, typename = void> struct IsComplete : std::false_type {};
template <typename T>
struct IsComplete<T, std::void_t<decltype(sizeof(T))>> : std::true_type {};

template <typename T> P classify() {
  using U = std::remove_cv_t<T>;
  if constexpr (std::is_same_v<U, std::size_t>)
    return P::Size;
  else if constexpr (std::is_same_v<U, int>)
    return P::Int;
  else if constexpr (std::is_enum_v<U>)
    return P::Enum;
  else if constexpr (std::is_same_v<U, CUdeviceptr>)
    return P::DevPtr;
  else if constexpr (std::is_pointer_v<U>) {
    using Pointee = std::remove_cv_t<std::remove_pointer_t<U>>;
    if constexpr (std::is_pointer_v<Pointee> ||
                  std::is_same_v<Pointee, CUdeviceptr>)
      return P::OutPtr;
    else if constexpr (std::is_class_v<Pointee> && IsComplete<Pointee>::value)
      return P::StructPtr;
    else
      return P::Ptr; // void *, double *, or an opaque (incomplete) handle
  } else
    return P::Other;
}

// The parameter kinds of a function type. decltype(F) keeps the functions
// unevaluated: they are declared only, so taking their address would not
// link.
template <typename F> struct Params;
template <typename R, typename... A> struct Params<R(A...)> {
  static std::vector<P> get() { return {classify<A>()...}; }
};

// Every catalogued C API of these models, with its declared parameters.
#define SIG(F) {#F, Params<decltype(F)>::get()}
const std::map<std::string, std::vector<P>> &declared() {
  static const std::map<std::string, std::vector<P>> Sigs = {
      SIG(cudaMalloc), SIG(cudaMallocPitch), SIG(cudaMalloc3D),
      SIG(cudaMallocAsync), SIG(cudaMallocFromPoolAsync), SIG(cudaMallocHost),
      SIG(cudaHostAlloc), SIG(cudaMallocManaged), SIG(cudaFree),
      SIG(cudaFreeHost), SIG(cudaFreeAsync), SIG(cudaMemcpy),
      SIG(cudaMemcpyAsync), SIG(cudaMemcpy2D), SIG(cudaMemcpy2DAsync),
      SIG(cudaMemcpy3D), SIG(cudaMemcpy3DAsync), SIG(cudaMemcpyPeer),
      SIG(cudaMemcpyPeerAsync), SIG(cudaMemcpyToSymbol),
      SIG(cudaMemcpyFromSymbol), SIG(cudaMemset), SIG(cudaMemsetAsync),
      SIG(cudaMemset2D), SIG(cudaMemPrefetchAsync), SIG(cudaMemAdvise),
      SIG(cudaPointerGetAttributes),
      // CUDA driver API.
      SIG(cuMemAlloc), SIG(cuMemAllocPitch), SIG(cuMemAllocAsync),
      SIG(cuMemAllocFromPoolAsync), SIG(cuMemAllocHost), SIG(cuMemHostAlloc),
      SIG(cuMemAllocManaged), SIG(cuMemFree), SIG(cuMemFreeHost),
      SIG(cuMemFreeAsync), SIG(cuMemcpy), SIG(cuMemcpyAsync),
      SIG(cuMemcpyHtoD), SIG(cuMemcpyDtoH), SIG(cuMemcpyDtoD),
      SIG(cuMemcpyHtoDAsync), SIG(cuMemcpyDtoHAsync), SIG(cuMemsetD8),
      SIG(cuMemsetD32), SIG(cuMemPrefetchAsync), SIG(cuMemAdvise),
      SIG(cuPointerGetAttribute),
      // HIP.
      SIG(hipMalloc), SIG(hipExtMallocWithFlags), SIG(hipMallocPitch),
      SIG(hipMalloc3D), SIG(hipMallocAsync), SIG(hipMallocFromPoolAsync),
      SIG(hipHostMalloc), SIG(hipMallocHost), SIG(hipHostAlloc),
      SIG(hipMallocManaged), SIG(hipFree), SIG(hipHostFree), SIG(hipFreeHost),
      SIG(hipFreeAsync), SIG(hipMemcpy), SIG(hipMemcpyAsync),
      SIG(hipMemcpy2D), SIG(hipMemcpy2DAsync), SIG(hipMemcpy3D),
      SIG(hipMemcpy3DAsync), SIG(hipMemcpyHtoD), SIG(hipMemcpyDtoH),
      SIG(hipMemcpyDtoD), SIG(hipMemcpyHtoDAsync), SIG(hipMemcpyDtoHAsync),
      SIG(hipMemcpyPeer), SIG(hipMemcpyPeerAsync), SIG(hipMemcpyToSymbol),
      SIG(hipMemcpyFromSymbol), SIG(hipMemset), SIG(hipMemsetAsync),
      SIG(hipMemset2D), SIG(hipMemPrefetchAsync), SIG(hipMemAdvise),
      SIG(hipPointerGetAttributes),
      // Level Zero.
      SIG(zeMemAllocDevice), SIG(zeMemAllocHost), SIG(zeMemAllocShared),
      SIG(zeMemFree), SIG(zeCommandListAppendMemoryCopy),
      SIG(zeCommandListAppendMemoryFill),
      SIG(zeCommandListAppendMemoryPrefetch),
      SIG(zeCommandListAppendMemAdvise), SIG(zeMemGetAllocProperties),
  };
  return Sigs;
}
#undef SIG

bool isBuffer(P K) { return K == P::Ptr || K == P::DevPtr; }

TEST(CatalogSignatures, EveryCudaHipLevelZeroRowHasADeclaration) {
  int Rows = 0;
  for (const Api &A : apis()) {
    if (A.M != Model::CUDA && A.M != Model::HIP && A.M != Model::LevelZero)
      continue;
    ++Rows;
    EXPECT_TRUE(declared().count(std::string(A.Name)))
        << A.Name << ": catalogued but its declaration is not checked here";
  }
  EXPECT_EQ(static_cast<std::size_t>(Rows), declared().size())
      << "a declaration is checked here but not catalogued";
}

TEST(CatalogSignatures, PositionsFitTheDeclaredParameterTypes) {
  for (const Api &A : apis()) {
    auto It = declared().find(std::string(A.Name));
    if (It == declared().end())
      continue;
    const std::vector<P> &Ps = It->second;
    SCOPED_TRACE(std::string(A.Name));
    auto At = [&](int Pos) {
      EXPECT_LT(Pos, static_cast<int>(Ps.size()))
          << "position " << Pos << " beyond the " << Ps.size() << " parameters";
      return Pos < static_cast<int>(Ps.size()) ? Ps[Pos] : P::Other;
    };
    if (A.Size >= 0) {
      EXPECT_EQ(At(A.Size), P::Size) << "byte count is a " << text(At(A.Size));
    }
    if (A.Dev >= 0) {
      // CUDA/HIP name devices by number; Level Zero by device or context
      // handle.
      P Want = A.M == Model::LevelZero ? P::Ptr : P::Int;
      EXPECT_EQ(At(A.Dev), Want) << "device is a " << text(At(A.Dev));
    }
    if (A.SrcDev >= 0) {
      EXPECT_EQ(At(A.SrcDev), P::Int);
    }
    if (A.DirArg >= 0) {
      EXPECT_EQ(At(A.DirArg), P::Enum)
          << "copy kind is a " << text(At(A.DirArg));
    }
    if (A.Src >= 0) {
      EXPECT_TRUE(isBuffer(At(A.Src))) << "source is a " << text(At(A.Src));
    }
    if (A.Ptr >= 0) {
      P K = At(A.Ptr);
      // Allocators here return the pointer through an out-parameter
      // (cudaMalloc3D through a cudaPitchedPtr).
      bool Fits = A.R == Role::Alloc ? K == P::OutPtr || K == P::StructPtr
                                     : isBuffer(K);
      EXPECT_TRUE(Fits) << "pointer argument is a " << text(K);
    }
    if (A.R == Role::Alloc) {
      EXPECT_NE(A.Ptr, RET) << "these allocators return an error code";
    }
  }
}

TEST(CatalogSignatures, ClassifierTellsThePartsApart) {
  // The test is only as good as its classifier.
  EXPECT_EQ(classify<std::size_t>(), P::Size);
  EXPECT_EQ(classify<int>(), P::Int);
  EXPECT_EQ(classify<unsigned>(), P::Other);
  EXPECT_EQ(classify<cudaMemcpyKind>(), P::Enum);
  EXPECT_EQ(classify<CUdeviceptr>(), P::DevPtr);
  EXPECT_EQ(classify<void *>(), P::Ptr);
  EXPECT_EQ(classify<const void *>(), P::Ptr);
  EXPECT_EQ(classify<void **>(), P::OutPtr);
  EXPECT_EQ(classify<CUdeviceptr *>(), P::OutPtr);
  EXPECT_EQ(classify<cudaPitchedPtr *>(), P::StructPtr);
  EXPECT_EQ(classify<ze_device_handle_t>(), P::Ptr);
  EXPECT_EQ(Params<decltype(cudaMemcpy)>::get(),
            (std::vector<P>{P::Ptr, P::Ptr, P::Size, P::Enum}));
}

} // namespace
