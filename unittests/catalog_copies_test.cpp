//===- catalog_copies_test.cpp - usm_copies.def agrees with usm_apis.def ---===//
//
// The rows usm-memcpy-direction reads (offsets, size units, device-number
// calls, pageable container data) name APIs of the right role, and the
// offsets match the OpenMP signatures written out here independently:
// omp_target_memcpy(dst, src, length, dst_offset, src_offset, dst_device,
// src_device).
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"
#include "Queries.h"

#include <gtest/gtest.h>

using namespace usm;

TEST(CatalogCopies, RowsNameCopiesFillsAndAllocations) {
  for (const Api &A : apis()) {
    CopyArgs C = copyArgs(A);
    if (C.DstOffset != NA || C.SrcOffset != NA ||
        C.Unit != SizeUnit::Bytes) {
      EXPECT_TRUE(A.R == Role::Copy || A.R == Role::Fill) << A.Name;
      EXPECT_NE(A.Size, NA) << A.Name << ": a unit needs a size argument";
    }
    if (allocUnit(A) != SizeUnit::Bytes) {
      EXPECT_EQ(A.R, Role::Alloc) << A.Name;
      EXPECT_EQ(A.M, Model::SYCL) << A.Name;
    }
  }
}

TEST(CatalogCopies, OpenMPOffsetsAndDevices) {
  for (const char *Name : {"omp_target_memcpy", "omp_target_memcpy_async"}) {
    const Api *A = findApi(Name);
    ASSERT_NE(A, nullptr) << Name;
    CopyArgs C = copyArgs(*A);
    EXPECT_EQ(A->Ptr, 0);
    EXPECT_EQ(A->Src, 1);
    EXPECT_EQ(A->Size, 2);
    EXPECT_EQ(C.DstOffset, 3);
    EXPECT_EQ(C.SrcOffset, 4);
    EXPECT_EQ(A->Dev, 5);
    EXPECT_EQ(A->SrcDev, 6);
    EXPECT_EQ(C.Unit, SizeUnit::Bytes);
  }
  // No single byte count: no offsets either.
  CopyArgs Rect = copyArgs(*findApi("omp_target_memcpy_rect"));
  EXPECT_EQ(Rect.DstOffset, NA);
  EXPECT_EQ(Rect.SrcOffset, NA);
}

TEST(CatalogCopies, SyclElementCounts) {
  for (const char *Name : {"sycl::queue::copy", "sycl::handler::copy",
                           "sycl::queue::fill", "sycl::handler::fill"})
    EXPECT_EQ(copyArgs(*findApi(Name)).Unit, SizeUnit::Elements) << Name;
  for (const char *Name : {"sycl::queue::memcpy", "sycl::queue::memset",
                           "cudaMemcpy", "zeCommandListAppendMemoryCopy"})
    EXPECT_EQ(copyArgs(*findApi(Name)).Unit, SizeUnit::Bytes) << Name;
  EXPECT_EQ(allocUnit(*findApi("sycl::malloc_device")),
            SizeUnit::TemplateElements);
  EXPECT_EQ(allocUnit(*findApi("cudaMalloc")), SizeUnit::Bytes);
}

TEST(CatalogCopies, DeviceNumbersAndPageableData) {
  const DeviceNumber *Def = findDeviceNumber("omp_get_default_device");
  ASSERT_NE(Def, nullptr);
  EXPECT_EQ(Def->K, Kind::Device);
  const DeviceNumber *Init = findDeviceNumber("omp_get_initial_device");
  ASSERT_NE(Init, nullptr);
  EXPECT_EQ(Init->K, Kind::Host);
  // The initial device is the one models.def names as the host.
  EXPECT_EQ(std::string(modelInfo(Model::OpenMP).HostDevice),
            std::string(Init->Name) + "()");
  EXPECT_TRUE(isPageableData("std::vector::data"));
  EXPECT_FALSE(isPageableData("std::vector::size"));
}
