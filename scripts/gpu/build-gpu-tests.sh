#!/usr/bin/env bash
# build-gpu-tests.sh - build everything the GPU run needs, HERE (the Debian 12
# development machine, no GPU), into .gpu-out/ (git-ignored). Then carry
# .gpu-out to the H200 machine and run scripts/gpu/run-gpu-tests.sh there.
#
#   scripts/gpu/build-gpu-tests.sh            # uses build/ (configured if absent)
#   USMCHECK_BUILD=build-rt scripts/gpu/build-gpu-tests.sh
#
# What it builds (docs/runtime.md, "On the GPU", says why each step is needed):
#   - usmcheck and libusmcheck_rt.so (cmake targets), llvm-symbolizer;
#   - CUDA programs with /usr/local/cuda/bin/nvcc -arch=sm_90: the seed bug
#     with the shared CUDA runtime (the guard records cudaMalloc) and with the
#     default static runtime (only the driver query can classify), a host
#     WRITE case, the three fixes, the overhead benchmark;
#   - OpenMP programs with clang-19 offloading to sm_90, linked by CUDA
#     11.8's ptxas/nvlink (LLVM 19's libomptarget ignores CUDA 13 cubins):
#     the seed bug with llvm_omp_target_alloc_device and with the Intel
#     spelling through examples/openmp/compat/omp_usm_compat.h, the fixes, a
#     host WRITE case, the overhead benchmark, correct async/rect copies
#     and a `requires unified_shared_memory` program (issue 10);
#     host WRITE case, a free of host memory with omp_target_free, a copy
#     with swapped device numbers, the overhead benchmark;
#   - the Debian runtime packages the GPU machine lacks (it has no LLVM):
#     libomp5-19 libllvm19 ... and libclang-cpp19 + libtomlplusplus3 for
#     usmcheck itself, as
#     .deb files that run-gpu-tests.sh unpacks with dpkg -x.
# The carried folder must stay under 64 MiB; the script checks.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${GPU_OUT:-$ROOT/.gpu-out}
DEBS=${GPU_DEBS:-$ROOT/.gpu-debs}
. "$ROOT/scripts/gpu/common.sh"
BUILD=$(usmcheck_build_dir "$ROOT")
NVCC=${NVCC:-/usr/local/cuda/bin/nvcc}
CLANG=${CLANG:-clang-19}
LLVM=/usr/lib/llvm-19
RUNTIME_DEBS=$GPU_RUNTIME_DEBS
LIMIT=$((64 * 1024 * 1024))

step() { echo "== $*"; }

step "usmcheck and the runtime guard ($BUILD)"
build_usmcheck "$ROOT" "$BUILD" usmcheck usmcheck_rt

step "Debian packages (non-free for nvidia-cuda-toolkit) into $DEBS"
fetch_debs "$DEBS" nvidia-cuda-toolkit $RUNTIME_DEBS

step "CUDA 11.8 ptxas/nvlink/fatbinary for clang-19's OpenMP offloading"
CUDA118="$DEBS/cuda118"
if [ ! -x "$CUDA118/bin/ptxas" ]; then
  rm -rf "$DEBS/cuda-root" "$CUDA118"
  dpkg -x "$DEBS"/nvidia-cuda-toolkit_*.deb "$DEBS/cuda-root"
  mkdir -p "$CUDA118/bin" "$CUDA118/nvvm/libdevice" "$CUDA118/include"
  for t in ptxas nvlink fatbinary; do cp "$DEBS/cuda-root/usr/bin/$t" "$CUDA118/bin/"; done
  cp "$DEBS/cuda-root/usr/lib/nvidia-cuda-toolkit/libdevice/libdevice.10.bc" "$CUDA118/nvvm/libdevice/"
  echo '#define CUDA_VERSION 11080' > "$CUDA118/include/cuda.h"
  echo 'CUDA Version 11.8.89' > "$CUDA118/version.txt"
  rm -rf "$DEBS/cuda-root"
fi

rm -rf "$OUT"
mkdir -p "$OUT/bin" "$OUT/tests" "$OUT/debs" "$OUT/stub"

