//===- CL/sycl.hpp - SYCL 1.2.1 spelling of the SYCL header ---------------===//
//
// Part of usmcheck's analysis headers (see docs/headers.md). Older SYCL and
// DPC++ code includes <CL/sycl.hpp> and writes cl::sycl::; SYCL 2020 keeps
// both as aliases of <sycl/sycl.hpp> and ::sycl. Declared names stay
// sycl::..., so the catalog's spellings match either way.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CL_SYCL_HPP
#define USMCHECK_CL_SYCL_HPP
#include <sycl/sycl.hpp>
namespace cl {
namespace sycl = ::sycl;
} // namespace cl
#endif
