#!/usr/bin/env python3
"""Checks that usmcheck's analysis headers and its catalog agree.

Forward: every SYCL, Level Zero, CUDA, HIP and OpenMP API in usm_apis.def,
and every selector/direction enumerator in usm_selectors.def, is declared
by the analysis headers (for OpenMP: by clang's omp.h plus
headers/sdk/usmcheck/omp_usm.h). This is checked by clang itself: the script
writes one probe translation unit per model that names each entity through
a using-declaration (which accepts overloaded functions, templates and
classes alike) and parses it with the flags docs/headers.md gives the driver.

Reverse: every allocation/free/copy/fill/prefetch/advice/query function the
C-style headers declare (cuda*, cu*, hip*, ze*, omp_*/llvm_omp_*) is in the
catalog, so the headers cannot silently model more than the checks know.

Usage: check_declared.py --clang CLANG --headers REPO/headers
                         --apis usm_apis.def --selectors usm_selectors.def
Prints one summary line per model; exits 1 with clang's diagnostics (which
name the missing entities) or the list of uncatalogued functions.
"""
import argparse
import os
import re
import subprocess
import sys
import tempfile

API_RE = re.compile(r'^USM_API\("([^"]+)",\s*(\w+),\s*(\w+),', re.M)
SEL_RE = re.compile(r'^USM_(?:SELECTOR|DIRECTION)\("([^"]+)",\s*(\w+),', re.M)

# Names in the C-style headers that look like memory APIs.
MEMORY_WORDS = ("Malloc", "Alloc", "alloc", "Free", "free", "Memcpy",
                "memcpy", "Memset", "memset", "MemPrefetch", "MemAdvise",
                "MemoryCopy", "MemoryFill", "MemoryPrefetch",
                "GetAllocProperties", "PointerGetAttribute")
C_FUNC_RE = re.compile(
    r'\b((?:cuda|cu|hip|ze|omp_|llvm_omp_)[A-Za-z0-9_]*)\s*\(')


def model_setup(model, headers):
    sdk = os.path.join(headers, "sdk")
    common = ["-fsyntax-only", "-Wno-unknown-cuda-version", "-idirafter", sdk]
    if model == "SYCL":
        return ["-x", "c++", "-std=c++17"] + common, ["<sycl/sycl.hpp>"]
    if model == "LevelZero":
        return ["-x", "c++"] + common, ["<level_zero/ze_api.h>"]
    if model == "CUDA":
        return (["-x", "cuda", "--cuda-host-only", "-nocudainc", "-nocudalib"]
                + common, ["<cuda_runtime.h>", "<cuda.h>"])
    if model == "HIP":
        return (["-x", "hip", "--offload-host-only", "-nogpuinc", "-nogpulib"]
                + common, ["<hip/hip_runtime.h>"])
    if model == "OpenMP":
        return (["-x", "c++", "-fopenmp", "-include",
                 os.path.join(headers, "sdk", "usmcheck", "omp_usm.h")] + common,
                ["<omp.h>"])
    return None, None


def probe_line(index, name, is_selector):
    if is_selector:
        return "using probe_sel_%d = decltype(::%s);" % (index, name)
    parts = name.split("::")
    if len(parts) >= 3:
        # A member: sycl::queue::memcpy -> using-declaration in a subclass.
        cls = "::".join(parts[:-1])
        return "struct probe_%d : ::%s { using ::%s; };" % (index, cls, name)
    return "namespace probe_%d { using ::%s; }" % (index, name)


def strip_comments(text):
    text = re.sub(r'/\*.*?\*/', ' ', text, flags=re.S)
    return re.sub(r'//[^\n]*', ' ', text)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--clang", required=True)
    ap.add_argument("--headers", required=True)
    ap.add_argument("--apis", required=True)
    ap.add_argument("--selectors", required=True)
    args = ap.parse_args()

    with open(args.apis) as f:
        apis = API_RE.findall(f.read())
    with open(args.selectors) as f:
        sels = SEL_RE.findall(f.read())
    catalog = {name for name, _, _ in apis}

    failed = False
    for model in ("SYCL", "LevelZero", "CUDA", "HIP", "OpenMP"):
        flags, includes = model_setup(model, args.headers)
        names = [(n, False) for n, m, _ in apis if m == model]
        names += [(n, True) for n, m in sels if m == model]
        if not names:
            continue
        lines = ["#include %s" % inc for inc in includes]
        lines += [probe_line(i, n, s) for i, (n, s) in enumerate(names)]
        with tempfile.NamedTemporaryFile("w", suffix=".probe", delete=False) as tmp:
            tmp.write("\n".join(lines) + "\n")
        try:
            res = subprocess.run([args.clang] + flags + [tmp.name],
                                 capture_output=True, text=True)
        finally:
            os.unlink(tmp.name)
        napis = sum(1 for _, s in names if not s)
        if res.returncode != 0:
            failed = True
            print("%s: NOT DECLARED (clang says):" % model)
            sys.stdout.write(res.stderr)
        else:
            print("%s: %d APIs and %d selectors declared" %
                  (model, napis, len(names) - napis))

    # Reverse direction over the C-style headers.
    sdk = os.path.join(args.headers, "sdk")
    c_headers = ["cuda_runtime_api.h", "cuda_runtime.h", "cuda.h",
                 "hip/hip_runtime_api.h", "hip/hip_runtime.h",
                 "level_zero/ze_api.h", "usmcheck/omp_usm.h"]
    uncatalogued = set()
    for rel in c_headers:
        with open(os.path.join(sdk, rel)) as f:
            text = strip_comments(f.read())
        for name in C_FUNC_RE.findall(text):
            if any(w in name for w in MEMORY_WORDS) and name not in catalog:
                uncatalogued.add("%s (%s)" % (name, rel))
    if uncatalogued:
        failed = True
        print("declared but not in the catalog:")
        for entry in sorted(uncatalogued):
            print("  " + entry)
    else:
        print("every memory function the C-style headers declare is catalogued")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
