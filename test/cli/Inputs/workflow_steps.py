"""Reads the example code-scanning workflow (argv[1]) and checks what makes it
work on GitHub: security-events: write, a `usmcheck check --format=sarif -o F`
step, an upload-sarif step for the same F that runs even when usmcheck
failed. Prints the shell commands of the configure and usmcheck steps (one
per line) for the test to run; exit 1 with one line on a problem."""
import re
import sys

import yaml

wf = yaml.safe_load(open(sys.argv[1]))
def fail(msg):
    print("BAD WORKFLOW:", msg)
    sys.exit(1)
if wf.get("permissions", {}).get("security-events") != "write":
    fail("permissions.security-events is not write")
job = next(iter(wf["jobs"].values()))
steps = job["steps"]
check = [s for s in steps if s.get("id") == "usmcheck"]
if len(check) != 1:
    fail("no step with id usmcheck")
m = re.search(r"--format=sarif -o (\S+)", check[0]["run"])
if not m or not check[0]["run"].startswith("usmcheck check"):
    fail("the usmcheck step does not write SARIF with -o")
sarif = m.group(1)
upload = [s for s in steps if str(s.get("uses", "")).startswith("github/codeql-action/upload-sarif@")]
if len(upload) != 1:
    fail("no upload-sarif step")
if upload[0]["with"]["sarif_file"] != sarif:
    fail("upload-sarif uploads %s, usmcheck writes %s" % (upload[0]["with"]["sarif_file"], sarif))
if "always()" not in str(upload[0].get("if", "")):
    fail("upload-sarif does not run when usmcheck fails")
if steps.index(upload[0]) < steps.index(check[0]):
    fail("upload-sarif runs before usmcheck")
for s in steps:
    if str(s.get("name", "")).startswith("Configure"):
        print(s["run"])
print(check[0]["run"])
