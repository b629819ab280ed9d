#!/usr/bin/env bash
# guard-cost.sh BUILD_DIR - what libusmcheck_rt.so adds to one
# cudaMalloc/cudaFree pair, without a GPU (a stub CUDA runtime), with the
# default frame-pointer stacks and with fast_unwind=0.
set -euo pipefail
B=$(cd "${1:-build}" && pwd)
D=$(mktemp -d)
S=$(cd "$(dirname "$0")" && pwd)
cc -O2 -shared -fPIC "$S/stub_cudart.c" -Wl,-soname,libcudart.so -o "$D/libcudart.so"
cc -O2 -fno-omit-frame-pointer "$S/guard_cost.c" -L"$D" -lcudart -Wl,-rpath,"$D" -o "$D/guard_cost"
for r in 1 2 3; do
  echo "plain                 $("$D/guard_cost")"
  echo "guarded               $("$B/usmcheck" run -- "$D/guard_cost")"
  echo "guarded fast_unwind=0 $("$B/usmcheck" run --fast-unwind=0 -- "$D/guard_cost")"
done
rm -rf "$D"
