#!/usr/bin/env python3
"""Mutation fuzzer for `usmcheck check` (docs/hardening.md).

Takes seed sources (C, C++, CUDA, HIP), writes mutants of them (byte, token
and line mutations, plus pathological ones: deep nesting, huge expressions,
truncation, NUL and control bytes, unbalanced braces, huge lines) and runs

    usmcheck check -jJ --format=json CONTROL MUTANT...

on batches of them together with a known-buggy control file. A batch is
flagged as

  CRASH          exit status not 0/1/2, killed by a signal, or stdout is
                 not valid JSON (the driver itself failed);
  WORKER-CRASH   a file's analysis crashed inside its worker process
                 (status "failed" with "crashed" in the failure text);
  LOST-FINDING   the control file's findings are not all reported;
  TIMEOUT        the batch ran past --batch-timeout seconds.

The mutants responsible are found by re-running them one by one with the
control file; each crasher (and lost-finding input) is kept in --out as a
regression input (test/fuzz/ runs usmcheck over that folder). Prints one
summary line: inputs run, batches, and the count of each kind.

Example:
    fuzz/fuzz_check.py --usmcheck build-asan/usmcheck --time 600 \\
        test/checks examples
"""

import argparse
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

SOURCE_EXTS = (".c", ".cpp", ".cu", ".hip", ".cc")
TOKEN_RE = re.compile(rb"[A-Za-z_][A-Za-z0-9_]*|0[xX][0-9a-fA-F]+|[0-9]+|"
                      rb"\"(?:\\.|[^\"\\\n])*\"|'(?:\\.|[^'\\\n])*'|"
                      rb"->|\+\+|--|<<|>>|&&|\|\||[<>=!]=|::|\S")
# Identifiers worth swapping in: the APIs the checks model.
API_NAMES = [
    b"omp_target_alloc", b"omp_target_alloc_device", b"omp_target_alloc_host",
    b"omp_target_alloc_shared", b"omp_target_free", b"omp_target_memcpy",
    b"malloc", b"free", b"calloc", b"realloc", b"cudaMalloc",
    b"cudaMallocManaged", b"cudaMallocHost", b"cudaFree", b"cudaFreeHost",
    b"cudaMemcpy", b"hipMalloc", b"hipFree", b"sycl::malloc_device",
    b"sycl::malloc_shared", b"sycl::malloc_host", b"sycl::free",
    b"zeMemAllocDevice", b"zeMemFree", b"printf", b"memcpy", b"memset",
    b"is_device_ptr", b"map", b"target", b"__global__", b"__device__",
    b"#pragma omp target", b"#pragma omp requires unified_shared_memory",
]


def find_seeds(paths):
    seeds = []
    for p in paths:
        if os.path.isfile(p):
            seeds.append(p)
            continue
        for root, dirs, files in os.walk(p):
            dirs.sort()
            for f in sorted(files):
                if f.endswith(SOURCE_EXTS):
                    seeds.append(os.path.join(root, f))
    out = []
    for s in seeds:
        with open(s, "rb") as fh:
            out.append((s, fh.read()))
    return out


