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
#include <utility>
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

/// One step that carried the pointer from its allocation to the finding's
/// access or free: an assignment, a call (the pointer passed as an
/// argument, or the call whose result holds it), a return, a field store.
struct FactStep {
  std::string Kind; ///< "allocation", "assignment", "call", "return",
                    ///< "parameter", "field", "access", "free"
  SourceRef Loc;
  std::string Text; ///< the source text of the step
};

/// One fix, in the order the check ranks them.
struct FactFix {
  std::string Id;    ///< "UseHost", "UseShared", "CopyBack" (catalog
                     ///< FixIds), "RenameFree", "UseDeallocator"
  std::string Title; ///< catalog title ("allocate host memory instead")
  std::string Reason; ///< why it is ranked first (first fix only)
  /// The name to write instead of the allocator (deallocator), spelled as
  /// the user's code spells it (a compatibility macro when there is one).
  std::string Replacement;
  std::string Code;       ///< the code to write (copy-back: the copy call)
  bool FixIt = false;     ///< applied by --fix
  std::string NotOffered; ///< why there is no fix-it, when there is none
};

/// What a check knows about a finding, as data: every writer (text, JSON,
/// SARIF, explain, the worker wire format) reads this instead of the notes'
/// wording. Empty (Rule == "") for findings of checks that fill none.
struct FindingFacts {
  std::string Rule;       ///< the check
  std::string Access;     ///< "read", "write", "read-write", "free"
  std::string AccessExpr; ///< source text of the accessed / freed pointer
  SourceRef AllocSite;    ///< the allocation call
  std::string AllocLine;  ///< its source line
  std::string AllocApi;   ///< catalog row ("llvm_omp_target_alloc_device")
  std::string AllocSpelling; ///< the callee as written (a macro's name)
  std::string Model;      ///< "OpenMP", "SYCL", ...
  std::string Kind;       ///< "device", "host", "shared", "not USM", "USM"
  std::string Device;     ///< "constant", "symbolic", "unknown", "none"
  std::string DeviceText; ///< the device / queue / context argument's text
  std::string SizeText;   ///< the byte count (elements * sizeof for T forms)
  std::string Pointer;    ///< the variable holding the pointer
  std::string ElemType;   ///< the pointee type as written
  std::string FreeApi;    ///< usm-free-mismatch: the deallocator used
  std::string FreeSpelling; ///< ... as written
  SourceRef FreeSite;       ///< ... and where
  std::vector<FactStep> Steps;
  std::vector<FactFix> Fixes; ///< best first
  bool empty() const { return Rule.empty(); }
};

/// The facts as one line of JSON (the object `facts` of the JSON report),
/// and back; false if \p Text is not such an object.
std::string factsToJsonText(const FindingFacts &F);
bool factsFromJsonText(const std::string &Text, FindingFacts &F);

/// Checks hand their facts to the driver in a note whose message is this
/// prefix followed by factsToJsonText(); the driver removes that note.
constexpr const char *FactsNotePrefix = "usmcheck-facts:";

struct Finding {
  std::string Check; ///< "usm-host-access-device"
  Severity Sev = Severity::Warning;
  bool PromotedFromWarning = false; ///< by --warnings-as-errors
  SourceRef Loc;
  std::string Message;
  std::string SourceLine;
  std::vector<Note> Notes;
  std::vector<FixIt> Fixes; ///< applied by --fix
  FindingFacts Facts;       ///< structured side channel (may be empty)
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
  /// With --profile, per file (Files' order): the CPU seconds of the thread
  /// that analysed it, by phase (empty when it crashed or was not analysed).
  std::vector<std::vector<std::pair<std::string, double>>> Profiles;
  unsigned errorCount() const;
  unsigned warningCount() const;
};

} // namespace usm

#endif
