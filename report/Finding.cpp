#include "Finding.h"
#include "FindingJson.h"

namespace usm {

const char *severityName(Severity S) {
  switch (S) {
  case Severity::Error:
    return "error";
  case Severity::Warning:
    return "warning";
  case Severity::Note:
    return "note";
  }
  return "warning";
}

unsigned AnalysisResult::errorCount() const {
  unsigned N = 0;
  for (const FileResult &F : Files)
    for (const Finding &D : F.Findings)
      N += D.Sev == Severity::Error;
  return N;
}

unsigned AnalysisResult::warningCount() const {
  unsigned N = 0;
  for (const FileResult &F : Files)
    for (const Finding &D : F.Findings)
      N += D.Sev == Severity::Warning;
  return N;
}

namespace {
using nlohmann::json;

json refJson(const SourceRef &L) {
  return {{"file", L.File}, {"line", L.Line}, {"column", L.Column}};
}
SourceRef refFrom(const json &J) {
  SourceRef L;
  L.File = J.at("file").get<std::string>();
  L.Line = J.at("line").get<unsigned>();
  L.Column = J.at("column").get<unsigned>();
  return L;
}
std::vector<FixIt> fixesFrom(const json &A) {
  std::vector<FixIt> Out;
  for (const json &J : A) {
    FixIt X;
    X.File = J.at("file").get<std::string>();
    X.Offset = J.at("offset").get<unsigned>();
    X.Length = J.at("length").get<unsigned>();
    X.Line = J.at("line").get<unsigned>();
    X.Column = J.at("column").get<unsigned>();
    X.EndLine = J.at("end_line").get<unsigned>();
    X.EndColumn = J.at("end_column").get<unsigned>();
    X.Replacement = J.at("replacement").get<std::string>();
    Out.push_back(std::move(X));
  }
  return Out;
}
json findingJson(const Finding &F) {
  json Notes = json::array();
  for (const Note &N : F.Notes)
    Notes.push_back({{"loc", refJson(N.Loc)},
                     {"message", N.Message},
                     {"source_line", N.SourceLine},
                     {"fixes", fixesJson(N.Fixes)}});
  return {{"check", F.Check},
          {"severity", static_cast<int>(F.Sev)},
          {"promoted", F.PromotedFromWarning},
          {"loc", refJson(F.Loc)},
          {"message", F.Message},
          {"source_line", F.SourceLine},
          {"notes", Notes},
          {"fixes", fixesJson(F.Fixes)}};
}
Finding findingFrom(const json &J) {
  Finding F;
  F.Check = J.at("check").get<std::string>();
  F.Sev = static_cast<Severity>(J.at("severity").get<int>());
  F.PromotedFromWarning = J.at("promoted").get<bool>();
  F.Loc = refFrom(J.at("loc"));
  F.Message = J.at("message").get<std::string>();
  F.SourceLine = J.at("source_line").get<std::string>();
  for (const json &N : J.at("notes")) {
    Note Nt;
    Nt.Loc = refFrom(N.at("loc"));
    Nt.Message = N.at("message").get<std::string>();
    Nt.SourceLine = N.at("source_line").get<std::string>();
    Nt.Fixes = fixesFrom(N.at("fixes"));
    F.Notes.push_back(std::move(Nt));
  }
  F.Fixes = fixesFrom(J.at("fixes"));
  return F;
}
} // namespace

nlohmann::json fixesJson(const std::vector<FixIt> &Fixes) {
  nlohmann::json A = nlohmann::json::array();
  for (const FixIt &X : Fixes)
    A.push_back({{"file", X.File},
                 {"offset", X.Offset},
                 {"length", X.Length},
                 {"line", X.Line},
                 {"column", X.Column},
                 {"end_line", X.EndLine},
                 {"end_column", X.EndColumn},
                 {"replacement", X.Replacement}});
  return A;
}
std::string fileResultToWire(const FileResult &R) {
  json Findings = json::array(), Errors = json::array();
  for (const Finding &F : R.Findings)
    Findings.push_back(findingJson(F));
  for (const Finding &F : R.CompileErrors)
    Errors.push_back(findingJson(F));
  // Invalid UTF-8 in source lines becomes U+FFFD, as in the JSON report.
  return json{{"file", R.File},
              {"findings", Findings},
              {"compile_errors", Errors},
              {"failure", R.Failure}}
      .dump(-1, ' ', false, json::error_handler_t::replace);
}

bool fileResultFromWire(const std::string &Text, FileResult &R) {
  try {
    json J = json::parse(Text);
    R.File = J.at("file").get<std::string>();
    R.Failure = J.at("failure").get<std::string>();
    for (const json &F : J.at("findings"))
      R.Findings.push_back(findingFrom(F));
    for (const json &F : J.at("compile_errors"))
      R.CompileErrors.push_back(findingFrom(F));
    return true;
  } catch (const json::exception &) {
    return false;
  }
}

} // namespace usm
