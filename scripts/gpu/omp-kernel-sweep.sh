#!/usr/bin/env bash
# omp-kernel-sweep.sh - on the GPU machine, after run-gpu-tests.sh has
# unpacked the runtime packages: the device-memory kernel bandwidth of
# `usmcheck bench --backend=openmp` for several launch geometries
# (USMCHECK_BENCH_OMP_THREADS / _PER_THREAD / _WIDTH / _UNROLL,
# membench/OmpBackend.c)
# at one size, beside the device-to-device copy of the same run, then the
# full OpenMP table with the defaults. Everything comes from .gpu-out
# (scripts/gpu/build-gpu-tests.sh).
#
#   bash scripts/gpu/omp-kernel-sweep.sh RESULTS_DIR [SIZE] ["T P W U" ...]
set -u
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
G=${GPU_OUT:-$ROOT/.gpu-out}
RES=${1:?results directory}
SIZE=${2:-1G}
shift 2 2>/dev/null || shift $#
LIBS=/tmp/usm-gpu-libs
mkdir -p "$RES" "$LIBS"
[ -d "$LIBS/usr" ] || for d in "$G"/debs/*.deb; do dpkg -x "$d" "$LIBS"; done
export LD_LIBRARY_PATH="$LIBS/usr/lib/llvm-19/lib:$LIBS/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
ldd "$G/bin/usmcheck" | grep -q "libcurl.so.4 => not found" &&
  export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$G/stub"
U=$G/bin/usmcheck
LIB=$G/bin/libusmcheck_bench_omp.so
export OMP_TARGET_OFFLOAD=MANDATORY

# Geometries: threads per team, iterations per thread, elements per access,
# loads in flight in the read kernel (the first is the default).
[ $# -gt 0 ] || set -- "256 4 2 4" "256 4 2 1" "256 4 1 1" "512 8 2 4"
for geo in "$@"; do
  set -- $geo
  name="sweep-t$1-p$2-w$3-u$4"
  echo "== $name at $SIZE (started $(date -u +%H:%M:%S))"
  USMCHECK_BENCH_OMP_THREADS=$1 USMCHECK_BENCH_OMP_PER_THREAD=$2 \
  USMCHECK_BENCH_OMP_WIDTH=$3 USMCHECK_BENCH_OMP_UNROLL=$4 timeout 150 "$U" bench --backend=openmp \
    --omp-library="$LIB" --quick --sizes="$SIZE..$SIZE" --no-progress \
    --format=json -o "$RES/$name.json"
  echo "exit status $?"
  "$U" bench --from-json="$RES/$name.json" |
    grep -E "^ *(kernel\.(read|write|rmw)\.device|copy\.d2d) "
done

if [ "${SKIP_FULL:-0}" != 1 ]; then
  echo "== full OpenMP table, default geometry (started $(date -u +%H:%M:%S))"
  timeout 420 "$U" bench --backend=openmp --omp-library="$LIB" --no-progress \
    --format=json -o "$RES/bench-openmp.json"
  echo "exit status $?"
  "$U" bench --from-json="$RES/bench-openmp.json" -o "$RES/bench-openmp.txt" &&
    cat "$RES/bench-openmp.txt"
  "$U" bench --from-json="$RES/bench-openmp.json" --format=svg \
    -o "$RES/bench-openmp.svg"
fi
