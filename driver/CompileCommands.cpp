//===- CompileCommands.cpp - the compile command of each analysed file -----===//
//
// See CompileCommands.h. The flag lists and why each is needed are in
// docs/headers.md.
//
//===----------------------------------------------------------------------===//
#include "CompileCommands.h"
#include "Commands.h"
#include "Version.h"

#include "clang/Driver/Driver.h"
#include "clang/Driver/Options.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Option/ArgList.h"
#include "llvm/Option/OptTable.h"
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
  // headers, found relative to the executable so that an installed tree can
  // be moved), then the build tree (headers/ of the source directory).
  std::string Exe = selfExecutablePath();
  if (!Exe.empty()) {
    llvm::SmallString<256> P(llvm::sys::path::parent_path(Exe));
    llvm::sys::path::append(P, USMCHECK_BIN_TO_HEADERS);
    llvm::sys::path::remove_dots(P, /*remove_dot_dot=*/true);
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

/// The compiler a command was written for, from argv[0]'s name.
enum class Compiler { ClangOrGcc, Nvcc, Hipcc, Intel, Nvhpc };

Compiler compilerOf(llvm::StringRef Argv0) {
  llvm::StringRef Name = llvm::sys::path::filename(Argv0);
  // clang++-19, g++-12, nvcc.exe: the family is the stem.
  Name = Name.take_until([](char C) { return C == '-' || C == '.'; });
  if (Name == "nvcc")
    return Compiler::Nvcc;
  if (Name == "hipcc" || Name == "amdclang++" || Name == "amdclang" ||
      Name == "hipclang")
    return Compiler::Hipcc;
  if (Name == "icpx" || Name == "icx" || Name == "dpcpp" || Name == "icpc" ||
      Name == "icc")
    return Compiler::Intel;
  if (Name == "nvc++" || Name == "nvc" || Name == "pgc++" || Name == "pgcc")
    return Compiler::Nvhpc;
  return Compiler::ClangOrGcc;
}

/// nvcc options that take a separate value (`-arch sm_90`, `-Xptxas -v`);
/// their `=`-joined forms are recognised by the same names.
const char *const NvccValueOptions[] = {
    "-Xptxas", "--ptxas-options", "-Xcompiler", "--compiler-options",
    "-Xlinker", "--linker-options", "-Xnvlink", "--nvlink-options",
    "-Xarchive", "--archive-options", "-Xcudafe", "-Xfatbin",
    "--fatbin-options", "-ccbin", "--compiler-bindir", "-arch",
    "--gpu-architecture", "-code", "--gpu-code", "-gencode",
    "--generate-code", "-maxrregcount", "--maxrregcount", "-t", "--threads",
    "-o", "--output-file", "-x", "--x", "-std", "--std", "-rdc",
    "--relocatable-device-code", "-cudart", "--cudart", "-cudadevrt",
    "--cudadevrt", "-ldir", "--libdevice-directory", "-odir",
    "--output-directory", "-MF", "--dependency-output", "-MT",
    "--dependency-target-name", "-include", "--pre-include", "-I",
    "--include-path", "-isystem", "--system-include", "-D", "--define-macro",
    "-U", "--undefine-macro", "-L", "--library-path", "-l", "--library",
    "-default-stream", "--default-stream", "-diag-suppress", "--diag-suppress",
    "-diag-warn", "--diag-warn", "-diag-error", "--diag-error", "-keep-dir",
    "--keep-dir", "-ftz", "--ftz", "-prec-div", "--prec-div", "-prec-sqrt",
    "--prec-sqrt", "-fmad", "--fmad", "-Werror", "--Werror", "-lto",
    "-split-compile", "--split-compile", "-time", "--time", "-optf",
    "--options-file", "-dopt", "--dopt", "-ptx-version", "-Xcicc"};

bool isNvccValueOption(llvm::StringRef A) {
  for (const char *O : NvccValueOptions)
    if (A == O)
      return true;
  return false;
}

/// Splits an nvcc `-Xcompiler a,b,"c d"` value into host-compiler flags.
void splitCommaList(llvm::StringRef V, std::vector<std::string> &Out) {
  llvm::SmallVector<llvm::StringRef, 8> Parts;
  V.split(Parts, ',', -1, false);
  for (llvm::StringRef P : Parts)
    if (!P.trim().empty())
      Out.push_back(P.trim().str());
}

/// nvcc's command line as host-side clang flags: include paths, macros,
/// pre-includes, the language standard and the host-compiler flags
/// (-Xcompiler) are kept; GPU code generation, ptxas/nvlink and nvcc's own
/// switches are dropped (recorded in \p Dropped).
std::vector<std::string> fromNvcc(const std::vector<std::string> &In,
                                  std::vector<std::string> &Dropped) {
  std::vector<std::string> Out;
  for (size_t I = 1; I < In.size(); ++I) {
    llvm::StringRef A = In[I];
    if (!A.starts_with("-")) {
      Out.push_back(A.str()); // an input: the normaliser keeps the file
      continue;
    }
    // Name and value of `-opt value`, `-opt=value`, `--opt value`.
    llvm::StringRef Name = A, Value;
    bool HasValue = false;
    size_t Eq = A.find('=');
    if (Eq != llvm::StringRef::npos && isNvccValueOption(A.take_front(Eq))) {
      Name = A.take_front(Eq);
      Value = A.drop_front(Eq + 1);
      HasValue = true;
    } else if (isNvccValueOption(A)) {
      if (I + 1 < In.size()) {
        Value = In[++I];
        HasValue = true;
      }
    } else {
      // Joined short forms: -Idir, -DX=1, -Ldir, -lfoo, -O3.
      for (const char *J : {"-I", "-D", "-U", "-L", "-l"})
        if (A.starts_with(J) && A.size() > 2 && A != "-lineinfo") {
          Name = J;
          Value = A.drop_front(2);
          HasValue = true;
        }
    }
    std::string Orig = HasValue ? Name.str() + " " + Value.str() : A.str();
    if (Name == "-I" || Name == "--include-path")
      Out.push_back("-I" + Value.str());
    else if (Name == "-isystem" || Name == "--system-include")
      Out.insert(Out.end(), {"-isystem", Value.str()});
    else if (Name == "-D" || Name == "--define-macro")
      Out.push_back("-D" + Value.str());
    else if (Name == "-U" || Name == "--undefine-macro")
      Out.push_back("-U" + Value.str());
    else if (Name == "-include" || Name == "--pre-include")
      Out.insert(Out.end(), {"-include", Value.str()});
    else if (Name == "-std" || Name == "--std")
      Out.push_back("-std=" + Value.str());
    else if (Name == "-x" || Name == "--x")
      Out.insert(Out.end(), {"-x", Value == "cu" ? "cuda" : Value.str()});
    else if (Name == "-Xcompiler" || Name == "--compiler-options")
      splitCommaList(Value, Out);
    else if (Name == "-o" || Name == "--output-file" || A == "-c" ||
             A == "--compile")
      continue; // outputs are not the analysis's business
    else if (A.starts_with("-std=") || A.starts_with("-O") || A == "-m64" ||
             A == "-c" || A == "-w" || A.starts_with("-W") && !HasValue)
      Out.push_back(A.str());
    else
      Dropped.push_back(Orig);
  }
  return Out;
}

/// Flags clang knows that would turn the host-side analysis parse into
/// something else: offload device compilation (OpenMP, SYCL, CUDA, HIP
/// device targets and their pass-through options), GPU -march/-mcpu.
/// \p Separate: the flag's value is the next argument.
bool isOffloadFlag(llvm::StringRef A, bool &Separate) {
  Separate = false;
  for (const char *S : {"-Xopenmp-target", "-Xarch_device", "-Xcuda-ptxas",
                        "-Xcuda-fatbinary", "-Xoffload-linker", "-mllvm",
                        "-Xsycl-target-backend", "-Xsycl-target-frontend",
                        "-Xsycl-target-linker", "-Xs", "-fsycl-targets"})
    if (A == S) {
      Separate = true;
      return true;
    }
  // -Xopenmp-target=<triple> <flag>, -Xsycl-target-backend=<triple> <flag>
  for (const char *S : {"-Xopenmp-target=", "-Xsycl-target-backend=",
                        "-Xsycl-target-frontend=", "-Xsycl-target-linker="})
    if (A.starts_with(S)) {
      Separate = true;
      return true;
    }
  for (const char *P :
       {"-fopenmp-targets=", "--offload-arch=", "--no-offload-arch=",
        "--offload=", "-foffload", "-fno-offload", "--offload-device-only",
        "--offload-new-driver", "--no-offload-new-driver",
        "-fopenmp-offload-mandatory", "--libomptarget-", "-fopenmp-cuda-",
        "-fopenmp-target-", "-fopenmp-assume-", "-fopenmp-is-target-device",
        "-fsycl", "-fno-sycl", "-fintelfpga", "--cuda-gpu-arch=",
        "--no-cuda-gpu-arch=", "--cuda-device-only",
        "--cuda-compile-host-device", "-fgpu-rdc", "-fno-gpu-rdc",
        "--gpu-max-threads-per-block=", "--rocm-device-lib-path=",
        "--hip-device-lib", "-march=sm_", "-march=gfx", "-mcpu=sm_",
        "-mcpu=gfx", "-mcpu=native", "-fiopenmp", "-qopenmp",
        "--cuda-path=/nonexistent", "-fopenmp-targets", "-qmkl", "-mkl"})
    if (A.starts_with(P))
      return true;
  return false;
}

/// Outputs, dependency files and verbose switches: the analysis writes
/// nothing and must not print clang's -v dump. \p Separate as above.
bool isOutputFlag(llvm::StringRef A, bool &Separate) {
  Separate = A == "-o" || A == "-MF" || A == "-MT" || A == "-MQ" ||
             A == "-MJ" || A == "-dependency-file";
  return Separate || A == "-c" || A == "-S" || A == "-E" || A == "-v" ||
         A == "-###" || A == "-M" || A == "-MM" || A == "-MD" ||
         A == "-MMD" || A == "-MG" || A == "-MP" || A == "-save-temps" ||
         A.starts_with("-save-temps=") || A.starts_with("-o") ||
         A.starts_with("-MF") || A.starts_with("-MT") ||
         A.starts_with("-MQ") || A.starts_with("-MJ") || A == "-Winvalid-pch";
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

/// The last `-x LANG` / `-xLANG` of \p Cmd, or "".
std::string languageGiven(const std::vector<std::string> &Cmd) {
  std::string Lang;
  for (size_t I = 0; I < Cmd.size(); ++I) {
    if (Cmd[I] == "-x" && I + 1 < Cmd.size())
      Lang = Cmd[I + 1];
    else if (llvm::StringRef(Cmd[I]).starts_with("-x") && Cmd[I].size() > 2)
      Lang = Cmd[I].substr(2);
  }
  return Lang;
}

/// True if the command turns OpenMP on (any compiler's spelling).
bool openMPFlag(const std::vector<std::string> &Cmd) {
  for (const std::string &A : Cmd) {
    llvm::StringRef R(A);
    if ((R.starts_with("-fopenmp") && !R.starts_with("-fopenmp-simd")) ||
        R == "-fiopenmp" || R == "-qopenmp" || R == "-mp" ||
        R.starts_with("-mp="))
      return true;
  }
  return false;
}

/// \p OpenMPFlag: the user's command (before normalisation) turns OpenMP on.
Inferred inferredFlags(const std::string &File,
                       const std::vector<std::string> &Cmd, Compiler Kind,
                       bool OpenMPFlag) {
  Inferred Out;
  llvm::StringRef Ext = llvm::sys::path::extension(File);
  std::string H = headersDir() + "/sdk";
  // Read in place (a large file is mapped, not copied): the searches below
  // are all this needs, and a copy of a 3 MB source costs its 700 pages.
  auto Buf = llvm::MemoryBuffer::getFile(File, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  llvm::StringRef Content = Buf ? (*Buf)->getBuffer() : llvm::StringRef();

  if (!hasArg(Cmd, "-resource-dir"))
    Out.Front.push_back(std::string("-resource-dir=") + USMCHECK_RESOURCE_DIR);

  std::string Lang = languageGiven(Cmd);
  bool IsC = Ext == ".c" || Lang == "c";
  // HIP sources are often named .cu or .cpp: hipcc compiles them as HIP,
  // and so does any file that includes the HIP runtime (unless nvcc is the
  // compiler: HIP on NVIDIA is CUDA underneath).
  bool IncludesHip = Content.contains("hip/hip_runtime");
  bool IsHip = Lang == "hip" ||
               (Lang.empty() && !IsC && Kind != Compiler::Nvcc &&
                (Ext == ".hip" || Kind == Compiler::Hipcc || IncludesHip));
  bool IsCuda = !IsHip && (Lang == "cuda" || (Lang.empty() && (Ext == ".cu" ||
                                                                Ext == ".cuh")));
  if (IsCuda) {
    if (Lang.empty())
      Out.Front.insert(Out.Front.end(), {"-x", "cuda"});
    Out.Back.insert(Out.Back.end(),
                    {"--cuda-host-only", "-nocudalib", "-Wno-unknown-cuda-version"});
    std::string Toolkit = usableCudaToolkit(Cmd);
    if (Toolkit.empty()) {
      // No toolkit clang-19 can use: the analysis headers stand in for it.
      Out.DropToolkitIncludes = true;
      Out.Back.push_back("-nocudainc");
      Out.Back.insert(Out.Back.end(),
                      {"-include", H + "/usmcheck/cuda_prelude.h"});
    } else {
      Out.Back.insert(Out.Back.end(),
                      {"--cuda-path=" + Toolkit, "--no-cuda-version-check"});
    }
  } else if (IsHip) {
    if (Lang.empty())
      Out.Front.insert(Out.Front.end(), {"-x", "hip"});
    // -nogpuinc also stops clang's implicit HIP runtime wrapper, which
    // hipcc gives every file (HIP code may use __device__ before any
    // #include); the prelude gives it back through the search path.
    Out.Back.insert(Out.Back.end(),
                    {"--offload-host-only", "-nogpuinc", "-nogpulib", "-include",
                     H + "/usmcheck/hip_prelude.h"});
  }
  // A real compile command says whether OpenMP is on (the program may
  // guard code with #ifdef _OPENMP); flags alone, or none, leave it to the
  // file's content.
  bool RealCommand = !Cmd.empty() && Cmd.front() != "clang-tool";
  bool UsesOpenMP = OpenMPFlag ||
                    (!RealCommand &&
                     (Content.contains("#pragma omp") ||
                      Content.contains("<omp.h>")));
  if (UsesOpenMP) {
    Out.Back.push_back("-fopenmp");
    Out.Back.insert(Out.Back.end(), {"-include", H + "/usmcheck/omp_usm.h"});
  }
  // -idirafter: searched after every user and system directory, so the real
  // SDK headers win whenever they are installed.
  Out.Back.insert(Out.Back.end(), {"-idirafter", H});
  // Analyse everything clang understood, not only up to its error limit;
  // no typo correction: it compares an unknown name with every known one
  // (minutes on a fuzzed 800,000-character identifier) and its guesses are
  // not code the user wrote.
  Out.Back.insert(Out.Back.end(), {"-ferror-limit=0", "-fno-spell-checking"});
  return Out;
}

/// Splits \p L into clang's options: drops the ones clang does not know
/// (recording them), every input (the analysed file is added back by the
/// caller), outputs and offload device flags.
void normaliseForClang(std::vector<std::string> &L,
                       std::vector<std::string> &Dropped) {
  // Offload and output flags first, by name (their values may look like
  // inputs or options: `-Xopenmp-target -march=sm_80`, `-o x.o`).
  std::vector<std::string> Kept;
  if (!L.empty())
    Kept.push_back(L.front());
  for (size_t I = 1; I < L.size(); ++I) {
    llvm::StringRef A = L[I];
    bool Separate = false;
    if (A == "-Xarch_host" && I + 1 < L.size()) {
      Kept.push_back(L[++I]);
      continue;
    }
    if (isOffloadFlag(A, Separate)) {
      std::string D = A.str();
      if (Separate && I + 1 < L.size())
        D += " " + L[++I];
      Dropped.push_back(D);
      continue;
    }
    if (isOutputFlag(A, Separate)) {
      I += Separate;
      continue;
    }
    Kept.push_back(L[I]);
  }
  // Then what clang's driver would reject or treat as another input.
  std::vector<const char *> Raw;
  for (size_t I = 1; I < Kept.size(); ++I)
    Raw.push_back(Kept[I].c_str());
  unsigned MissingIndex = 0, MissingCount = 0;
  const llvm::opt::OptTable &Table = clang::driver::getDriverOptTable();
  llvm::opt::InputArgList Args =
      Table.ParseArgs(Raw, MissingIndex, MissingCount,
                      llvm::opt::Visibility(clang::driver::options::ClangOption));
  std::vector<bool> Drop(Raw.size(), false);
  if (MissingCount)
    for (unsigned I = MissingIndex; I < Raw.size(); ++I)
      Drop[I] = true;
  std::vector<const llvm::opt::Arg *> Ordered(Args.begin(), Args.end());
  std::sort(Ordered.begin(), Ordered.end(),
            [](const llvm::opt::Arg *X, const llvm::opt::Arg *Y) {
              return X->getIndex() < Y->getIndex();
            });
  for (size_t K = 0; K < Ordered.size(); ++K) {
    const llvm::opt::Arg *A = Ordered[K];
    unsigned Begin = A->getIndex();
    unsigned End = K + 1 < Ordered.size() ? Ordered[K + 1]->getIndex()
                                          : static_cast<unsigned>(Raw.size());
    if (MissingCount)
      End = std::min(End, MissingIndex);
    auto Kind = A->getOption().getKind();
    bool Unknown = Kind == llvm::opt::Option::UnknownClass;
    bool Input = Kind == llvm::opt::Option::InputClass;
    if (!Unknown && !Input)
      continue;
    for (unsigned I = Begin; I < End && I < Raw.size(); ++I) {
      Drop[I] = true;
      if (Unknown)
        Dropped.push_back(Raw[I]);
    }
  }
  std::vector<std::string> Out;
  Out.push_back(Kept.front());
  for (size_t I = 0; I < Raw.size(); ++I)
    if (!Drop[I])
      Out.push_back(Raw[I]);
  L = std::move(Out);
}

/// Adds the inferred flags to every command (before the file name).
class InferringDatabase : public tooling::CompilationDatabase {
public:
  InferringDatabase(std::unique_ptr<tooling::CompilationDatabase> B,
                    std::vector<std::string> Before,
                    std::vector<std::string> After)
      : Base(std::move(B)), Before(std::move(Before)), After(std::move(After)) {}

  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    std::vector<tooling::CompileCommand> Cmds = Base->getCompileCommands(File);
    for (tooling::CompileCommand &C : Cmds) {
      std::vector<std::string> Dropped;
      C.CommandLine = adjust(C.CommandLine, File.str(), Dropped);
      if (!Dropped.empty())
        C.Heuristic = "dropped: " + llvm::join(Dropped, " ");
    }
    return Cmds;
  }
  std::vector<std::string> getAllFiles() const override {
    return Base->getAllFiles();
  }

private:
  std::vector<std::string> adjust(std::vector<std::string> L,
                                  const std::string &File,
                                  std::vector<std::string> &Dropped) const {
    if (L.empty())
      L.push_back("clang++");
    Compiler Kind = compilerOf(L.front());
    if (Kind == Compiler::Nvcc) {
      std::vector<std::string> Host = fromNvcc(L, Dropped);
      bool IsC = llvm::sys::path::extension(File) == ".c";
      Host.insert(Host.begin(), IsC ? "clang" : "clang++");
      L = std::move(Host);
    } else if (Kind != Compiler::ClangOrGcc) {
      // clang's driver reads C or C++ mode from argv[0]'s name: icpx,
      // hipcc and nvc++ compile .c files as C++ like clang++ does.
      llvm::StringRef Name = llvm::sys::path::filename(L.front());
      bool CMode = Name.starts_with("icx") || Name.starts_with("icc") ||
                   Name == "nvc" || Name.starts_with("pgcc") ||
                   Name == "amdclang";
      L.front() = CMode ? "clang" : "clang++";
    }
    // --extra-arg-before right after the compiler, --extra-arg at the end.
    L.insert(L.begin() + 1, Before.begin(), Before.end());
    L.insert(L.end(), After.begin(), After.end());
    bool OpenMP = openMPFlag(L);
    normaliseForClang(L, Dropped);
    Inferred Add = inferredFlags(File, L, Kind, OpenMP);
    if (Add.DropToolkitIncludes)
      dropToolkitIncludes(L);
    L.insert(L.end(), Add.Back.begin(), Add.Back.end());
    L.insert(L.begin() + 1, Add.Front.begin(), Add.Front.end());
    // Compiler warnings are noise for this tool (also after the user's
    // -Wall); errors still show.
    L.push_back("-Wno-everything");
    L.push_back(File);
    return L;
  }

  std::unique_ptr<tooling::CompilationDatabase> Base;
  std::vector<std::string> Before, After;
};

/// `usmcheck check FILE... -- FLAGS`: FLAGS are the compile flags of every
/// file, or, when the first of them is not an option (`-- /usr/bin/c++ -I.
/// -c a.cpp -o a.o`, as CMake's CMAKE_<LANG>_CLANG_TIDY passes it), a whole
/// compile command whose compiler tells how to read the rest.
class CommandLineDatabase : public tooling::CompilationDatabase {
public:
  explicit CommandLineDatabase(std::vector<std::string> Args)
      : Args(std::move(Args)) {
    if (this->Args.empty() || llvm::StringRef(this->Args.front()).starts_with("-"))
      this->Args.insert(this->Args.begin(), "clang-tool");
  }
  std::vector<tooling::CompileCommand>
  getCompileCommands(llvm::StringRef File) const override {
    llvm::SmallString<256> Cwd;
    llvm::sys::fs::current_path(Cwd);
    std::vector<std::string> L = Args;
    L.push_back(File.str());
    return {tooling::CompileCommand(Cwd, File, L, "")};
  }

private:
  std::vector<std::string> Args;
};

} // namespace

std::unique_ptr<tooling::CompilationDatabase>
withAnalysisFlags(std::unique_ptr<tooling::CompilationDatabase> Base,
                  std::vector<std::string> Before,
                  std::vector<std::string> After) {
  return std::make_unique<InferringDatabase>(std::move(Base), std::move(Before),
                                             std::move(After));
}

std::unique_ptr<tooling::CompilationDatabase>
commandLineDatabase(std::vector<std::string> Args) {
  return std::make_unique<CommandLineDatabase>(std::move(Args));
}

std::vector<std::string>
describeCommands(const tooling::CompilationDatabase &Db,
                 const std::string &File) {
  std::vector<std::string> Out;
  for (const tooling::CompileCommand &C : Db.getCompileCommands(File)) {
    std::string Line = File + ": analysed as:";
    for (const std::string &A : C.CommandLine)
      Line += " " + (A.find_first_of(" \t\"'") == std::string::npos
                         ? A
                         : "'" + A + "'");
    Out.push_back(Line);
    if (!C.Heuristic.empty())
      Out.push_back(File + ": " + C.Heuristic);
  }
  return Out;
}

} // namespace usm
