#!/usr/bin/env bash
# omp-guard-cost.sh [RT.so...] - what libusmcheck_rt.so adds to
# bench/runtime/overhead_omp.c (alloc, target region, free) without a GPU:
# the program offloads to the host (clang-19 -fopenmp-targets=x86_64).
#
#   1. instructions (valgrind --tool=callgrind, load-independent): each
#      guard library at ITERS_A and ITERS_B iterations, and the difference
#      per iteration, which leaves out start-up; the guard's share is the
#      guarded figure minus the plain one;
#   2. wall time: REPS alternated runs of WALL_ITERS iterations each, plain
#      and under each library, without and with emulate=1.
#
# RT.so defaults to build/libusmcheck_rt.so; give several to compare
# versions of the guard in one run.
set -euo pipefail
S=$(cd "$(dirname "$0")" && pwd)
ROOT=$(cd "$S/../.." && pwd)
[ $# -gt 0 ] || set -- "$ROOT/build/libusmcheck_rt.so"
ITERS_A=${ITERS_A:-2000} ITERS_B=${ITERS_B:-6000}
WALL_ITERS=${WALL_ITERS:-100000} REPS=${REPS:-5}
export LD_LIBRARY_PATH=/usr/lib/llvm-19/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
D=$(mktemp -d)
trap 'rm -rf "$D"' EXIT
clang-19 -O2 -fopenmp -fopenmp-targets=x86_64-pc-linux-gnu \
  "$S/overhead_omp.c" -o "$D/omp"

# follow_children=1: valgrind's launcher execs the tool, and the guard
# would otherwise take itself out of LD_PRELOAD in the launcher.
instr() { # instr RT.so|plain ITERS -> instructions
  local pre=
  [ "$1" = plain ] || pre=$1
  USMCHECK_OPTIONS=follow_children=1 LD_PRELOAD=$pre \
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$D/omp" "$2" 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
echo "== instructions per iteration (callgrind, $ITERS_B minus $ITERS_A iterations)"
for v in plain "$@"; do
  a=$(instr "$v" "$ITERS_A")
  b=$(instr "$v" "$ITERS_B")
  echo "$(( (b - a) / (ITERS_B - ITERS_A) )) $v"
done | awk 'NR == 1 { p = $1 } { printf "%-7d instructions/iteration  guard +%-5d  %s\n", $1, $1 - p, $2 }'

echo "== wall time, $WALL_ITERS iterations, $REPS alternated rounds"
for r in $(seq "$REPS"); do
  echo "plain $("$D/omp" "$WALL_ITERS")"
  for v in "$@"; do
    for e in 0 1; do
      echo "emulate=$e $v $(USMCHECK_OPTIONS=emulate=$e LD_PRELOAD=$v "$D/omp" "$WALL_ITERS")"
    done
  done
done | tee "$D/wall"
echo "== medians (seconds) and ratio to plain"
python3 - "$D/wall" <<'PY'
import re, statistics, sys
runs = {}
for line in open(sys.argv[1]):
    m = re.match(r"(.*?) omp iters=\d+ seconds=([0-9.]+)", line)
    if m:
        runs.setdefault(m.group(1), []).append(float(m.group(2)))
plain = statistics.median(runs["plain"])
for k, v in runs.items():
    med = statistics.median(v)
    print(f"{med:.4f} s  x{med / plain:.3f}  best {min(v):.4f} s  {k}")
PY
