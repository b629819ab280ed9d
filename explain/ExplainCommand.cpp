//===- ExplainCommand.cpp - `usmcheck explain`
//-------------------------------===//
//
// Offline (default): runs the checks like `usmcheck check` and explains each
// finding against the feature table (Explanation.h).
// --llm: sends each finding, its excerpt and table rows to the model of the
// Codex-style configuration (LlmConfig.h) and prints the answer as it
// streams in; asks first on a terminal, refuses without one unless --yes.
// --dry-run: prints the requests instead of sending them.
// --doctor: diagnoses the LLM channel (Doctor.h); needs no source files.
//
// Exit status: like `check` (0 no error-level findings, 1 error-level
// findings, 2 usage or tool failure, including a failed LLM request); for
// --doctor 0 when every step passed, 1 otherwise.
//
//===----------------------------------------------------------------------===//
#include "Analysis.h"
#include "Commands.h"
#include "Doctor.h"
#include "Explanation.h"
#include "LlmClient.h"
#include "LlmConfig.h"
#include "SafeText.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <map>
#include <unistd.h>

namespace usm {
namespace {

using namespace explain;

const char *const ExplainHelp =
    "usage: usmcheck explain [options] FILE... [-- COMPILER-FLAGS]\n"
    "       usmcheck explain --llm [--yes|--dry-run] [LLM options] FILE...\n"
    "       usmcheck explain --doctor [LLM options]\n"
    "\n"
    "Runs the usm checks and explains each finding with the USM feature\n"
    "table: the code, the table rows of the memory kinds involved, why the\n"
    "access breaks the rule, and the ranked fixes with the code to write.\n"
    "Works offline; --llm asks the model configured for Codex instead.\n"
    "\n"
    "analysis options (as for `usmcheck check`):\n"
    "  -p BUILD-DIR             read compile_commands.json from BUILD-DIR\n"
    "  --checks=GLOBS           enable/disable checks (default usm-*)\n"
    "  --config-file=FILE       clang-tidy style YAML config\n"
    "  --warnings-as-errors=GLOBS  findings of these checks are errors\n"
    "  -j N, --jobs=N           analyse N translation units in parallel\n"
    "  --format=text|markdown   output format (default text)\n"
    "\n"
    "LLM options:\n"
    "  --llm                    send each finding to the model and print the\n"
    "                           answer (streamed when the endpoint streams)\n"
    "  --yes                    do not ask before sending (required when\n"
    "                           stdin is not a terminal)\n"
    "  --dry-run                print the requests instead of sending them\n"
    "  --doctor                 check the LLM configuration and endpoint\n"
    "  --config=FILE            Codex config (default $CODEX_HOME/config.toml\n"
    "                           or ~/.codex/config.toml)\n"
    "  --profile=NAME           a [profiles.NAME] of that file\n"
    "  --model=ID  --provider=ID  --base-url=URL  --env-key=VAR\n"
    "  --wire-api=chat|responses  override the file (and its [usmcheck] "
    "table)\n"
    "  --timeout=SECONDS        total time per request (default 120)\n"
    "  --connect-timeout=SECONDS  (default 10)\n"
    "  --max-retries=N          retries of 429/5xx answers (default 3)\n"
    "  --max-answer-bytes=N     read at most N bytes of each answer (default\n"
    "                           1048576); a longer one is cut, and said so\n"
    "  --no-stream              ask for the whole answer at once\n"
    "\n"
    "The API key is read only from the variable named by env_key; it is never\n"
    "printed, nor the user:password of a URL. Text from the server is printed\n"
    "without its terminal control sequences. See docs/explain.md.\n";

bool parseNumber(const std::string &V, double &Out) {
  char *End = nullptr;
  Out = std::strtod(V.c_str(), &End);
  return !V.empty() && End && *End == '\0' && Out > 0 && Out < 1e6;
}

/// The explanation options, separate from AnalysisOptions.
struct ExplainOptions {
  OutputFormat Fmt = OutputFormat::Text;
  bool Llm = false, Yes = false, DryRun = false, Doctor = false;
  LlmOverrides Llmo;
};

/// Parses the command line; returns -1 to continue, else an exit status.
int parseArgs(const Args &A, AnalysisOptions &Opts, ExplainOptions &E) {
  for (size_t I = 0; I < A.size(); ++I) {
    const std::string &Cur = A[I];
    if (Cur == "--") {
      Opts.ExtraArgs.assign(A.begin() + I + 1, A.end());
      break;
    }
    if (Cur == "-h" || Cur == "--help") {
      std::fputs(ExplainHelp, stdout);
      return 0;
    }
    // "--name=value" or "--name value".
    std::string Name = Cur, Value;
    bool HasValue = false;
    if (Cur.rfind("--", 0) == 0 && Cur.find('=') != std::string::npos) {
      Name = Cur.substr(0, Cur.find('='));
      Value = Cur.substr(Cur.find('=') + 1);
      HasValue = true;
    } else if ((Cur.rfind("-j", 0) == 0 || Cur.rfind("-p", 0) == 0) &&
               Cur.size() > 2 && Cur[1] != '-') {
      // Joined short options, as `check` takes them: -j2, -pbuild.
      Name = Cur.substr(0, 2);
      Value = Cur.substr(2);
      HasValue = true;
    }
    static const char *const Valued[] = {
        "--format",          "--config",      "--profile",
        "--model",           "--provider",    "--base-url",
        "--env-key",         "--wire-api",    "--timeout",
        "--connect-timeout", "--max-retries", "--max-answer-bytes"};
    const std::vector<std::string> &SharedNames = analysisOptionNames();
    bool IsShared = std::find(SharedNames.begin(), SharedNames.end(), Name) !=
                    SharedNames.end();
    bool NeedsValue = IsShared;
    for (const char *V : Valued)
      NeedsValue |= Name == V;
    if (NeedsValue && !HasValue) {
      if (I + 1 >= A.size())
        return usageError(Name + " needs a value");
      Value = A[++I];
    }
    std::string Error;
    if (IsShared) {
      if (!applyAnalysisOption(Name, Value, Opts, Error))
        return usageError(Error);
    } else if (Name == "--format") {
      if (Value == "text")
        E.Fmt = OutputFormat::Text;
      else if (Value == "markdown" || Value == "md")
        E.Fmt = OutputFormat::Markdown;
      else
        return usageError("unknown format '" + Value +
                          "' (expected text or markdown)");
    } else if (Name == "--config")
      E.Llmo.ConfigPath = Value;
    else if (Name == "--profile")
      E.Llmo.Profile = Value;
    else if (Name == "--model")
      E.Llmo.Model = Value;
    else if (Name == "--provider")
      E.Llmo.Provider = Value;
    else if (Name == "--base-url")
      E.Llmo.BaseUrl = Value;
    else if (Name == "--env-key") {
      if (!isEnvName(Value))
        return usageError(
            looksLikeSecret(Value)
                ? std::string("--env-key takes the NAME of the variable "
                              "that holds the key, not the key itself")
                : std::string("--env-key takes the name of an environment "
                              "variable (letters, digits and '_', not "
                              "starting with a digit); the value given is "
                              "not one, and is not repeated here in case it "
                              "is the key"));
      E.Llmo.EnvKey = Value;
    } else if (Name == "--wire-api") {
      if (Value != "chat" && Value != "responses")
        return usageError("unknown --wire-api '" + Value +
                          "' (expected chat or responses)");
      E.Llmo.WireApiName = Value;
    } else if (Name == "--timeout" || Name == "--connect-timeout") {
      double D;
      if (!parseNumber(Value, D))
        return usageError(Name + " needs a positive number of seconds");
      (Name == "--timeout" ? E.Llmo.TimeoutS : E.Llmo.ConnectTimeoutS) = D;
    } else if (Name == "--max-retries") {
      char *End = nullptr;
      long N = std::strtol(Value.c_str(), &End, 10);
      if (Value.empty() || *End || N < 0 || N > 10)
        return usageError("--max-retries needs a number from 0 to 10");
      E.Llmo.MaxRetries = static_cast<int>(N);
    } else if (Name == "--max-answer-bytes") {
      char *End = nullptr;
      errno = 0;
      long long N = std::strtoll(Value.c_str(), &End, 10);
      if (Value.empty() || *End || errno || N < 1 || N > MaxAnswerBytesLimit)
        return usageError("--max-answer-bytes needs a number of bytes from 1 "
                          "to " +
                          std::to_string(MaxAnswerBytesLimit));
      E.Llmo.MaxAnswerBytes = static_cast<size_t>(N);
    } else if (Cur == "--llm")
      E.Llm = true;
    else if (Cur == "--yes" || Cur == "-y")
      E.Yes = true;
    else if (Cur == "--dry-run")
      E.DryRun = true;
    else if (Cur == "--doctor")
      E.Doctor = true;
    else if (Cur == "--no-stream")
      E.Llmo.Stream = false;
    else if (Cur.size() > 1 && Cur[0] == '-')
      return usageError("unknown option '" + Cur +
                        "' (see usmcheck explain --help)");
    else
      Opts.Files.push_back(Cur);
  }
  return -1;
}

void writeOut(const std::string &S) {
  std::fwrite(S.data(), 1, S.size(), stdout);
  std::fflush(stdout);
}

/// Asks on the terminal; true when the user answers yes.
bool confirm(const std::string &Question) {
  std::fprintf(stderr, "%s [y/N] ", Question.c_str());
  std::fflush(stderr);
  std::string Answer;
  if (!std::getline(std::cin, Answer))
    return false;
  return Answer == "y" || Answer == "Y" || Answer == "yes" || Answer == "Yes";
}

} // namespace

int explainMain(const Args &A) {
  AnalysisOptions Opts;
  ExplainOptions E;
  if (int RC = parseArgs(A, Opts, E); RC >= 0)
    return RC;

  if (E.Doctor) {
    if (!Opts.Files.empty())
      return usageError("--doctor checks the LLM channel and takes no files");
    return runDoctor(E.Llmo, std::cout);
  }
  if ((E.DryRun || E.Yes) && !E.Llm)
    return usageError(std::string(E.DryRun ? "--dry-run" : "--yes") +
                      " only applies to --llm");
  if (Opts.Files.empty() && Opts.BuildPath.empty())
    return usageError("no input files (see usmcheck explain --help)");

  // Resolve the channel before the (slow) analysis, so that configuration
  // mistakes surface at once.
  LlmSettings S;
  if (E.Llm) {
    std::string Error;
    if (!loadLlmConfig(E.Llmo, S, Error) || !validateForRequest(S, Error))
      return usageError(safeText(Error));
    if (!E.DryRun) {
      if (!S.EnvKey.empty()) {
        const char *K = std::getenv(S.EnvKey.c_str());
        if (!K || !*K)
          return usageError("$" + S.EnvKey + " (env_key of provider '" +
                            S.ProviderId +
                            "') is not set; export it with your key, or run "
                            "`usmcheck explain --doctor`");
      }
      if (!E.Yes && !isatty(STDIN_FILENO))
        return usageError(
            "--llm sends source code to " +
            hideUrlUserinfo(endpointUrl(S, postEndpoint(S.Wire))) +
            "; stdin is not a terminal to confirm on, so pass "
            "--yes to send (or --dry-run to see the requests); "
            "nothing was sent");
    }
  }

  AnalysisResult Result;
  std::string Error;
  // "[i/n] file" on a terminal, as `check` does, for multi-file runs.
  Opts.Progress = isatty(STDERR_FILENO);
  if (!analyze(Opts, Result, Error))
    return usageError(Error);

  std::map<std::string, std::vector<std::string>> Lines;
  auto LinesOf =
      [&Lines](const std::string &File) -> const std::vector<std::string> * {
    auto It = Lines.find(File);
    if (It == Lines.end()) {
      std::vector<std::string> L;
      if (!readLines(File, L))
        L.clear();
      It = Lines.emplace(File, std::move(L)).first;
    }
    return It->second.empty() ? nullptr : &It->second;
  };

  std::vector<const Finding *> All;
  bool Failed = false;
  for (const FileResult &FR : Result.Files) {
    if (!FR.Failure.empty()) {
      std::fprintf(stderr, "usmcheck: error: %s\n", FR.Failure.c_str());
      Failed = true;
    }
    if (FR.partial())
      std::fprintf(stderr,
                   "usmcheck: warning: %s has compile errors; its analysis is "
                   "partial (run `usmcheck check` to see them)\n",
                   FR.File.c_str());
    for (const Finding &F : FR.Findings)
      All.push_back(&F);
  }
  // A file that could not be analysed is a tool failure, as for check.
  int Status = Failed ? 2 : Result.errorCount() > 0 ? 1 : 0;
  if (All.empty()) {
    std::fprintf(stderr,
                 "usmcheck: no USM findings in %zu file%s; nothing to "
                 "explain\n",
                 Result.Files.size(), Result.Files.size() == 1 ? "" : "s");
    return Status;
  }

  if (!E.Llm) {
    for (const Finding *F : All)
      writeOut(renderExplanation(*F, E.Fmt, LinesOf(F->Loc.File)));
    return Status;
  }

  // --llm: one request per finding.
  std::vector<std::string> Prompts;
  for (const Finding *F : All)
    Prompts.push_back(buildPrompt(*F, LinesOf(F->Loc.File)));
  std::string Url = endpointUrl(S, postEndpoint(S.Wire));
  // What is printed of the URL: without the user:password a base_url may
  // carry.
  const std::string ShownUrl = hideUrlUserinfo(Url);

  if (E.DryRun) {
    std::vector<std::string> Shown;
    requestHeaders(S, &Shown);
    for (size_t I = 0; I < All.size(); ++I) {
      std::string Out = "POST " + Url + "\n";
      for (const std::string &H : Shown)
        Out += H + "\n";
      Out +=
          "\n" + requestBody(S, LlmSystemPrompt, Prompts[I], S.Stream) + "\n\n";
      writeOut(safeText(redact(S, Out)));
    }
    return Status;
  }

  if (!E.Yes) {
    std::fprintf(stderr,
                 "usmcheck: --llm will send %zu request%s to %s "
                 "(model '%s', provider '%s'):\n",
                 All.size(), All.size() == 1 ? "" : "s", ShownUrl.c_str(),
                 safeText(S.Model).c_str(), safeText(S.ProviderId).c_str());
    for (size_t I = 0; I < Prompts.size(); ++I)
      std::fprintf(stderr, "----- request %zu of %zu -----\n%s", I + 1,
                   Prompts.size(), safeText(redact(S, Prompts[I])).c_str());
    std::fprintf(stderr, "-----\n");
    if (!confirm("Send " + std::to_string(All.size()) + " request" +
                 (All.size() == 1 ? "" : "s") + " to " + ShownUrl + "?"))
      return usageError("not confirmed; nothing was sent");
  }

  for (size_t I = 0; I < All.size(); ++I) {
    const Finding &F = *All[I];
    writeOut(F.Loc.File + ":" + std::to_string(F.Loc.Line) + ":" +
             std::to_string(F.Loc.Column) + ": " + severityName(F.Sev) + ": " +
             F.Message + " [" + F.Check + "]\n");
    writeOut(safeText(E.Fmt == OutputFormat::Markdown
                          ? "\n**Answer from " + S.Model + " (" +
                                S.ProviderName + ")**\n\n"
                          : "--- answer from " + S.Model + " (" +
                                S.ProviderName + ") ---\n"));
    bool EndsWithNewline = true;
    LlmAnswer Ans = askLlm(
        S, LlmSystemPrompt, Prompts[I],
        [&](const std::string &T) {
          // The answer is network text: never a key, never a control
          // sequence (see SafeText.h).
          std::string Shown = safeText(redact(S, T));
          if (Shown.empty())
            return;
          writeOut(Shown);
          EndsWithNewline = Shown.back() == '\n';
        },
        [&](int Attempt, double Delay, long Status) {
          std::fprintf(stderr,
                       "usmcheck: %s answered %s; retrying in %.1f s "
                       "(retry %d of %d)\n",
                       ShownUrl.c_str(),
                       Status ? ("HTTP " + std::to_string(Status)).c_str()
                              : "nothing in time",
                       Delay, Attempt, S.MaxRetries);
        });
    if (!EndsWithNewline)
      writeOut("\n");
    if (Ans.Cut) // in the output too, not only in the error line
      writeOut("[usmcheck: answer cut here at " +
               std::to_string(S.MaxAnswerBytes) +
               " bytes (--max-answer-bytes)]\n");
    if (!Ans.Ok)
      return usageError(safeText(Ans.Error));
    writeOut("\n");
  }
  return Status;
}

} // namespace usm
