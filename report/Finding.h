//===- Finding.h - one diagnosis, independent of Clang ---------------------===//
//
// The static checks (through the driver), `usmcheck explain` and the
// reporters exchange findings in this form. It holds plain strings so that
// reporters need no AST, and so that tests can build findings by hand.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_REPORT_FINDING_H
#define USMCHECK_REPORT_FINDING_H

#include <string>
#include <vector>

namespace usm {

enum class Severity { Error, Warning, Note };
const char *severityName(Severity S); // "error", "warning", "note"

struct SourceRef {
  std::string File; ///< as given by the user (or absolute from a database)
  unsigned Line = 0, Column = 0;
  bool valid() const { return !File.empty() && Line != 0; }
};

struct FixIt {
  std::string File;
  unsigned Offset = 0, Length = 0; ///< byte range replaced
  unsigned Line = 0, Column = 0, EndLine = 0, EndColumn = 0;
  std::string Replacement;
};

struct Note {
  SourceRef Loc;
  std::string Message;
  std::string SourceLine;     ///< text of Loc's line, without newline
  std::vector<FixIt> Fixes;   ///< fixes offered by this note (not applied)
};

struct Finding {
  std::string Check; ///< "usm-host-access-device"
  Severity Sev = Severity::Warning;
  bool PromotedFromWarning = false; ///< by --warnings-as-errors
  SourceRef Loc;
  std::string Message;
  std::string SourceLine;
  std::vector<Note> Notes;
  std::vector<FixIt> Fixes; ///< applied by --fix
};

/// What the analysis of one translation unit produced.
struct FileResult {
  std::string File;
  std::vector<Finding> Findings;
  /// Compiler errors: the AST was incomplete, so the analysis was partial.
  std::vector<Finding> CompileErrors;
  /// Set when this file could not be analysed, or not completely: its
  /// compile command is unusable (an unknown compiler flag), or the analysis
  /// crashed (a bug in usmcheck). The run then exits with status 2.
  std::string Failure;
  bool partial() const { return !CompileErrors.empty(); }
  /// "failed" (not analysed, or the analysis broke off), "partial" (compile
  /// errors: only the code clang understood was analysed) or "complete".
  const char *status() const {
    return !Failure.empty() ? "failed" : partial() ? "partial" : "complete";
  }
};

/// The wire form of a FileResult, by which a worker process hands the
/// analysis of one translation unit back to the driver (JSON).
std::string fileResultToWire(const FileResult &R);
/// Parses fileResultToWire()'s output; false if \p Text is not one.
bool fileResultFromWire(const std::string &Text, FileResult &R);

struct AnalysisResult {
  std::vector<FileResult> Files; ///< in command-line order
  unsigned errorCount() const;
  unsigned warningCount() const;
};

} // namespace usm

#endif
