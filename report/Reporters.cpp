#include "Reporters.h"
#include "FindingJson.h"

#include <nlohmann/json.hpp>

#include <cctype>
#include <cstdint>
#include <cstdio>
#include <sstream>

namespace usm {
namespace {

using nlohmann::json;

const char *const Bold = "\033[1m", *const Red = "\033[1;31m",
                  *const Magenta = "\033[1;35m", *const Cyan = "\033[1;36m",
                  *const Green = "\033[1;32m", *const Reset = "\033[0m";

const char *colorOf(Severity S) {
  switch (S) {
  case Severity::Error:
    return Red;
  case Severity::Warning:
    return Magenta;
  case Severity::Note:
    return Cyan;
  }
  return Reset;
}

void writeCaret(std::ostringstream &OS, const std::string &Line,
                unsigned Column, bool Color) {
  if (Line.empty() && Column <= 1)
    return;
  // Tabs in the prefix keep their width, and escaped bytes the width of
  // their escape, so the caret lands under the text.
  std::string Pad;
  for (unsigned I = 0; I + 1 < Column && I < Line.size(); ++I)
    Pad += Line[I] == '\t' ? std::string("\t")
                            : std::string(printable(Line.substr(I, 1)).size(), ' ');
  OS << printable(Line) << "\n"
     << Pad << (Color ? Green : "") << "^" << (Color ? Reset : "") << "\n";
}

void writeDiag(std::ostringstream &OS, const SourceRef &Loc, Severity S,
               const std::string &Message, const std::string &Check,
               const std::string &Line, bool Color) {
  if (Color)
    OS << Bold;
  if (Loc.valid())
    OS << printable(Loc.File) << ":" << Loc.Line << ":" << Loc.Column << ": ";
  else if (!Loc.File.empty())
    OS << printable(Loc.File) << ": ";
  if (Color)
    OS << colorOf(S);
  OS << severityName(S) << ": ";
  if (Color)
    OS << Reset << Bold;
  OS << printable(Message);
  if (!Check.empty())
    OS << " [" << Check << "]";
  if (Color)
    OS << Reset;
  OS << "\n";
  if (Loc.valid())
    writeCaret(OS, Line, Loc.Column, Color);
}

/// Stable across runs and unrelated edits: check, file, message and the
/// text of the line (not its number). FNV-1a, 64 bits.
std::string fingerprint(const Finding &F) {
  std::uint64_t H = 1469598103934665603ull;
  auto Mix = [&H](const std::string &S) {
    for (unsigned char C : S) {
      H ^= C;
      H *= 1099511628211ull;
    }
    H ^= 0xff;
    H *= 1099511628211ull;
  };
  std::string Trimmed = F.SourceLine;
  Trimmed.erase(0, Trimmed.find_first_not_of(" \t"));
  Mix(F.Check);
  Mix(F.Loc.File);
  Mix(F.Message);
  Mix(Trimmed);
  char Buf[17];
  std::snprintf(Buf, sizeof(Buf), "%016llx", (unsigned long long)H);
  return Buf;
}

/// SARIF's level names are usmcheck's severity names.
const char *sarifLevel(Severity S) { return severityName(S); }

json sarifLocation(const SourceRef &Loc, const std::string &Snippet) {
  json Region = {{"startLine", Loc.Line}};
  if (Loc.Column)
    Region["startColumn"] = Loc.Column;
  if (!Snippet.empty())
    Region["snippet"] = {{"text", Snippet}};
  return {{"physicalLocation",
           {{"artifactLocation", {{"uri", uriReference(Loc.File)}, {"uriBaseId", "%SRCROOT%"}}},
            {"region", Region}}}};
}

} // namespace

std::string printable(const std::string &S) {
  std::string Out;
  for (size_t I = 0; I < S.size(); ++I) {
    unsigned char C = S[I];
    // U+0080..U+009F (C1 controls, e.g. CSI) are C2 80..C2 9F in UTF-8.
    bool C1 = C == 0xC2 && I + 1 < S.size() &&
              static_cast<unsigned char>(S[I + 1]) >= 0x80 &&
              static_cast<unsigned char>(S[I + 1]) <= 0x9F;
    if ((C < 0x20 && C != '\t') || C == 0x7F || C1) {
      unsigned char B = C1 ? static_cast<unsigned char>(S[++I]) : C;
      char Buf[8];
      std::snprintf(Buf, sizeof(Buf), "\\x%02X", B);
      Out += Buf;
      continue;
    }
    Out += static_cast<char>(C);
  }
  return Out;
}

std::string uriReference(const std::string &Path) {
  std::string Out;
  for (unsigned char C : Path) {
    if (std::isalnum(C) || C == '-' || C == '.' || C == '_' || C == '~' ||
        C == '/') {
      Out += static_cast<char>(C);
      continue;
    }
    char Buf[4];
    std::snprintf(Buf, sizeof(Buf), "%%%02X", C);
    Out += Buf;
  }
  return Out;
}

std::string formatText(const AnalysisResult &R, bool Color) {
  std::ostringstream OS;
  for (const FileResult &FR : R.Files) {
    // Not analysed, or the analysis broke off: said in the report itself,
    // not only on stderr, so a report read alone is not mistaken for clean.
    if (!FR.Failure.empty())
      writeDiag(OS, SourceRef{FR.File, 0, 0}, Severity::Error,
                "not analysed: " + FR.Failure, "", "", Color);
    if (FR.partial()) {
      const Finding &First = FR.CompileErrors.front();
      writeDiag(OS, SourceRef{FR.File, 0, 0}, Severity::Warning,
                "analysis was partial: the file has " +
                    std::to_string(FR.CompileErrors.size()) +
                    " compile error(s); the first is at " + First.Loc.File +
                    ":" + std::to_string(First.Loc.Line) + ": " +
                    First.Message,
                "", "", Color);
    }
    for (const Finding &F : FR.Findings) {
      std::string Check = F.Check;
      if (F.PromotedFromWarning)
        Check += ",-warnings-as-errors";
      writeDiag(OS, F.Loc, F.Sev, F.Message, Check, F.SourceLine, Color);
      for (const Note &N : F.Notes) {
        writeDiag(OS, N.Loc, Severity::Note, N.Message, "", N.SourceLine,
                  Color);
        for (const FixIt &X : N.Fixes)
          if (!X.Replacement.empty())
            OS << "    " << X.Replacement << "\n";
      }
    }
  }
  return OS.str();
}

std::string summaryLine(const AnalysisResult &R) {
  unsigned E = R.errorCount(), W = R.warningCount();
  unsigned Partial = 0, Failed = 0;
  for (const FileResult &F : R.Files) {
    Failed += !F.Failure.empty();
    Partial += F.Failure.empty() && F.partial();
  }
  std::string S = std::to_string(E) + (E == 1 ? " error" : " errors") +
                  " and " + std::to_string(W) +
                  (W == 1 ? " warning" : " warnings") + " in " +
                  std::to_string(R.Files.size()) +
                  (R.Files.size() == 1 ? " file" : " files");
  if (Partial && Failed)
    S += " (" + std::to_string(Partial) + " analysed partially, " +
         std::to_string(Failed) + " not analysed)";
  else if (Partial)
    S += " (" + std::to_string(Partial) + " analysed partially)";
  else if (Failed)
    S += " (" + std::to_string(Failed) + " not analysed)";
  return S;
}

std::string formatJson(const AnalysisResult &R, const ToolInfo &Tool) {
  json Findings = json::array(), Files = json::array();
  unsigned Partial = 0, Failed = 0;
  for (const FileResult &FR : R.Files) {
    Failed += !FR.Failure.empty();
    Partial += FR.Failure.empty() && FR.partial();
  }
  for (const FileResult &FR : R.Files) {
    json Errors = json::array();
    for (const Finding &E : FR.CompileErrors)
      Errors.push_back({{"file", E.Loc.File},
                        {"line", E.Loc.Line},
                        {"column", E.Loc.Column},
                        {"message", E.Message}});
    json File = {{"file", FR.File},
                 {"status", FR.status()},
                 {"partial", FR.partial()},
                 {"compile_errors", Errors}};
    if (!FR.Failure.empty())
      File["failure"] = FR.Failure;
    Files.push_back(File);
    for (const Finding &F : FR.Findings) {
      json Notes = json::array();
      for (const Note &N : F.Notes)
        Notes.push_back({{"file", N.Loc.File},
                         {"line", N.Loc.Line},
                         {"column", N.Loc.Column},
                         {"message", N.Message},
                         {"fixes", fixesJson(N.Fixes)}});
      Findings.push_back({{"check", F.Check},
                          {"severity", severityName(F.Sev)},
                          {"promoted_from_warning", F.PromotedFromWarning},
                          {"file", F.Loc.File},
                          {"line", F.Loc.Line},
                          {"column", F.Loc.Column},
                          {"message", F.Message},
                          {"notes", Notes},
                          {"fixes", fixesJson(F.Fixes)},
                          {"facts", factsJson(F.Facts)}});
    }
  }
  json Out = {{"tool", Tool.Name},
              {"version", Tool.Version},
              {"findings", Findings},
              {"files", Files},
              {"summary",
               {{"errors", R.errorCount()},
                {"warnings", R.warningCount()},
                {"files", R.Files.size()},
                {"files_partial", Partial},
                {"files_failed", Failed}}}};
  // Source lines and file names are bytes, not always UTF-8: invalid
  // sequences become U+FFFD instead of an exception (found by
  // usmcheck-fuzz-check).
  return Out.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

std::string formatSarif(const AnalysisResult &R, const ToolInfo &Tool,
                        const std::vector<RuleInfo> &Rules) {
  json RulesJson = json::array();
  for (const RuleInfo &Rule : Rules)
    RulesJson.push_back(
        {{"id", Rule.Id},
         {"name", Rule.Id},
         {"shortDescription", {{"text", Rule.Summary}}},
         {"fullDescription", {{"text", Rule.Summary}}},
         {"help",
          {{"text", Rule.Help}, {"markdown", Rule.Help}}},
         {"helpUri", Rule.HelpUri},
         {"defaultConfiguration", {{"level", sarifLevel(Rule.DefaultSeverity)}}},
         {"properties", {{"tags", {"usm", "gpu", "correctness"}}}}});

  auto RuleIndex = [&Rules](const std::string &Id) -> int {
    for (size_t I = 0; I < Rules.size(); ++I)
      if (Rules[I].Id == Id)
        return static_cast<int>(I);
    return -1;
  };

  json Results = json::array();
  json Notifications = json::array();
  bool Success = true;
  for (const FileResult &FR : R.Files) {
    if (!FR.Failure.empty()) {
      // Not analysed (or the analysis broke off): the run did not do its
      // job for this file, and a SARIF consumer must not read it as clean.
      Success = false;
      Notifications.push_back(
          {{"level", "error"},
           {"message", {{"text", "not analysed: " + FR.Failure}}},
           {"locations",
            {{{"physicalLocation",
               {{"artifactLocation",
                 {{"uri", uriReference(FR.File)}, {"uriBaseId", "%SRCROOT%"}}}}}}}}});
    }
    for (const Finding &E : FR.CompileErrors)
      Notifications.push_back(
          {{"level", "warning"},
           {"message",
            {{"text", "analysis was partial: compile error: " + E.Message}}},
           {"locations", {sarifLocation(E.Loc, E.SourceLine)}}});
    for (const Finding &F : FR.Findings) {
      json Result = {{"ruleId", F.Check},
                     {"level", sarifLevel(F.Sev)},
                     {"message", {{"text", F.Message}}},
                     {"locations", {sarifLocation(F.Loc, F.SourceLine)}},
                     {"partialFingerprints",
                      {{"usmcheckFingerprint/v1", fingerprint(F)}}}};
      int Index = RuleIndex(F.Check);
      if (Index >= 0)
        Result["ruleIndex"] = Index;
      json Related = json::array();
      int Id = 1;
      for (const Note &N : F.Notes) {
        if (!N.Loc.valid())
          continue;
        json L = sarifLocation(N.Loc, N.SourceLine);
        L["id"] = Id++;
        L["message"] = {{"text", N.Message}};
        Related.push_back(L);
      }
      if (!Related.empty())
        Result["relatedLocations"] = Related;
      if (!F.Facts.empty()) {
        // The facts as result properties, and the steps from the allocation
        // to the access as a code flow.
        Result["properties"] = {{"facts", factsJson(F.Facts)}};
        json Flow = json::array();
        for (const FactStep &S : F.Facts.Steps) {
          if (!S.Loc.valid())
            continue;
          json L = sarifLocation(S.Loc, "");
          L["message"] = {{"text", S.Kind + ": " + S.Text}};
          Flow.push_back({{"location", L}});
        }
        if (!Flow.empty())
          Result["codeFlows"] = {
              {{"threadFlows", {{{"locations", Flow}}}}}};
      }
      if (!F.Fixes.empty()) {
        json Changes = json::array();
        for (const FixIt &X : F.Fixes)
          Changes.push_back(
              {{"artifactLocation", {{"uri", uriReference(X.File)}, {"uriBaseId", "%SRCROOT%"}}},
               {"replacements",
                {{{"deletedRegion",
                   {{"startLine", X.Line},
                    {"startColumn", X.Column},
                    {"endLine", X.EndLine},
                    {"endColumn", X.EndColumn}}},
                  {"insertedContent", {{"text", X.Replacement}}}}}}});
        Result["fixes"] = {{{"description", {{"text", "apply the usmcheck fix"}}},
                            {"artifactChanges", Changes}}};
      }
      Results.push_back(Result);
    }
  }

  json Invocation = {{"executionSuccessful", Success}};
  if (!Notifications.empty())
    Invocation["toolExecutionNotifications"] = Notifications;
  json Run = {{"tool",
               {{"driver",
                 {{"name", Tool.Name},
                  {"version", Tool.Version},
                  {"semanticVersion", Tool.Version},
                  {"informationUri", Tool.InformationUri},
                  {"rules", RulesJson}}}}},
              {"originalUriBaseIds", {{"%SRCROOT%", {{"uri", Tool.SrcRootUri}}}}},
              {"invocations", {Invocation}},
              {"columnKind", "utf16CodeUnits"},
              {"results", Results}};
  json Log = {{"$schema", "https://json.schemastore.org/sarif-2.1.0.json"},
              {"version", "2.1.0"},
              {"runs", {Run}}};
  return Log.dump(2, ' ', false, json::error_handler_t::replace) + "\n";
}

} // namespace usm
