#include "Finding.h"

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

} // namespace usm
