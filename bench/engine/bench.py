#!/usr/bin/env python3
"""Engine cost benchmark: `usmcheck check` (all checks) against
`clang-19 -fsyntax-only` on generated OpenMP translation units of 7k, 14k,
28k and 56k lines in two shapes (many short functions; ten long ones) and on
the correct-program corpus, measured side by side in one run.

Two measures:
  cpu (default)  each file is parsed by clang and checked by usmcheck
                 alternately, REPEAT times (either tool first in turn); the
                 fastest run of each is printed; the ratio is the median of
                 the per-pair ratios (the corpus row: ratio of the summed
                 fastest times). Wall and CPU (user + system) are printed,
                 and the 95% interval of the CPU ratio's median (bootstrap
                 over the pairs). The CPU time of one command moves by 20%
                 and more from run to run on a shared machine, so a row's
                 ratio needs tens of pairs to be known to a few hundredths;
                 the last line says whether every row's interval is within
                 the target (met), one lies above it (missed), or neither
                 (not decided; also when a row has fewer than 10 pairs,
                 which get no interval). The corpus row has no
                 interval: its ratio counts as one.
  callgrind      each command runs once under `valgrind --tool=callgrind`
                 and the instructions it executed are counted: independent
                 of machine load and repeatable to a few parts per million,
                 but about 50x slower. usmcheck analyses every file in a
                 forked worker: callgrind follows forks, and
                 --dump-before='*fork*' writes the parent's count before
                 each fork, so the worker's file starts from zero and the
                 sum over all files of a run is its exact total.

Every usmcheck run's findings are counted and compared with the number of
seeded bugs (one host read of device memory per 3,000 generated lines; none
in the corpus): a row whose count differs is marked "FINDINGS DIFFER".

usage: bench/engine/run.sh [--callgrind] [--shapes=short,long] [--no-corpus]
                           [--checks=GLOBS] [--profile] [--extra-flag=F]...
                           [--jobs=N | --pin[=CPU]] [USMCHECK] [REPEAT] [SIZES]
  --checks  passed to `usmcheck check` (default: its default checks;
            --checks='usm-*' enables the opt-in ones too)
  --profile (cpu measure) usmcheck runs with --profile, and each row adds
            the median of what all but the parse adds to the parse inside
            usmcheck's own process ("in-proc"): the check phase's cost
            measured in the same run as the parse it is compared with;
            and "beyond": the median over the pairs of what usmcheck's CPU
            time holds beyond clang's and beyond the check phase, as a
            share of clang's (its process around the analysis thread, and
            any difference between the two parses): a pair's ratio is
            1 + (its check phase) / (clang's time) + its "beyond"
  --extra-flag  a compile flag added to both tools' commands (repeatable;
            -resource-dir=DIR where clang's headers are not where usmcheck
            was built to find them: scripts/gpu/engine-bench.sh)
  --jobs    (cpu measure) N pairs run at once, each pair's two runs still
            one after the other; each run's CPU time is its own process's
            and its worker's (wait4). For a machine with idle cores: the
            pairs then share the caches and memory, a harder condition for
            usmcheck's cache-bound analysis than for clang's parse; the
            default (1) is the target's measure
  --pin[=CPU]  (cpu measure, one pair at a time) every run of both tools
            bound to the CPU numbered CPU (default: the highest-numbered
            one this process may use), so that no run moves between cores, or
            between the memory nodes of a larger machine, while it runs;
            usmcheck's worker inherits the CPU. The same CPU for both
            tools: what is measured is unchanged, the scheduler's noise
            is not in it
  USMCHECK  the usmcheck binary (default build/usmcheck)
  REPEAT    runs per file and tool in the cpu measure (default 3)
  SIZES     comma-separated line counts (default 7000,14000,28000,56000)
Target: every ratio <= 1.25x, and the ratio does not rise with size. In
the callgrind measure each shape's rows are followed by the marginal ratio
of each step (added usmcheck instructions / added clang instructions): the
whole ratio starts below it (clang's fixed cost, the system and OpenMP
headers, weighs most in small inputs) and approaches it from below, so a
marginal ratio within the target keeps every size within it.
"""
import concurrent.futures
import glob
import os
import random
import re
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

