#!/usr/bin/env bash
# run-fuzz-pack.sh - run a usmcheck-fuzz-check campaign from .fuzz-pack/
# (made by scripts/fuzz/build-fuzz-pack.sh) on this machine, which needs no
# LLVM: glibc >= 2.36, libstdc++, the system C and C++ headers, and the
# libraries of an Ubuntu 24.04 base (docs/hardening.md, "A campaign on a
# many-core machine").
#
#   scripts/fuzz/run-fuzz-pack.sh OUTDIR [SECONDS] [JOBS]
#
# SECONDS: libFuzzer's -max_total_time of each job (default 420); JOBS: jobs
# and workers (default: nproc). Unpacks into $FUZZ_PACK_SCRATCH (default
# /dev/shm, else /tmp), runs the documented command with -jobs=JOBS
# -workers=JOBS and writes into OUTDIR: summary.txt (commit, executed and
# fuzzed inputs summed over the jobs, crashes, lost findings, other
# artifacts), artifacts/ (every crash-, timeout-, oom-, leak- and slow-unit-
# file), logs/fuzz-N.log.tail (the last 60 lines of each job's log),
# logs/fuzz-logs.tar.xz (the full logs), ldd.txt and loaded-libs.txt (which
# libraries a running job mapped). Environment: FUZZ_NICE (nice level,
# default 0), ASAN_OPTIONS (default detect_leaks=0:abort_on_error=1),
# FUZZ_TIMEOUT (-timeout, default 60), FUZZ_RSS_MB (-rss_limit_mb, default
# 3072). Exit status: 0 when no job left a crash, timeout or oom artifact,
# 1 when one did, 2 when the campaign could not run.
set -euo pipefail

if [ $# -lt 1 ] || [ $# -gt 3 ]; then
  echo "usage: $0 OUTDIR [SECONDS] [JOBS]" >&2
  exit 2
fi
ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PACKDIR=${FUZZ_PACK:-$ROOT/.fuzz-pack}
mkdir -p "$1"
OUTDIR=$(cd "$1" && pwd)
SECS=${2:-420}
JOBS=${3:-$(nproc)}
NICE=${FUZZ_NICE:-0}
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0:abort_on_error=1}
for f in libs.tar.xz pack.tar.xz; do
  if [ ! -f "$PACKDIR/$f" ]; then
    echo "error: $PACKDIR/$f is missing (scripts/fuzz/build-fuzz-pack.sh makes it)" >&2
    exit 2
  fi
done

BASE=${FUZZ_PACK_SCRATCH:-/dev/shm}
[ -d "$BASE" ] && [ -w "$BASE" ] || BASE=/tmp
S=$(mktemp -d "$BASE/usmcheck-fuzz-pack.XXXXXX")
trap 'rm -rf "$S"' EXIT
T0=$(date +%s)
xz -dc -T0 "$PACKDIR/libs.tar.xz" | tar -C "$S" -xf -
xz -dc -T0 "$PACKDIR/pack.tar.xz" | tar -C "$S" -xf -
mkdir -p "$S/corpus" "$S/art" "$S/tmp" "$S/logs" "$OUTDIR/artifacts" "$OUTDIR/logs"
COMMIT=$(cat "$S/COMMIT")
echo "unpacked into $S in $(($(date +%s) - T0)) s; commit $COMMIT"

# Only the pack's libraries besides the system's; the resource headers from
# the pack; the analysis headers are found relative to the binary
# (bin/../share/usmcheck/headers).
export LD_LIBRARY_PATH=$S/lib
export USMCHECK_FUZZ_RESOURCE_DIR=$S/resource
export TMPDIR=$S/tmp
BIN=$S/bin/usmcheck-fuzz-check
ldd "$BIN" >"$OUTDIR/ldd.txt" 2>&1 || true
if grep -q 'not found' "$OUTDIR/ldd.txt"; then
  echo "error: libraries missing on this machine:" >&2
  grep 'not found' "$OUTDIR/ldd.txt" >&2
  exit 2
fi

# Pre-flight: one seed through the target (replay mode). A missing library,
# resource header or system header shows here as one failure (the sentinel
# needs <omp.h> and with it <stdlib.h>), not as a crash of every job.
if ! (cd "$S/tmp" && "$BIN" "$S/seeds/seed_bug.c") >"$OUTDIR/preflight.log" 2>&1; then
  echo "error: the target fails on seeds/seed_bug.c here (see preflight.log):" >&2
  grep -E 'LOST FINDING|ERROR|error' "$OUTDIR/preflight.log" | head -5 >&2
  exit 2
fi

# Which libraries a running job really mapped (from /proc/PID/maps).
(
  sleep 20
  for pid in $(pgrep -x usmcheck-fuzz-c || true); do
    grep -o '/[^ ]*\.so[^ ]*' "/proc/$pid/maps" 2>/dev/null | sort -u |
      sed "s/^/$pid: /"
  done >"$OUTDIR/loaded-libs.txt"
) &
MAPS_PID=$!

