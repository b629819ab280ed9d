#!/usr/bin/env python3
"""Generates OpenMP offload translation units for the engine benchmark.

usage: gen.py LINES SHAPE OUT.c
  LINES  approximate number of lines of the translation unit
  SHAPE  "short": many functions of about 75 lines;
         "long":  ten functions of LINES/10 lines each

Every function is a sequence of "units" (about 25 lines each) in the style of
offloaded benchmark kernels: allocations of every OpenMP kind
(omp_target_alloc, omp_target_alloc_device/host/shared, omp_alloc with a
device allocator, malloc), pointer assignments on both arms of a branch,
pointer arithmetic, omp_target_memcpy in both directions, target regions with
is_device_ptr, host accesses of host memory, and frees. The code is correct
except for one host read of device memory per 3,000 lines (so that the
reporting path runs too, as in a program under review).
"""
import sys

HEADER = """\
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct Pair { double *dev; double *host; int n; };
"""

UNIT = """\
  {{
    double *d{u} = (double *)omp_target_alloc_device(n * sizeof(double), dev);
    double *t{u} = (double *)omp_target_alloc(n * sizeof(double), dev);
    double *h{u} = (double *)omp_target_alloc_host(n * sizeof(double), dev);
    double *s{u} = (double *)omp_target_alloc_shared(n * sizeof(double), dev);
    double *a{u} = (double *)omp_alloc(n * sizeof(double), llvm_omp_target_device_mem_alloc);
    double *m{u} = (double *)malloc(n * sizeof(double));
    for (int i = 0; i < n; ++i)
      m{u}[i] = 0.5 * i + {u};
    memset(h{u}, 0, n * sizeof(double));
    omp_target_memcpy(d{u}, m{u}, n * sizeof(double), 0, 0, dev, omp_get_initial_device());
    double *q{u} = d{u} + 4;
    double *p{u} = (n > {u}) ? t{u} : d{u};
    if (n % 3 == {u} % 3)
      p{u} = a{u};
    struct Pair pr{u} = {{d{u}, m{u}, n}};
#pragma omp target teams distribute parallel for is_device_ptr(d{u}, q{u}, p{u}, t{u}, a{u}, s{u})
    for (int i = 0; i < n - 4; ++i) {{
      t{u}[i] = q{u}[i] * 2.0 + s{u}[i];
      p{u}[i] += d{u}[i];
    }}
    omp_target_memcpy(m{u}, t{u}, n * sizeof(double), 0, 0, omp_get_initial_device(), dev);
    s{u}[0] += h{u}[1] + pr{u}.host[2];
    sum += m{u}[n / 2] + s{u}[3];
{bug}    omp_target_free(d{u}, dev); omp_target_free(t{u}, dev); omp_target_free(h{u}, dev);
    omp_target_free(s{u}, dev); omp_free(a{u}, llvm_omp_target_device_mem_alloc); free(m{u});
  }}
"""
UNIT_LINES = UNIT.count("\n")
BUG_MARK = "/* host read of device memory */"
BUG = "    sum += d{u}[0]; " + BUG_MARK + "\n"


def function(name, units, start, bugs_at):
    out = ["double %s(int n, int dev) {\n  double sum = 0.0;\n" % name]
    for k in range(units):
        u = start + k
        bug = BUG.format(u=u) if u in bugs_at else ""
        out.append(UNIT.format(u=u, bug=bug))
    out.append("  return sum;\n}\n\n")
    return "".join(out)


def generate(lines, shape):
    if shape == "short":
        per_fn = 3  # 3 units + frame: about 75 lines
        nfn = max(1, lines // (per_fn * UNIT_LINES + 5))
    else:
        nfn = 10
        per_fn = max(1, lines // nfn // UNIT_LINES)
    total_units = nfn * per_fn
    every = max(1, 3000 // UNIT_LINES)
    bugs_at = set(range(every // 2, total_units, every))
    parts = [HEADER]
    for f in range(nfn):
        parts.append(function("kernel_%d" % f, per_fn, f * per_fn, bugs_at))
    parts.append("int main(void) {\n  double s = 0.0;\n  int dev = omp_get_default_device();\n")
    for f in range(nfn):
        parts.append("  s += kernel_%d(1024, dev);\n" % f)
    parts.append('  printf("%f\\n", s);\n  return 0;\n}\n')
    return "".join(parts)


def main(argv):
    if len(argv) != 3 or argv[1] not in ("short", "long"):
        sys.exit(__doc__)
    text = generate(int(argv[0]), argv[1])
    with open(argv[2], "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
