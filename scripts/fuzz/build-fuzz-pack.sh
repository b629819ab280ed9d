#!/usr/bin/env bash
# build-fuzz-pack.sh - package the in-process libFuzzer target
# usmcheck-fuzz-check (docs/hardening.md, "Fuzzing") for a many-core machine
# without LLVM (Ubuntu 24.04, glibc 2.39), HERE (the Debian 12 development
# machine), into .fuzz-pack/ (git-ignored). Carry that folder to the other
# machine and run scripts/fuzz/run-fuzz-pack.sh there.
#
#   scripts/fuzz/build-fuzz-pack.sh     (builds build-fuzz/, configured if absent)
#
# .fuzz-pack/ holds:
#   libs.tar.xz  the shared libraries the target needs that Ubuntu 24.04 does
#                not have (libclang-cpp.so.19.1, libLLVM.so.19.1, libz3.so.4:
#                every library ldd resolves whose soname is not in BASE_SONAMES
#                below); reused while the libraries here are unchanged.
#   pack.tar.xz  bin/usmcheck-fuzz-check (stripped), share/usmcheck/headers
#                (the analysis headers, where the driver looks first, relative
#                to the executable), resource/include (clang 19's resource
#                headers with LLVM's omp.h; run-fuzz-pack.sh passes the folder
#                through USMCHECK_FUZZ_RESOURCE_DIR), seeds/ (the seed corpus of
#                docs/hardening.md), COMMIT.
#   COMMIT       the commit the binary was built from ("-dirty" when tracked
#                files differed from it).
# Fails when the total is not under LIMIT (58 MiB: the carry limit is 64 MiB
# with the repository's tracked files).
set -euo pipefail

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
OUT=${FUZZ_PACK_OUT:-$ROOT/.fuzz-pack}
BUILD=$ROOT/build-fuzz
LLVM=/usr/lib/llvm-19
RESOURCE=$LLVM/lib/clang/19
LIMIT=$((58 * 1024 * 1024))
# Sonames an Ubuntu 24.04 base has (checked on the 16-core machine,
# 2026-11-30: glibc 2.39, libstdc++ 6.0.33, ICU 74, libxml2 2.9.14, libedit 2,
# libffi 8). libxml2 there links its own ICU 74, so Debian's libicu*.so.72
# (pulled in here by Debian's libxml2) are not needed.
BASE_SONAMES='^(linux-vdso\.so\.1|ld-linux-x86-64\.so\.2|libc\.so\.6|libm\.so\.6|libdl\.so\.2|libpthread\.so\.0|librt\.so\.1|libresolv\.so\.2|libstdc\+\+\.so\.6|libgcc_s\.so\.1|libz\.so\.1|libzstd\.so\.1|liblzma\.so\.5|libtinfo\.so\.6|libxml2\.so\.2|libicu[a-z0-9]*\.so\.[0-9]+|libedit\.so\.2|libffi\.so\.8|libbsd\.so\.0|libmd\.so\.0)$'

cd "$ROOT"
export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$(dirname "$ROOT")} CCACHE_NOHASHDIR=1

echo "== usmcheck-fuzz-check ($BUILD)"
# ccache when the machine has it (setup.sh does not install it).
LAUNCHER=()
command -v ccache >/dev/null &&
  LAUNCHER=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
cmake -S "$ROOT" -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_C_COMPILER=clang-19 \
  "${LAUNCHER[@]}" -DUSMCHECK_FUZZ=ON >/dev/null
nice ninja -C "$BUILD" -j2 usmcheck-fuzz-check
BIN=$BUILD/fuzz/usmcheck-fuzz-check

COMMIT=$(git rev-parse HEAD)
if ! git diff --quiet HEAD -- . ':!.fuzz-pack'; then
  COMMIT="$COMMIT-dirty"
  echo "warning: tracked files differ from HEAD; the pack says $COMMIT" >&2
fi

mkdir -p "$OUT"
STAGE=$(mktemp -d "${TMPDIR:-/tmp}/fuzz-pack.XXXXXX")
trap 'rm -rf "$STAGE"' EXIT

echo "== libraries"
# ldd lists every library of the closure with the path it resolves to here.
ldd "$BIN" | awk '$2 == "=>" && $3 ~ /^\// {print $1, $3}' | LC_ALL=C sort -u >"$STAGE/ldd"
if ldd "$BIN" | grep -q 'not found'; then
  echo "error: a library of $BIN is not found here" >&2
  exit 1
fi
: >"$STAGE/libs.list"
while read -r soname path; do
  if [[ $soname =~ $BASE_SONAMES ]]; then
    echo "   on Ubuntu 24.04: $soname"
  else
    echo "   packed:          $soname ($path)"
    echo "$soname $(readlink -f "$path")" >>"$STAGE/libs.list"
  fi
done <"$STAGE/ldd"
# The stamp names each packed library's path, size and modification time:
# libs.tar.xz is rebuilt only when one of them changed.
STAMP=$(while read -r soname real; do stat -c "$soname %n %s %Y" "$real"; done <"$STAGE/libs.list")
if [ -f "$OUT/libs.tar.xz" ] && [ "$(cat "$OUT/libs.stamp" 2>/dev/null)" = "$STAMP" ]; then
  echo "   libs.tar.xz is up to date"
else
  mkdir -p "$STAGE/libs/lib"
  while read -r soname real; do
    cp "$real" "$STAGE/libs/lib/$soname"
    strip --strip-unneeded "$STAGE/libs/lib/$soname"
  done <"$STAGE/libs.list"
  echo "   compressing (xz -9, a few minutes)"
  tar -C "$STAGE/libs" -cf - lib | nice xz -9 -T2 >"$OUT/libs.tar.xz.tmp"
  mv "$OUT/libs.tar.xz.tmp" "$OUT/libs.tar.xz"
  echo "$STAMP" >"$OUT/libs.stamp"
fi

echo "== binary, headers, resource headers, seeds"
P=$STAGE/pack
mkdir -p "$P/bin" "$P/share/usmcheck" "$P/resource" "$P/seeds"
strip --strip-all -o "$P/bin/usmcheck-fuzz-check" "$BIN"
cp -r "$ROOT/headers" "$P/share/usmcheck/headers"
cp -r "$RESOURCE/include" "$P/resource/include"
# The seed corpus of docs/hardening.md ("usmcheck check in process").
cp fuzz/corpus/check/* test/checks/*.c test/checks/*level-zero*.cpp \
  test/checks/*struct-return.cpp examples/openmp/*.c test/cli/Inputs/*.c \
  "$P/seeds/"
echo "$COMMIT" >"$P/COMMIT"
echo "$COMMIT" >"$OUT/COMMIT"
tar -C "$P" -cf - . | nice xz -9 -T2 >"$OUT/pack.tar.xz.tmp"
mv "$OUT/pack.tar.xz.tmp" "$OUT/pack.tar.xz"

echo "== $OUT"
ls -l "$OUT"
TOTAL=$(du -cb "$OUT"/* | tail -1 | cut -f1)
printf 'total: %d bytes (%.1f MiB), limit %d MiB; %d seeds; commit %s\n' \
  "$TOTAL" "$(echo "$TOTAL / 1048576" | bc -l)" $((LIMIT / 1048576)) \
  "$(ls "$P/seeds" | wc -l)" "$COMMIT"
if [ "$TOTAL" -ge "$LIMIT" ]; then
  echo "error: the pack is over the limit" >&2
  exit 1
fi
