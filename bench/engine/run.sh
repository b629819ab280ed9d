#!/bin/sh
# Engine cost benchmark (see bench.py): usmcheck check vs clang-19
# -fsyntax-only on generated OpenMP TUs of 7k-56k lines, two shapes, and the
# corpus, side by side in one run.
# usage: bench/engine/run.sh [--callgrind] [--shapes=short,long] [--no-corpus]
#                            [--checks=GLOBS] [--profile] [--extra-flag=F]...
#                            [--jobs=N | --pin[=CPU]] [USMCHECK] [REPEAT]
#                            [SIZES]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/bench.py" "$@"
