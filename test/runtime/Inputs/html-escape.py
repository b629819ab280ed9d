"""For run-html.test: builds Inputs/html-escape.cpp in a directory whose name
holds <script>, &, a quote and the byte 0xFF, and runs it from there under
`usmcheck run --emulate --html=PAGE` with an argument holding a double quote.
(Not a double quote in the directory: llvm-symbolizer's input syntax cannot
quote one, so such a module's frames stay module+offset.) Python, because
lit's shell cannot spell such a name.

Prints the status, then for each frame in html-escape.cpp whether the JSON
record (json_path) gives back the file name's bytes, and its function.

usage: html-escape.py WORKDIR PAGE USMCHECK COMPILER [COMPILER ARGS...]
"""
import json
import os
import shutil
import subprocess
import sys

work, page, usmcheck, compiler = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:]
weird = os.path.join(os.fsencode(work), b"<script>&'\xff")
os.makedirs(weird, exist_ok=True)
src = os.path.join(os.path.dirname(os.path.abspath(__file__)), "html-escape.cpp")
shutil.copy(src, os.path.join(weird, b"html-escape.cpp"))
env = dict(os.environb)
env[b"PWD"] = weird
subprocess.run(compiler + [b"html-escape.cpp", b"-o", b"prog<&>"], cwd=weird,
               env=env, check=True)
records = os.path.join(work, "records.jsonl")
run = subprocess.run([usmcheck, "run", "--emulate", "--html=" + page,
                      "--json-path=" + records, "--",
                      os.path.join(weird, b"prog<&>"), b'say "hi"'], env=env,
                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
print("status=%d" % run.returncode)
# The records are JSON that any parser reads; a byte that is not UTF-8 comes
# back through surrogateescape.
with open(records, encoding="utf-8") as f:
    for line in f:
        rec = json.loads(line)
        for stack in rec["stacks"]:
            for frame in stack["frames"]:
                if "file" in frame and "html-escape.cpp" in frame["file"]:
                    print("record file:", os.fsencode(frame["file"]) ==
                          os.path.join(weird, b"html-escape.cpp"),
                          frame["function"])
