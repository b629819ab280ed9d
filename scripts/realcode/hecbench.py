#!/usr/bin/env python3
"""Measure usmcheck on real code: a fixed sample of HeCBench programs.

usage: scripts/realcode/hecbench.py HECBENCH_DIR [--out DIR] [--jobs N]
                                    [--usmcheck PATH] [--models m,m]
                                    [--every K]

HECBENCH_DIR is a local checkout of HeCBench (the directory that holds
src/); nothing is fetched. The sample: the programs that exist in all four
models (src/NAME-cuda, -hip, -omp, -sycl), sorted by name, every K-th one
(K=6: the 1st, 7th, 13th, ...), each in all four models. A program's
translation units and compile commands are what its own Makefile runs
(`make -n -B`: nvcc, hipcc, icpx -fiopenmp -fopenmp-targets=spir64,
clang++ -fsycl, ...), written into one compile_commands.json per model and
analysed with `usmcheck check -p DIR -j N --format=json`.

Prints, per model: translation units analysed completely / partly / not at
all, programs whose every unit was analysed completely, the findings by
check and severity, and the wall time. Details (every partial or failed
unit with its first compile error, every finding) go to DIR/report.txt.
"""
import argparse
import json
import os
import shlex
import subprocess
import sys
import time

MODELS = ["cuda", "hip", "omp", "sycl"]
SOURCE_EXT = (".c", ".cc", ".cpp", ".cxx", ".cu")
COMPILERS = ("nvcc", "hipcc", "icpx", "icx", "clang", "clang++", "g++", "gcc",
             "c++", "cc", "dpcpp", "nvc++", "amdclang++", "icpc")


def sample(src, every):
    names = {}
    for d in os.listdir(src):
        base, _, model = d.rpartition("-")
        if model in MODELS and os.path.isdir(os.path.join(src, d)):
            names.setdefault(base, set()).add(model)
    full = sorted(n for n, m in names.items() if m == set(MODELS))
    return full[::every]


def compile_commands(prog_dir):
    """The compile commands `make -n -B` prints for one program."""
    try:
        out = subprocess.run(["make", "-n", "-B", "-C", prog_dir],
                             capture_output=True, text=True, timeout=60).stdout
    except subprocess.TimeoutExpired:
        return []
    entries = []
    for line in out.splitlines():
        line = line.strip()
        if not line or line.startswith("make"):
            continue
        try:
            args = shlex.split(line)
        except ValueError:
            continue
        if not args or os.path.basename(args[0]).split("-")[0] not in COMPILERS:
            continue
        if "-c" not in args:
            continue
        srcs = [a for a in args[1:] if a.endswith(SOURCE_EXT)
                and not a.startswith("-")]
        for s in srcs:
            path = os.path.normpath(os.path.join(prog_dir, s))
            if os.path.isfile(path):
                entries.append({"directory": prog_dir, "arguments": args,
                                "file": path})
    return entries


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("hecbench")
    ap.add_argument("--out", default="hecbench-results")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--usmcheck", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "..", "build", "usmcheck"))
    ap.add_argument("--models", default=",".join(MODELS))
    ap.add_argument("--every", type=int, default=6)
    a = ap.parse_args()
    src = os.path.join(os.path.abspath(a.hecbench), "src")
    if not os.path.isdir(src):
        sys.exit(f"hecbench.py: error: no src/ in '{a.hecbench}'")
    progs = sample(src, a.every)
    os.makedirs(a.out, exist_ok=True)
    details = open(os.path.join(a.out, "report.txt"), "w")
    print(f"sample: {len(progs)} programs x {len(a.models.split(','))} models "
          f"(every {a.every}th of the programs in all four models)")
    details.write("sample: " + " ".join(progs) + "\n")
    print(f"{'model':6} {'TUs':>5} {'complete':>9} {'partial':>8} "
          f"{'failed':>7} {'complete%':>10} {'programs ok':>12} "
          f"{'errors':>7} {'warnings':>9} {'time s':>7}")
    for model in a.models.split(","):
        db_dir = os.path.join(a.out, model)
        os.makedirs(db_dir, exist_ok=True)
        entries, owner = [], {}
        for p in progs:
            for e in compile_commands(os.path.join(src, f"{p}-{model}")):
                entries.append(e)
                owner[e["file"]] = p
        with open(os.path.join(db_dir, "compile_commands.json"), "w") as f:
            json.dump(entries, f, indent=1)
        report = os.path.join(a.out, f"{model}.json")
        start = time.time()
        r = subprocess.run([a.usmcheck, "check", "-p", db_dir, "-j", str(a.jobs),
                            "-q", "--format=json", "-o", report],
                           capture_output=True, text=True)
        wall = time.time() - start
        if r.returncode not in (0, 1, 2) or not os.path.exists(report):
            sys.exit(f"hecbench.py: error: usmcheck failed on {model}: "
                     f"{r.stderr.strip()}")
        res = json.load(open(report))
        status = {}
        bad_progs = set()
        for f in res["files"]:
            status[f["status"]] = status.get(f["status"], 0) + 1
            if f["status"] != "complete":
                bad_progs.add(owner.get(f["file"], f["file"]))
                first = (f.get("failure") or
                         (f["compile_errors"][0]["file"] + ":" +
                          str(f["compile_errors"][0]["line"]) + ": " +
                          f["compile_errors"][0]["message"]))
                details.write(f"{model} {f['status']} {f['file']}: {first}\n")
        for x in res["findings"]:
            details.write(f"{model} finding {x['file']}:{x['line']}: "
                          f"{x['severity']}: {x['message']} [{x['check']}]\n")
        n = len(res["files"])
        ok_progs = len({owner[e['file']] for e in entries}) - len(bad_progs)
        print(f"{model:6} {n:5} {status.get('complete', 0):9} "
              f"{status.get('partial', 0):8} {status.get('failed', 0):7} "
              f"{100.0 * status.get('complete', 0) / max(n, 1):9.1f}% "
              f"{ok_progs:5}/{len({owner[e['file']] for e in entries}):<6} "
              f"{res['summary']['errors']:7} {res['summary']['warnings']:9} "
              f"{wall:7.1f}")
    print(f"details: {os.path.join(a.out, 'report.txt')}")


if __name__ == "__main__":
    main()
