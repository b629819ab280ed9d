"""HTML report at scale (docs/html-report.md): 200 generated OpenMP files
with 5 host accesses to device memory each (1,000 findings), analysed with
`usmcheck check --format=html`; prints the report's size and headless
Chromium's load time (a screenshot of the report, minus a screenshot of an
empty page: browser start-up is not the report's cost), best of REPEAT.

usage: bench/html/run.sh [USMCHECK] [FILES] [PER_FILE] [REPEAT]"""
import os
import shutil
import subprocess
import sys
import tempfile
import time

usmcheck = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else "build/usmcheck"
files = int(sys.argv[2]) if len(sys.argv) > 2 else 200
per_file = int(sys.argv[3]) if len(sys.argv) > 3 else 5
repeat = int(sys.argv[4]) if len(sys.argv) > 4 else 3

def source(i):
    out = ["#include <omp.h>", "#include <stdio.h>", ""]
    for k in range(per_file):
        out += [
            "/* kernel %d of file %d */" % (k, i),
            "double step_%d(int n) {" % k,
            "  int dev = omp_get_default_device();",
            "  double *a = (double *)omp_target_alloc_device(n * sizeof(double), dev);",
            "#pragma omp target teams distribute parallel for is_device_ptr(a)",
            "  for (int j = 0; j < n; ++j)",
            "    a[j] = j * %d.0;" % (k + 1),
            "  double r = a[n / 2];",
            "  omp_target_free(a, dev);",
            "  return r;",
            "}",
            "",
        ]
    return "\n".join(out) + "\n"

def chromium(url, out_png, profile):
    t = time.perf_counter()
    subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                    "--no-first-run", "--user-data-dir=" + profile,
                    "--window-size=1200,2000", "--screenshot=" + out_png, url],
                   check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - t

work = tempfile.mkdtemp(prefix="usmcheck-html-bench-")
try:
    src = os.path.join(work, "src")
    os.makedirs(src)
    names = []
    for i in range(files):
        name = "file_%03d.c" % i
        with open(os.path.join(src, name), "w") as f:
            f.write(source(i))
        names.append(name)
    t = time.perf_counter()
    r = subprocess.run([usmcheck, "check", "-j", str(os.cpu_count() or 1),
                        "--format=html", "-o", "../report.html"] + names, cwd=src,
                       stderr=subprocess.PIPE, text=True)
    analyse = time.perf_counter() - t
    if r.returncode not in (0, 1):
        sys.exit("usmcheck failed: " + r.stderr)
    report = os.path.join(work, "report.html")
    size = os.path.getsize(report)
    html = open(report, encoding="utf-8").read()
    findings = html.count('<article class="finding')
    empty = os.path.join(work, "empty.html")
    with open(empty, "w") as f:
        f.write("<!DOCTYPE html><title>empty</title>")
    profile = os.path.join(work, "profile")
    base = min(chromium("file://" + empty, os.path.join(work, "e.png"), profile)
               for _ in range(repeat))
    full = min(chromium("file://" + report, os.path.join(work, "r.png"), profile)
               for _ in range(repeat))
    print("files=%d findings=%d analyse_s=%.1f report_bytes=%d (%.2f MB, %d per finding)"
          % (files, findings, analyse, size, size / 1e6, size // max(findings, 1)))
    print("chromium screenshot: empty page %.2f s, report %.2f s, report load ~%.2f s (best of %d)"
          % (base, full, full - base, repeat))
    print(r.stderr.strip().splitlines()[-1])
finally:
    shutil.rmtree(work, ignore_errors=True)
