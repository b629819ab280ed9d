//===- CompileCommands.cpp - the compile command of each analysed file -----===//
//
// See CompileCommands.h. The flag lists and why each is needed are in
// docs/headers.md.
//
//===----------------------------------------------------------------------===//
#include "CompileCommands.h"
#include "Commands.h"
#include "Version.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <cstdlib>
#include <cstring>

namespace usm {

using namespace clang;

bool hasArg(const std::vector<std::string> &Args, llvm::StringRef Prefix) {
  for (const std::string &A : Args)
    if (llvm::StringRef(A).starts_with(Prefix))
      return true;
  return false;
}

namespace {

std::string headersDir() {
  // Installed layout first (<prefix>/bin/usmcheck, <prefix>/share/usmcheck/
  // headers), then the build tree (headers/ of the source directory).
  std::string Exe = selfExecutablePath();
  if (!Exe.empty()) {
    llvm::SmallString<256> P(llvm::sys::path::parent_path(
        llvm::sys::path::parent_path(Exe)));
    llvm::sys::path::append(P, "share", "usmcheck", "headers");
    if (llvm::sys::fs::is_directory(P))
      return std::string(P);
  }
  llvm::SmallString<256> P(USMCHECK_SOURCE_DIR);
  llvm::sys::path::append(P, "headers");
  return std::string(P);
}

/// The CUDA toolkit clang-19 can parse with: the user's --cuda-path, else
/// $CUDA_PATH, else /usr/local/cuda, if its cuda.h says CUDA <= 12.5 (newer
/// toolkits break clang-19's CUDA wrapper headers). Empty if none.
std::string usableCudaToolkit(const std::vector<std::string> &Cmd) {
  std::string Dir;
  for (const std::string &A : Cmd)
    if (llvm::StringRef(A).starts_with("--cuda-path="))
      Dir = A.substr(strlen("--cuda-path="));
  if (Dir.empty())
    if (const char *Env = std::getenv("CUDA_PATH"))
      Dir = Env;
  if (Dir.empty())
    Dir = "/usr/local/cuda";
  auto Buf = llvm::MemoryBuffer::getFile(Dir + "/include/cuda.h");
  if (!Buf)
    return "";
  llvm::StringRef Text = (*Buf)->getBuffer();
  size_t Pos = Text.find("#define CUDA_VERSION");
  if (Pos == llvm::StringRef::npos)
    return "";
  unsigned Version = 0;
  llvm::StringRef Num =
      Text.substr(Pos + strlen("#define CUDA_VERSION")).ltrim();
  Num = Num.take_while([](char C) { return C >= '0' && C <= '9'; });
  if (Num.getAsInteger(10, Version) || Version > 12050)
    return "";
  return Dir;
}

/// Flags of the user's command that clang-19 cannot use for a host-side
/// analysis parse (Intel spellings, SYCL device compilation, GPU targets).
bool isDroppedFlag(llvm::StringRef A) {
  return A == "-fiopenmp" || A == "-qopenmp" ||
         A.starts_with("-fopenmp-targets=spir64") || A.starts_with("-fsycl") ||
         A.starts_with("--offload-arch=") || A.starts_with("--cuda-gpu-arch=") ||
         A.starts_with("-arch=") || A.starts_with("--cuda-path=/nonexistent");
}

/// What a command analyses: language from the extension, `-x` and the
/// model flags (see docs/headers.md for why each flag is needed).
struct Inferred {
  std::vector<std::string> Front; ///< before the user's flags (-x, ...)
  std::vector<std::string> Back;  ///< after them (fallback headers last)
  /// CUDA without a usable toolkit: the user's include paths into a toolkit
  /// must go too, or its headers are parsed without clang's CUDA wrapper.
  bool DropToolkitIncludes = false;
};

/// Removes `-I DIR`, `-IDIR`, `-isystem DIR` whose DIR holds a CUDA
/// toolkit's cuda_runtime.h.
void dropToolkitIncludes(std::vector<std::string> &L) {
  auto IsToolkit = [](llvm::StringRef Dir) {
    return llvm::sys::fs::exists(Dir.str() + "/cuda_runtime.h") &&
           !llvm::sys::fs::exists(Dir.str() + "/usmcheck/cuda_prelude.h");
  };
  std::vector<std::string> Out;
  for (size_t I = 0; I < L.size(); ++I) {
    llvm::StringRef A = L[I];
    bool Separate = (A == "-I" || A == "-isystem") && I + 1 < L.size();
    llvm::StringRef Dir = Separate ? llvm::StringRef(L[I + 1])
                          : A.starts_with("-isystem") ? A.drop_front(8)
                          : A.starts_with("-I")       ? A.drop_front(2)
                                                      : llvm::StringRef();
    if (!Dir.empty() && IsToolkit(Dir)) {
      I += Separate;
      continue;
    }
    Out.push_back(L[I]);
  }
  L = std::move(Out);
}

Inferred inferredFlags(const std::string &File,
                       const std::vector<std::string> &Cmd) {
  Inferred Out;
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  std::string H = headersDir() + "/sdk";
  std::string Content;
  if (auto Buf = llvm::MemoryBuffer::getFile(File))
    Content = std::string((*Buf)->getBuffer());

  if (!hasArg(Cmd, "-resource-dir"))
    Out.Front.push_back(std::string("-resource-dir=") + USMCHECK_RESOURCE_DIR);

  bool LangGiven = hasArg(Cmd, "-x");
  bool IsCuda = Ext == ".cu" || Ext == ".cuh" ||
                std::find(Cmd.begin(), Cmd.end(), "-xcuda") != Cmd.end() ||
                (LangGiven && std::find(Cmd.begin(), Cmd.end(), "cuda") != Cmd.end());
  bool IsHip = Ext == ".hip" ||
               std::find(Cmd.begin(), Cmd.end(), "-xhip") != Cmd.end() ||
               (LangGiven && std::find(Cmd.begin(), Cmd.end(), "hip") != Cmd.end());
  if (IsCuda) {
    if (!LangGiven)
      Out.Front.insert(Out.Front.end(), {"-x", "cuda"});
    Out.Back.insert(Out.Back.end(),
                    {"--cuda-host-only", "-nocudalib", "-Wno-unknown-cuda-version"});
    if (usableCudaToolkit(Cmd).empty()) {
      // No toolkit clang-19 can use: the analysis headers stand in for it.
      Out.DropToolkitIncludes = true;
      Out.Back.push_back("-nocudainc");
      Out.Back.insert(Out.Back.end(),
                      {"-include", H + "/usmcheck/cuda_prelude.h"});
    }
  } else if (IsHip) {
    if (!LangGiven)
      Out.Front.insert(Out.Front.end(), {"-x", "hip"});
    Out.Back.insert(Out.Back.end(),
                    {"--offload-host-only", "-nogpuinc", "-nogpulib"});
  }
  bool UsesOpenMP = Content.find("#pragma omp") != std::string::npos ||
                    Content.find("<omp.h>") != std::string::npos ||
                    hasArg(Cmd, "-fopenmp") || hasArg(Cmd, "-fiopenmp") ||
                    hasArg(Cmd, "-qopenmp");
  if (UsesOpenMP) {
    if (!hasArg(Cmd, "-fopenmp") || hasArg(Cmd, "-fopenmp-targets=spir64"))
      Out.Back.push_back("-fopenmp");
    Out.Back.insert(Out.Back.end(), {"-include", H + "/usmcheck/omp_usm.h"});
  }
  // -idirafter: searched after every user and system directory, so the real
  // SDK headers win whenever they are installed.
  Out.Back.insert(Out.Back.end(), {"-idirafter", H});
  return Out;
}

/// Adds the inferred flags to every command (before the file name).
class InferringDatabase : public tooling::CompilationDatabase {
public:
  explicit InferringDatabase(std::unique_ptr<tooling::CompilationDatabase> B)
      : Base(std::move(B)) {}

  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    std::vector<tooling::CompileCommand> Cmds = Base->getCompileCommands(File);
    for (tooling::CompileCommand &C : Cmds) {
      std::vector<std::string> &L = C.CommandLine;
      Inferred Add = inferredFlags(File.str(), L);
      L.erase(std::remove_if(L.begin() + (L.empty() ? 0 : 1), L.end(),
                             [](const std::string &A) { return isDroppedFlag(A); }),
              L.end());
      if (Add.DropToolkitIncludes)
        dropToolkitIncludes(L);
      // Front flags go right after argv[0]; back flags after the user's
      // flags but before the source file, so `-x` still applies to it.
      auto FileIt = std::find_if(L.begin(), L.end(), [&](const std::string &A) {
        return A == File || llvm::StringRef(File).ends_with("/" + A);
      });
      size_t FilePos = FileIt == L.end() ? L.size() : FileIt - L.begin();
      L.insert(L.begin() + FilePos, Add.Back.begin(), Add.Back.end());
      L.insert(L.begin() + (L.empty() ? 0 : 1), Add.Front.begin(),
               Add.Front.end());
      // Compiler warnings are noise for this tool; errors still show.
      L.insert(L.begin() + 1, "-Wno-everything");
    }
    return Cmds;
  }
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }

private:
  std::unique_ptr<tooling::CompilationDatabase> Base;
};

} // namespace

std::unique_ptr<tooling::CompilationDatabase>
withAnalysisFlags(std::unique_ptr<tooling::CompilationDatabase> Base) {
  return std::make_unique<InferringDatabase>(std::move(Base));
}

} // namespace usm
