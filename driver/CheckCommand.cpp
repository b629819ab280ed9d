//===- CheckCommand.cpp - `usmcheck check` ----------------------------------===//
//
// Parses the clang-tidy-like command line, runs the analysis and writes the
// findings in the chosen format. Exit status: 0 no error-level findings,
// 1 error-level findings (including warnings promoted by
// --warnings-as-errors), 2 usage or tool failure.
//
//===----------------------------------------------------------------------===//
#include "Analysis.h"
#include "utils/Profile.h"
#include "CheckInfo.h"
#include "Bench.h"
#include "Commands.h"
#include "HtmlReporter.h"
#include "Reporters.h"
#include "Version.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Threading.h"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <unistd.h>

namespace usm {
namespace {

const char *const CheckHelp =
    "usage: usmcheck check [options] FILE... [-- COMPILER-FLAGS]\n"
    "       usmcheck check [options] -p BUILD-DIR [FILE...]\n"
    "\n"
    "Analyses C, C++, CUDA, HIP and SYCL sources for USM mistakes with the\n"
    "clang-tidy `usm` checks. The language is taken from the extension and\n"
    "the flags (.cu is CUDA, #pragma omp turns on -fopenmp); missing SYCL,\n"
    "Level Zero, HIP and CUDA headers are replaced by usmcheck's analysis\n"
    "headers. Compile commands of nvcc, hipcc, icpx and offloading clang\n"
    "are turned into host-side clang commands (see -v). After `--` come\n"
    "compile flags, or a whole compile command starting with the compiler\n"
    "(as CMake's CMAKE_<LANG>_CLANG_TIDY passes it).\n"
    "\n"
    "options:\n"
    "  -p BUILD-DIR               read compile_commands.json from BUILD-DIR\n"
    "                             (all its files when none are given)\n"
    "  --checks=GLOBS             enable/disable checks, e.g.\n"
    "                             '-*,usm-host-access-device' (default usm-*\n"
    "                             but the opt-in usm-missing-is-device-ptr,\n"
    "                             enabled by naming it or by usm-*)\n"
    "  --warnings-as-errors=GLOBS findings of these checks are errors\n"
    "  --config-file=FILE         clang-tidy style YAML config (default: the\n"
    "                             nearest .usmcheck above each source)\n"
    "  --list-checks              list the enabled checks and exit\n"
    "  --format=text|json|sarif|html\n"
    "                             output format (default text; html is one\n"
    "                             self-contained page, docs/html-report.md)\n"
    "  -o FILE, --output=FILE     write the report to FILE (default stdout)\n"
    "  --fix                      apply the fix-its to the sources\n"
    "  --export-fixes=FILE        write the fix-its as clang-tidy YAML\n"
    "  --bench-results=FILE       the JSON of `usmcheck bench --format=json`:\n"
    "                             the advisor checks quote its measured costs\n"
    "                             and usm-host-access-device ranks its fixes\n"
    "                             with them\n"
    "  --color=auto|always|never  colour text output (auto: on a terminal,\n"
    "                             unless NO_COLOR is set)\n"
    "  -j N, --jobs=N             analyse N translation units in parallel,\n"
    "                             each in a worker process of its own (same\n"
    "                             output at any N, in command-line order)\n"
    "  --extra-arg=ARG            add ARG at the end of every compile command\n"
    "  --extra-arg-before=ARG     add ARG right after the compiler\n"
    "  --fail-on-partial          exit 2 also when a file could be analysed\n"
    "                             only in part (it has compile errors)\n"
    "  -v, --verbose              print the command each file is analysed\n"
    "                             with and the flags dropped from it\n"
    "  -q, --quiet                no summary or progress on stderr\n"
    "  --profile                  print, for each file, where its analysis\n"
    "                             spent its CPU time (clang's parse, the\n"
    "                             engine's passes, each check) on stderr\n"
    "  -h, --help                 show this help\n"
    "\n"
    "Suppress a finding with // NOLINT(usm-CHECK) on its line or\n"
    "// NOLINTNEXTLINE(usm-CHECK) on the line before.\n"
    "\n"
    "Exit status: 0 no error-level findings, 1 error-level findings, 2 usage\n"
    "or tool failure, or a file that could not be analysed.\n";

/// --profile: one file's phases, on stderr.
void printProfile(const std::string &File,
                  const std::vector<std::pair<std::string, double>> &Phases) {
  std::string Name = printable(File);
  if (Phases.empty()) {
    std::fprintf(stderr,
                 "usmcheck: profile of '%s': none (it was not analysed, or "
                 "its analysis did not finish)\n",
                 Name.c_str());
    return;
  }
  // The rows come in profile::finish()'s order.
  double Total = 0, Parse = 0;
  for (const auto &P : Phases) {
    Total += P.second;
    if (P.first == clang::tidy::usm::profile::Parse)
      Parse = P.second;
  }
  std::fprintf(stderr,
               "usmcheck: profile of '%s' (CPU seconds of the analysis "
               "thread):\n",
               Name.c_str());
  for (const auto &P : Phases)
    std::fprintf(stderr, "  %-30s %9.4f %6.1f%%\n", P.first.c_str(), P.second,
                 Total > 0 ? 100 * P.second / Total : 0.0);
  std::fprintf(stderr, "  %-30s %9.4f\n", "total", Total);
  if (Parse > 0)
    std::fprintf(stderr, "  %-30s %9.4f %6.1f%% of the parse\n",
                 "all but the parse", Total - Parse,
                 100 * (Total - Parse) / Parse);
}

/// Splits "--name=value" / "--name value" / "-n value" forms.
class ArgReader {
public:
  explicit ArgReader(const Args &A) : A(A) {}
  bool done() const { return I >= A.size(); }
  const std::string &peek() const { return A[I]; }
  std::string next() { return A[I++]; }

