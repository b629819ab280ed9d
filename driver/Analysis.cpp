//===- Analysis.cpp - run the usm clang-tidy module over translation units --===//
//
// 1. Validate the inputs (exists, regular, readable, text).
// 2. Build one compile command per file: from compile_commands.json (-p),
//    from `-- FLAGS`, or inferred from the extension; then add what the
//    analysis needs (resource dir, analysis headers used only when the real
//    SDK headers are missing, -fopenmp for `#pragma omp` files).
// 3. Run clang-tidy's runClangTidy with the usm module, one context per
//    translation unit (so -j N can run them on N threads), and convert its
//    errors to usm::Finding in command-line order.
//
//===----------------------------------------------------------------------===//
#include "Analysis.h"
#include "CompileCommands.h"
#include "Commands.h"
#include "CheckInfo.h"
#include "Version.h"
#include "Reporters.h"
#include "utils/Profile.h"
#include "utils/Provenance.h"

#include "clang-tidy/ClangTidy.h"
#include "clang-tidy/ClangTidyDiagnosticConsumer.h"
#include "clang-tidy/ClangTidyOptions.h"
#include "clang-tidy/GlobList.h"
#include "clang/Tooling/CompilationDatabase.h"
#include "clang/Tooling/Core/Replacement.h"
#include "clang/Tooling/JSONCompilationDatabase.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/VirtualFileSystem.h"
#include "llvm/Support/YAMLTraits.h"
#include "llvm/Support/xxhash.h"
#include "clang/Tooling/DiagnosticsYaml.h"
#include <nlohmann/json.hpp>
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cerrno>
#include <csignal>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <cstdio>
#include <map>
#include <unistd.h>

namespace clang::tidy {
// Defined in checks/UsmTidyModule.cpp: keeps the module's registration.
extern volatile int UsmModuleAnchorSource;
} // namespace clang::tidy