FINDING = re.compile(r":\d+:\d+: (?:error|warning): .*\[usm-[a-z-]+\]$",
                     re.MULTILINE)


def count_findings(out):
    return len(FINDING.findall(out.decode(errors="replace")))


def report_failure(cmd, p, ok_codes):
    if p.returncode not in ok_codes:
        sys.stderr.write("bench: %s failed (%d):\n%s\n" %
                         (cmd[0], p.returncode,
                          p.stderr.decode(errors="replace")[-2000:]))


PROFILE_LINE = re.compile(
    r"all but the parse +([0-9.]+) +([0-9.]+)% of the parse")


def run_once(cmd, ok_codes):
    """Wall seconds, CPU seconds (user + system, of the process and the
    children it waited for: os.wait4, so that runs on several threads at
    once are each measured alone), the findings of one run, and with
    --profile the share that all but the parse adds to the parse and its
    seconds (from usmcheck's profile of its one file; None without one)."""
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        t0 = time.perf_counter()
        pin = (lambda: os.sched_setaffinity(0, {PIN[0]})) if PIN else None
        p = subprocess.Popen(cmd, stdout=out, stderr=err, preexec_fn=pin)
        _, status, usage = os.wait4(p.pid, 0)
        wall = time.perf_counter() - t0
        p.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        p.stdout, p.stderr = out.read(), err.read()
    cpu = usage.ru_utime + usage.ru_stime
    report_failure(cmd, p, ok_codes)
    prof = None
    if PROFILE and cmd[1:2] == ["check"]:
        share = PROFILE_LINE.search(p.stderr.decode(errors="replace"))
        prof = ((float(share.group(2)) / 100, float(share.group(1)))
                if share else None)
    return wall, cpu, count_findings(p.stdout), prof


