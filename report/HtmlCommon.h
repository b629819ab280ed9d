//===- HtmlCommon.h - what every usmcheck HTML page shares ----------------===//
//
// The pieces of `usmcheck check --format=html` (HtmlReporter.cpp) and
// `usmcheck run --html` (RunHtml.cpp): the escaping, the page head with its
// inline style sheet and Content-Security-Policy, source excerpts with
// marked lines, and the USM feature table with an anchor per row.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_REPORT_HTMLCOMMON_H
#define USMCHECK_REPORT_HTMLCOMMON_H

#include "Catalog.h"

#include <map>
#include <sstream>
#include <string>
#include <vector>

namespace usm {

/// \p S as HTML text (also safe inside a double- or single-quoted
/// attribute): & < > " ' escaped; bytes that are not valid UTF-8, control
/// characters other than tab and newline, and C1 controls become a visible
/// `\xNN` (marked with <span class="bad">).
std::string htmlEscape(const std::string &S);

/// Source files' text, read once each.
class SourceFiles {
public:
  struct File {
    bool Ok = false;
    std::string Text;
    std::vector<std::size_t> Starts; ///< offset of each line's first byte
    unsigned lines() const { return Ok ? Starts.size() : 0; }
    std::string line(unsigned L) const; ///< 1-based, without EOL
  };
  const File &get(const std::string &Path);

private:
  std::map<std::string, File> Files;
};

/// A marked position in an excerpt.
struct Mark {
  unsigned Line, Column; ///< Column 0: the whole line, no token marked
  const char *Class;     ///< "access", "alloc" or "step"
  const char *Label;     ///< shown in the gutter
};

/// Source lines around the marks (two lines of context; ranges further
/// apart than that are shown separately). The marked token is the
/// identifier at the column (or one character).
void writeExcerpt(std::ostringstream &OS, const SourceFiles::File &F,
                  std::vector<Mark> Marks);

/// "<!DOCTYPE html>" up to and including "<body>": charset, a CSP that
/// forbids every resource but the inline style, the style sheet.
void writePageHead(std::ostringstream &OS, const std::string &Generator,
                   const std::string &Title);

/// The anchor of a feature-table row ("row-device").
std::string kindId(Kind K);
/// The whole feature table, one anchored row per kind.
void writeFeatureTable(std::ostringstream &OS);

} // namespace usm

#endif
