/*===- hip/hip_vector_types.h - HIP vector types for analysis -------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): the built-in
 * vector types and make_<type>() functions, declared in
 * usmcheck_internal/vector_types.h.
 *===----------------------------------------------------------------------===*/
#include "../usmcheck_internal/vector_types.h"
