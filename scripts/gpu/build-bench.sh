#!/usr/bin/env bash
# build-bench.sh - package `usmcheck bench` for the GPU machine, HERE (the
# Debian 12 development machine), into .gpu-bench/ (git-ignored); carry that
# folder to the GPU machine and run scripts/gpu/run-bench.sh there.
#
#   scripts/gpu/build-bench.sh      (uses build/, configured if absent)
#
# It holds: usmcheck (its CUDA backend needs only the NVIDIA driver there),
# libusmcheck_bench_omp.so built by clang-19 for sm_90 (linked by CUDA 11.8's
# ptxas/nvlink: LLVM 19's libomptarget ignores CUDA 13 cubins), and the
# Debian runtime packages the GPU machine lacks (it has no LLVM), as .deb
# files that run-bench.sh unpacks with dpkg -x. Packages are downloaded with
# apt-get download into .gpu-debs/ (shared with build-gpu-tests.sh) unless
# already there. Must stay under the 64 MiB carry limit; checked.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${GPU_BENCH_OUT:-$ROOT/.gpu-bench}
DEBS=${GPU_DEBS:-$ROOT/.gpu-debs}
. "$ROOT/scripts/gpu/common.sh"
BUILD=$(usmcheck_build_dir "$ROOT")
CLANG=${CLANG:-clang-19}
LLVM=/usr/lib/llvm-19
CUDA118=${CUDA118:-$DEBS/cuda118}
RUNTIME_DEBS=$GPU_RUNTIME_DEBS
LIMIT=$((64 * 1024 * 1024))

echo "== usmcheck ($BUILD)"
build_usmcheck "$ROOT" "$BUILD" usmcheck

echo "== Debian packages into $DEBS"
want="$RUNTIME_DEBS"
[ -x "$CUDA118/bin/ptxas" ] || want="$want nvidia-cuda-toolkit"
# shellcheck disable=SC2086 # a list of package names
fetch_debs "$DEBS" $want
if [ ! -x "$CUDA118/bin/ptxas" ]; then
  echo "== CUDA 11.8 ptxas/nvlink/fatbinary into $CUDA118"
  rm -rf "$DEBS/cuda-root"
  dpkg -x "$DEBS"/nvidia-cuda-toolkit_*.deb "$DEBS/cuda-root"
  mkdir -p "$CUDA118/bin" "$CUDA118/nvvm/libdevice" "$CUDA118/include"
  for t in ptxas nvlink fatbinary; do cp "$DEBS/cuda-root/usr/bin/$t" "$CUDA118/bin/"; done
  cp "$DEBS/cuda-root/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc" "$CUDA118/nvvm/libdevice/"
  echo '#define CUDA_VERSION 11080' > "$CUDA118/include/cuda.h"
  echo 'CUDA Version 11.8.89' > "$CUDA118/version.txt"
  rm -rf "$DEBS/cuda-root"
fi

rm -rf "$OUT"
mkdir -p "$OUT/bin" "$OUT/debs" "$OUT/stub"
echo "== the OpenMP backend for sm_90"
$CLANG -O2 -fPIC -shared -fopenmp --offload-arch=sm_90 --cuda-path="$CUDA118" \
  --libomptarget-nvptx-bc-path=$LLVM/lib -I"$ROOT/membench" \
  "$ROOT/membench/OmpBackend.c" -o "$OUT/bin/libusmcheck_bench_omp.so"
cp "$BUILD/usmcheck" "$OUT/bin/"
strip --strip-unneeded "$OUT/bin/usmcheck" 2>/dev/null || true
printf 'CURL_OPENSSL_4 { global: curl_*; local: *; };\n' > "$DEBS/curl.map"
cc -shared -fPIC -O2 -Wl,-soname,libcurl.so.4 -Wl,--version-script="$DEBS/curl.map" \
  "$ROOT/scripts/gpu/src/curl_stub.c" -o "$OUT/stub/libcurl.so.4"
for p in $RUNTIME_DEBS; do cp "$DEBS"/${p}_*.deb "$OUT/debs/"; done

SIZE=$(du -sb "$OUT" | cut -f1)
echo "== $OUT: $SIZE bytes (carry limit $LIMIT)"
[ "$SIZE" -le "$LIMIT" ] || { echo "error: $OUT is larger than 64 MiB" >&2; exit 1; }
