//===- HtmlCommon.cpp - what every usmcheck HTML page shares --------------===//
//
// See HtmlCommon.h.
//
//===----------------------------------------------------------------------===//
#include "HtmlCommon.h"

#include "Utf8.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace usm {

std::string htmlEscape(const std::string &S) {
  std::string Out;
  Out.reserve(S.size() + S.size() / 8);
  auto Bad = [&Out](unsigned char B) {
    char Buf[48];
    std::snprintf(Buf, sizeof(Buf), "<span class=\"bad\">\\x%02X</span>", B);
    Out += Buf;
  };
  const std::size_t N = S.size();
  for (std::size_t I = 0; I < N;) {
    unsigned char C = S[I];
    if (C < 0x80) {
      switch (C) {
      case '&':
        Out += "&amp;";
        break;
      case '<':
        Out += "&lt;";
        break;
      case '>':
        Out += "&gt;";
        break;
      case '"':
        Out += "&quot;";
        break;
      case '\'':
        Out += "&#39;";
        break;
      case '\t':
      case '\n':
        Out += static_cast<char>(C);
        break;
      default:
        if (C < 0x20 || C == 0x7F)
          Bad(C);
        else
          Out += static_cast<char>(C);
      }
      ++I;
      continue;
    }
    // A well-formed UTF-8 sequence is copied; anything else shows byte by
    // byte.
    std::size_t Len = utf8Length(S.data(), S.size(), I);
    bool Ok = Len != 0;
    if (!Ok) {
      Bad(C);
      ++I;
      continue;
    }
    // C1 controls (U+0080..U+009F) are shown, not passed on.
    if (Len == 2 && C == 0xC2 && static_cast<unsigned char>(S[I + 1]) <= 0x9F) {
      Bad(static_cast<unsigned char>(S[I + 1]));
      I += 2;
      continue;
    }
    Out.append(S, I, Len);
    I += Len;
  }
  return Out;
}

std::string SourceFiles::File::line(unsigned L) const {
  if (!Ok || L == 0 || L > Starts.size())
    return "";
  std::size_t B = Starts[L - 1];
  std::size_t E = L < Starts.size() ? Starts[L] : Text.size();
  while (E > B && (Text[E - 1] == '\n' || Text[E - 1] == '\r'))
    --E;
  return Text.substr(B, E - B);
}

const SourceFiles::File &SourceFiles::get(const std::string &Path) {
  auto It = Files.find(Path);
  if (It != Files.end())
    return It->second;
  File F;
  std::ifstream In(Path, std::ios::binary);
  if (In) {
    F.Text.assign(std::istreambuf_iterator<char>(In), {});
    F.Ok = !In.bad();
    F.Starts.push_back(0);
    for (std::size_t I = 0; I < F.Text.size(); ++I)
      if (F.Text[I] == '\n' && I + 1 < F.Text.size())
        F.Starts.push_back(I + 1);
  }
  return Files.emplace(Path, std::move(F)).first->second;
}

void writeExcerpt(std::ostringstream &OS, const SourceFiles::File &F,
                  std::vector<Mark> Marks) {
  if (!F.Ok || Marks.empty())
    return;
  std::sort(Marks.begin(), Marks.end(),
            [](const Mark &A, const Mark &B) { return A.Line < B.Line; });
  const unsigned Ctx = 2;
  OS << "<pre class=\"src\">";
  unsigned Shown = 0; // last line written
  for (std::size_t M = 0; M < Marks.size();) {
    unsigned First = Marks[M].Line > Ctx ? Marks[M].Line - Ctx : 1;
    std::size_t Last = M;
    while (Last + 1 < Marks.size() &&
           Marks[Last + 1].Line <= Marks[Last].Line + 2 * Ctx + 4)
      ++Last;
    unsigned End = std::min(Marks[Last].Line + Ctx, F.lines());
    if (Shown && First > Shown + 1)
      OS << "<span class=\"gap\">\xe2\x8b\xae</span>";
    First = std::max(First, Shown + 1);
    for (unsigned L = First; L <= End; ++L) {
      std::string Text = F.line(L);
      const Mark *Here = nullptr;
      for (std::size_t K = M; K <= Last; ++K)
        if (Marks[K].Line == L)
          Here = &Marks[K];
      OS << "<span class=\"line" << (Here ? std::string(" ") + Here->Class : "")
         << "\"><span class=\"ln\">" << L << "</span>";
      if (Here && Here->Column >= 1 && Here->Column <= Text.size()) {
        std::size_t B = Here->Column - 1, E = B;
        auto Ident = [](char C) {
          return (C >= 'a' && C <= 'z') || (C >= 'A' && C <= 'Z') ||
                 (C >= '0' && C <= '9') || C == '_';
        };
        while (E < Text.size() && Ident(Text[E]))
          ++E;
        if (E == B)
          ++E;
        OS << htmlEscape(Text.substr(0, B)) << "<mark class=\"" << Here->Class
           << "\" title=\"" << Here->Label << "\">"
           << htmlEscape(Text.substr(B, E - B)) << "</mark>"
           << htmlEscape(Text.substr(E));
      } else {
        OS << htmlEscape(Text);
      }
      if (Here)
        OS << "<span class=\"tag\">\xe2\x86\x90 " << Here->Label << "</span>";
      OS << "</span>"; // display:block: no newline, or lines double
    }
    Shown = End;
    M = Last + 1;
  }
  OS << "</pre>\n";
}

/// \p Fixes applied to their file, as a unified diff of the changed lines;