namespace usm {
namespace {

using namespace clang;
using namespace clang::tidy;

static int KeepModule = clang::tidy::UsmModuleAnchorSource;

/// The default: every usm check but the opt-in ones (checks.def), nothing
/// else (not clang-analyzer).
const std::string DefaultChecks = defaultCheckGlobs();

bool isSourceExtension(llvm::StringRef Ext) {
  for (const char *E : {".c", ".cc", ".cpp", ".cxx", ".c++", ".C", ".cu",
                        ".cuh", ".hip", ".h", ".hh", ".hpp", ".hxx", ".inc",
                        ".ipp", ".tpp", ".cl", ".sycl"})
    if (Ext == E)
      return true;
  return false;
}

/// Checks a file named on the command line; returns an error line or "".
/// \p LanguageGiven: the command line forces a language (-x).
std::string validateInput(const std::string &File, bool LanguageGiven) {
  llvm::sys::fs::file_status Status;
  if (std::error_code EC = llvm::sys::fs::status(File, Status))
    return "cannot read '" + File + "': " + EC.message();
  if (llvm::sys::fs::is_directory(Status))
    return "'" + File + "' is a directory, not a source file";
  if (!llvm::sys::fs::is_regular_file(Status))
    return "'" + File + "' is not a regular file";
  auto Buf = llvm::MemoryBuffer::getFile(File);
  if (!Buf)
    return "cannot read '" + File + "': " + Buf.getError().message();
  llvm::StringRef Head = (*Buf)->getBuffer().take_front(8192);
  if (Head.contains('\0'))
    return "'" + File + "' is a binary file, not a source file";
  if (!LanguageGiven && !isSourceExtension(llvm::sys::path::extension(File)))
    return "'" + File +
           "' is not a C, C++, CUDA or HIP source file (force a language "
           "with -- -x c++)";
  return "";
}

/// Line/column and line text of byte offsets, one read per file.
class SourceCache {
public:
  bool locate(const std::string &File, unsigned Offset, unsigned &Line,
              unsigned &Col, std::string *LineText = nullptr) {
    auto It = Files.find(File);
    if (It == Files.end()) {
      auto Buf = llvm::MemoryBuffer::getFile(File);
      Entry E;
      if (Buf) {
        E.Buf = std::move(*Buf);
        E.Text = E.Buf->getBuffer();
      }
      // memchr, not a loop over bytes: the main file of a generated
      // translation unit is megabytes long (bench/engine).
      E.LineStarts.push_back(0);
      const char *Begin = E.Text.data(), *End = Begin + E.Text.size();
      for (const char *P = Begin;
           P < End &&
           (P = static_cast<const char *>(std::memchr(P, '\n', End - P)));
           ++P)
        E.LineStarts.push_back(P - Begin + 1);
      It = Files.emplace(File, std::move(E)).first;
    }
    const Entry &E = It->second;
    if (Offset > E.Text.size())
      return false;
    // The last line start at or before Offset: one binary search, so
    // converting N diagnostics costs N log(lines), not N times the file.
    auto Next = std::upper_bound(E.LineStarts.begin(), E.LineStarts.end(),
                                 static_cast<size_t>(Offset));
    size_t LineStart = *(Next - 1);
    Line = static_cast<unsigned>(Next - E.LineStarts.begin());
    Col = Offset - LineStart + 1;
    if (LineText) // slice() stops at the end when no newline follows
      *LineText = E.Text.slice(LineStart, E.Text.find('\n', LineStart)).str();
    return true;
  }

private:
  struct Entry {
    std::unique_ptr<llvm::MemoryBuffer> Buf; ///< null when unreadable
    llvm::StringRef Text;                    ///< Buf's bytes, or empty
    std::vector<size_t> LineStarts; ///< offset of each line's first byte
  };
  /// One worker process converts one translation unit's diagnostics.
  std::map<std::string, Entry> Files;
};

std::string displayPath(llvm::StringRef Path) {
  // Paths under the working directory are shown relative, like compilers.
  llvm::SmallString<256> Cwd;
  if (!llvm::sys::fs::current_path(Cwd)) {
    llvm::SmallString<256> Abs(Path);
    llvm::sys::fs::make_absolute(Abs);
    llvm::sys::path::remove_dots(Abs, true);
    llvm::StringRef A = Abs;
    std::string Prefix = std::string(Cwd) + "/";
    if (A.starts_with(Prefix))
      return A.drop_front(Prefix.size()).str();
  }
  return Path.str();
}

/// Diagnostics from a compilation database name files relative to the
/// command's directory.
std::string absolutePath(llvm::StringRef Path, llvm::StringRef BuildDir) {
  if (Path.empty() || llvm::sys::path::is_absolute(Path) || BuildDir.empty())
    return Path.str();
  llvm::SmallString<256> P(BuildDir);
  llvm::sys::path::append(P, Path);
  llvm::sys::path::remove_dots(P, true);
  return std::string(P);
}

std::vector<FixIt> convertFixes(const llvm::StringMap<tooling::Replacements> &Fix,
                                SourceCache &Cache, llvm::StringRef BuildDir) {
  std::vector<FixIt> Out;
  for (const auto &Entry : Fix)
    for (const tooling::Replacement &R : Entry.second) {
      FixIt F;
      std::string Path = absolutePath(R.getFilePath(), BuildDir);
      F.File = displayPath(Path);
      F.Offset = R.getOffset();
      F.Length = R.getLength();
      F.Replacement = R.getReplacementText().str();
      Cache.locate(Path, F.Offset, F.Line, F.Column);
      Cache.locate(Path, F.Offset + F.Length, F.EndLine, F.EndColumn);
      Out.push_back(std::move(F));
    }
  return Out;
}

/// The checks name files as clang's SourceManager does; show them as the
/// driver shows every other location.
void resolveFactPaths(FindingFacts &F, llvm::StringRef BuildDir) {
  auto Fix = [&](SourceRef &L) {
    if (!L.File.empty())
      L.File = displayPath(absolutePath(L.File, BuildDir));
  };
  Fix(F.AllocSite);
  Fix(F.FreeSite);
  for (FactStep &S : F.Steps)
    Fix(S.Loc);
}

void convert(const ClangTidyError &E, FileResult &Out, SourceCache &Cache,
             const GlobList &WarningsAsErrors) {
  Finding F;
  F.Check = E.DiagnosticName;
  F.Message = E.Message.Message;
  std::string Path = absolutePath(E.Message.FilePath, E.BuildDirectory);
  F.Loc.File = displayPath(Path);
  Cache.locate(Path, E.Message.FileOffset, F.Loc.Line, F.Loc.Column,
               &F.SourceLine);
  // Checks report at Warning level (NOLINT only applies below Error); the
  // severity is the check's default from checks.def. A check marks a finding
  // that the code's context downgrades (e.g. `requires
  // unified_shared_memory`) by reporting it at Remark level: it is then
  // one level below the default.
  const CheckInfo *Info = findCheckInfo(E.DiagnosticName);
  if (E.DiagLevel == tooling::Diagnostic::Error)
    F.Sev = Severity::Error; // compiler errors
  else if (Info)
    F.Sev = E.DiagLevel == tooling::Diagnostic::Remark
                ? Severity::Warning
                : Info->DefaultSeverity;
  else
    F.Sev = Severity::Warning;
  // clang-tidy marks only Warning-level diagnostics; downgraded (Remark)
  // findings are warnings too, so the globs are applied here.
  if ((E.IsWarningAsError || WarningsAsErrors.contains(F.Check)) &&
      F.Sev == Severity::Warning) {
    F.Sev = Severity::Error;
    F.PromotedFromWarning = true;
  }
  F.Fixes = convertFixes(E.Message.Fix, Cache, E.BuildDirectory);
  for (const tooling::DiagnosticMessage &N : E.Notes) {
    if (llvm::StringRef(N.Message).starts_with(FactsNotePrefix)) {
      // The check's facts (report/Finding.h): data, not a note to show.
      if (factsFromJsonText(N.Message.substr(std::strlen(FactsNotePrefix)),
                            F.Facts))
        resolveFactPaths(F.Facts, E.BuildDirectory);
      continue;
    }
    Note Nt;
    Nt.Message = N.Message;
    std::string NotePath = absolutePath(N.FilePath, E.BuildDirectory);
    Nt.Loc.File = displayPath(NotePath);
    Cache.locate(NotePath, N.FileOffset, Nt.Loc.Line, Nt.Loc.Column,
                 &Nt.SourceLine);
    Nt.Fixes = convertFixes(N.Fix, Cache, E.BuildDirectory);
    F.Notes.push_back(std::move(Nt));
  }
  if (llvm::StringRef(F.Check).starts_with("clang-diagnostic-")) {
    // An error without a file comes from the compiler's command line
    // (unknown flag, bad -std=): nothing of the file was analysed.
    if (F.Sev == Severity::Error && E.Message.FilePath.empty()) {
      if (Out.Failure.empty())
        Out.Failure = "cannot analyse '" + Out.File +
                      "': its compile command is not usable: " + F.Message;
      return;
    }
    if (F.Sev == Severity::Error)
      Out.CompileErrors.push_back(std::move(F));
    return; // compiler warnings are not usmcheck's business
  }
  Out.Findings.push_back(std::move(F));
}

/// Validates --checks: each positive glob must name a usm check.
std::string validateChecks(llvm::StringRef Globs) {
  std::size_t N = 0;
  const CheckInfo *Infos = checkInfos(N);
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  Globs.split(Parts, ',', -1, false);
  for (llvm::StringRef G : Parts) {
    G = G.trim();
    if (G.empty() || G.starts_with("-"))
      continue;
    std::string Pattern = "^" + llvm::Regex::escape(G.str()) + "$";
    // escape() turned '*' into '\*'; make it a wildcard again.
    std::string Re;
    for (size_t I = 0; I < Pattern.size(); ++I) {
      if (Pattern[I] == '\\' && I + 1 < Pattern.size() && Pattern[I + 1] == '*') {
        Re += ".*";
        ++I;
      } else {
        Re += Pattern[I];
      }
    }
    llvm::Regex R(Re);
    bool Any = llvm::StringRef(G).starts_with("clang-diagnostic-");
    for (std::size_t I = 0; I < N && !Any; ++I)
      Any = R.match(Infos[I].Name);
    if (!Any)
      return "unknown check '" + G.str() +
             "' in --checks (see usmcheck check --list-checks)";
  }
  return "";
}

/// clang-tidy's FileOptionsProvider constructor that takes custom config
/// file names leaves its file system unset (LLVM 19); this one sets it.
class UsmFileOptionsProvider : public FileOptionsProvider {
public:
  template <typename HandlersT>
  UsmFileOptionsProvider(ClangTidyGlobalOptions G, ClangTidyOptions D,
                         ClangTidyOptions O, HandlersT Handlers)
      : FileOptionsProvider(std::move(G), std::move(D), std::move(O),
                            std::move(Handlers)) {
    FS = llvm::vfs::getRealFileSystem();
  }
};

ClangTidyOptions baseOptions(const AnalysisOptions &Opts) {
  ClangTidyOptions O = ClangTidyOptions::getDefaults();
  O.Checks = DefaultChecks;
  O.HeaderFilterRegex = "";
  O.SystemHeaders = false;
  O.WarningsAsErrors = "";
  return O;
}

ClangTidyOptions overrideOptions(const AnalysisOptions &Opts) {
  ClangTidyOptions O;
  if (!Opts.Checks.empty())
    O.Checks = DefaultChecks + "," + Opts.Checks;
  if (!Opts.WarningsAsErrors.empty())
    O.WarningsAsErrors = Opts.WarningsAsErrors;
  return O;
}

std::unique_ptr<ClangTidyOptionsProvider>
makeOptionsProvider(const AnalysisOptions &Opts, std::string &Error) {
  ClangTidyGlobalOptions Global;
  if (!Opts.ConfigFile.empty()) {
    auto Text = llvm::MemoryBuffer::getFile(Opts.ConfigFile);
    if (!Text) {
      Error = "cannot read config file '" + Opts.ConfigFile +
              "': " + Text.getError().message();
      return nullptr;
    }
    auto Parsed = parseConfiguration(**Text);
    if (!Parsed) {
      Error = "invalid config file '" + Opts.ConfigFile +
              "': " + Parsed.getError().message();
      return nullptr;
    }
    return std::make_unique<ConfigOptionsProvider>(
        Global, baseOptions(Opts), std::move(*Parsed), overrideOptions(Opts));
  }
  // `.usmcheck` files (clang-tidy YAML: Checks, WarningsAsErrors,
  // CheckOptions) are looked up from each source's directory upward.
  std::vector<std::pair<std::string, std::function<llvm::ErrorOr<ClangTidyOptions>(
                                        llvm::MemoryBufferRef)>>>
      Handlers;
  Handlers.emplace_back(".usmcheck", [](llvm::MemoryBufferRef Buf) {
    return parseConfiguration(Buf);
  });
  return std::make_unique<UsmFileOptionsProvider>(
      Global, baseOptions(Opts), overrideOptions(Opts), std::move(Handlers));
}

/// Checks every config file on the way up from \p File parses, so a typo in
/// `.usmcheck` is an error rather than silently ignored.
std::string validateConfigFor(const std::string &File) {
  llvm::SmallString<256> Dir(File);
  llvm::sys::fs::make_absolute(Dir);
  llvm::sys::path::remove_filename(Dir);
  while (!Dir.empty()) {
    llvm::SmallString<256> Cfg(Dir);
    llvm::sys::path::append(Cfg, ".usmcheck");
    if (llvm::sys::fs::is_regular_file(Cfg)) {
      auto Text = llvm::MemoryBuffer::getFile(Cfg);
      if (!Text)
        return "cannot read config file '" + std::string(Cfg) + "'";
      auto Parsed = parseConfiguration(**Text);
      if (!Parsed)
        return "invalid config file '" + std::string(Cfg) +
               "': " + Parsed.getError().message();
      if (Parsed->Checks) {
        std::string E = validateChecks(*Parsed->Checks);
        if (!E.empty())
          return E + " (from " + std::string(Cfg) + ")";
      }
      return "";
    }
    llvm::StringRef Parent = llvm::sys::path::parent_path(Dir);
    if (Parent == Dir)
      break;
    Dir = Parent;
  }
  return "";
}

/// Noise that clang's tooling prints on stderr for translation units with
/// error-level findings ("N errors generated.", "Error while processing
/// F."): not compiler errors, so not passed on.
bool isToolingNoise(llvm::StringRef L) {
  return L.starts_with("Error while processing ") ||
         llvm::Regex("^[0-9]+ (warning|error)s? (and [0-9]+ errors? )?"
                     "generated( when compiling for [a-z0-9_-]+)?\\.")
             .match(L);
}

/// Size, modification time and content hash of a file, to tell whether it
/// changed while it was analysed or before its fixes are written.
struct FileStamp {
  bool Ok = false;
  uint64_t Size = 0, Hash = 0;
  llvm::sys::TimePoint<> MTime;
  bool operator==(const FileStamp &O) const {
    return Ok == O.Ok && Size == O.Size && Hash == O.Hash && MTime == O.MTime;
  }
};

FileStamp stampOf(const std::string &File) {
  FileStamp S;
  llvm::sys::fs::file_status St;
  if (llvm::sys::fs::status(File, St))
    return S;
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!Buf)
    return S;
  S.Ok = true;
  S.Size = (*Buf)->getBufferSize();
  S.Hash = llvm::xxh3_64bits((*Buf)->getBuffer());
  S.MTime = St.getLastModificationTime();
  return S;
}

/// What a worker process sends back for one translation unit.
struct WorkerReply {
  FileResult Result;
  std::string Stderr;      ///< compiler output worth showing (noise removed)
  std::string ExportYaml;  ///< clang-tidy fixes YAML (with --export-fixes)
  /// Hashes of the files that the fixes edit, as analysed.
  std::map<std::string, uint64_t> FixedFileHashes;
  /// With --profile: the analysis thread's CPU seconds by phase.
  std::vector<std::pair<std::string, double>> Profile;
};

std::string replyToWire(const WorkerReply &R) {
  nlohmann::json Hashes = nlohmann::json::object();
  for (const auto &H : R.FixedFileHashes)
    Hashes[H.first] = H.second;
  nlohmann::json Profile = nlohmann::json::array();
  for (const auto &P : R.Profile)
    Profile.push_back({P.first, P.second});
  return nlohmann::json{{"result", fileResultToWire(R.Result)},
                        {"stderr", R.Stderr},
                        {"export", R.ExportYaml},
                        {"hashes", Hashes},
                        {"profile", Profile}}
      .dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

bool replyFromWire(const std::string &Text, WorkerReply &R) {
  try {
    nlohmann::json J = nlohmann::json::parse(Text);
    if (!fileResultFromWire(J.at("result").get<std::string>(), R.Result))
      return false;
    R.Stderr = J.at("stderr").get<std::string>();
    R.ExportYaml = J.at("export").get<std::string>();
    for (auto It = J.at("hashes").begin(); It != J.at("hashes").end(); ++It)
      R.FixedFileHashes[It.key()] = It.value().get<uint64_t>();
    for (const auto &P : J.at("profile"))
      R.Profile.emplace_back(P.at(0).get<std::string>(),
                             P.at(1).get<double>());
    return true;
  } catch (const nlohmann::json::exception &) {
    return false;
  }
}

bool writeAll(int Fd, const std::string &Data) {
  size_t Done = 0;
  while (Done < Data.size()) {
    ssize_t N = write(Fd, Data.data() + Done, Data.size() - Done);
    if (N < 0 && errno == EINTR)
      continue;
    if (N <= 0)
      return false;
    Done += N;
  }
  return true;
}

/// Writes \p Text to \p Path through a temporary file in the same
/// directory and a rename, keeping the file's mode (and owner, where
/// allowed): a reader never sees half a file.
bool replaceFile(const std::string &Path, llvm::StringRef Text,
                 std::string &Error) {
  struct stat St;
  if (stat(Path.c_str(), &St) != 0) {
    Error = "cannot write '" + Path + "': " + std::strerror(errno);
    return false;
  }
  llvm::SmallString<256> Tmp;
  int Fd = -1;
  if (std::error_code EC = llvm::sys::fs::createUniqueFile(
          Path + ".usmcheck-%%%%%%", Fd, Tmp)) {
    Error = "cannot write '" + Path + "': " + EC.message();
    return false;
  }
  bool Ok = writeAll(Fd, Text.str()) && fchmod(Fd, St.st_mode & 07777) == 0 &&
            fsync(Fd) == 0;
  if (Ok && fchown(Fd, St.st_uid, St.st_gid) != 0) {
    // Only root may give a file away; the mode is kept either way.
  }
  Ok = close(Fd) == 0 && Ok;
  if (!Ok || rename(Tmp.c_str(), Path.c_str()) != 0) {
    Error = "cannot write '" + Path + "': " + std::strerror(errno);
    llvm::sys::fs::remove(Tmp);
    return false;
  }
  return true;
}

bool applyFixes(const std::vector<FileResult> &Files,
                const std::map<std::string, uint64_t> &Analysed,
                std::string &Error) {
  std::map<std::string, tooling::Replacements> ByFile;
  for (const FileResult &FR : Files)
    for (const Finding &F : FR.Findings)
      for (const FixIt &X : F.Fixes) {
        llvm::SmallString<256> Abs(X.File);
        llvm::sys::fs::make_absolute(Abs);
        tooling::Replacement R(Abs.str(), X.Offset, X.Length, X.Replacement);
        if (llvm::Error E = ByFile[std::string(Abs)].add(R)) {
          // The same fix reported twice (templates, macros) is fine.
          llvm::consumeError(std::move(E));
        }
      }
  for (auto &Entry : ByFile) {
    auto Buf = llvm::MemoryBuffer::getFile(Entry.first, /*IsText=*/false,
                                           /*RequiresNullTerminator=*/false);
    if (!Buf) {
      Error = "cannot read '" + Entry.first + "' to apply fixes";
      return false;
    }
    // Fixes are byte offsets into the text that was analysed: applied to
    // anything else they would corrupt the file.
    auto It = Analysed.find(Entry.first);
    if (It == Analysed.end() ||
        It->second != llvm::xxh3_64bits((*Buf)->getBuffer())) {
      Error = "'" + Entry.first +
              "' changed after it was analysed; no fixes were applied to "
              "it; run usmcheck --fix again";
      return false;
    }
    auto New = tooling::applyAllReplacements((*Buf)->getBuffer(), Entry.second);
    if (!New) {
      Error = "cannot apply fixes to '" + Entry.first +
              "': " + llvm::toString(New.takeError());
      return false;
    }
    if (!replaceFile(Entry.first, *New, Error))
      return false;
  }
  return true;
}

/// Clang's parser and the checks recurse over the AST; pathological input
/// (2,000 nested `*`, 100,000-term sums) needs far more than the default
/// 8 MiB. Each translation unit is analysed on a thread with this stack.
constexpr unsigned AnalysisStackSize = 512u << 20;

} // namespace

const std::vector<std::string> &analysisOptionNames() {
  static const std::vector<std::string> Names = {
      "-p", "--build-path", "--checks", "--warnings-as-errors",
      "--config-file", "-j", "--jobs", "--extra-arg-before", "--extra-arg"};
  return Names;
}

bool applyAnalysisOption(const std::string &Name, const std::string &Value,
                         AnalysisOptions &Opts, std::string &Error) {
  if (Name == "-j" || Name == "--jobs") {
    unsigned N = 0;
    if (llvm::StringRef(Value).getAsInteger(10, N) || N == 0 || N > 1024) {
      Error = "-j needs a number of jobs between 1 and 1024";
      return false;
    }
    Opts.Jobs = N;
    return true;
  }
  if (Name == "--extra-arg-before" || Name == "--extra-arg") {
    (Name == "--extra-arg" ? Opts.ExtraArgsAfter : Opts.ExtraArgsBefore)
        .push_back(Value);
    return true;
  }
  if (Value.empty()) {
    Error = Name + " needs a value";
    return false;
  }
  if (Name == "-p" || Name == "--build-path")
    Opts.BuildPath = Value;
  else if (Name == "--checks")
    Opts.Checks = Value;
  else if (Name == "--warnings-as-errors")
    Opts.WarningsAsErrors = Value;
  else if (Name == "--config-file")
    Opts.ConfigFile = Value;
  return true;
}

std::vector<std::string> enabledChecks(const std::string &Globs) {
  ClangTidyOptions O = ClangTidyOptions::getDefaults();
  O.Checks = DefaultChecks + (Globs.empty() ? "" : "," + Globs);
  std::vector<std::string> Names = getCheckNames(O, false);
  std::sort(Names.begin(), Names.end());
  return Names;
}

bool analyze(const AnalysisOptions &Opts, AnalysisResult &Result,
             std::string &Error) {
  (void)KeepModule;
  if (!Opts.Checks.empty()) {
    Error = validateChecks(Opts.Checks);
    if (!Error.empty())
      return false;
  }

  std::unique_ptr<tooling::CompilationDatabase> Base;
  std::vector<std::string> Files = Opts.Files;
  if (!Opts.BuildPath.empty()) {
    std::string DbError;
    llvm::SmallString<256> DbFile(Opts.BuildPath);
    if (!llvm::sys::fs::is_directory(Opts.BuildPath)) {
      Error = "-p: '" + Opts.BuildPath + "' is not a directory";
      return false;
    }
    llvm::sys::path::append(DbFile, "compile_commands.json");
    if (!llvm::sys::fs::exists(DbFile)) {
      Error = "-p: no compile_commands.json in '" + Opts.BuildPath + "'";
      return false;
    }
    Base = tooling::JSONCompilationDatabase::loadFromFile(
        DbFile, DbError, tooling::JSONCommandLineSyntax::AutoDetect);
    if (!Base) {
      Error = "-p: malformed '" + std::string(DbFile) + "': " +
              llvm::StringRef(DbError).trim().str();
      return false;
    }
    if (Files.empty()) {
      Files = Base->getAllFiles();
      std::sort(Files.begin(), Files.end());
    }
  } else {
    Base = commandLineDatabase(Opts.ExtraArgs);
  }
  if (Files.empty()) {
    Error = "no input files (give source files, or -p BUILD-DIR)";
    return false;
  }
  // An input that cannot be analysed at all (missing, unreadable, binary,
  // not a source file) is a usage error when it is the only one; beside
  // other files it is that file's failure, and the others are analysed.
  std::vector<std::string> Refused(Files.size());
  for (size_t I = 0; I < Files.size(); ++I) {
    Refused[I] = validateInput(Files[I], hasArg(Opts.ExtraArgs, "-x") ||
                                             !Opts.BuildPath.empty());
    if (!Refused[I].empty() && Files.size() == 1) {
      Error = Refused[I];
      return false;
    }
    if (Refused[I].empty())
      Error = validateConfigFor(Files[I]);
    if (!Error.empty())
      return false;
  }
  if (!Opts.ConfigFile.empty()) {
    auto Provider = makeOptionsProvider(Opts, Error);
    if (!Provider)
      return false;
  }

  std::unique_ptr<tooling::CompilationDatabase> Db =
      withAnalysisFlags(std::move(Base), Opts.ExtraArgsBefore, Opts.ExtraArgsAfter);
  if (Opts.Verbose)
    for (size_t I = 0; I < Files.size(); ++I)
      for (const std::string &Line :
           Refused[I].empty() ? describeCommands(*Db, Files[I])
                              : std::vector<std::string>())
        std::fprintf(stderr, "usmcheck: %s\n", printable(Line).c_str());

  // Every translation unit is analysed in a worker process of its own: a
  // crash or stack overflow in clang or a check loses that file only, and
  // each worker has its own working directory (clang's tooling changes
  // directory to each command's "directory"), so -j N cannot mix them up.
  Result.Files.assign(Files.size(), FileResult());
  Result.Profiles.assign(Opts.Profile ? Files.size() : 0, {});
  std::vector<WorkerReply> Replies(Files.size());
  std::vector<FileStamp> Before(Files.size());
  auto AnalyseOne = [&](size_t I) {
    WorkerReply Reply;
    FileResult &Out = Reply.Result;
    Out.File = Files[I];
    std::string LocalError;
    auto Provider = makeOptionsProvider(Opts, LocalError);
    if (!Provider) {
      Out.Failure = LocalError;
      return Reply;
    }
    ClangTidyContext Context(std::move(Provider));
    llvm::IntrusiveRefCntPtr<llvm::vfs::OverlayFileSystem> FS(
        new llvm::vfs::OverlayFileSystem(llvm::vfs::getRealFileSystem()));
    std::vector<ClangTidyError> Errors;
    llvm::CrashRecoveryContext CRC;
    bool Ok = CRC.RunSafelyOnThread(
        [&] {
          if (Opts.Profile)
            clang::tidy::usm::profile::start();
          Errors = runClangTidy(Context, *Db, {Files[I]}, FS,
                                /*ApplyAnyFix=*/true);
          Reply.Profile = clang::tidy::usm::profile::finish();
        },
        AnalysisStackSize);
    // Test hook (test/cli/changed-during-analysis.test, docs/hardening.md):
    // a shell command run once clang has read and analysed the file and
    // before its results are converted, so that a test can change or
    // truncate the file "during" the analysis deterministically.
    if (const char *Hook = std::getenv("USMCHECK_TEST_HOOK_AFTER_ANALYSIS"))
      if (*Hook && std::system(Hook) != 0) {
        // The hook's own status is of no interest.
      }
    if (!Ok) {
      Out.Failure = "the analysis of '" + Files[I] +
                    "' crashed (an internal error in usmcheck or clang); its "
                    "findings are incomplete; please report it with the file";
      return Reply;
    }
    SourceCache Cache;
    ClangTidyOptions FileOpts = Context.getOptionsForFile(Files[I]);
    GlobList Promote(FileOpts.WarningsAsErrors.value_or(""));
    for (const ClangTidyError &E : Errors)
      convert(E, Out, Cache, Promote);
    if (!Opts.ExportFixes.empty()) {
      tooling::TranslationUnitDiagnostics TUD;
      TUD.MainSourceFile = Files[I];
      for (const ClangTidyError &E : Errors)
        if (!llvm::StringRef(E.DiagnosticName).starts_with("clang-diagnostic-")) {
          tooling::Diagnostic D = E;
          llvm::erase_if(D.Notes, [](const tooling::DiagnosticMessage &N) {
            return llvm::StringRef(N.Message).starts_with(FactsNotePrefix);
          });
          if (E.IsWarningAsError)
            D.DiagLevel = tooling::Diagnostic::Error;
          TUD.Diagnostics.push_back(D);
        }
      llvm::raw_string_ostream OS(Reply.ExportYaml);
      llvm::yaml::Output Y(OS);
      Y << TUD;
    }
    // One hash per fixed file (not per fix: hashing is file-sized).
    for (const Finding &F : Out.Findings)
      for (const FixIt &X : F.Fixes) {
        llvm::SmallString<256> Abs(X.File);
        llvm::sys::fs::make_absolute(Abs);
        auto [It, New] = Reply.FixedFileHashes.try_emplace(std::string(Abs), 0);
        if (New)
          It->second = stampOf(It->first).Hash;
      }
    return Reply;
  };

  struct Running {
    size_t Index;
    int Fd;
    std::string Data;
  };
  std::map<pid_t, Running> Live;
  size_t Next = 0, Done = 0;
  unsigned Jobs = std::max(1u, std::min<unsigned>(Opts.Jobs, Files.size()));
  std::fflush(stdout);
  std::fflush(stderr);
  // A file edited while it was analysed: offsets, lines and fixes may
  // point at text that is no longer there, whatever else happened (a file
  // truncated under clang's mapping of it kills the worker with SIGBUS: an
  // input problem, not a crash of usmcheck).
  auto checkUnchanged = [&](size_t I) {
    if (stampOf(Files[I]) == Before[I])
      return;
    Replies[I].Result.Findings.clear();
    Replies[I].Result.Failure =
        "'" + Files[I] + "' changed while it was being analysed; its " +
        (Opts.Fix ? "findings were discarded and no fixes were applied to it"
                  : "findings were discarded") +
        "; run usmcheck again";
  };
  auto Refuse = [&](size_t I) {
    Replies[I] = WorkerReply();
    Replies[I].Result.File = Files[I];
    Replies[I].Result.Failure = Refused[I];
    ++Done;
  };
  if (Opts.InProcess) {
    for (size_t I = 0; I < Files.size(); ++I) {
      if (!Refused[I].empty()) {
        Refuse(I);
        continue;
      }
      Before[I] = stampOf(Files[I]);
      Replies[I] = AnalyseOne(I);
      checkUnchanged(I);
    }
    Next = Files.size();
  }
  auto Finish = [&](pid_t Pid, int Status) {
    Running &Run = Live[Pid];
    size_t I = Run.Index;
    WorkerReply &Reply = Replies[I];
    bool Clean = WIFEXITED(Status) && WEXITSTATUS(Status) == 0;
    bool Parsed = Clean && replyFromWire(Run.Data, Reply);
    // The wire is JSON, which turns bytes that are not UTF-8 into U+FFFD:
    // the file's own name is the one given (reporters map the findings'
    // names back to it, docs/html-report.md).
    if (Parsed)
      Reply.Result.File = Files[I];
    if (!Parsed) {
      Reply = WorkerReply();
      Reply.Result.File = Files[I];
      std::string How =
          WIFSIGNALED(Status)
              ? std::string("signal ") + std::to_string(WTERMSIG(Status)) +
                    ", " + strsignal(WTERMSIG(Status))
              : "exit status " + std::to_string(WEXITSTATUS(Status));
      Reply.Result.Failure =
          "the analysis of '" + Files[I] + "' crashed (" + How +
          "): clang or usmcheck ran out of stack or hit an internal error; "
          "no findings for this file; the other files were analysed";
    }
    checkUnchanged(I);
    close(Run.Fd);
    Live.erase(Pid);
    ++Done;
    if (Opts.Progress && Files.size() > 1) {
      std::string L = "[" + std::to_string(Done) + "/" +
                      std::to_string(Files.size()) + "] " + printable(Files[I]) + "\n";
      writeAll(2, L);
    }
  };
  while (Next < Files.size() || !Live.empty()) {
    while (Next < Files.size() && Live.size() < Jobs) {
      size_t I = Next++;
      if (!Refused[I].empty()) {
        Refuse(I);
        continue;
      }
      Before[I] = stampOf(Files[I]);
      int Fds[2];
      if (pipe(Fds) != 0) {
        Error = std::string("cannot create a pipe: ") + std::strerror(errno);
        return false;
      }
      pid_t Pid = fork();
      if (Pid < 0) {
        Error = std::string("cannot start a worker: ") + std::strerror(errno);
        return false;
      }
      if (Pid == 0) {
        // A worker never outlives usmcheck (killed, or timed out by CI).
        prctl(PR_SET_PDEATHSIG, SIGKILL);
        close(Fds[0]);
        // Compiler messages go to a file; worth-showing lines travel back.
        std::FILE *Tmp = std::tmpfile();
        if (Tmp)
          dup2(fileno(Tmp), 2);
        // Nothing of the analysis is needed after the reply: leave its
        // memory to the end of the process. (Clang's own -disable-free
        // cannot be had here: clang's tooling turns it off.)
        clang::tidy::usm::ProvenanceAnalysis::leaveToProcessExit();
        WorkerReply Reply = AnalyseOne(I);
        std::fflush(stderr);
        if (Tmp) {
          std::rewind(Tmp);
          char Buf[4096];
          while (std::fgets(Buf, sizeof(Buf), Tmp))
            if (!isToolingNoise(Buf))
              Reply.Stderr += Buf;
        }
        _exit(writeAll(Fds[1], replyToWire(Reply)) ? 0 : 3);
      }
      close(Fds[1]);
      Live[Pid] = Running{I, Fds[0], ""};
    }
    if (Live.empty())
      continue; // the rest of the files were refused
    // Read whatever the workers have written; reap those that finished.
    std::vector<pollfd> Polls;
    std::vector<pid_t> Pids;
    for (auto &L : Live) {
      Polls.push_back({L.second.Fd, POLLIN, 0});
      Pids.push_back(L.first);
    }
    if (poll(Polls.data(), Polls.size(), -1) < 0 && errno != EINTR) {
      Error = std::string("waiting for workers: ") + std::strerror(errno);
      return false;
    }
    for (size_t K = 0; K < Polls.size(); ++K) {
      if (!(Polls[K].revents & (POLLIN | POLLHUP | POLLERR)))
        continue;
      char Buf[65536];
      ssize_t N = read(Polls[K].fd, Buf, sizeof(Buf));
      if (N > 0) {
        Live[Pids[K]].Data.append(Buf, N);
        continue;
      }
      if (N < 0 && errno == EINTR)
        continue;
      int Status = 0;
      while (waitpid(Pids[K], &Status, 0) < 0 && errno == EINTR)
        ;
      Finish(Pids[K], Status);
    }
  }

  std::vector<tooling::Diagnostic> Exported;
  std::map<std::string, uint64_t> FixedFileHashes;
  for (size_t I = 0; I < Files.size(); ++I) {
    WorkerReply &Reply = Replies[I];
    if (!Reply.Stderr.empty())
      std::fputs(Reply.Stderr.c_str(), stderr);
    if (!Reply.ExportYaml.empty()) {
      tooling::TranslationUnitDiagnostics TUD;
      llvm::yaml::Input In(Reply.ExportYaml);
      In >> TUD;
      if (!In.error())
        Exported.insert(Exported.end(), TUD.Diagnostics.begin(),
                        TUD.Diagnostics.end());
    }
    FixedFileHashes.insert(Reply.FixedFileHashes.begin(),
                           Reply.FixedFileHashes.end());
    Result.Files[I] = std::move(Reply.Result);
    if (Opts.Profile)
      Result.Profiles[I] = std::move(Reply.Profile);
  }
  // Templates and headers can yield the same finding more than once.
  for (FileResult &FR : Result.Files) {
    std::vector<Finding> Unique;
    for (Finding &F : FR.Findings) {
      bool Dup = false;
      for (const Finding &U : Unique)
        Dup |= U.Check == F.Check && U.Loc.File == F.Loc.File &&
               U.Loc.Line == F.Loc.Line && U.Loc.Column == F.Loc.Column &&
               U.Message == F.Message;
      if (!Dup)
        Unique.push_back(std::move(F));
    }
    FR.Findings = std::move(Unique);
  }
  if (!Opts.ExportFixes.empty()) {
    std::error_code EC;
    llvm::raw_fd_ostream OS(Opts.ExportFixes, EC);
    if (EC) {
      Error = "cannot write '" + Opts.ExportFixes + "': " + EC.message();
      return false;
    }
    tooling::TranslationUnitDiagnostics TUD;
    TUD.MainSourceFile = Files.front();
    TUD.Diagnostics = std::move(Exported);
    llvm::yaml::Output Y(OS);
    Y << TUD;
  }
  if (Opts.Fix && !applyFixes(Result.Files, FixedFileHashes, Error))
    return false;
  return true;
}

} // namespace usm
