#!/usr/bin/env bash
# run-bench.sh - run `usmcheck bench` ON the GPU machine from what
# build-bench.sh left in .gpu-bench/ (nothing is compiled there).
#
#   scripts/gpu/run-bench.sh [RESULTS_DIR] [BENCH OPTIONS...]
#   BACKENDS=openmp scripts/gpu/run-bench.sh ...   (one backend only)
#
# Writes bench-cuda.{json,txt,svg} and bench-openmp.{json,txt,svg} into
# RESULTS_DIR (default $OUT or /tmp/usm-bench), prints the machine, the
# text tables and the no-GPU check (CUDA_VISIBLE_DEVICES= hides the GPU:
# exit status 3 and one line).
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
G=${GPU_BENCH_OUT:-$ROOT/.gpu-bench}
RES=${1:-${OUT:-/tmp/usm-bench}}
shift || true
LIBS=/tmp/usm-bench-libs
mkdir -p "$RES" "$LIBS"

echo "== machine"
date -u
uname -srm
grep PRETTY_NAME /etc/os-release 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,memory.total,pcie.link.gen.max,pcie.link.width.max,clocks.max.sm,clocks.max.mem,power.limit --format=csv 2>&1
nproc

for d in "$G"/debs/*.deb; do dpkg -x "$d" "$LIBS"; done
export LD_LIBRARY_PATH="$LIBS/usr/lib/llvm-19/lib:$LIBS/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
U=$G/bin/usmcheck
if ldd "$U" | grep -q "libcurl.so.4 => not found"; then
  export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$G/stub"
fi
ldd "$U" | grep "not found" && echo "warning: usmcheck misses libraries"
"$U" --version

echo
echo "== no GPU visible (CUDA_VISIBLE_DEVICES=): expect exit status 3"
CUDA_VISIBLE_DEVICES= "$U" bench --quick; echo "exit status $?"

run() { # run NAME ARGS...
  local name=$1
  shift
  echo
  echo "== usmcheck bench $* (started $(date -u +%H:%M:%S))"
  local t0=$(date +%s)
  timeout "${BENCH_TIMEOUT:-300}" "$U" bench --no-progress "$@" --format=json -o "$RES/$name.json"
  echo "exit status $?, $(( $(date +%s) - t0 )) s"
  "$U" bench --from-json="$RES/$name.json" -o "$RES/$name.txt" && cat "$RES/$name.txt"
  "$U" bench --from-json="$RES/$name.json" --format=svg -o "$RES/$name.svg"
}
# BACKENDS="cuda openmp" (default) or one of them.
for b in ${BACKENDS:-cuda openmp}; do
  case $b in
    cuda) run bench-cuda "$@" ;;
    openmp) OMP_TARGET_OFFLOAD=MANDATORY run bench-openmp --backend=openmp \
      --omp-library="$G/bin/libusmcheck_bench_omp.so" "$@" ;;
  esac
done
