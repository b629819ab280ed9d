/*===- cooperative_groups.h - CUDA cooperative groups for analysis --------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md): used only when
 * no usable CUDA toolkit is found. See usmcheck_internal/cooperative_groups.h;
 * the collectives are in <cooperative_groups/reduce.h> and
 * <cooperative_groups/scan.h>, as in the toolkit.
 *===----------------------------------------------------------------------===*/
#include "usmcheck_internal/cooperative_groups.h"
