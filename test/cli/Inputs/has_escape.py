"""Exit 0 if stdin holds an ANSI colour escape sequence, 1 otherwise."""
import sys
sys.exit(0 if b"\x1b[" in sys.stdin.buffer.read() else 1)
