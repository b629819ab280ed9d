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
std::string str(const json &J, const char *Key) {
  auto It = J.find(Key);
  return It != J.end() && It->is_string() ? It->get<std::string>() : "";
}
SourceRef refOrEmpty(const json &J) {
  SourceRef L;
  L.File = str(J, "file");
  if (auto It = J.find("line"); It != J.end() && It->is_number())
    L.Line = It->get<unsigned>();
  if (auto It = J.find("column"); It != J.end() && It->is_number())
    L.Column = It->get<unsigned>();
  return L;
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
          {"fixes", fixesJson(F.Fixes)},
          {"facts", factsJson(F.Facts)}};
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
  F.Facts = factsFrom(J.at("facts"));
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
nlohmann::json factsJson(const FindingFacts &F) {
  if (F.empty())
    return json::object();
  json Steps = json::array();
  for (const FactStep &S : F.Steps) {
    json J = refJson(S.Loc);
    J["kind"] = S.Kind;
    J["text"] = S.Text;
    Steps.push_back(J);
  }
  json Fixes = json::array();
  for (const FactFix &X : F.Fixes)
    Fixes.push_back({{"id", X.Id},
                     {"title", X.Title},
                     {"reason", X.Reason},
                     {"replacement", X.Replacement},
                     {"code", X.Code},
                     {"fix_it", X.FixIt},
                     {"not_offered", X.NotOffered}});
  json Alloc = refJson(F.AllocSite);
  Alloc.update({{"source_line", F.AllocLine},
                {"api", F.AllocApi},
                {"spelling", F.AllocSpelling},
                {"model", F.Model},
                {"kind", F.Kind},
                {"device", {{"kind", F.Device}, {"text", F.DeviceText}}},
                {"size", F.SizeText},
                {"pointer", F.Pointer},
                {"element_type", F.ElemType}});
  json Out = {{"rule", F.Rule},
              {"access", {{"kind", F.Access}, {"expression", F.AccessExpr}}},
              {"allocation", Alloc},
              {"steps", Steps},
              {"fixes", Fixes}};
  if (!F.FreeApi.empty()) {
    json D = refJson(F.FreeSite);
    D.update({{"api", F.FreeApi}, {"spelling", F.FreeSpelling}});
    Out["deallocation"] = D;
  }
  return Out;
}

FindingFacts factsFrom(const nlohmann::json &J) {
  FindingFacts F;
  if (!J.is_object() || J.empty())
    return F;
  F.Rule = J.at("rule").get<std::string>();
  const json &A = J.at("access");
  F.Access = str(A, "kind");
  F.AccessExpr = str(A, "expression");
  const json &Al = J.at("allocation");
  F.AllocSite = refOrEmpty(Al);
  F.AllocLine = str(Al, "source_line");
  F.AllocApi = str(Al, "api");
  F.AllocSpelling = str(Al, "spelling");
  F.Model = str(Al, "model");
  F.Kind = str(Al, "kind");
  if (auto It = Al.find("device"); It != Al.end() && It->is_object()) {
    F.Device = str(*It, "kind");
    F.DeviceText = str(*It, "text");
  }
  F.SizeText = str(Al, "size");
  F.Pointer = str(Al, "pointer");
  F.ElemType = str(Al, "element_type");
  if (auto It = J.find("deallocation"); It != J.end() && It->is_object()) {
    F.FreeApi = str(*It, "api");
    F.FreeSpelling = str(*It, "spelling");
    F.FreeSite = refOrEmpty(*It);
  }
  for (const json &S : J.at("steps"))
    F.Steps.push_back({str(S, "kind"), refOrEmpty(S), str(S, "text")});
  for (const json &X : J.at("fixes")) {
    FactFix Fx;
    Fx.Id = str(X, "id");
    Fx.Title = str(X, "title");
    Fx.Reason = str(X, "reason");
    Fx.Replacement = str(X, "replacement");
    Fx.Code = str(X, "code");
    Fx.FixIt = X.value("fix_it", false);
    Fx.NotOffered = str(X, "not_offered");
    F.Fixes.push_back(std::move(Fx));
  }
  return F;
}

std::string factsToJsonText(const FindingFacts &F) {
  return factsJson(F).dump(-1, ' ', false, json::error_handler_t::replace);
}

bool factsFromJsonText(const std::string &Text, FindingFacts &F) {
  try {
    F = factsFrom(json::parse(Text));
    return true;
  } catch (const json::exception &) {
    return false;
  }
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
