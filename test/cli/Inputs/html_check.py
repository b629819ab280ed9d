"""Checks an HTML report (argv[1]) is safe and self-contained: valid UTF-8,
no <script> element, no event-handler attribute, no reference to anything
outside the file (src/href other than #anchors, url(), @import), a
Content-Security-Policy of default-src 'none'. Prints OK and the numbers
of findings and fix diffs, or the first problem (exit 1)."""
import re
import sys
from html.parser import HTMLParser

raw = open(sys.argv[1], "rb").read()
try:
    text = raw.decode("utf-8")
except UnicodeDecodeError as e:
    print("BAD: not UTF-8:", e)
    sys.exit(1)

class P(HTMLParser):
    def __init__(self):
        super().__init__()
        self.problems, self.findings, self.diffs, self.csp = [], 0, 0, False
    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag in ("script", "iframe", "object", "embed", "link", "img", "base"):
            self.problems.append("element <%s>" % tag)
        for k, v in attrs:
            if k.startswith("on"):
                self.problems.append("event handler %s" % k)
            if k in ("src", "href", "action", "srcset") and not (v or "").startswith("#"):
                self.problems.append("external reference %s=%s" % (k, v))
        if tag == "meta" and a.get("http-equiv") == "Content-Security-Policy":
            self.csp = "default-src 'none'" in a.get("content", "")
        if tag == "article" and "finding" in a.get("class", ""):
            self.findings += 1
        if tag == "pre" and a.get("class") == "diff":
            self.diffs += 1

p = P()
p.feed(text)
if re.search(r"url\(|@import", text):
    p.problems.append("url() or @import in CSS")
if not p.csp:
    p.problems.append("no Content-Security-Policy default-src 'none'")
if p.problems:
    print("BAD:", p.problems[0])
    sys.exit(1)
print("OK findings=%d diffs=%d" % (p.findings, p.diffs))
