#!/bin/sh
# Speed benchmark: `usmcheck check` wall time against `clang-19 -fsyntax-only`
# with the same flags over the same translation units, measured side by side
# in one run (alternating, so machine load hits both alike). Prints one line
# per file and the total ratio; the target is <= 1.25x parse time.
#
# usage: bench/parse/run.sh [USMCHECK] [REPEAT]
#   USMCHECK  the usmcheck binary (default: build/usmcheck, else the newest
#             build-*/usmcheck)
#   REPEAT    runs per file and tool; the fastest run counts (default 3)
# Environment: CHECKS (default usm-host-access-device), CLANG (default
# clang-19).
set -eu
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/bench.py" "$@"
