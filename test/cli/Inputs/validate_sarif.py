"""Validates a SARIF log (stdin) against the schema given as argv[1] and
checks cross-references the schema cannot express: every result's ruleIndex
points at the rule with its ruleId, relatedLocations ids are unique.
Prints OK or the first problem; exit 1 on a problem."""
import json
import sys

import jsonschema

schema = json.load(open(sys.argv[1]))
log = json.load(sys.stdin)
try:
    jsonschema.validate(log, schema, format_checker=jsonschema.FormatChecker())
except jsonschema.ValidationError as e:
    print("INVALID:", e.message, "at", "/".join(str(p) for p in e.absolute_path))
    sys.exit(1)
for run in log["runs"]:
    rules = run["tool"]["driver"]["rules"]
    for res in run["results"]:
        if "ruleIndex" in res and rules[res["ruleIndex"]]["id"] != res["ruleId"]:
            print("INVALID: ruleIndex does not match ruleId", res["ruleId"])
            sys.exit(1)
        ids = [l["id"] for l in res.get("relatedLocations", [])]
        if len(ids) != len(set(ids)):
            print("INVALID: duplicate relatedLocations ids")
            sys.exit(1)
print("OK results=%d rules=%d" % (sum(len(r["results"]) for r in log["runs"]), sum(len(r["tool"]["driver"]["rules"]) for r in log["runs"])))
