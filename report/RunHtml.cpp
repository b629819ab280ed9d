//===- RunHtml.cpp - `usmcheck run --html` --------------------------------===//
//
// See RunHtml.h and docs/runtime.md ("The HTML page"). The records are read
// with a small parser of our own: the guard writes a byte that is not UTF-8
// as \udcXX, which general JSON libraries reject or replace, and file names
// must come back byte for byte to read the source excerpts.
//
//===----------------------------------------------------------------------===//
#include "RunHtml.h"

#include "Catalog.h"
#include "HtmlCommon.h"

#include <cstdlib>
#include <cstring>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>

namespace usm {

namespace {

using Json = nlohmann::json;

/// One JSON value from a record line.
class RecordParser {
public:
  explicit RecordParser(const std::string &S) : S(S) {}

  bool document(Json &V) {
    if (!value(V, 0))
      return false;
    space();
    return P == S.size();
  }

private:
  const std::string &S;
  std::size_t P = 0;

  void space() {
    while (P < S.size() &&
           (S[P] == ' ' || S[P] == '\t' || S[P] == '\r' || S[P] == '\n'))
      ++P;
  }
  bool literal(const char *L) {
    std::size_t N = std::strlen(L);
    if (S.compare(P, N, L) != 0)
      return false;
    P += N;
    return true;
  }
  bool hex4(unsigned &U) {
    if (P + 4 > S.size())
      return false;
    U = 0;
    for (int I = 0; I < 4; ++I) {
      char C = S[P++];
      int D = C >= '0' && C <= '9'   ? C - '0'
              : C >= 'a' && C <= 'f' ? C - 'a' + 10
              : C >= 'A' && C <= 'F' ? C - 'A' + 10
                                     : -1;
      if (D < 0)
        return false;
      U = U * 16 + unsigned(D);
    }
    return true;
  }
  static void utf8(std::string &Out, unsigned U) {
    if (U < 0x80) {
      Out += char(U);
    } else if (U < 0x800) {
      Out += char(0xC0 | U >> 6);
      Out += char(0x80 | (U & 0x3F));
    } else if (U < 0x10000) {
      Out += char(0xE0 | U >> 12);
      Out += char(0x80 | (U >> 6 & 0x3F));
      Out += char(0x80 | (U & 0x3F));
    } else {
      Out += char(0xF0 | U >> 18);
      Out += char(0x80 | (U >> 12 & 0x3F));
      Out += char(0x80 | (U >> 6 & 0x3F));
      Out += char(0x80 | (U & 0x3F));
    }
  }
  bool string(std::string &Out) {
    if (P >= S.size() || S[P] != '"')
      return false;
    ++P;
    while (P < S.size() && S[P] != '"') {
      char C = S[P++];
      if (static_cast<unsigned char>(C) < 0x20)
        return false;
      if (C != '\\') {
        Out += C;
        continue;
      }
      if (P >= S.size())
        return false;
      char E = S[P++];
      switch (E) {
      case '"':
      case '\\':
      case '/':
        Out += E;
        break;
      case 'b':
        Out += '\b';
        break;
      case 'f':
        Out += '\f';
        break;
      case 'n':
        Out += '\n';
        break;
      case 'r':
        Out += '\r';
        break;
      case 't':
        Out += '\t';
        break;
      case 'u': {
        unsigned U;
        if (!hex4(U))
          return false;
        if (U >= 0xDC80 && U <= 0xDCFF) { // surrogateescape: the raw byte
          Out += char(U - 0xDC00);
        } else if (U >= 0xD800 && U <= 0xDBFF && S.compare(P, 2, "\\u") == 0) {
          std::size_t Save = P;
          P += 2;
          unsigned Lo;
          if (hex4(Lo) && Lo >= 0xDC00 && Lo <= 0xDFFF) {
            utf8(Out, 0x10000 + ((U - 0xD800) << 10) + (Lo - 0xDC00));
          } else {
            P = Save;
            utf8(Out, 0xFFFD);
          }
        } else {
          utf8(Out, U >= 0xD800 && U <= 0xDFFF ? 0xFFFD : U);
        }
        break;
      }
      default:
        return false;
      }
    }
    if (P >= S.size())
      return false;
    ++P;
    return true;
  }
  bool value(Json &V, int Depth) {
    space();
    if (P >= S.size() || Depth > 16)
      return false;
    char C = S[P];
    if (C == '{') {
      ++P;
      V = Json::object();
      space();
      if (P < S.size() && S[P] == '}')
        return ++P, true;
      for (;;) {
        space();
        std::string Key;
        if (!string(Key))
          return false;
        space();
        if (P >= S.size() || S[P++] != ':')
          return false;
        if (!value(V[Key], Depth + 1))
          return false;
        space();
        if (P < S.size() && S[P] == ',') {
          ++P;
          continue;
        }
        return P < S.size() && S[P++] == '}';
      }
    }
    if (C == '[') {
      ++P;
      V = Json::array();
      space();
      if (P < S.size() && S[P] == ']')
        return ++P, true;
      for (;;) {
        Json E;
        if (!value(E, Depth + 1))
          return false;
        V.push_back(std::move(E));
        space();
        if (P < S.size() && S[P] == ',') {
          ++P;
          continue;
        }
        return P < S.size() && S[P++] == ']';
      }
    }
    if (C == '"') {
      std::string Str;
      if (!string(Str))
        return false;
      V = std::move(Str);
      return true;
    }
    if (literal("true"))
      return V = true, true;
    if (literal("false"))
      return V = false, true;
    if (literal("null"))
      return V = nullptr, true;
    std::size_t B = P;
    if (P < S.size() && S[P] == '-')
      ++P;
    while (P < S.size() && S[P] >= '0' && S[P] <= '9')
      ++P;
    if (P == B || (P == B + 1 && S[B] == '-'))
      return false;
    V = std::strtoll(S.substr(B, P - B).c_str(), nullptr, 10);
    return true;
  }
};

std::string str(const Json &O, const char *Key) {
  auto It = O.find(Key);
  return It != O.end() && It->is_string() ? It->get<std::string>() : "";
}

long integer(const Json &O, const char *Key) {
  auto It = O.find(Key);
  return It != O.end() && It->is_number_integer() ? It->get<long>() : 0;
}

const Json &list(const Json &O, const char *Key) {
  static const Json Empty = Json::array();
  auto It = O.find(Key);
  return It != O.end() && It->is_array() ? *It : Empty;
}

RunRecord recordFrom(const Json &J) {
  RunRecord R;
  R.Pid = integer(J, "pid");
  R.Type = str(J, "type");
  R.Severity = str(J, "severity");
  R.Message = str(J, "message");
  R.Region = str(J, "region");
  R.Allocator = str(J, "allocator");
  R.MemoryKind = str(J, "memory_kind");
  R.Why = str(J, "why");
  R.Outcome = str(J, "outcome");
  R.Action = str(J, "action");
  for (const Json &S : list(J, "stacks")) {
    if (!S.is_object())
      continue;
    RunStack St{str(S, "role"), str(S, "title"), {}};
    for (const Json &F : list(S, "frames")) {
      if (!F.is_object())
        continue;
      RunFrame Fr;
      Fr.Function = str(F, "function");
      Fr.File = str(F, "file");
      Fr.Module = str(F, "module");
      Fr.Offset = str(F, "offset");
      Fr.Line = unsigned(integer(F, "line"));
      Fr.Column = unsigned(integer(F, "column"));
      Fr.Inlined = F.value("inlined", false);
      St.Frames.push_back(std::move(Fr));
    }
    R.Stacks.push_back(std::move(St));
  }
  for (const Json &N : list(J, "notes"))
    if (N.is_string())
      R.Notes.push_back(N.get<std::string>());
  for (const Json &X : list(J, "fixes"))
    if (X.is_object())
      R.Fixes.push_back({str(X, "title"), str(X, "detail"), str(X, "when"),
                         str(X, "caveat"), str(X, "memory_kind")});
  return R;
}

} // namespace

std::vector<RunRecord> parseRunRecords(const std::string &Text,
                                       unsigned &BadLines) {
  std::vector<RunRecord> Out;
  BadLines = 0;
  std::size_t P = 0;
  while (P < Text.size()) {
    std::size_t E = Text.find('\n', P);
    std::string Line =
        Text.substr(P, E == std::string::npos ? std::string::npos : E - P);
    P = E == std::string::npos ? Text.size() : E + 1;
    if (Line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    Json J;
    if (RecordParser(Line).document(J) && J.is_object() &&
        !str(J, "type").empty())
      Out.push_back(recordFrom(J));
    else
      ++BadLines;
  }
  return Out;
}

namespace {

std::string shellQuote(const std::string &A) {
  if (!A.empty() &&
      A.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                          "0123456789_-+=./:,@%") == std::string::npos)
    return A;
  std::string Q = "'";
  for (char C : A)
    Q += C == '\'' ? std::string("'\\''") : std::string(1, C);
  return Q + "'";
}

std::string statusText(const RunInfo &R) {
  if (!R.Signaled)
    return "exited with status " + std::to_string(R.Status);
  std::string S = "killed by signal " + std::to_string(R.Status);
  if (const char *Name = sigabbrev_np(R.Status))
    S += std::string(" (SIG") + Name + ")";
  return S;
}

/// A frame's location as the text report prints it.
std::string frameText(const RunFrame &F) {
  std::string S = F.Function.empty() ? "" : F.Function + " ";
  if (!F.File.empty())
    return S + F.File + ":" + std::to_string(F.Line) +
           (F.Column ? ":" + std::to_string(F.Column) : "");
  return S + "(" + (F.Module.empty() ? "<unknown module>" : F.Module) + "+" +
         F.Offset + ")";
}

/// The program's own code: a readable source file outside the system's
/// directories (libc's, the OpenMP runtime's headers).
bool userFrame(const RunFrame &F, SourceFiles &Src) {
  if (F.File.empty() || F.Line == 0)
    return false;
  for (const char *Sys : {"/usr/", "/lib/", "/opt/"})
    if (F.File.compare(0, std::strlen(Sys), Sys) == 0)
      return false;
  return Src.get(F.File).Ok && F.Line <= Src.get(F.File).lines();
}

/// The first frame with a file of the first stack: where the report is.
const RunFrame *headFrame(const RunRecord &R) {
  if (R.Stacks.empty())
    return nullptr;
  for (const RunFrame &F : R.Stacks[0].Frames)
    if (!F.File.empty())
      return &F;
  return R.Stacks[0].Frames.empty() ? nullptr : &R.Stacks[0].Frames[0];
}

const KindRow *rowNamed(const std::string &Kind) {
  for (const KindRow &R : kindRows())
    if (name(R.K) == Kind)
      return &R;
  return nullptr;
}

void writeRecord(std::ostringstream &OS, SourceFiles &Src, const RunRecord &R,
                 std::size_t Index) {
  const std::string Sev = R.Severity == "warning" ? "warning" : "error";
  OS << "<article class=\"finding " << Sev << "\" id=\"r" << Index << "\">\n"
     << "<h2><span class=\"sev " << Sev << "\">" << Sev << "</span> <code>"
     << htmlEscape(R.Type) << "</code>";
  if (const RunFrame *H = headFrame(R))
    OS << " <span class=\"loc\">" << htmlEscape(frameText(*H)) << "</span>";
  OS << "</h2>\n<p class=\"msg\">" << htmlEscape(R.Message) << "</p>\n"
     << "<p class=\"muted\">process " << R.Pid;
  if (!R.Action.empty())
    OS << " \xc2\xb7 " << htmlEscape(R.Action);
  OS << "</p>\n";

  for (const RunStack &St : R.Stacks) {
    OS << "<h3>" << htmlEscape(St.Title) << "</h3>\n";
    // The innermost frame in the program's own code, with its source.
    bool Alloc = St.Role == "allocation";
    for (const RunFrame &F : St.Frames)
      if (userFrame(F, Src)) {
        OS << "<p class=\"muted\">" << htmlEscape(F.File) << ":</p>\n";
        writeExcerpt(OS, Src.get(F.File),
                     {{F.Line, F.Column, Alloc ? "alloc" : "access",
                       Alloc                 ? "allocation"
                       : St.Role == "access" ? "access"
                       : St.Role == "call"   ? "call"
                                             : "here"}});
        break;
      }
    if (St.Frames.empty()) {
      OS << "<p class=\"muted\">no frames</p>\n";
      continue;
    }
    OS << "<ol class=\"steps stack\" start=\"0\">\n";
    for (const RunFrame &F : St.Frames) {
      OS << "<li>";
      if (!F.Function.empty())
        OS << "<code>" << htmlEscape(F.Function) << "</code> ";
      if (!F.File.empty())
        OS << "<span class=\"loc\">" << htmlEscape(F.File) << ":" << F.Line
           << (F.Column ? ":" + std::to_string(F.Column) : "") << "</span>";
      else
        OS << "<span class=\"loc\">("
           << htmlEscape(F.Module.empty() ? "<unknown module>" : F.Module)
           << "+" << htmlEscape(F.Offset) << ")</span>";
      if (F.Inlined)
        OS << " <span class=\"kind\">inlined</span>";
      OS << "</li>\n";
    }
    OS << "</ol>\n";
  }

  if (!R.Region.empty() || !R.Allocator.empty() || !R.Notes.empty()) {
    OS << "<h3>Memory</h3>\n<ul class=\"notes\">\n";
    if (!R.Region.empty())
      OS << "<li>" << htmlEscape(R.Region) << "</li>\n";
    if (!R.Allocator.empty())
      OS << "<li>" << htmlEscape(R.Allocator) << "</li>\n";
    for (const std::string &N : R.Notes)
      OS << "<li>" << htmlEscape(N) << "</li>\n";
    OS << "</ul>\n";
  }
  if (!R.Why.empty())
    OS << "<h3>Why</h3>\n<p class=\"why\">" << htmlEscape(R.Why) << "</p>\n";

  // Feature-table rows: the allocation's kind, then the kinds fixes switch to.
  std::vector<std::pair<const KindRow *, std::string>> Rows;
  if (const KindRow *K = rowNamed(R.MemoryKind))
    Rows.push_back({K, R.Allocator.empty() ? "the memory of this report"
                                           : "the allocation"});
  for (std::size_t I = 0; I < R.Fixes.size(); ++I)
    if (const KindRow *K = rowNamed(R.Fixes[I].MemoryKind)) {
      bool Seen = false;
      for (const auto &Row : Rows)
        Seen |= Row.first == K;
      if (!Seen)
        Rows.push_back(
            {K, "fix " + std::to_string(I + 1) + ": " + R.Fixes[I].Title});
    }
  if (!Rows.empty()) {
    OS << "<h3>Feature table</h3>\n<table class=\"rows\"><tr><th>row</th>"
          "<th>why</th><th>host may access</th><th>device may access</th>"
          "</tr>\n";
    for (std::size_t I = 0; I < Rows.size(); ++I) {
      const KindRow &K = *Rows[I].first;
      OS << "<tr" << (I == 0 ? " class=\"this\"" : "") << "><td><a href=\"#"
         << kindId(K.K) << "\">" << htmlEscape(std::string(K.Label))
         << "</a></td><td>" << htmlEscape(Rows[I].second) << "</td><td>"
         << htmlEscape(std::string(K.HostText)) << "</td><td>"
         << htmlEscape(std::string(K.DeviceText)) << "</td></tr>\n";
    }
    OS << "</table>\n";
  }

  if (!R.Fixes.empty()) {
    OS << "<h3>" << (R.Fixes.size() == 1 ? "Fix" : "Fixes") << "</h3>\n"
       << "<ol class=\"fixes\">\n";
    for (const RunFix &X : R.Fixes) {
      OS << "<li><span class=\"rank\">" << htmlEscape(X.Title) << "</span>";
      if (!X.Detail.empty())
        OS << ": <code>" << htmlEscape(X.Detail) << "</code>";
      if (!X.When.empty() || !X.Caveat.empty())
        OS << "<br><span class=\"muted\">when: " << htmlEscape(X.When)
           << "; caveat: " << htmlEscape(X.Caveat) << "</span>";
      OS << "</li>\n";
    }
    OS << "</ol>\n";
  }
  if (!R.Outcome.empty())
    OS << "<p class=\"muted\">" << htmlEscape(R.Outcome) << "</p>\n";
  OS << "</article>\n";
}

} // namespace

std::string formatRunHtml(const RunInfo &R, const std::string &Version) {
  SourceFiles Src;
  unsigned Errors = 0, Warnings = 0;
  std::map<std::string, std::pair<unsigned, unsigned>> PerType;
  for (const RunRecord &X : R.Records) {
    bool Warn = X.Severity == "warning";
    (Warn ? Warnings : Errors) += 1;
    auto &C = PerType[X.Type];
    (Warn ? C.second : C.first) += 1;
  }
  std::string Program = R.Argv.empty() ? "" : R.Argv[0];
  std::string Command;
  for (const std::string &A : R.Argv)
    Command += (Command.empty() ? "" : " ") + shellQuote(A);

  std::ostringstream OS;
  writePageHead(OS, "usmcheck " + Version,
                "usmcheck run report: " + std::to_string(Errors) + " error" +
                    (Errors == 1 ? "" : "s") + ", " + std::to_string(Warnings) +
                    " warning" + (Warnings == 1 ? "" : "s") + " \xc2\xb7 " +
                    Program);
  OS << "<header><h1>usmcheck run report</h1>\n<p class=\"muted\">usmcheck "
     << htmlEscape(Version) << " \xc2\xb7 <code>" << htmlEscape(Program)
     << "</code> " << statusText(R) << "</p></header>\n";

  OS << "<section id=\"summary\"><h2>Summary</h2>\n<table id=\"run\">\n"
     << "<tr><th>program</th><td><code>" << htmlEscape(Program)
     << "</code></td></tr>\n"
     << "<tr><th>command line</th><td><code id=\"command\">"
     << htmlEscape(Command) << "</code></td></tr>\n"
     << "<tr><th>directory</th><td><code>" << htmlEscape(R.Directory)
     << "</code></td></tr>\n"
     << "<tr><th>exit status</th><td id=\"exit-status\">" << statusText(R)
     << "</td></tr>\n"
     << "<tr><th>reports</th><td id=\"report-count\">" << R.Records.size()
     << "</td></tr>\n</table>\n";
  if (!PerType.empty()) {
    OS << "<table id=\"per-type\"><tr><th>report</th><th>errors</th>"
          "<th>warnings</th></tr>\n";
    for (const auto &[Type, C] : PerType)
      OS << "<tr><td><code>" << htmlEscape(Type)
         << "</code></td><td class=\"n\">" << C.first << "</td><td class=\"n\">"
         << C.second << "</td></tr>\n";
    OS << "</table>\n<nav><h3>Reports</h3><ul>\n";
    for (std::size_t I = 0; I < R.Records.size(); ++I) {
      const RunRecord &X = R.Records[I];
      const RunFrame *H = headFrame(X);
      OS << "<li><a href=\"#r" << I + 1 << "\">"
         << htmlEscape(H ? frameText(*H) : X.Type) << "</a> "
         << (X.Severity == "warning" ? "warning" : "error") << " <code>"
         << htmlEscape(X.Type) << "</code></li>\n";
    }
    OS << "</ul></nav>\n";
  } else {
    OS << "<p id=\"no-reports\">No reports: the guard found no USM mistake "
          "in this run.";
    if (R.Signaled)
      OS << " The program was " << statusText(R)
         << " without a usmcheck report: the signal did not come from an "
            "access to USM memory the guard knows.";
    OS << "</p>\n";
  }
  if (R.BadLines)
    OS << "<p class=\"bad\">" << R.BadLines
       << " record line(s) could not be read (a process stopped while "
          "writing, or a full disk).</p>\n";
  OS << "</section>\n<section id=\"reports\">\n";
  for (std::size_t I = 0; I < R.Records.size(); ++I)
    writeRecord(OS, Src, R.Records[I], I + 1);
  OS << "</section>\n";
  writeFeatureTable(OS);
  OS << "<footer class=\"muted\"><p>usmcheck run \xc2\xb7 the text of each "
        "report went to stderr (or log_path) as the program ran</p></footer>\n"
        "</body>\n</html>\n";
  return OS.str();
}

} // namespace usm
