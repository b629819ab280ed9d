#!/usr/bin/env python3
"""Engine cost benchmark: `usmcheck check` (all checks) against
`clang-19 -fsyntax-only` on generated OpenMP translation units of 7k, 14k,
28k and 56k lines in two shapes (many short functions; ten long ones) and on
the correct-program corpus, measured side by side in one run: each file is
parsed by clang and checked by usmcheck alternately, REPEAT times, and the
fastest run of each counts (machine load hits both alike); the ratio is
the median of the per-pair ratios (the corpus row: ratio of the summed
fastest times).

usage: bench/engine/run.sh [USMCHECK] [REPEAT] [SIZES]
  USMCHECK  the usmcheck binary (default build/usmcheck)
  REPEAT    runs per file and tool (default 3)
  SIZES     comma-separated line counts (default 7000,14000,28000,56000)
Target: every ratio <= 1.25x, and the ratio does not rise with size.
"""
import os
import resource
import statistics
import shutil
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402


def _load_parse_bench():
    """bench/parse/bench.py (flags_for, translation_units), loaded by path:
    its module name is this file's too."""
    import importlib.util
    spec = importlib.util.spec_from_file_location(
        "parse_bench", os.path.join(ROOT, "bench", "parse", "bench.py"))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


parse_bench = _load_parse_bench()


def run_once(cmd, ok_codes):
    """Wall seconds and CPU seconds (user + system) of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    if p.returncode not in ok_codes:
        sys.stderr.write("bench: %s failed (%d):\n%s\n" %
                         (cmd[0], p.returncode, p.stderr.decode(errors="replace")[-2000:]))
    return wall, cpu


def measure(usmcheck, clang, path, repeat):
    """Runs clang and usmcheck back to back REPEAT times. Returns the fastest
    wall and CPU time of each, and the median of the per-pair ratios (a pair
    runs under the same load, so its ratio is steadier than the times)."""
    fl = parse_bench.flags_for(path)
    c_cmd = [clang, "-fsyntax-only"] + fl + [path]
    u_cmd = [usmcheck, "check", "-q", path, "--"] + fl
    c = [float("inf"), float("inf")]
    u = [float("inf"), float("inf")]
    ratios = [[], []]
    for _ in range(repeat):
        cw, cc = run_once(c_cmd, (0,))
        uw, uc = run_once(u_cmd, (0, 1))
        c = [min(c[0], cw), min(c[1], cc)]
        u = [min(u[0], uw), min(u[1], uc)]
        ratios[0].append(uw / cw)
        ratios[1].append(uc / cc)
    return c, u, [statistics.median(r) for r in ratios]


def main(argv):
    usmcheck = argv[0] if argv else os.path.join(ROOT, "build", "usmcheck")
    repeat = int(argv[1]) if len(argv) > 1 else 3
    sizes = [int(s) for s in (argv[2] if len(argv) > 2 else "7000,14000,28000,56000").split(",")]
    clang = os.environ.get("CLANG") or shutil.which("clang-19") or "/usr/lib/llvm-19/bin/clang"
    print("bench/engine: %s, %d runs each (fastest counts), load: %s" %
          (usmcheck, repeat, open("/proc/loadavg").read().split()[:3]))
    print("times: fastest of %d; ratio: median of the %d back-to-back pairs" %
          (repeat, repeat))
    print("%-20s %6s | %8s %8s %6s | %8s %8s %6s" %
          ("input", "lines", "clang s", "usmchk s", "ratio", "clang cpu",
           "usm cpu", "ratio"))
    worst = [0.0, 0.0]

    def row(name, lines, c, u, r):
        print("%-20s %6s | %8.3f %8.3f %6.2f | %8.3f %8.3f %6.2f" %
              (name, lines, c[0], u[0], r[0], c[1], u[1], r[1]), flush=True)
        worst[0] = max(worst[0], r[0])
        worst[1] = max(worst[1], r[1])

    with tempfile.TemporaryDirectory() as tmp:
        for shape in ("short", "long"):
            for n in sizes:
                path = os.path.join(tmp, "gen_%s_%d.c" % (shape, n))
                text = gen.generate(n, shape)
                with open(path, "w") as f:
                    f.write(text)
                c, u, r = measure(usmcheck, clang, path, repeat)
                row("%s %dk" % (shape, n // 1000), text.count("\n"), c, u, r)
    tot_c = [0.0, 0.0]
    tot_u = [0.0, 0.0]
    files = [f for f in parse_bench.translation_units() if "/bench/corpus/" in f]
    for f in files:
        c, u, _ = measure(usmcheck, clang, f, repeat)
        for i in (0, 1):
            tot_c[i] += c[i]
            tot_u[i] += u[i]
    row("corpus (%d TUs)" % len(files), "", tot_c, tot_u,
        [tot_u[0] / tot_c[0], tot_u[1] / tot_c[1]])
    print("worst ratio: wall %.2fx, cpu %.2fx (target <= 1.25x); load after: %s" %
          (worst[0], worst[1], open("/proc/loadavg").read().split()[:3]))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
