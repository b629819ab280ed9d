"""check_json.py FILE BACKEND: the JSON of `usmcheck bench` has every
measurement, the feature table's four rows and a consistent summary."""
import json
import statistics
import sys

d = json.load(open(sys.argv[1]))
assert d["tool"] == "usmcheck bench" and d["backend"] == sys.argv[2], d["backend"]
ids = {m["id"] for m in d["measurements"]}
want = {f"kernel.{op}.{kind}" for op in ("read", "write", "rmw")
        for kind in ("device", "host", "shared")}
want |= {"copy.d2d", "copy.h2d.pinned", "copy.d2h.pinned", "copy.h2d.pageable",
         "copy.d2h.pageable", "firsttouch.shared", "pingpong.shared",
         "pingpong.device-copy", "pingpong.device-only", "launch.async",
         "launch.sync"}
want |= {f"{w}.{k}" for w in ("alloc", "free")
         for k in ("device", "host", "shared", "pageable")}
missing = want - ids
assert not missing, f"missing measurements: {sorted(missing)}"
for m in d["measurements"]:
    s = m["samples"]
    assert m["n"] == len(s) and len(s) >= 1, m["id"]
    assert abs(m["median"] - statistics.median(s)) < 1e-9 * max(1, m["median"]), m["id"]
    assert m["min"] == min(s) and m["max"] == max(s), m["id"]
    assert m["unit"] in ("GB/s", "us"), m["unit"]
    assert all(v > 0 for v in s) or m["id"].startswith(("alloc.", "free.")), m["id"]
assert [r["kind"] for r in d["table"]] == ["device", "host", "shared", "not USM"]
sizes = d["settings"]["sizes"]
assert sizes == sorted(sizes) and sizes[0] == 64 * 1024, sizes
assert d["summary"]["largest_bytes"] == sizes[-1]
pp = d["summary"]["ping_pong"]
assert pp["shared_us"] > 0 and pp["device_copy_us"] > 0
print("ok:", len(d["measurements"]), "measurements")
