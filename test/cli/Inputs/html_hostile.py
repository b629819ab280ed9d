"""Writes into DIR (argv[1]) a C file whose name and contents hold <script>,
&, both quotes and bytes that are not UTF-8 (0xFF, a lone 0xC3, an
overlong 0xC0 0xAF, a C1 control 0xC2 0x9B), with one host access to
device memory. Prints the file name (as the shell should pass it)."""
import os
import sys

name = b"<script>alert('x')&\"q\"\xff.c"
src = (b"#include <stddef.h>\n"
       b"void *omp_target_alloc_device(size_t, int);\n"
       b"/* <script>alert(\"pwn\")</script> & 'quotes' \xff \xc3 \xc0\xaf \xc2\x9b */\n"
       b"double f(void) {\n"
       b"  double *p = (double *)omp_target_alloc_device(8, 0);\n"
       b"  const char *s = \"</pre><script>alert(1)</script>&amp;\xfe\";\n"
       b"  (void)s;\n"
       b"  return p[0];\n"
       b"}\n")
with open(os.path.join(os.fsencode(sys.argv[1]), name), "wb") as f:
    f.write(src)
