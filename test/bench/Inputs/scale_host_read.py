"""Writes a copy of a `usmcheck bench` JSON whose host-memory kernel reads
are FACTOR times faster: a stand-in for a GPU that reads host memory
coherently at nearly device speed (test/bench/fix-ranking.test)."""
import json
import sys

src, factor, dst = sys.argv[1], float(sys.argv[2]), sys.argv[3]
with open(src) as f:
    run = json.load(f)
for m in run["measurements"]:
    if m["id"] == "kernel.read.host":
        for key in ("min", "max", "mean", "median"):
            m[key] *= factor
        m["samples"] = [s * factor for s in m["samples"]]
with open(dst, "w") as f:
    json.dump(run, f)