namespace {
const char *const PageStyle = R"css(
:root{color-scheme:light dark;--fg:#1d1f21;--bg:#fff;--muted:#666;--line:#ddd;--err:#b00020;--warn:#a05a00;--note:#0b5cad;--acc:#ffd6d6;--all:#d6e8ff;--del:#ffecec;--ins:#e6ffec;--code:#f6f8fa}
@media (prefers-color-scheme:dark){:root{--fg:#e6e6e6;--bg:#16181a;--muted:#9a9a9a;--line:#333;--err:#ff6b81;--warn:#ffb347;--note:#6cb6ff;--acc:#5a2430;--all:#1f3a5a;--del:#4a1f24;--ins:#1d3b26;--code:#1f2226}}
body{font:15px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;color:var(--fg);background:var(--bg);margin:0 auto;max-width:70rem;padding:1rem 1.5rem 4rem}
h1{font-size:1.6rem;margin:.5rem 0}h2{font-size:1.15rem;margin:0 0 .4rem}h3{font-size:.95rem;margin:1rem 0 .3rem;color:var(--muted)}
table{border-collapse:collapse;margin:.4rem 0 1rem}th,td{border:1px solid var(--line);padding:.25rem .6rem;text-align:left;vertical-align:top}th{background:var(--code)}
td.n{text-align:right;font-variant-numeric:tabular-nums}
code,pre{font:13px/1.4 ui-monospace,"DejaVu Sans Mono",Menlo,Consolas,monospace}
pre{background:var(--code);border:1px solid var(--line);border-radius:4px;padding:.5rem .2rem;overflow-x:auto;tab-size:4;margin:.3rem 0}
.finding{border:1px solid var(--line);border-left:6px solid var(--warn);border-radius:4px;padding:.8rem 1rem;margin:1.2rem 0;content-visibility:auto;contain-intrinsic-size:auto 60rem}
.finding.error{border-left-color:var(--err)}
.sev{font-weight:700;text-transform:uppercase;font-size:.8rem;padding:.05rem .4rem;border-radius:3px;color:#fff;background:var(--warn)}
.sev.error{background:var(--err)}.sev.note{background:var(--note)}
.loc{font-family:ui-monospace,monospace;font-size:.9rem;color:var(--muted)}
.msg{font-weight:600;margin:.2rem 0 .5rem}
.src .line{display:block;padding-right:.5rem}.src .ln{display:inline-block;width:3.5em;text-align:right;padding-right:.8em;color:var(--muted);user-select:none}
.src .line.access{background:var(--acc)}.src .line.alloc{background:var(--all)}.src .line.step{background:var(--code);outline:1px dashed var(--line)}
mark.step{text-decoration-color:var(--muted)}.kind{font-size:.8rem;font-weight:600;text-transform:uppercase;color:var(--muted)}
mark{background:none;color:inherit;font-weight:700;text-decoration:underline 2px;text-underline-offset:3px}
mark.access{text-decoration-color:var(--err)}mark.alloc{text-decoration-color:var(--note)}
.tag{color:var(--muted);font-style:italic;margin-left:1.5em;font-family:system-ui,sans-serif;font-size:.8rem}
.gap{display:block;color:var(--muted);padding-left:2.5em}
.diff del,.diff ins{display:block;text-decoration:none}.diff del{background:var(--del)}.diff ins{background:var(--ins)}
.diff .hdr,.diff .hunk{display:block}.diff .hdr{color:var(--muted)}.diff .hunk{color:var(--note)}
ol.steps li,ol.fixes li{margin:.3rem 0}
.rank{font-weight:700}
.bad{color:var(--err);font-weight:700}
.muted{color:var(--muted)}
nav ul{columns:2;padding-left:1.2rem}
tr.this td{font-weight:600}
)css";

/// htmlEscape() for <title>, which shows markup as text: \xNN without the
/// span around it.
std::string titleText(const std::string &S) {
  std::string T = htmlEscape(S), Out;
  const std::string Open = "<span class=\"bad\">", Close = "</span>";
  for (std::size_t I = 0; I < T.size();) {
    if (T.compare(I, Open.size(), Open) == 0)
      I += Open.size();
    else if (T.compare(I, Close.size(), Close) == 0)
      I += Close.size();
    else
      Out += T[I++];
  }
  return Out;
}
} // namespace

void writePageHead(std::ostringstream &OS, const std::string &Generator,
                   const std::string &Title) {
  OS << "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta "
        "charset=\"utf-8\">\n"
        "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src "
        "'none'; "
        "style-src 'unsafe-inline'\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, "
        "initial-scale=1\">\n"
        "<meta name=\"generator\" content=\""
     << htmlEscape(Generator) << "\">\n<title>" << titleText(Title)
     << "</title>\n<style>" << PageStyle << "</style>\n</head>\n<body>\n";
}

std::string kindId(Kind K) {
  std::string S(name(K));
  std::replace(S.begin(), S.end(), ' ', '-');
  return "row-" + S;
}

void writeFeatureTable(std::ostringstream &OS) {
  OS << "<section id=\"feature-table\"><h2>The USM feature table</h2>\n"
        "<table><tr><th>kind</th><th>lives in</th><th>host may access</th>"
        "<th>device may access</th><th>migrates</th><th>notes</th></tr>\n";
  for (const KindRow &R : kindRows())
    OS << "<tr id=\"" << kindId(R.K) << "\"><td>"
       << htmlEscape(std::string(R.Label)) << "</td><td>"
       << htmlEscape(std::string(R.LivesIn)) << "</td><td>"
       << htmlEscape(std::string(R.HostText)) << "</td><td>"
       << htmlEscape(std::string(R.DeviceText)) << "</td><td>"
       << htmlEscape(std::string(R.Migrates)) << "</td><td>"
       << htmlEscape(std::string(R.Notes)) << "</td></tr>\n";
  OS << "</table></section>\n";
}

} // namespace usm
