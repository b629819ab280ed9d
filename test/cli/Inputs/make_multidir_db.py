"""A compile database whose entries run in different directories with
relative -I paths (as CMake and make -C produce): each directory's
include/cfg.h decides whether its a.c has the free mismatch."""
import json, os, sys
root = sys.argv[1]
db = []
for i in range(12):
    d = os.path.join(root, f"p{i}")
    os.makedirs(os.path.join(d, "include"), exist_ok=True)
    with open(os.path.join(d, "include", "cfg.h"), "w") as f:
        f.write(f"#define BUGGY {i % 2}\n#define PROGRAM {i}\n")
    with open(os.path.join(d, "a.c"), "w") as f:
        f.write('#include <stddef.h>\n#include "cfg.h"\n'
                'void *omp_target_alloc(size_t, int);\nvoid free(void *);\n'
                'void omp_target_free(void *, int);\n'
                'void f(void) {\n  double *p = (double *)omp_target_alloc(PROGRAM + 1, 0);\n'
                '#if BUGGY\n  free(p);\n#else\n  omp_target_free(p, 0);\n#endif\n}\n')
    db.append({"directory": d, "file": "a.c",
               "arguments": ["cc", "-Iinclude", "-c", "a.c", "-o", "a.o"]})
os.makedirs(os.path.join(root, "build"), exist_ok=True)
json.dump(db, open(os.path.join(root, "build", "compile_commands.json"), "w"))