  /// Matches option \p Name (with "=value" or a separate value). Sets
  /// \p Missing when the value is absent.
  bool value(const std::string &Name, std::string &Out, bool &Missing) {
    const std::string &Cur = A[I];
    if (Cur == Name) {
      if (I + 1 >= A.size()) {
        Missing = true;
        ++I;
        return true;
      }
      Out = A[I + 1];
      I += 2;
      return true;
    }
    if (llvm::StringRef(Cur).starts_with(Name + "=")) {
      Out = Cur.substr(Name.size() + 1);
      ++I;
      return true;
    }
    // Short options also take a joined value: -j4, -pbuild, -oout.txt.
    if (Name.size() == 2 && Name[0] == '-' && Name[1] != '-' &&
        Cur.size() > 2 && llvm::StringRef(Cur).starts_with(Name)) {
      Out = Cur.substr(2);
      ++I;
      return true;
    }
    return false;
  }

private:
  const Args &A;
  size_t I = 0;
};

std::vector<RuleInfo> ruleInfos() {
  std::vector<RuleInfo> Rules;
  std::size_t N = 0;
  const CheckInfo *Infos = checkInfos(N);
  for (std::size_t I = 0; I < N; ++I) {
    RuleInfo R;
    R.Id = std::string(Infos[I].Name);
    R.DefaultSeverity = Infos[I].DefaultSeverity;
    R.Summary = std::string(Infos[I].Summary);
    R.Help = std::string(Infos[I].Help);
    R.HelpUri = std::string(USMCHECK_INFORMATION_URI) + "/blob/main/docs/checks/" +
                R.Id + ".md";
    Rules.push_back(std::move(R));
  }
  return Rules;
}

bool sameFile(const std::string &A, const std::string &B) {
  llvm::sys::fs::UniqueID IA, IB;
  if (llvm::sys::fs::getUniqueID(A, IA) || llvm::sys::fs::getUniqueID(B, IB))
    return false;
  return IA == IB;
}

} // namespace

int checkMain(const Args &A) {
  AnalysisOptions Opts;
  std::string Format = "text", Output, Color = "auto";
  bool ListChecks = false, Quiet = false, FailOnPartial = false;
  ArgReader R(A);
  while (!R.done()) {
    std::string V;
    bool Missing = false;
    const std::string Cur = R.peek();
    if (Cur == "--") {
      R.next();
      while (!R.done())
        Opts.ExtraArgs.push_back(R.next());
      break;
    }
    if (Cur == "-h" || Cur == "--help") {
      std::fputs(CheckHelp, stdout);
      return 0;
    }
    bool Shared = false;
    for (const std::string &Name : analysisOptionNames()) {
      if (!R.value(Name, V, Missing))
        continue;
      std::string Error;
      if (Missing)
        return usageError(Name + " needs a value");
      if (!applyAnalysisOption(Name, V, Opts, Error))
        return usageError(Error);
      Shared = true;
      break;
    }
    if (Shared)
      continue;
    if (R.value("--format", V, Missing)) {
      if (Missing ||
          (V != "text" && V != "json" && V != "sarif" && V != "html"))
        return usageError("unknown format '" + V +
                          "' (expected text, json, sarif or html)");
      Format = V;
    } else if (R.value("-o", V, Missing) || R.value("--output", V, Missing)) {
      if (Missing || V.empty())
        return usageError("-o needs a file name");
      Output = V;
    } else if (R.value("--bench-results", V, Missing)) {
      if (Missing || V.empty())
        return usageError("--bench-results needs a file name");
      std::string Summary, Err;
      if (!bench::summaryForChecks(V, Summary, Err))
        return usageError(Err);
      // The advisor checks read it (workers inherit the environment).
      setenv("USMCHECK_BENCH_SUMMARY", Summary.c_str(), 1);
    } else if (R.value("--export-fixes", V, Missing)) {
      if (Missing || V.empty())
        return usageError("--export-fixes needs a file name");
      Opts.ExportFixes = V;
    } else if (R.value("--color", V, Missing)) {
      if (Missing || (V != "auto" && V != "always" && V != "never"))
        return usageError("unknown --color value '" + V +
                          "' (expected auto, always or never)");
      Color = V;
    } else if (Cur == "--fix") {
      R.next();
      Opts.Fix = true;
    } else if (Cur == "-v" || Cur == "--verbose") {
      R.next();
      Opts.Verbose = true;
    } else if (Cur == "--profile") {
      R.next();
      Opts.Profile = true;
    } else if (Cur == "--fail-on-partial") {
      R.next();
      FailOnPartial = true;
    } else if (Cur == "--list-checks") {
      R.next();
      ListChecks = true;
    } else if (Cur == "-q" || Cur == "--quiet") {
      R.next();
      Quiet = true;
    } else if (llvm::StringRef(Cur).starts_with("-") && Cur != "-") {
      return usageError("unknown option '" + Cur +
                        "' (see usmcheck check --help)");
    } else {
      Opts.Files.push_back(R.next());
    }
  }

  if (ListChecks) {
    if (!Opts.Checks.empty()) {
      std::vector<std::string> Names = enabledChecks(Opts.Checks);
      if (Names.empty())
        return usageError("no checks enabled by '" + Opts.Checks + "'");
    }
    std::printf("Enabled checks:\n");
    for (const std::string &Name : enabledChecks(Opts.Checks))
      std::printf("    %s\n", Name.c_str());
    return 0;
  }

  // Never overwrite an input with the report.
  if (!Output.empty())
    for (const std::string &F : Opts.Files)
      if (sameFile(F, Output))
        return usageError("-o '" + Output +
                          "' is one of the input files; refusing to "
                          "overwrite it");

  bool StderrTty = isatty(2);
  // On a terminal every multi-file run shows "[i/n] file" (also -p runs,
  // whose files come from the database).
  Opts.Progress = !Quiet && StderrTty;
  AnalysisResult Result;
  std::string Error;
  if (!analyze(Opts, Result, Error))
    return usageError(Error);

  ToolInfo Tool;
  Tool.Version = USMCHECK_VERSION;
  Tool.InformationUri = USMCHECK_INFORMATION_URI;
  llvm::SmallString<256> Cwd;
  llvm::sys::fs::current_path(Cwd);
  Tool.SrcRootUri = "file://" + uriReference(std::string(Cwd)) + "/";

  std::string Text;
  if (Format == "json") {
    Text = formatJson(Result, Tool);
  } else if (Format == "sarif") {
    Text = formatSarif(Result, Tool, ruleInfos());
  } else if (Format == "html") {
    Text = formatHtml(Result, Tool, ruleInfos());
  } else {
    bool UseColor = Color == "always" ||
                    (Color == "auto" && Output.empty() && isatty(1) &&
                     !std::getenv("NO_COLOR"));
    Text = formatText(Result, UseColor);
  }

  if (Output.empty()) {
    std::fwrite(Text.data(), 1, Text.size(), stdout);
    std::fflush(stdout);
  } else {
    std::ofstream OS(Output, std::ios::binary | std::ios::trunc);
    if (!OS)
      return usageError("cannot write '" + Output + "'");
    OS << Text;
    if (!OS.flush())
      return usageError("cannot write '" + Output + "'");
  }
  if (!Quiet && (Format == "text" || !Output.empty()))
    std::fprintf(stderr, "usmcheck: %s\n", summaryLine(Result).c_str());
  // --profile: after the report and usmcheck's own messages.
  struct Profiles {
    const AnalysisResult &R;
    ~Profiles() {
      for (size_t I = 0; I < R.Profiles.size(); ++I)
        printProfile(R.Files[I].File, R.Profiles[I]);
    }
  } PrintProfiles{Result};
  bool Crashed = false;
  for (const FileResult &F : Result.Files)
    if (!F.Failure.empty()) {
      std::fprintf(stderr, "usmcheck: error: %s\n",
                   printable(F.Failure).c_str());
      Crashed = true;
    }
  if (Crashed)
    return 2;
  if (FailOnPartial) {
    unsigned Partial = 0;
    for (const FileResult &F : Result.Files)
      Partial += F.partial();
    if (Partial) {
      std::fprintf(stderr,
                   "usmcheck: error: %u file%s analysed only partially "
                   "(--fail-on-partial)\n",
                   Partial, Partial == 1 ? " was" : "s were");
      return 2;
    }
  }
  return Result.errorCount() ? 1 : 0;
}

} // namespace usm
