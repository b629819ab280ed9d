#!/usr/bin/env python3
"""Fails if usmcheck printed a control byte or a secret.

usage: check_clean.py [--secret S]... [--secrets-only] [--summary] PATH...

Every PATH (a file, or a directory whose *.out and *.err files are read)
must be valid UTF-8 without C0 control characters other than newline and
tab, without DEL and without C1 controls (U+0080..U+009F): whatever came
over the network has to be neutralised before it reaches a terminal. No
file may contain any of the --secret strings. Prints one line per problem.
--secrets-only skips the control-character check (outputs of tests that
print colour on purpose); --summary ends with a line counting the files
read and the problems found (scripts/test.sh audits every test's output
this way after the lit run, docs/hardening.md).
"""
import os
import sys


def files(paths):
    for p in paths:
        if os.path.isdir(p):
            for root, _, names in os.walk(p):
                for n in sorted(names):
                    if n.endswith((".out", ".err")):
                        yield os.path.join(root, n)
        else:
            yield p


def main():
    args, secrets, paths = sys.argv[1:], [], []
    controls, summary = True, False
    while args:
        a = args.pop(0)
        if a == "--secret":
            secrets.append(args.pop(0))
        elif a == "--secrets-only":
            controls = False
        elif a == "--summary":
            summary = True
        else:
            paths.append(a)
    bad = 0
    seen = 0
    for f in files(paths):
        seen += 1
        data = open(f, "rb").read()
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as e:
            if controls:
                print("%s: not UTF-8 at byte %d" % (f, e.start))
                bad += 1
                continue
            text = data.decode("utf-8", "replace")
        for i, c in enumerate(text if controls else ""):
            o = ord(c)
            if (o < 0x20 and c not in "\n\t") or 0x7f <= o <= 0x9f:
                print("%s: control character U+%04X at offset %d" % (f, o, i))
                bad += 1
                break
        for s in secrets:
            if s in text:
                print("%s: contains the secret %r" % (f, s[:4] + "..."))
                bad += 1
    if seen == 0:
        print("check_clean.py: no files to check")
        return 1
    if summary:
        print("check_clean.py: %d files read (%s), %d problems"
              % (seen, "control characters and secrets" if controls
                 else "secrets only", bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
