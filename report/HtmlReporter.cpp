//===- HtmlReporter.cpp - `usmcheck check --format=html` ---------------------===//
//
// See HtmlReporter.h and docs/html-report.md. The page is built from the
// findings (message, notes, fixes) and the catalog's feature table; the
// source excerpts and fix diffs are read from the analysed files. No
// scripts: everything is visible with JavaScript off, and navigation is
// plain anchors.
//
//===----------------------------------------------------------------------===//
#include "HtmlReporter.h"

#include "Catalog.h"
#include "HtmlCommon.h"
#include "Utf8.h"

#include <algorithm>
#include <cstdio>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>

namespace usm {

namespace {
/// \p S with each byte that is not UTF-8 replaced by U+FFFD, as the JSON
/// wire format between the analysis workers and the driver does it.
std::string lossyUtf8(const std::string &S) {
  std::string Out;
  for (std::size_t I = 0; I < S.size();) {
    std::size_t L = utf8Length(S.data(), S.size(), I);
    if (L == 0) {
      Out += "\xef\xbf\xbd";
      ++I;
    } else {
      Out.append(S, I, L);
      I += L;
    }
  }
  return Out;
}
} // namespace

namespace {

std::string num(unsigned long long V) { return std::to_string(V); }

std::string locText(const SourceRef &L) {
  std::string S = L.File;
  if (L.Line)
    S += ":" + num(L.Line) + (L.Column ? ":" + num(L.Column) : "");
  return S;
}

/// The names in single quotes in \p Text ('omp_target_alloc_device').
std::vector<std::string> quotedNames(const std::string &Text) {
  std::vector<std::string> Out;
  std::size_t P = 0;
  while ((P = Text.find('\'', P)) != std::string::npos) {
    std::size_t E = Text.find('\'', P + 1);
    if (E == std::string::npos)
      break;
    Out.push_back(Text.substr(P + 1, E - P - 1));
    P = E + 1;
  }
  return Out;
}

bool startsWith(const std::string &S, const char *P) {
  return S.compare(0, std::char_traits<char>::length(P), P) == 0;
}

bool isFixNote(const Note &N) {
  return startsWith(N.Message, "recommended fix") ||
         startsWith(N.Message, "alternative fix");
}

/// The note that says where the memory was allocated, if any.
const Note *allocationNote(const Finding &F) {
  for (const Note &N : F.Notes)
    if (!isFixNote(N) && N.Message.find("allocated") != std::string::npos &&
        N.Loc.valid())
      return &N;
  return nullptr;
}

/// \p Fixes applied to their file, as a unified diff of the changed lines;
/// "" when they cannot be placed (file unreadable, offsets outside it).
std::string fixDiff(SourceFiles &Src, const std::vector<FixIt> &Fixes) {
  std::map<std::string, std::vector<const FixIt *>> ByFile;
  for (const FixIt &X : Fixes)
    ByFile[X.File].push_back(&X);
  std::ostringstream OS;
  for (auto &[Path, List] : ByFile) {
    const SourceFiles::File &F = Src.get(Path);
    if (!F.Ok)
      return "";
    std::sort(List.begin(), List.end(),
              [](const FixIt *A, const FixIt *B) { return A->Offset < B->Offset; });
    OS << "<span class=\"hdr\">--- " << htmlEscape(Path)
       << "</span><span class=\"hdr\">+++ " << htmlEscape(Path)
       << " (fixed)</span>";
    // Hunks: each fix's lines; overlapping or adjacent ones merge.
    std::size_t K = 0;
    while (K < List.size()) {
      auto LineOf = [&F](std::size_t Off) {
        return unsigned(std::upper_bound(F.Starts.begin(), F.Starts.end(), Off) -
                        F.Starts.begin());
      };
      if (List[K]->Offset + List[K]->Length > F.Text.size())
        return "";
      unsigned L1 = LineOf(List[K]->Offset);
      unsigned L2 = LineOf(List[K]->Offset + List[K]->Length);
      std::size_t J = K + 1;
      while (J < List.size() && List[J]->Offset + List[J]->Length <= F.Text.size() &&
             LineOf(List[J]->Offset) <= L2 + 1) {
        L2 = std::max(L2, LineOf(List[J]->Offset + List[J]->Length));
        ++J;
      }
      std::size_t B = F.Starts[L1 - 1];
      std::size_t E = L2 < F.Starts.size() ? F.Starts[L2] : F.Text.size();
      std::string Old = F.Text.substr(B, E - B), New;
      std::size_t Pos = B;
      for (std::size_t I = K; I < J; ++I) {
        if (List[I]->Offset < Pos) // overlapping replacements: not shown
          return "";
        New += F.Text.substr(Pos, List[I]->Offset - Pos) + List[I]->Replacement;
        Pos = List[I]->Offset + List[I]->Length;
      }
      New += F.Text.substr(Pos, E - Pos);
      auto Lines = [](const std::string &T) {
        std::vector<std::string> V;
        std::size_t P = 0;
        while (P < T.size()) {
          std::size_t NL = T.find('\n', P);
          std::string L = T.substr(P, NL == std::string::npos ? std::string::npos : NL - P);
          if (!L.empty() && L.back() == '\r')
            L.pop_back();
          V.push_back(L);
          if (NL == std::string::npos)
            break;
          P = NL + 1;
        }
        return V;
      };
      std::vector<std::string> OldL = Lines(Old), NewL = Lines(New);
      OS << "<span class=\"hunk\">@@ -" << L1 << "," << OldL.size() << " +" << L1
         << "," << NewL.size() << " @@</span>";
      for (const std::string &L : OldL)
        OS << "<del>-" << htmlEscape(L) << "</del>";
      for (const std::string &L : NewL)
        OS << "<ins>+" << htmlEscape(L) << "</ins>";
      K = J;
    }
  }
  return OS.str();
}

struct RowUse {
  Kind K;
  std::string Why; ///< "this allocation", "fix 1", ...
};

/// The feature-table rows a finding involves: the kind of each API it
/// names (the allocation first, then the fixes' allocators).
std::vector<RowUse> rowsOf(const Finding &F) {
  std::vector<RowUse> Rows;
  auto Add = [&Rows](const std::string &Name, const std::string &Why) {
    const Api *A = findApi(Name);
    if (!A || A->R != Role::Alloc || !findKindRow(A->K))
      return;
    for (const RowUse &R : Rows)
      if (R.K == A->K)
        return;
    Rows.push_back({A->K, Why + ": '" + Name + "'"});
  };
  for (const std::string &N : quotedNames(F.Message))
    Add(N, "the allocation");
  if (const Note *A = allocationNote(F))
    for (const std::string &N : quotedNames(A->Message))
      Add(N, "the allocation");
  unsigned Rank = 0;
  for (const Note &N : F.Notes)
    if (isFixNote(N)) {
      ++Rank;
      for (const std::string &Name : quotedNames(N.Message))
        Add(Name, "fix " + num(Rank));
    }
  return Rows;
}

SourceRef writeFinding(std::ostringstream &OS, SourceFiles &Src,
                       const Finding &In, const std::string &Given,
                       std::size_t Index) {
  // The findings' file names came through the workers' JSON, which
  // replaces bytes that are not UTF-8 with U+FFFD; the translation unit's
  // name (\p Given) is the one on the command line. Map them back so that
  // excerpts and diffs can read the file and the names show the real bytes.
  Finding F = In;
  std::string Name = Given;
  while (Name.size() > 2 && Name.compare(0, 2, "./") == 0)
    Name.erase(0, 2); // as the findings spell it
  std::string Lossy = lossyUtf8(Name);
  auto Restore = [&](std::string &P) {
    if (P != Name && P == Lossy)
      P = Name;
  };
  Restore(F.Loc.File);
  for (Note &N : F.Notes) {
    Restore(N.Loc.File);
    for (FixIt &X : N.Fixes)
      Restore(X.File);
  }
  for (FixIt &X : F.Fixes)
    Restore(X.File);
  const FindingFacts &Facts = F.Facts;
  Restore(F.Facts.AllocSite.File);
  Restore(F.Facts.FreeSite.File);
  for (FactStep &S : F.Facts.Steps)
    Restore(S.Loc.File);
  const char *Sev = severityName(F.Sev);
  OS << "<article class=\"finding " << Sev << "\" id=\"f" << Index << "\">\n"
     << "<h2><span class=\"sev " << Sev << "\">" << Sev << "</span> "
     << "<span class=\"loc\">" << htmlEscape(locText(F.Loc)) << "</span> <code>["
     << htmlEscape(F.Check) << (F.PromotedFromWarning ? ",-warnings-as-errors" : "")
     << "]</code></h2>\n<p class=\"msg\">" << htmlEscape(F.Message) << "</p>\n";

  // The excerpt: the access, and the allocation when it is in the same file
  // (otherwise an excerpt of its own).
  // The allocation: from the facts, else from the "allocated ... here" note.
  const Note *Alloc = allocationNote(F);
  SourceRef AllocLoc = Facts.AllocSite.valid() ? Facts.AllocSite
                       : Alloc                 ? Alloc->Loc
                                               : SourceRef();
  bool HasAlloc = AllocLoc.valid();
  std::vector<Mark> Here;
  if (F.Loc.valid())
    Here.push_back({F.Loc.Line, F.Loc.Column, "access",
                    Facts.Access == "free" ? "free" : "access"});
  if (HasAlloc && AllocLoc.File == F.Loc.File && AllocLoc.Line != F.Loc.Line)
    Here.push_back({AllocLoc.Line, AllocLoc.Column, "alloc", "allocation"});
  // The steps between them that are in this file, on lines of their own.
  for (const FactStep &S : Facts.Steps) {
    if (!S.Loc.valid() || S.Loc.File != F.Loc.File ||
        S.Kind == "allocation" || S.Kind == "access" || S.Kind == "free")
      continue;
    bool Taken = false;
    for (const Mark &M : Here)
      Taken |= M.Line == S.Loc.Line;
    if (!Taken)
      Here.push_back({S.Loc.Line, S.Loc.Column, "step", S.Kind.c_str()});
  }
  const SourceFiles::File &File = Src.get(F.Loc.File);
  if (File.Ok) {
    writeExcerpt(OS, File, Here);
  } else if (!F.SourceLine.empty()) {
    OS << "<pre class=\"src\"><span class=\"line access\"><span class=\"ln\">"
       << F.Loc.Line << "</span>" << htmlEscape(F.SourceLine) << "</span></pre>\n";
  }
  if (HasAlloc && AllocLoc.File != F.Loc.File) {
    OS << "<p class=\"muted\">allocation in " << htmlEscape(AllocLoc.File)
       << ":</p>\n";
    writeExcerpt(OS, Src.get(AllocLoc.File),
                 {{AllocLoc.Line, AllocLoc.Column, "alloc", "allocation"}});
  }

  // Steps from the allocation to the access: the engine's, else the two ends.
  if (!Facts.Steps.empty()) {
    OS << "<h3>From the allocation to the "
       << (Facts.Access == "free" ? "free" : "access") << "</h3>\n<ol class=\"steps\">\n";
    for (const FactStep &S : Facts.Steps)
      OS << "<li><span class=\"kind\">" << htmlEscape(S.Kind)
         << "</span> <span class=\"loc\">" << htmlEscape(locText(S.Loc))
         << "</span> <code>" << htmlEscape(S.Text) << "</code></li>\n";
    OS << "</ol>\n";
  } else if (Alloc) {
    OS << "<h3>From the allocation to the access</h3>\n<ol class=\"steps\">\n"
       << "<li><span class=\"loc\">" << htmlEscape(locText(Alloc->Loc))
       << "</span> " << htmlEscape(Alloc->Message) << "</li>\n"
       << "<li><span class=\"loc\">" << htmlEscape(locText(F.Loc))
       << "</span> the access: <code>" << htmlEscape(F.SourceLine.substr(
              F.SourceLine.find_first_not_of(" \t") == std::string::npos
                  ? 0
                  : F.SourceLine.find_first_not_of(" \t")))
       << "</code></li>\n</ol>\n";
  }

  // Feature-table rows.
  std::vector<RowUse> Rows;
  if (!Facts.Kind.empty()) {
    for (const KindRow &R : kindRows())
      if (R.Label == Facts.Kind)
        Rows.push_back({R.K, "the allocation: '" +
                                 (Facts.AllocSpelling.empty() ? Facts.AllocApi
                                                              : Facts.AllocSpelling) +
                                 "' (" + Facts.Model + ")"});
    for (std::size_t I = 0; I < Facts.Fixes.size(); ++I) {
      const FactFix &FF = Facts.Fixes[I];
      for (const Fix &X : fixes())
        if ((FF.Id == "UseHost" && X.Id == FixId::UseHost) ||
            (FF.Id == "UseShared" && X.Id == FixId::UseShared)) {
          bool Seen = false;
          for (const RowUse &R : Rows)
            Seen |= R.K == X.UseKind;
          if (!Seen)
            Rows.push_back({X.UseKind, "fix " + num(I + 1) + ": " + FF.Title +
                                           (FF.Replacement.empty()
                                                ? ""
                                                : " ('" + FF.Replacement + "')")});
        }
    }
  }
  if (Rows.empty())
    Rows = rowsOf(F);
  if (!Rows.empty()) {
    OS << "<h3>Feature table</h3>\n<table class=\"rows\"><tr><th>row</th>"
          "<th>why</th><th>host may access</th><th>device may access</th></tr>\n";
    for (std::size_t I = 0; I < Rows.size(); ++I) {
      const KindRow *R = findKindRow(Rows[I].K);
      OS << "<tr" << (I == 0 ? " class=\"this\"" : "") << "><td><a href=\"#"
         << kindId(Rows[I].K) << "\">" << htmlEscape(std::string(R->Label))
         << "</a></td><td>" << htmlEscape(Rows[I].Why) << "</td><td>"
         << htmlEscape(std::string(R->HostText)) << "</td><td>"
         << htmlEscape(std::string(R->DeviceText)) << "</td></tr>\n";
    }
    OS << "</table>\n";
  }

  // Ranked fixes, each as a diff when it is an edit.
  std::vector<const Note *> FixNotes, Others;
  for (const Note &N : F.Notes)
    (isFixNote(N) ? FixNotes : Others).push_back(&N);
  std::string Recommended; // the allocator the recommended fix switches to
  if (!FixNotes.empty() && F.Fixes.size() == 1) {
    std::vector<std::string> Q = quotedNames(FixNotes[0]->Message);
    if (!Q.empty() && Q[0] == F.Fixes[0].Replacement)
      Recommended = Q[0];
  }
  if (!FixNotes.empty() || !F.Fixes.empty()) {
    OS << "<h3>Fixes, best first</h3>\n<ol class=\"fixes\">\n";
    for (std::size_t I = 0; I < FixNotes.size(); ++I) {
      const Note &N = *FixNotes[I];
      OS << "<li><span class=\"rank\">" << (I == 0 ? "recommended" : "alternative")
         << "</span> <span class=\"loc\">" << htmlEscape(locText(N.Loc))
         << "</span><br>" << htmlEscape(N.Message) << "\n";
      std::vector<FixIt> Edit = N.Fixes;
      if (Edit.empty() && I == 0)
        Edit = F.Fixes;
      // The facts rank the same fixes: an allocator to switch to (the
      // recommended edit with that name), or code to add.
      const FactFix *FF = I < Facts.Fixes.size() ? &Facts.Fixes[I] : nullptr;
      if (Edit.empty() && FF && !FF->Replacement.empty() && F.Fixes.size() == 1 &&
          F.Fixes[0].Replacement == Facts.Fixes[0].Replacement) {
        Edit = F.Fixes;
        Edit[0].Replacement = FF->Replacement;
      }
      // "... instead with 'NAME' (same arguments)": the recommended edit with
      // the other allocator.
      if (Edit.empty() && !Recommended.empty() &&
          N.Message.find("(same arguments)") != std::string::npos) {
        std::vector<std::string> Q = quotedNames(N.Message);
        if (!Q.empty() && findApi(Q[0])) {
          Edit = F.Fixes;
          Edit[0].Replacement = Q[0];
        }
      }
      std::string D = Edit.empty() ? "" : fixDiff(Src, Edit);
      if (!D.empty())
        OS << "<pre class=\"diff\">" << D << "</pre>\n";
      else if (FF && !FF->Code.empty())
        OS << "<pre class=\"code\">" << htmlEscape(FF->Code) << "</pre>\n";
      if (FF && !FF->NotOffered.empty())
        OS << "<p class=\"muted\">no automatic fix: " << htmlEscape(FF->NotOffered)
           << "</p>\n";
      OS << "</li>\n";
    }
    if (FixNotes.empty()) {
      std::string D = fixDiff(Src, F.Fixes);
      if (!D.empty())
        OS << "<li><pre class=\"diff\">" << D << "</pre></li>\n";
    }
    OS << "</ol>\n";
  }
  bool OtherNotes = false;
  for (const Note *N : Others)
    if (N != Alloc)
      OtherNotes = true;
  if (OtherNotes) {
    OS << "<h3>Notes</h3>\n<ul>\n";
    for (const Note *N : Others)
      if (N != Alloc)
        OS << "<li><span class=\"loc\">" << htmlEscape(locText(N->Loc))
           << "</span> " << htmlEscape(N->Message) << "</li>\n";
    OS << "</ul>\n";
  }
  OS << "</article>\n";
  return F.Loc;
}

} // namespace

std::string formatHtml(const AnalysisResult &R, const ToolInfo &Tool,
                       const std::vector<RuleInfo> &Rules) {
  SourceFiles Src;
  std::ostringstream OS;
  unsigned Complete = 0, Partial = 0, Failed = 0;
  for (const FileResult &F : R.Files)
    (!F.Failure.empty() ? Failed : F.partial() ? Partial : Complete) += 1;
  // Findings per rule and severity (every rule, also those with none).
  std::map<std::string, std::map<Severity, unsigned>> PerRule;
  for (const RuleInfo &Rule : Rules)
    PerRule[Rule.Id];
  std::vector<const Finding *> All;
  std::vector<const std::string *> Given; // the TU's name, per finding
  for (const FileResult &F : R.Files)
    for (const Finding &X : F.Findings) {
      All.push_back(&X);
      Given.push_back(&F.File);
      ++PerRule[X.Check][X.Sev];
    }

  // The findings first: the summary's list links to them with the file
  // names as restored there.
  std::ostringstream Body;
  std::vector<SourceRef> Shown;
  for (std::size_t I = 0; I < All.size(); ++I)
    Shown.push_back(writeFinding(Body, Src, *All[I], *Given[I], I + 1));

  std::ostringstream Title;
  Title << Tool.Name << " report: " << R.errorCount() << " error"
        << (R.errorCount() == 1 ? "" : "s") << ", " << R.warningCount()
        << " warning" << (R.warningCount() == 1 ? "" : "s");
  writePageHead(OS, Tool.Name + " " + Tool.Version, Title.str());
  OS << "<header><h1>" << htmlEscape(Tool.Name)
     << " report</h1>\n<p class=\"muted\">" << htmlEscape(Tool.Name) << " "
     << htmlEscape(Tool.Version) << " \xc2\xb7 " << htmlEscape(summaryLine(R))
     << "</p></header>\n";

  OS << "<section id=\"summary\"><h2>Summary</h2>\n<table>"
        "<tr><th>files</th><th>count</th></tr>\n"
     << "<tr><td>analysed completely</td><td class=\"n\" id=\"files-complete\">"
     << Complete << "</td></tr>\n"
     << "<tr><td>analysed in part (compile errors)</td><td class=\"n\" "
        "id=\"files-partial\">"
     << Partial << "</td></tr>\n"
     << "<tr><td><a href=\"#not-analysed\">not analysed</a></td><td class=\"n\" "
        "id=\"files-failed\">"
     << Failed << "</td></tr>\n</table>\n"
     << "<table id=\"per-rule\"><tr><th>rule</th><th>errors</th><th>warnings</th>"
        "</tr>\n";
  for (const auto &[Rule, Counts] : PerRule) {
    auto Get = [&Counts](Severity S) {
      auto It = Counts.find(S);
      return It == Counts.end() ? 0u : It->second;
    };
    OS << "<tr><td><code>" << htmlEscape(Rule) << "</code></td><td class=\"n\">"
       << Get(Severity::Error) << "</td><td class=\"n\">" << Get(Severity::Warning)
       << "</td></tr>\n";
  }
  OS << "</table>\n";
  if (!All.empty()) {
    OS << "<nav><h3>Findings</h3><ul>\n";
    for (std::size_t I = 0; I < All.size(); ++I)
      OS << "<li><a href=\"#f" << I + 1 << "\">" << htmlEscape(locText(Shown[I]))
         << "</a> " << severityName(All[I]->Sev) << " <code>"
         << htmlEscape(All[I]->Check) << "</code></li>\n";
    OS << "</ul></nav>\n";
  }
  OS << "</section>\n";

  OS << "<section id=\"findings\">\n";
  if (All.empty())
    OS << "<p>No findings.</p>\n";
  OS << Body.str() << "</section>\n";

  OS << "<section id=\"not-analysed\"><h2>Files not analysed completely</h2>\n";
  if (!Failed && !Partial)
    OS << "<p>Every file was analysed completely.</p>\n";
  else
    OS << "<table><tr><th>file</th><th>status</th><th>reason</th></tr>\n";
  for (const FileResult &F : R.Files) {
    if (F.Failure.empty() && !F.partial())
      continue;
    OS << "<tr class=\"" << F.status() << "\"><td><code>" << htmlEscape(F.File)
       << "</code></td><td>" << (F.Failure.empty() ? "analysed in part" : "not analysed")
       << "</td><td>";
    if (!F.Failure.empty())
      OS << htmlEscape(F.Failure);
    else {
      OS << "compile errors (only the code clang understood was analysed):<ul>";
      std::size_t Shown = 0;
      for (const Finding &E : F.CompileErrors) {
        if (++Shown > 10) {
          OS << "<li>\xe2\x80\xa6 " << F.CompileErrors.size() - 10 << " more</li>";
          break;
        }
        OS << "<li><span class=\"loc\">" << htmlEscape(locText(E.Loc)) << "</span> "
           << htmlEscape(E.Message) << "</li>";
      }
      OS << "</ul>";
    }
    OS << "</td></tr>\n";
  }
  if (Failed || Partial)
    OS << "</table>\n";
  OS << "</section>\n";
  writeFeatureTable(OS);
  OS << "<footer class=\"muted\"><p>" << htmlEscape(Tool.Name)
     << " \xc2\xb7 rules: ";
  for (std::size_t I = 0; I < Rules.size(); ++I)
    OS << (I ? ", " : "") << "<code>" << htmlEscape(Rules[I].Id) << "</code> ("
       << htmlEscape(Rules[I].Summary) << ")";
  OS << "</p></footer>\n</body>\n</html>\n";
  return OS.str();
}

} // namespace usm