class Mutator:
    def __init__(self, rng, seeds):
        self.rng = rng
        self.seeds = seeds
        self.tokens = set(API_NAMES)
        for _, data in seeds:
            self.tokens.update(TOKEN_RE.findall(data))
        self.tokens = sorted(self.tokens)
        self.ops = [
            self.flip_bytes, self.insert_bytes, self.delete_range,
            self.control_bytes, self.token_replace, self.token_delete,
            self.token_duplicate, self.token_swap, self.line_delete,
            self.line_duplicate, self.line_swap, self.line_splice,
            self.truncate, self.deep_nesting, self.huge_expression,
            self.unbalanced_braces, self.huge_line, self.macro_chain,
            self.bad_utf8, self.pragma_noise, self.deep_parens,
        ]

    def pos(self, data):
        return self.rng.randint(0, len(data))

    def line_pos(self, data):
        """Offset of the start of a random line."""
        starts = [0] + [m.end() for m in re.finditer(rb"\n", data)]
        return self.rng.choice(starts)

    # Byte level.
    def flip_bytes(self, d):
        if not d:
            return d
        b = bytearray(d)
        for _ in range(self.rng.randint(1, 8)):
            i = self.rng.randrange(len(b))
            b[i] ^= 1 << self.rng.randrange(8)
        return bytes(b)

    def insert_bytes(self, d):
        i = self.pos(d)
        n = self.rng.randint(1, 16)
        return d[:i] + bytes(self.rng.randrange(256) for _ in range(n)) + d[i:]

    def delete_range(self, d):
        if not d:
            return d
        i = self.rng.randrange(len(d))
        return d[:i] + d[i + self.rng.randint(1, 64):]

    def control_bytes(self, d):
        b = bytearray(d)
        for _ in range(self.rng.randint(1, 6)):
            i = self.rng.randint(0, len(b))
            b[i:i] = bytes([self.rng.choice([0, 1, 7, 8, 0x0b, 0x0c, 0x0d,
                                             0x1b, 0x7f, 0x1a])])
        return bytes(b)

    def bad_utf8(self, d):
        i = self.pos(d)
        junk = self.rng.choice([b"\xff\xfe", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80",
                                b"\"\xff\xfe\"", b"// \xc0\xaf\n", b"\xef\xbb\xbf"])
        return d[:i] + junk + d[i:]

    # Token level.
    def spans(self, d):
        return [m.span() for m in TOKEN_RE.finditer(d)]

    def token_replace(self, d):
        sp = self.spans(d)
        if not sp:
            return d
        a, b = self.rng.choice(sp)
        return d[:a] + self.rng.choice(self.tokens) + d[b:]

    def token_delete(self, d):
        sp = self.spans(d)
        if not sp:
            return d
        a, b = self.rng.choice(sp)
        return d[:a] + d[b:]

    def token_duplicate(self, d):
        sp = self.spans(d)
        if not sp:
            return d
        a, b = self.rng.choice(sp)
        return d[:b] + b" " + d[a:b] * self.rng.randint(1, 50) + d[b:]

    def token_swap(self, d):
        sp = self.spans(d)
        if len(sp) < 2:
            return d
        (a1, b1), (a2, b2) = sorted(self.rng.sample(sp, 2))
        return d[:a1] + d[a2:b2] + d[b1:a2] + d[a1:b1] + d[b2:]

    # Line level.
    def lines(self, d):
        return d.split(b"\n")

    def line_delete(self, d):
        ls = self.lines(d)
        del ls[self.rng.randrange(len(ls))]
        return b"\n".join(ls)

    def line_duplicate(self, d):
        ls = self.lines(d)
        i = self.rng.randrange(len(ls))
        ls[i:i] = [ls[i]] * self.rng.randint(1, 200)
        return b"\n".join(ls)

    def line_swap(self, d):
        ls = self.lines(d)
        i, j = self.rng.randrange(len(ls)), self.rng.randrange(len(ls))
        ls[i], ls[j] = ls[j], ls[i]
        return b"\n".join(ls)

    def line_splice(self, d):
        other = self.lines(self.rng.choice(self.seeds)[1])
        ls = self.lines(d)
        i = self.rng.randrange(len(ls))
        j = self.rng.randrange(len(other))
        ls[i:i] = other[j:j + self.rng.randint(1, 20)]
        return b"\n".join(ls)

    # Pathological.
    def truncate(self, d):
        return d[:self.pos(d)]

    def deep_nesting(self, d):
        n = self.rng.choice([50, 300, 1000, 5000])
        i = self.line_pos(d)
        body = b"{" * n + b"int q = 1;" + b"}" * n + b"\n"
        return d[:i] + body + d[i:]

    def deep_parens(self, d):
        n = self.rng.choice([100, 1000, 10000])
        i = self.line_pos(d)
        return d[:i] + b"int deep_p = " + b"(" * n + b"1" + b")" * n + b";\n" + d[i:]

    def huge_expression(self, d):
        n = self.rng.choice([1000, 20000, 100000])
        op = self.rng.choice([b"+", b"*", b"&&", b",", b"?1:"])
        i = self.line_pos(d)
        return d[:i] + b"int huge_e = 1" + (op + b"1") * n + b";\n" + d[i:]

    def unbalanced_braces(self, d):
        i = self.pos(d)
        return d[:i] + self.rng.choice([b"{", b"}", b"(", b")", b"[", b"]",
                                        b"{{{{", b"}}}}", b"#if 1\n", b"#endif\n",
                                        b"/*", b"\"", b"'", b"\\\n"]) + d[i:]

    def huge_line(self, d):
        n = self.rng.choice([10000, 200000, 1000000])
        i = self.line_pos(d)
        kind = self.rng.randrange(3)
        if kind == 0:
            line = b"// " + b"x" * n + b"\n"
        elif kind == 1:
            line = b"int " + b"a" * n + b" = 0;\n"
        else:
            line = b"const char *huge_s = \"" + b"y" * n + b"\";\n"
        return d[:i] + line + d[i:]

    def macro_chain(self, d):
        n = self.rng.choice([10, 100, 500])
        defs = b"#define M0(x) (x)\n" + b"".join(
            b"#define M%d(x) M%d(M%d(x))\n" % (k, k - 1, k - 1) if k < 12 else
            b"#define M%d(x) M%d(x)\n" % (k, k - 1) for k in range(1, n))
        i = self.line_pos(d)
        return d[:i] + defs + b"int mc = M%d(1);\n" % (n - 1) + d[i:]

    def pragma_noise(self, d):
        i = self.line_pos(d)
        p = self.rng.choice([
            b"#pragma omp target teams distribute parallel for is_device_ptr(",
            b"#pragma omp target map(tofrom: ",
            b"#pragma omp requires unified_shared_memory",
            b"#pragma omp target data use_device_ptr(",
            b"#pragma omp declare target", b"#pragma omp end declare target",
            b"#pragma", b"#pragma omp target"])
        return d[:i] + p + b"\n" + d[i:]

    def mutate(self, data):
        n = self.rng.choice([1, 1, 1, 2, 2, 3, 5, 8])
        for _ in range(n):
            data = self.rng.choice(self.ops)(data)
        return data


