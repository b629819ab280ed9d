"""Copies bad_free.c to file names with an escape sequence, a space and a
newline, and a source line with an escape sequence in a string, into DIR."""
import os, shutil, sys
d, src = sys.argv[1], sys.argv[2]
for name in ("esc\x1b[2Jname.c", "with space.c", "new\nline.c"):
    shutil.copy(src, os.path.join(d, name))
with open(src) as f:
    text = f.read()
with open(os.path.join(d, "strings.c"), "w") as f:
    f.write(text.replace("free(p);", 'free(p); const char *s = "\x1b]0;PWNED\x07";'))