step "CUDA programs (nvcc -arch=sm_90)"
CU="$NVCC -arch=sm_90 -g -O1 -Xcompiler -fno-omit-frame-pointer"
S=$ROOT/scripts/gpu/src
$CU -cudart shared "$ROOT/examples/cuda/seed_bug.cu" -o "$OUT/tests/cuda_seed"
$CU "$ROOT/examples/cuda/seed_bug.cu" -o "$OUT/tests/cuda_seed_static"
$CU -cudart shared "$S/cuda_host_write.cu" -o "$OUT/tests/cuda_host_write"
for f in fix_host fix_managed fix_copy; do
  $CU -cudart shared "$S/cuda_$f.cu" -o "$OUT/tests/cuda_$f"
done
$CU -cudart shared "$S/cuda_kernel_malloc.cu" -o "$OUT/tests/cuda_kernel_malloc"
$NVCC -arch=sm_90 -O2 -cudart shared "$ROOT/bench/runtime/overhead_cuda.cu" -o "$OUT/tests/overhead_cuda"

step "OpenMP programs (clang-19 --offload-arch=sm_90, CUDA 11.8 linker tools)"
OMP="$CLANG -O1 -g -fno-omit-frame-pointer -fopenmp --offload-arch=sm_90 --cuda-path=$CUDA118 --libomptarget-nvptx-bc-path=$LLVM/lib"
COMPAT="-include $ROOT/examples/openmp/compat/omp_usm_compat.h"
$OMP "$S/omp_seed_llvm.c" -o "$OUT/tests/omp_seed_llvm"
$OMP $COMPAT "$ROOT/examples/openmp/seed_bug.c" -o "$OUT/tests/omp_seed_intel"
for f in fix_host fix_shared fix_copy; do
  $OMP $COMPAT "$ROOT/examples/openmp/$f.c" -o "$OUT/tests/omp_$f"
done
$OMP $COMPAT "$S/omp_host_write.c" -o "$OUT/tests/omp_host_write"
# Issue 10, items 12-13: libomptarget's own async/rect copies (must be
# quiet) and `requires unified_shared_memory` with a host read.
$OMP "$S/omp_async_copy.c" -o "$OUT/tests/omp_async_copy"
$OMP "$S/omp_requires_usm.c" -o "$OUT/tests/omp_requires_usm"
# API-call findings: a free with the wrong deallocator, a copy with the
# device numbers swapped (no compatibility header: the calls as written).
$OMP "$S/omp_free_host.c" -o "$OUT/tests/omp_free_host"
$OMP "$S/omp_copy_swapped.c" -o "$OUT/tests/omp_copy_swapped"
$CLANG -O2 -fopenmp --offload-arch=sm_90 --cuda-path=$CUDA118 \
  --libomptarget-nvptx-bc-path=$LLVM/lib "$ROOT/bench/runtime/overhead_omp.c" -o "$OUT/tests/overhead_omp"

step "the OpenMP backend of usmcheck bench for sm_90 (scripts/gpu/omp-kernel-sweep.sh)"
$CLANG -O2 -fPIC -shared -fopenmp --offload-arch=sm_90 --cuda-path="$CUDA118" \
  --libomptarget-nvptx-bc-path=$LLVM/lib -I"$ROOT/membench" \
  "$ROOT/membench/OmpBackend.c" -o "$OUT/bin/libusmcheck_bench_omp.so"

step "usmcheck, the guard, llvm-symbolizer, the libcurl stub, runtime packages"
cp "$BUILD/usmcheck" "$BUILD/libusmcheck_rt.so" "$OUT/bin/"
cp "$LLVM/bin/llvm-symbolizer" "$OUT/bin/"
printf 'CURL_OPENSSL_4 { global: curl_*; local: *; };\n' > "$DEBS/curl.map"
cc -shared -fPIC -O2 -Wl,-soname,libcurl.so.4 -Wl,--version-script="$DEBS/curl.map" \
  "$S/curl_stub.c" -o "$OUT/stub/libcurl.so.4"
for p in $RUNTIME_DEBS; do cp "$DEBS"/${p}_*.deb "$OUT/debs/"; done
strip --strip-unneeded "$OUT/bin/usmcheck" 2>/dev/null || true

SIZE=$(du -sb "$OUT" | cut -f1)
echo "== $OUT: $SIZE bytes (carry limit $LIMIT)"
if [ "$SIZE" -gt "$LIMIT" ]; then
  echo "error: .gpu-out is larger than the 64 MiB carry limit" >&2
  exit 1
fi
