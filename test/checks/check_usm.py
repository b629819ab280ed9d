#!/usr/bin/env python3
"""Runs one usm check over one test file and verifies its expectations.

usage: check_usm.py --usmcheck PATH [--fix] INPUT CHECK TEMP [-- FLAGS...]

Modelled on the idea of clang-tidy's check_clang_tidy.py (written for
usmcheck, not copied):

  * INPUT is copied to TEMP + INPUT's extension, with every
    `// CHECK-MESSAGES:` / `// CHECK-FIXES:` comment blanked so that line
    numbers stay and the checker cannot see its own expectations.
  * `usmcheck check --checks=-*,CHECK TEMP -- FLAGS` runs; its output is
    matched with FileCheck against the CHECK-MESSAGES lines of INPUT
    (`// CHECK-MESSAGES: :[[@LINE-1]]:5: error: ... [CHECK]`). Every error
    or warning of the check must be matched (implicit-check-not).
  * A file without CHECK-MESSAGES must produce no diagnostic of CHECK at
    all: the "no-warning" negative tests.
  * With CHECK-FIXES lines (or --fix), `--fix` is applied to the copy, the
    result is matched against CHECK-FIXES, and `--fix` runs a second time:
    it must change nothing (fix-its are idempotent).
Exit status 0 when everything matched; details on stderr otherwise.
"""
import os
import re
import shutil
import subprocess
import sys


def fail(msg):
    sys.stderr.write("check_usm.py: " + msg + "\n")
    sys.exit(1)


def run(cmd):
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                       universal_newlines=True)
    return p.returncode, p.stdout


def main(argv):
    usmcheck = None
    fix = False
    rest = []
    flags = []
    i = 0
    while i < len(argv):
        a = argv[i]
        if a == "--usmcheck":
            usmcheck = argv[i + 1]
            i += 2
            continue
        if a == "--fix":
            fix = True
            i += 1
            continue
        if a == "--":
            flags = argv[i + 1:]
            break
        rest.append(a)
        i += 1
    if usmcheck is None or len(rest) != 3:
        fail("usage: check_usm.py --usmcheck PATH [--fix] INPUT CHECK TEMP "
             "[-- FLAGS...]")
    inp, check, temp = rest
    ext = os.path.splitext(inp)[1]
    with open(inp, encoding="utf-8") as f:
        text = f.read()
    has_messages = "CHECK-MESSAGES:" in text
    has_fixes = "CHECK-FIXES:" in text
    fix = fix or has_fixes

    blanked = re.sub(r"//\s*CHECK-(MESSAGES|FIXES)(-[A-Z]+)?:[^\n]*", "//",
                     text)
    os.makedirs(os.path.dirname(os.path.abspath(temp)) or ".", exist_ok=True)
    copy = temp + ext
    with open(copy, "w", encoding="utf-8") as f:
        f.write(blanked)

    base = [usmcheck, "check", "--checks=-*," + check, "--color=never", "-q"]
    tail = [copy, "--"] + flags if flags else [copy]
    rc, out = run(base + tail)
    if rc not in (0, 1):
        fail("usmcheck failed (exit %d):\n%s" % (rc, out))
    with open(temp + ".msg", "w", encoding="utf-8") as f:
        f.write(out)

    ours = [l for l in out.splitlines()
            if re.search(r"(error|warning): .*\[" + re.escape(check) + r"\]$", l)]
    if not has_messages:
        if ours:
            fail("expected no diagnostics of %s, got:\n%s" %
                 (check, "\n".join(ours)))
    else:
        rc, fc = run(["FileCheck", "-input-file=" + temp + ".msg", inp,
                      "-check-prefix=CHECK-MESSAGES",
                      # Every finding of the check must be expected;
                      # compiler diagnostics of a partial parse are not
                      # the check's business.
                      "-implicit-check-not={{(warning|error): .*}}[" + check +
                      "]"])
        if rc != 0:
            fail("CHECK-MESSAGES did not match:\n" + fc + "\noutput was:\n" +
                 out)

    if fix:
        rc, out1 = run(base + ["--fix"] + tail)
        if rc not in (0, 1):
            fail("usmcheck --fix failed (exit %d):\n%s" % (rc, out1))
        with open(copy, encoding="utf-8") as f:
            fixed = f.read()
        if has_fixes:
            rc, fc = run(["FileCheck", "-input-file=" + copy, inp,
                          "-check-prefix=CHECK-FIXES", "-strict-whitespace"])
            if rc != 0:
                fail("CHECK-FIXES did not match:\n" + fc)
        rc, out2 = run(base + ["--fix"] + tail)
        with open(copy, encoding="utf-8") as f:
            again = f.read()
        if again != fixed:
            fail("a second --fix changed the file again (not idempotent)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