def run_usmcheck(args, files, timeout):
    cmd = [args.usmcheck, "check", "-j%d" % args.jobs, "--format=json"] + files
    # A session of its own, so that a timeout also ends the worker
    # processes usmcheck forked (they would outlive a killed parent).
    for attempt in range(30):
        try:
            p = subprocess.Popen(cmd, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE,
                                 start_new_session=True)
            break
        except OSError:  # the binary is being relinked: wait for it
            if attempt == 29:
                raise
            time.sleep(10)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.communicate()
        return None, b"", b""
    return p.returncode, out, err


def control_keys(doc, control):
    return sorted((f["check"], f["line"], f["column"]) for f in doc["findings"]
                  if f["file"] == control)


REFUSED_RE = re.compile(rb"^usmcheck: error: '(.*)' is a binary file, "
                        rb"not a source file$", re.M)


def run_unrefused(args, files, refused):
    """Runs usmcheck on \p files. A file refused as binary (a NUL byte in
    its first 8 KiB) is a per-file failure beside other files (counted in
    classify()); alone it is a usage error (exit 2, no JSON): it is then
    added to \p refused and the run is repeated without it."""
    files = list(files)
    while True:
        rc, out, err = run_usmcheck(args, files, args.batch_timeout)
        if rc != 2 or out.strip():
            return rc, out, err
        names = {n.decode("utf-8", "surrogateescape")
                 for n in REFUSED_RE.findall(err)}
        if not names or not names.issubset(files):
            return rc, out, err
        refused.update(names)
        files = [f for f in files if f not in names]


def classify(args, files, control, expected, refused=None):
    """Kinds of failure seen in one run, and the set of worker-crashed files."""
    rc, out, err = run_unrefused(args, files,
                                 refused if refused is not None else set())
    if rc is None:
        return {"TIMEOUT"}, set(), ""
    kinds, crashed = set(), set()
    detail = ""
    if rc < 0 or rc not in (0, 1, 2):
        kinds.add("CRASH")
        detail = "exit %d" % rc
    try:
        doc = json.loads(out)
    except ValueError as e:
        kinds.add("CRASH")
        detail += " invalid JSON: %s" % e
        doc = None
    if doc is not None:
        for f in doc.get("files", []):
            if f.get("status") == "failed" and "crash" in f.get("failure", ""):
                crashed.add(f["file"])
            if (refused is not None and f.get("status") == "failed" and
                    f.get("failure", "").endswith(
                        "is a binary file, not a source file")):
                refused.add(f["file"])
        if crashed:
            kinds.add("WORKER-CRASH")
        if control_keys(doc, control) != expected:
            kinds.add("LOST-FINDING")
    if kinds:
        detail += " " + err.decode("utf-8", "replace")[-600:]
    return kinds, crashed, detail


