#!/bin/sh
# HTML report size and Chromium load time at 1,000 findings (see bench.py).
# usage: bench/html/run.sh [USMCHECK] [FILES] [PER_FILE] [REPEAT]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
exec python3 "$here/bench.py" "$@"
