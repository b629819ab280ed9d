"""Implementation of bench/parse/run.sh (see there)."""
import glob
import os
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def find_usmcheck(argv):
    if argv:
        return argv[0]
    cands = [os.path.join(ROOT, "build", "usmcheck")] + sorted(
        glob.glob(os.path.join(ROOT, "build-*", "usmcheck")),
        key=os.path.getmtime, reverse=True)
    for c in cands:
        if os.access(c, os.X_OK):
            return c
    sys.exit("bench: no usmcheck binary found; pass its path")


def translation_units():
    pats = ["bench/corpus/*/*.c", "bench/corpus/*/*.cpp", "bench/corpus/*/*.cu",
            "bench/corpus/*/*.hip", "examples/*/*.c", "examples/*/*.cpp",
            "examples/*/*.cu", "test/checks/usm-host-access-device*.c",
            "test/checks/usm-host-access-device*.cpp",
            "test/checks/usm-host-access-device*.cu",
            "test/checks/usm-host-access-device*.hip"]
    files = []
    for p in pats:
        files += sorted(glob.glob(os.path.join(ROOT, p)))
    return files


def flags_for(path):
    """The flags usmcheck's driver infers (driver/Analysis.cpp), written out
    so that clang-19 parses exactly what usmcheck parses."""
    headers = os.path.join(ROOT, "headers")
    ext = os.path.splitext(path)[1]
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    flags = []
    if ext in (".cu", ".cuh"):
        flags += ["-x", "cuda", "-nocudainc", "-nocudalib", "--cuda-host-only"]
        prelude = os.path.join(headers, "sdk", "usmcheck", "cuda_prelude.h")
        if os.path.exists(prelude):
            flags += ["-include", prelude]
    elif ext == ".hip":
        flags += ["-x", "c++"]
    if ext in (".cpp", ".hip"):
        flags += ["-std=c++17"]
    if "#pragma omp" in text or "<omp.h>" in text:
        flags += ["-fopenmp"]
        for extra in (os.path.join(headers, "sdk", "usmcheck", "omp_usm.h"),
                      os.path.join(headers, "usmcheck", "omp_usm.h")):
            if os.path.exists(extra):
                flags += ["-include", extra]
                break
    flags += ["-idirafter", os.path.join(headers, "sdk"), "-Wno-everything"]
    return flags


def timed(cmd):
    t0 = time.perf_counter()
    p = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    return time.perf_counter() - t0, p.returncode, p.stderr.decode(errors="replace")


def main(argv):
    usmcheck = find_usmcheck(argv[:1])
    repeat = int(argv[1]) if len(argv) > 1 else 3
    checks = os.environ.get("CHECKS", "usm-host-access-device")
    clang = os.environ.get("CLANG") or shutil.which("clang-19") or "/usr/lib/llvm-19/bin/clang"
    files = translation_units()
    print("bench/parse: %d translation units, %d runs each, checks=%s" %
          (len(files), repeat, checks))
    print("%-58s %9s %9s %6s" % ("file", "clang s", "usmchk s", "ratio"))
    tot_c = tot_u = 0.0
    for f in files:
        fl = flags_for(f)
        c_cmd = [clang, "-fsyntax-only"] + fl + [f]
        u_cmd = [usmcheck, "check", "-q", "--checks=-*," + checks, f, "--"] + fl
        best_c = best_u = float("inf")
        for _ in range(repeat):
            tc, rc, err = timed(c_cmd)
            if rc != 0:
                print("bench: clang failed on %s:\n%s" % (f, err[-2000:]))
            tu, ru, erru = timed(u_cmd)
            if ru not in (0, 1):
                print("bench: usmcheck failed on %s (exit %d):\n%s" % (f, ru, erru[-2000:]))
            best_c, best_u = min(best_c, tc), min(best_u, tu)
        tot_c += best_c
        tot_u += best_u
        print("%-58s %9.3f %9.3f %6.2f" % (os.path.relpath(f, ROOT)[-58:], best_c, best_u, best_u / best_c))
    ratio = tot_u / tot_c if tot_c else float("nan")
    print("total: clang-19 -fsyntax-only %.2f s, usmcheck check %.2f s, ratio %.2fx (target <= 1.25x)"
          % (tot_c, tot_u, ratio))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
