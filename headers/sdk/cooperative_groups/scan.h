/*===- cooperative_groups/scan.h - group collectives for analysis -------===
 *
 * Part of usmcheck's analysis headers (see docs/headers.md); see
 * usmcheck_internal/cooperative_groups_reduce.h.
 *===----------------------------------------------------------------------===*/
#include "../usmcheck_internal/cooperative_groups_reduce.h"