def instructions(cmd, ok_codes, tmp):
    """Instructions executed by \\p cmd and its forked children (callgrind),
    and its findings."""
    out = tempfile.mkdtemp(dir=tmp)
    vg = ["valgrind", "--tool=callgrind", "--trace-children=yes",
          "--dump-before=*fork*",
          "--callgrind-out-file=" + os.path.join(out, "cg.%p")]
    p = subprocess.run(vg + cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    report_failure(cmd, p, ok_codes)
    total = 0
    for f in glob.glob(os.path.join(out, "cg.*")):
        with open(f, errors="replace") as fh:
            for line in fh:
                if line.startswith("totals:"):
                    total += int(line.split()[1])
        os.unlink(f)
    os.rmdir(out)
    return total, count_findings(p.stdout)


CHECKS = []  # ["--checks=GLOBS"] when given
PROFILE = []  # ["--profile"] when given
EXTRA = []  # the --extra-flag values, given to both tools
JOBS = [1]  # --jobs: pairs run at once
PIN = []  # [cpu] with --pin: the CPU every run is bound to


def commands(usmcheck, clang, path):
    fl = parse_bench.flags_for(path) + EXTRA
    return ([clang, "-fsyntax-only"] + fl + [path],
            [usmcheck, "check", "-q"] + CHECKS + PROFILE + [path, "--"] + fl)


MIN_PAIRS = 10  # the fewest pairs a row's interval is computed from


def median_ci(xs, level=0.95, resamples=2000):
    """A bootstrap percentile interval for the median of xs: the pairs
    are drawn again with replacement, resamples times (a fixed seed:
    the same pairs give the same interval). None below MIN_PAIRS: a
    bootstrap of a few pairs is only their range, which decides nothing."""
    rng = random.Random(0)
    n = len(xs)
    if n < MIN_PAIRS:
        return float("nan"), float("nan")
    meds = sorted(statistics.median(rng.choices(xs, k=n))
                  for _ in range(resamples))
    tail = (1 - level) / 2
    return (meds[int(tail * resamples)],
            meds[min(resamples - 1, int((1 - tail) * resamples))])


def measure_cpu(usmcheck, clang, path, repeat, tmp):
    """Runs clang and usmcheck back to back REPEAT times, the two in turn
    first. Returns the fastest wall and CPU time of each, the median of
    the per-pair ratios (a pair runs under the same load, so its ratio is
    steadier than the times) with the 95% interval of the CPU ratio's
    median, and the findings (of the last run)."""
    c_cmd, u_cmd = commands(usmcheck, clang, path)

    def pair(k):
        if k % 2 == 0:
            cw, cc, _, _ = run_once(c_cmd, (0,))
            uw, uc, found, prof = run_once(u_cmd, (0, 1))
        else:
            uw, uc, found, prof = run_once(u_cmd, (0, 1))
            cw, cc, _, _ = run_once(c_cmd, (0,))
        return cw, cc, uw, uc, found, prof

    if JOBS[0] > 1:
        with concurrent.futures.ThreadPoolExecutor(JOBS[0]) as pool:
            pairs = list(pool.map(pair, range(repeat)))
    else:
        pairs = [pair(k) for k in range(repeat)]
    c = [min(p[0] for p in pairs), min(p[1] for p in pairs)]
    u = [min(p[2] for p in pairs), min(p[3] for p in pairs)]
    ratios = [[p[2] / p[0] for p in pairs], [p[3] / p[1] for p in pairs]]
    cpu_c = [p[1] for p in pairs]
    cpu_u = [p[3] for p in pairs]
    found = pairs[-1][4]
    profiled = [p[5] for p in pairs]
    r = [statistics.median(x) for x in ratios]
    r.append(median_ci(ratios[1]))
    if PROFILE:  # nan when no run printed a profile (a failed run)
        shares = [x[0] for x in profiled if x]
        r.append(1 + statistics.median(shares) if shares else float("nan"))
        # What the pairs' CPU difference holds beyond the analysis thread's
        # check phase, as a share of clang's time: usmcheck's process
        # around the analysis (start, parent, fork, reply, exit) against
        # clang's, and any difference between the two parses.
        rest = [(uc - cc - x[1]) / cc
                for uc, cc, x in zip(cpu_u, cpu_c, profiled) if x]
        r.append(statistics.median(rest) if rest else float("nan"))
    return c, u, r, found


def measure_callgrind(usmcheck, clang, path, repeat, tmp):
    """Instructions of one clang and one usmcheck run (deterministic: one
    run each)."""
    c_cmd, u_cmd = commands(usmcheck, clang, path)
    ci, _ = instructions(c_cmd, (0,), tmp)
    ui, found = instructions(u_cmd, (0, 1), tmp)
    return [ci], [ui], [ui / ci], found


def main(argv):
    mode = "cpu"
    shapes = ["short", "long"]
    corpus = True
    rest = []
    for a in argv:
        if a == "--callgrind":
            mode = "callgrind"
        elif a.startswith("--shapes="):
            shapes = [s for s in a.split("=", 1)[1].split(",") if s]
        elif a == "--no-corpus":
            corpus = False
        elif a.startswith("--checks="):
            CHECKS[:] = [a]
        elif a == "--profile":
            PROFILE[:] = [a]
        elif a.startswith("--extra-flag=") and len(a) > len("--extra-flag="):
            EXTRA.append(a.split("=", 1)[1])
        elif re.fullmatch(r"--jobs=[1-9][0-9]*", a):
            JOBS[0] = int(a.split("=", 1)[1])
        elif a == "--pin" or re.fullmatch(r"--pin=[0-9]+", a):
            allowed = os.sched_getaffinity(0)
            cpu = int(a.split("=", 1)[1]) if "=" in a else max(allowed)
            if cpu not in allowed:
                sys.stderr.write("bench: --pin=%d: this process may not run "
                                 "on CPU %d (it may use %s)\n" %
                                 (cpu, cpu, ",".join(map(str, sorted(allowed)))))
                return 2
            PIN[:] = [cpu]
        elif a.startswith("--"):
            sys.stderr.write("bench: unknown or empty option '%s' (usage: "
                             "bench/engine/run.sh, or the top of "
                             "bench/engine/bench.py)\n" % a)
            return 2
        else:
            rest.append(a)
    if PIN and (JOBS[0] > 1 or mode == "callgrind"):
        sys.stderr.write("bench: --pin is for the cpu measure with one pair "
                         "at a time (not with --jobs or --callgrind)\n")
        return 2
    usmcheck = rest[0] if rest else os.path.join(ROOT, "build", "usmcheck")
    repeat = int(rest[1]) if len(rest) > 1 else 3
    sizes = [int(s) for s in (rest[2] if len(rest) > 2 else "7000,14000,28000,56000").split(",")]
    clang = os.environ.get("CLANG") or shutil.which("clang-19") or "/usr/lib/llvm-19/bin/clang"
    load = lambda: open("/proc/loadavg").read().split()[:3]  # noqa: E731
    if mode == "callgrind":
        if not shutil.which("valgrind"):
            sys.exit("bench: --callgrind needs valgrind")
        measure = measure_callgrind
        print("bench/engine: %s%s, instructions (valgrind --tool=callgrind, "
              "one run each), load: %s" %
              (usmcheck, " " + " ".join(CHECKS) if CHECKS else "", load()))
        print("%-20s %6s | %14s %14s %6s | %8s" %
              ("input", "lines", "clang Ir", "usmcheck Ir", "ratio",
               "findings"))
    else:
        measure = measure_cpu
        print("bench/engine: %s%s, %d runs each (fastest counts)%s, load: %s" %
              (usmcheck, "".join(" " + a for a in CHECKS + PROFILE), repeat,
               ", %d pairs at once" % JOBS[0] if JOBS[0] > 1 else
               ", every run on CPU %d" % PIN[0] if PIN else "",
               load()))
        print("times: fastest of %d; ratio: median of the %d back-to-back "
              "pairs (either tool first in turn); 95%%: the interval of the "
              "CPU ratio's median (bootstrap over the pairs)" %
              (repeat, repeat))
        print("%-20s %6s | %8s %8s %6s | %8s %8s %6s %11s | %s%8s" %
              ("input", "lines", "clang s", "usmchk s", "ratio", "clang cpu",
               "usm cpu", "ratio", "95%",
               "in-proc beyond | " if PROFILE else "",
               "findings"))
    worst = [0.0, 0.0, 0.0, 0.0, 0.0]  # wall, cpu, interval low, high, in-proc
    wrong = []

    def row(name, lines, c, u, r, found, expected):
        ok = found == expected
        note = "%d/%d" % (found, expected) + ("" if ok else " FINDINGS DIFFER")
        if not ok:
            wrong.append(name)
        if mode == "callgrind":
            print("%-20s %6s | %14d %14d %6.3f | %s" %
                  (name, lines, c[0], u[0], r[0], note), flush=True)
            worst[0] = max(worst[0], r[0])
            return
        lo, hi = r[2] if r[2] is not None else (r[1], r[1])
        print("%-20s %6s | %8.3f %8.3f %6.2f | %8.3f %8.3f %6.2f %11s | %s%s" %
              (name, lines, c[0], u[0], r[0], c[1], u[1], r[1],
               "%.2f-%.2f" % (lo, hi) if r[2] is not None and lo == lo
               else "-",
               "%7.2f %+6.3f | " % (r[3], r[4]) if PROFILE else "", note),
              flush=True)
        if lo != lo:  # too few pairs: nothing known
            lo, hi = float("-inf"), float("inf")
        for i, v in enumerate([r[0], r[1], lo, hi] +
                              ([r[3]] if PROFILE else [])):
            worst[i] = max(worst[i], v)

    marginal = []

    def steps(shape, points):
        """The cost that each larger input adds, side by side: the ratio of
        the two tools' added instructions (the marginal ratio, which the
        whole ratio approaches as inputs grow) and usmcheck's added
        instructions beyond clang's per added line. Instructions only:
        differences of CPU times are mostly noise."""
        for (l0, c0, u0), (l1, c1, u1) in zip(points, points[1:]):
            dc, du = c1 - c0, u1 - u0
            if dc <= 0 or l1 <= l0:
                continue
            m = du / dc
            marginal.append(m)
            print("  %s %d -> %d lines: clang +%d, usmcheck +%d, marginal "
                  "ratio %.3f, usmcheck's extra %.0f per added line" %
                  (shape, l0, l1, dc, du, m, (du - dc) / (l1 - l0)),
                  flush=True)

    with tempfile.TemporaryDirectory() as tmp:
        for shape in shapes:
            points = []
            for n in sizes:
                path = os.path.join(tmp, "gen_%s_%d.c" % (shape, n))
                text = gen.generate(n, shape)
                with open(path, "w") as f:
                    f.write(text)
                c, u, r, found = measure(usmcheck, clang, path, repeat, tmp)
                row("%s %dk" % (shape, n // 1000), text.count("\n"), c, u, r,
                    found, text.count(gen.BUG_MARK))
                points.append((text.count("\n"), c[0], u[0]))
            if mode == "callgrind":
                steps(shape, points)
        if corpus:
            files = [f for f in parse_bench.translation_units()
                     if "/bench/corpus/" in f]
            tot_c = [0.0, 0.0]
            tot_u = [0.0, 0.0]
            found = 0
            added = 0.0  # in-proc: the files' shares weighted by clang's CPU
            beyond = 0.0  # the same for "beyond"
            for f in files:
                c, u, r, n = measure(usmcheck, clang, f, repeat, tmp)
                found += n
                for i in range(len(c)):
                    tot_c[i] += c[i]
                    tot_u[i] += u[i]
                if len(r) > 3:
                    added += (r[3] - 1) * c[1]
                    beyond += r[4] * c[1]
            k = 1 if mode == "callgrind" else 2
            ratios = [tot_u[i] / tot_c[i] for i in range(k)]
            if mode != "callgrind":
                ratios.append(None)  # no interval: the ratio counts
                if PROFILE:
                    ratios += [1 + added / tot_c[1], beyond / tot_c[1]]
            row("corpus (%d TUs)" % len(files), "", tot_c[:k], tot_u[:k],
                ratios, found, 0)
    if mode == "callgrind":
        print("worst ratio: instructions %.3fx (target <= 1.25x)" % worst[0])
        if marginal:
            print("marginal ratio: %.3f to %.3f (the limit of the ratio as "
                  "inputs grow; <= 1.25x keeps every size within the target)"
                  % (min(marginal), max(marginal)))
    else:
        if worst[3] <= 1.25:
            verdict = "met: every row's interval is within 1.25x"
        elif worst[2] > 1.25:
            verdict = "missed: a row's interval lies above 1.25x"
        else:
            verdict = ("not decided: an interval reaches above 1.25x; more "
                       "pairs (REPEAT) narrow it")
        print("worst ratio: wall %.2fx, cpu %.2fx (target <= 1.25x); highest "
              "95%% interval end %s; %s%s; load after: %s" %
              (worst[0], worst[1], "%.2fx" % worst[3] if worst[3] < 1e9
               else "none (a row of under %d pairs)" % MIN_PAIRS, verdict,
               "; in-proc %.2fx (the analysis thread alone)" % worst[4]
               if PROFILE else "", load()))
    if wrong:
        print("findings differ from the seeded bugs on: " + ", ".join(wrong))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
