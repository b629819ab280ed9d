#!/usr/bin/env bash
# engine-bench.sh - bench/engine (usmcheck check against clang-19
# -fsyntax-only) on the GPU machine, whose 16 cores are otherwise idle: a
# quieter machine than the shared 2-core development and CI machines. That
# machine has no LLVM, so both tools travel as Debian 12 packages.
#
#   scripts/gpu/engine-bench.sh pack         here: usmcheck (built if needed)
#                                            and the packages' files that the
#                                            two tools read, in
#                                            .gpu-engine-bench/ (git-ignored;
#                                            with the working tree under 64
#                                            MiB: the device's carry)
#   scripts/gpu/engine-bench.sh run [ARGS]   there: unpack into a scratch
#                                            directory and run
#                                            bench/engine/run.sh ARGS with
#                                            that clang-19 and usmcheck
#                                            (ARGS: its options and REPEAT,
#                                            SIZES; default --profile 5)
#
# The run prints the machine (CPU model, caches, load) before the table.
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
PACK=${ENGINE_BENCH_PACK:-$ROOT/.gpu-engine-bench}
. "$ROOT/scripts/gpu/common.sh"
# clang-19 and what it and usmcheck load (libclang-common-19-dev: clang's
# own headers, the resource directory; libomp-19-dev: its omp.h). The .deb
# files are kept in .gpu-debs/, the cache of the other scripts here.
DEBS="clang-19 libclang-common-19-dev $GPU_LLVM_DEBS"
CACHE=${GPU_DEBS:-$ROOT/.gpu-debs}
# From libomp-19-dev only its headers (omp.h): the rest is device runtimes.
OMP_DEB=libomp-19-dev
LIMIT=$((64 * 1024 * 1024))

pack() {
  local build
  build=$(usmcheck_build_dir "$ROOT")
  build_usmcheck "$ROOT" "$build" usmcheck
  local tmp
  tmp=$(mktemp -d)
  trap 'rm -rf "$tmp"' RETURN
  mkdir -p "$tmp/root" "$tmp/omp"
  # shellcheck disable=SC2086 # a list of package names
  fetch_debs "$CACHE" $DEBS $OMP_DEB
  for p in $DEBS; do dpkg -x "$CACHE"/${p}_*.deb "$tmp/root"; done
  dpkg -x "$CACHE"/${OMP_DEB}_*.deb "$tmp/omp"
  cp "$tmp"/omp/usr/lib/llvm-19/lib/clang/19/include/*.h \
    "$tmp/root/usr/lib/llvm-19/lib/clang/19/include/"
  rm -rf "$tmp/root/usr/share"
  rm -rf "$PACK"
  mkdir -p "$PACK"
  tar -C "$tmp/root" -cf - . | xz -9 -T2 > "$PACK/llvm-19.tar.xz"
  strip -o "$PACK/usmcheck" "$build/usmcheck"
  local size
  size=$(( $(du -cb "$PACK" | tail -1 | cut -f1) +
           $(git -C "$ROOT" ls-files -z | (cd "$ROOT" && xargs -0 du -cb) |
             tail -1 | cut -f1) ))
  echo "packed $PACK: $size bytes with the tracked files"
  if [ "$size" -gt "$LIMIT" ]; then
    echo "engine-bench: $PACK and the working tree are over 64 MiB" >&2
    exit 1
  fi
}

run() {
  if [ ! -f "$PACK/llvm-19.tar.xz" ] || [ ! -x "$PACK/usmcheck" ]; then
    echo "engine-bench: $PACK is not packed; run 'scripts/gpu/engine-bench.sh pack' first" >&2
    exit 2
  fi
  local scratch=${ENGINE_BENCH_SCRATCH:-/tmp/usm-engine-bench}
  rm -rf "$scratch"
  mkdir -p "$scratch"
  tar -C "$scratch" -xJf "$PACK/llvm-19.tar.xz"
  local llvm=$scratch/usr/lib/llvm-19
  export LD_LIBRARY_PATH="$llvm/lib:$scratch/usr/lib/x86_64-linux-gnu${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
  export CLANG=$llvm/bin/clang
  echo "== machine"
  date -u
  grep PRETTY_NAME /etc/os-release 2>/dev/null || true
  lscpu | grep -E "^(Model name|CPU\(s\)|Thread|Core|Socket|L2|L3|CPU max MHz|NUMA)" || true
  echo "load: $(cat /proc/loadavg)"
  "$CLANG" --version | head -1
  "$PACK/usmcheck" --version | head -1
  [ $# -gt 0 ] || set -- --profile 5
  local opts=() rest=()
  for a in "$@"; do
    case $a in --*) opts+=("$a") ;; *) rest+=("$a") ;; esac
  done
  echo "== bench/engine/run.sh ${opts[*]} usmcheck ${rest[*]}"
  bash "$ROOT/bench/engine/run.sh" "${opts[@]}" \
    "--extra-flag=-resource-dir=$llvm/lib/clang/19" "$PACK/usmcheck" "${rest[@]}"
}

case ${1:-} in
  pack) pack ;;
  run) shift; run "$@" ;;
  *) echo "engine-bench: unknown command '${1:-}': use 'pack' or 'run' (see the top of $0)" >&2; exit 2 ;;
esac
