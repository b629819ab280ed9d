#!/usr/bin/env bash
# The main job: run `usmcheck check` over the bundled examples (the seed
# bug of README.md in OpenMP, SYCL and CUDA, and the three OpenMP fixes).
# Findings are expected (the examples contain the bug): the script succeeds
# when usmcheck ran (exit 0 or 1) and fails on a tool failure (exit 2).
set -uo pipefail
cd "$(dirname "$0")/.."
examples=(examples/openmp/seed_bug.c examples/openmp/fix_host.c
          examples/openmp/fix_shared.c examples/openmp/fix_copy.c
          examples/sycl/seed_bug.cpp examples/cuda/seed_bug.cu)
build/usmcheck check "$@" "${examples[@]}"
status=$?
if [ $status -ge 2 ]; then
  echo "check-examples: usmcheck failed (exit $status)" >&2
  exit $status
fi
echo "check-examples: done (usmcheck exit $status: 1 means it found the bugs the examples contain)"
