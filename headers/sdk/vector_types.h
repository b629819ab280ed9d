/*===- vector_types.h - CUDA built-in vector types for analysis -----------------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): the toolkit's
 * name for the built-in vector types and their make_<type>() functions,
 * which usmcheck_internal/vector_types.h declares for CUDA and HIP alike.
 *===----------------------------------------------------------------------===*/
#include "usmcheck_internal/vector_types.h"