def save(out_dir, data, ext, kind):
    os.makedirs(out_dir, exist_ok=True)
    name = "%s-%s%s" % (kind.lower(), hashlib.sha1(data).hexdigest()[:12], ext)
    path = os.path.join(out_dir, name)
    if not os.path.exists(path):
        with open(path, "wb") as fh:
            fh.write(data)
    return path


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("seeds", nargs="+", help="seed files or folders")
    ap.add_argument("--usmcheck", default="build/usmcheck")
    ap.add_argument("--time", type=float, default=300, help="budget, seconds")
    ap.add_argument("--batch", type=int, default=8, help="mutants per run")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--batch-timeout", type=float, default=300)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--control", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "..", "examples", "openmp",
        "seed_bug.c"))
    ap.add_argument("--out", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "corpus", "check"))
    ap.add_argument("--hangs", default=os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "hangs"))
    ap.add_argument("--replay", action="store_true",
                    help="run the seed files themselves, unmutated, in "
                    "batches (the regression mode test/fuzz/ uses)")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    seeds = find_seeds(args.seeds)
    if not seeds and not args.replay:
        sys.exit("fuzz_check: no seed sources found")
    mut = Mutator(rng, seeds) if seeds else None
    work = tempfile.mkdtemp(prefix="usmcheck-fuzz-")
    control = os.path.join(work, "control" + os.path.splitext(args.control)[1])
    shutil.copyfile(args.control, control)

    rc, out, err = run_usmcheck(args, [control], args.batch_timeout)
    try:
        expected = control_keys(json.loads(out), control)
    except (ValueError, TypeError):
        sys.exit("fuzz_check: the control run failed (exit %s): %s" %
                 (rc, err.decode("utf-8", "replace")))
    if not expected:
        sys.exit("fuzz_check: the control file has no findings")

    counts = {"CRASH": 0, "WORKER-CRASH": 0, "LOST-FINDING": 0, "TIMEOUT": 0}
    inputs = batches = 0
    refused = set()
    if args.replay:
        for i in range(0, len(seeds), args.batch):
            files = [s for s, _ in seeds[i:i + args.batch]]
            files.insert(rng.randint(0, len(files)), control)
            kinds, crashed, detail = classify(args, files, control, expected,
                                              refused)
            batches += 1
            inputs += len(files) - 1
            for kind in sorted(kinds):
                counts[kind] += 1
                print("%s: %s:%s" % (kind, " ".join(files),
                                     detail.replace("\n", " ")[:600]))
        print("fuzz_check: replayed %d inputs in %d batches (%d refused as "
              "binary); crashes %d, worker crashes %d, lost findings %d, "
              "timeouts %d" %
              (inputs, batches, len(refused), counts["CRASH"],
               counts["WORKER-CRASH"], counts["LOST-FINDING"],
               counts["TIMEOUT"]))
        shutil.rmtree(work, ignore_errors=True)
        return 1 if any(counts.values()) else 0
    deadline = time.time() + args.time
    while time.time() < deadline:
        batch_dir = os.path.join(work, "b%d" % batches)
        os.makedirs(batch_dir)
        mutants = {}
        for k in range(args.batch):
            src, data = rng.choice(seeds)
            ext = os.path.splitext(src)[1]
            path = os.path.join(batch_dir, "m%d%s" % (k, ext))
            with open(path, "wb") as fh:
                fh.write(mut.mutate(data))
            mutants[path] = ext
        files = list(mutants)
        files.insert(rng.randint(0, len(files)), control)
        kinds, crashed, detail = classify(args, files, control, expected,
                                          refused)
        batches += 1
        inputs += len(mutants)
        if kinds:
            print("batch %d: %s:%s" % (batches, ",".join(sorted(kinds)),
                                       detail.replace("\n", " ")[:300]),
                  flush=True)
            # Attribute: each mutant alone with the control file.
            for path, ext in mutants.items():
                if path in crashed:
                    one = ({"WORKER-CRASH"}, {path}, "")
                else:
                    one = classify(args, [control, path], control, expected)
                with open(path, "rb") as fh:
                    data = fh.read()
                for kind in sorted(one[0]):
                    counts[kind] += 1
                    dest = args.hangs if kind == "TIMEOUT" else args.out
                    print("  %s %s -> %s" % (kind, path,
                                             save(dest, data, ext, kind)),
                          flush=True)
        shutil.rmtree(batch_dir, ignore_errors=True)
        if batches % 10 == 0:
            print("progress: %d inputs in %d batches, %d flagged" %
                  (inputs, batches, sum(counts.values())), flush=True)
    shutil.rmtree(work, ignore_errors=True)
    print("fuzz_check: %d inputs in %d batches, %d seeds (%d refused as "
          "binary); crashes %d, worker crashes %d, lost findings %d, "
          "timeouts %d" %
          (inputs, batches, len(seeds), len(refused), counts["CRASH"],
           counts["WORKER-CRASH"], counts["LOST-FINDING"], counts["TIMEOUT"]))
    return 1 if any(counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