echo "fuzzing: $JOBS jobs x $SECS s, nice $NICE, ASAN_OPTIONS=$ASAN_OPTIONS"
T1=$(date +%s)
# libFuzzer -jobs writes fuzz-N.log into the current folder. The outer
# timeout is a safety net only: -max_total_time ends every job.
rc=0
(cd "$S/logs" && exec timeout -k 10 $((SECS + 120)) nice -n "$NICE" "$BIN" \
  -max_total_time="$SECS" -print_final_stats=1 -jobs="$JOBS" -workers="$JOBS" \
  -close_fd_mask=3 -max_len=8192 -timeout="${FUZZ_TIMEOUT:-60}" \
  -rss_limit_mb="${FUZZ_RSS_MB:-3072}" -artifact_prefix="$S/art/" \
  "$S/corpus" "$S/seeds") >"$OUTDIR/libfuzzer-parent.log" 2>&1 || rc=$?
WALL=$(($(date +%s) - T1))
wait "$MAPS_PID" 2>/dev/null || true

# Per job: executed units (final stats, else the last "#N" status line, a
# lower bound for a job that stopped early), the seed units it ran first
# (#N INITED), and whether it ended normally.
EXEC=0 FUZZED=0 ENDED=0 NLOGS=0
TABLE=""
for log in "$S"/logs/fuzz-*.log; do
  [ -f "$log" ] || continue
  NLOGS=$((NLOGS + 1))
  name=$(basename "$log" .log)
  final=$(sed -n 's/^stat::number_of_executed_units: *\([0-9]*\).*/\1/p' "$log" | tail -1)
  last=$(sed -n 's/^#\([0-9][0-9]*\).*/\1/p' "$log" | tail -1)
  inited=$(sed -n 's/^#\([0-9][0-9]*\)[[:space:]]*INITED.*/\1/p' "$log" | tail -1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *\([0-9]*\).*/\1/p' "$log" | tail -1)
  if [ -n "$final" ]; then
    n=$final how=final
    grep -q '^Done [0-9]* runs' "$log" && ENDED=$((ENDED + 1))
  else
    n=${last:-0} how="last status line (no final stats)"
  fi
  f=$((n - ${inited:-0}))
  [ "$f" -lt 0 ] && f=0
  EXEC=$((EXEC + n)) FUZZED=$((FUZZED + f))
  TABLE+=$(printf '  %-8s executed %7d  seeds (INITED) %4s  fuzzed %7d  exec/s %5s  (%s)' \
    "$name" "$n" "${inited:--}" "$f" "${rate:--}" "$how")$'\n'
  tail -n 60 "$log" >"$OUTDIR/logs/$name.log.tail"
done
tar -C "$S/logs" -cf - . | xz -6 -T0 >"$OUTDIR/logs/fuzz-logs.tar.xz"
cp "$S"/art/* "$OUTDIR/artifacts/" 2>/dev/null || true

count() { find "$S/art" -maxdepth 1 -name "$1*" | wc -l; }
CRASH=$(count crash-) TIMEOUT=$(count timeout-) OOM=$(count oom-)
LEAK=$(count leak-) SLOW=$(count slow-unit-)
LOST=$(cat "$S"/logs/fuzz-*.log 2>/dev/null | grep -c 'usmcheck-fuzz-check: LOST FINDING' || true)
{
  echo "usmcheck-fuzz-check campaign ($(date -u +%Y-%m-%dT%H:%M:%SZ))"
  echo "commit fuzzed:     $COMMIT"
  echo "machine:           $(nproc) cores; $(. /etc/os-release && echo "$PRETTY_NAME"); $(ldd --version | head -1)"
  echo "command:           -jobs=$JOBS -workers=$JOBS -max_total_time=$SECS -close_fd_mask=3 -max_len=8192 -timeout=${FUZZ_TIMEOUT:-60} -rss_limit_mb=${FUZZ_RSS_MB:-3072} (nice $NICE, ASAN_OPTIONS=$ASAN_OPTIONS)"
  echo "wall time:         $WALL s (libFuzzer parent exit status $rc)"
  echo "jobs logged:       $NLOGS ($ENDED ended normally)"
  echo "executed inputs:   $EXEC (summed over the jobs, seeds included)"
  echo "fuzzed inputs:     $FUZZED (executed less each job's INITED seed run)"
  echo "crashes:           $CRASH (crash- artifacts)"
  echo "lost findings:     $LOST ('LOST FINDING' aborts in the logs; each is also a crash)"
  echo "timeouts:          $TIMEOUT"
  echo "out of memory:     $OOM"
  echo "leaks:             $LEAK"
  echo "slow units:        $SLOW (slow-unit- artifacts: slow, not failures)"
  echo "per job:"
  printf '%s' "$TABLE"
} | tee "$OUTDIR/summary.txt"
if [ "$CRASH" -gt 0 ] || [ "$TIMEOUT" -gt 0 ] || [ "$OOM" -gt 0 ] || [ "$LEAK" -gt 0 ]; then
  exit 1
fi
[ "$NLOGS" -gt 0 ] || exit 2
exit 0
