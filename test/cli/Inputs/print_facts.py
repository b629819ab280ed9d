"""Prints the facts of every finding of a usmcheck JSON report, one line
per finding and one per step / fix, for FileCheck."""
import json
import sys

report = json.load(open(sys.argv[1]))
for f in report["findings"]:
    x = f["facts"]
    a = x["allocation"]
    print("%s %s %s api=%s spelling=%s kind=%s device=%s:%s size=%s at %d:%d" % (
        x["rule"], x["access"]["kind"], x["access"]["expression"], a["api"],
        a["spelling"], a["kind"], a["device"]["kind"], a["device"]["text"],
        a["size"], a["line"], a["column"]))
    if "deallocation" in x:
        d = x["deallocation"]
        print("  dealloc %s at %d:%d" % (d["api"], d["line"], d["column"]))
    for s in x["steps"]:
        print("  step %s %d:%d %s" % (s["kind"], s["line"], s["column"], s["text"]))
    for fx in x["fixes"]:
        line = "  fix %s fix_it=%s replacement=%s" % (fx["id"], fx["fix_it"], fx["replacement"])
        if fx["id"] == "CopyBack":
            line += " code=" + fx["code"]
        print(line)
