#!/usr/bin/env python3
"""Runs a command with stdin on a pseudo-terminal and types an answer.

usage: pty_run.py ANSWER -- COMMAND...

`usmcheck explain --llm` asks for confirmation only when stdin is a
terminal; this gives it one. The command's stdout and stderr are passed
through; the exit status is the command's. Bounded by a 30 s timeout.
"""
import os
import pty
import subprocess
import sys


def main():
    if len(sys.argv) < 4 or sys.argv[2] != "--":
        sys.stderr.write(__doc__)
        return 2
    answer, cmd = sys.argv[1], sys.argv[3:]
    master, slave = pty.openpty()
    proc = subprocess.Popen(cmd, stdin=slave)
    os.close(slave)
    os.write(master, (answer + "\n").encode())
    try:
        rc = proc.wait(timeout=30)
    except subprocess.TimeoutExpired:
        proc.kill()
        sys.stderr.write("pty_run: command timed out\n")
        rc = 124
    os.close(master)
    return rc


if __name__ == "__main__":
    sys.exit(main())
