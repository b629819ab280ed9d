//===- Explanation.h - a finding explained against the USM feature table
//----===//
//
// For each finding `usmcheck explain` prints:
//   1. the code excerpt around the finding and the allocation line;
//   2. the feature-table rows (catalog) of the kind involved and of the kinds
//      the fixes would use;
//   3. why the access breaks the rule (the column named by ExplainRules.def);
//   4. the ranked fixes (catalog fixes), each with the code to write: the
//      allocation with the family member of the other kind, and for the
//      copy-back fix the model's copy call (models.def) with the allocation's
//      own size and device arguments filled in.
//
// Everything is derived from data: the allocation API, kind, site, size and
// device arguments, the pointer and the check's ranking and spelling of the
// fixes come from the finding's facts (report/Finding.h, filled by the
// check; the wording of notes is never parsed), the table text from
// feature_table.def. Nothing is
// hard-coded per API, so a new catalog row is explained without code changes.
//
// The same facts build the LLM prompt (buildPrompt), so that the model sees
// exactly what the offline explanation shows.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_EXPLAIN_EXPLANATION_H
#define USMCHECK_EXPLAIN_EXPLANATION_H

#include "Catalog.h"
#include "Finding.h"

#include <optional>
#include <string>
#include <vector>

namespace usm::explain {

enum class Side { Host, Device, None };

/// What explain knows about a finding after reading it against the catalog.
struct ExplainFacts {
  Side S = Side::None;
  std::optional<Kind> K;      ///< kind of the memory involved
  const Api *Alloc = nullptr; ///< the allocation API, when a note names it
  std::optional<Model> M;
  SourceRef AllocLoc;
  std::string AllocLine;    ///< source text of the allocation
  std::string AllocSpelling; ///< the allocator's name as written there
  /// Per FixId: the other allocator's name as the user's code spells it.
  std::string Spelled[3];
  std::string Pointer;      ///< variable holding the pointer, when known
  std::string ElemType;     ///< pointee type spelled in the source ("double")
  std::string SizeExpr;     ///< byte count expression of the allocation
  std::string DevExpr;      ///< device / queue argument of the allocation
  std::vector<FixId> Fixes; ///< best first
  /// The fix the check itself recommends (a note "recommended fix, REASON:
  /// <catalog fix title> ..."), moved to the front of Fixes.
  std::optional<FixId> Recommended;
  std::string RecommendReason;
  std::string Consequence;
};

/// Derives the facts. \p FileLines, when given, are the lines of the
/// finding's file (index 0 = line 1), used to find the pointer's type.
ExplainFacts deriveFacts(const Finding &F,
                         const std::vector<std::string> *FileLines = nullptr);

/// Splits the arguments of the first call to \p Callee in \p Line (balanced
/// parentheses, commas at depth 0). \p TemplateArg receives "<...>" content
/// when the call is written callee<T>(...). False if no complete call.
bool callArguments(const std::string &Line, const std::string &Callee,
                   std::vector<std::string> &Args, std::string *TemplateArg);

/// Replaces the identifier \p From by \p To outside string and character
/// literals.
std::string replaceIdentifier(const std::string &Line, const std::string &From,
                              const std::string &To);

/// Fills {dst} {src} {bytes} {dev} {queue} of a models.def copy-back call.
std::string fillCopyBack(std::string_view Template, const ExplainFacts &Facts,
                         const std::string &HostBuffer);

enum class OutputFormat { Text, Markdown };

/// The explanation of one finding. \p FileLines as for deriveFacts.
std::string renderExplanation(const Finding &F, OutputFormat Fmt,
                              const std::vector<std::string> *FileLines);

/// The feature-table rows of \p Kinds, formatted for \p Fmt.
std::string renderRows(const std::vector<Kind> &Kinds, OutputFormat Fmt,
                       std::optional<Kind> Highlight);

/// The fixed instructions and question sent with every finding.
extern const char *const LlmSystemPrompt;
extern const char *const LlmQuestion;

/// The user message for one finding: the finding, the excerpt, the table
/// rows involved, the fixes usmcheck considers, and LlmQuestion.
std::string buildPrompt(const Finding &F,
                        const std::vector<std::string> *FileLines);

/// Reads a file into lines (without newlines); false if unreadable.
bool readLines(const std::string &Path, std::vector<std::string> &Lines);

} // namespace usm::explain

#endif
