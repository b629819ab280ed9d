//===- RunHtml.h - `usmcheck run --html`: the runtime reports as one page -===//
//
// The runtime guard writes every report twice: as text where log_path says,
// and as one JSON line to json_path (runtime/Report.cpp). `usmcheck run
// --html=FILE` points json_path at a file of its own, runs the program,
// reads the records back with parseRunRecords() and writes the page of
// formatRunHtml(): a summary of the run and, per report, its stacks with
// source excerpts, the feature-table rows and the fixes. The page is built
// from the same pieces as `usmcheck check --format=html` (HtmlCommon.h).
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_REPORT_RUNHTML_H
#define USMCHECK_REPORT_RUNHTML_H

#include <string>
#include <vector>

namespace usm {

struct RunFrame {
  std::string Function, File, Module, Offset;
  unsigned Line = 0, Column = 0;
  bool Inlined = false;
};

struct RunStack {
  std::string Role; ///< access, call, allocation, other
  std::string Title;
  std::vector<RunFrame> Frames;
};

struct RunFix {
  std::string Title, Detail, When, Caveat;
  std::string MemoryKind; ///< the kind the fix switches to, if any
};

/// One report of the guard (one JSON line).
struct RunRecord {
  long Pid = 0;
  std::string Type, Severity, Message, Region, Allocator, MemoryKind, Why,
      Outcome, Action;
  std::vector<RunStack> Stacks;
  std::vector<std::string> Notes;
  std::vector<RunFix> Fixes;
};

/// The guard's JSON lines (strings may carry \udcXX for bytes that are not
/// UTF-8; they come back as those bytes). A line that is not a record (a
/// process killed in the middle of nothing: writes are whole lines, but a
/// full disk is not) is counted in \p BadLines and skipped.
std::vector<RunRecord> parseRunRecords(const std::string &Text,
                                       unsigned &BadLines);

/// What `usmcheck run --html` knows about the run.
struct RunInfo {
  std::vector<std::string> Argv; ///< the program and its arguments
  std::string Directory;         ///< the working directory
  bool Signaled = false;         ///< killed by a signal (Status is it)
  int Status = 0;                ///< exit status or signal number
  std::vector<RunRecord> Records;
  unsigned BadLines = 0;
};

/// The page: self-contained, no script, everything escaped.
std::string formatRunHtml(const RunInfo &R, const std::string &Version);

} // namespace usm

#endif
