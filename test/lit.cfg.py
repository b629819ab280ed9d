# lit configuration for usmcheck. Tests live in sub-folders by area:
#   checks/   one file per check (and negative files), CHECK-MESSAGES style
#   cli/      the driver: options, formats, exit codes, bad input
#   runtime/  `usmcheck run` and the guard library
#   explain/  `usmcheck explain` and the LLM channel
import os
import shutil
import lit.formats

config.name = "usmcheck"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".c", ".cpp", ".cu", ".test", ".hip"]
config.excludes = ["Inputs", "lit.cfg.py", "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.usmcheck_obj_root, "test")

config.environment["PATH"] = os.pathsep.join(
    [config.llvm_tools_dir, config.usmcheck_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# Tests must not depend on the user's colour preferences or terminal.
config.environment.pop("NO_COLOR", None)
config.environment["LD_LIBRARY_PATH"] = config.llvm_lib_dir
for var in ("HOME", "TMPDIR"):
    if var in os.environ:
        config.environment[var] = os.environ[var]

usmcheck = os.path.join(config.usmcheck_tools_dir, "usmcheck")
config.substitutions.append(("%usmcheck", usmcheck))
# clang++ beside clang (clang-19 -> clang++-19); before %clang, which is
# its prefix.
clangxx = os.path.join(os.path.dirname(config.clang),
                       os.path.basename(config.clang).replace("clang", "clang++", 1))
config.substitutions.append(("%clangxx", clangxx))
config.substitutions.append(("%clang", config.clang))
config.substitutions.append(("%src_root", config.usmcheck_src_root))
# The build directory (cmake --install / cpack read it; tests never write it).
config.substitutions.append(("%build_root", config.usmcheck_obj_root))
config.substitutions.append(("%examples", os.path.join(config.usmcheck_src_root, "examples")))
config.substitutions.append(("%python", "python3"))
config.substitutions.append(("%check_clang_tidy",
    "python3 " + os.path.join(config.usmcheck_src_root, "test", "checks", "check_usm.py")
    + " --usmcheck " + usmcheck))

# The clang-tidy plugin and Debian's clang-tidy-19 that loads it (first:
# %clang and %usmcheck are their prefixes).
config.substitutions.insert(0, ("%usmcheck_tidy", os.path.join(config.usmcheck_tools_dir, "libusmcheck-tidy.so")))
clang_tidy = os.path.join(config.llvm_tools_dir, "clang-tidy")
config.substitutions.insert(0, ("%clang_tidy", clang_tidy))
if os.path.exists(clang_tidy) and os.path.exists(
        os.path.join(config.usmcheck_tools_dir, "libusmcheck-tidy.so")):
    config.available_features.add("clang-tidy-plugin")

# OpenMP offload to the host as a device (runtime tests; the install test).
if os.path.exists(os.path.join(config.llvm_lib_dir, "libomptarget.so")):
    config.available_features.add("omp-host-offload")

if shutil.which("pre-commit") and shutil.which("git"):
    config.available_features.add("pre-commit")

if all(shutil.which(t) for t in ("cpack", "dpkg", "dpkg-deb", "dpkg-shlibdeps", "apt-get")):
    config.available_features.add("debian-packaging")

if os.geteuid() != 0:
    config.available_features.add("non-root")
if shutil.which("cmake") and shutil.which("ninja"):
    config.available_features.add("cmake")
if shutil.which("nvcc") or os.path.exists("/usr/local/cuda/bin/nvcc"):
    config.available_features.add("nvcc")
# The in-process check fuzzer, in a -DUSMCHECK_FUZZ=ON build (docs/hardening.md).
fuzz_check = os.path.join(config.usmcheck_obj_root, "fuzz", "usmcheck-fuzz-check")
if os.path.exists(fuzz_check):
    config.available_features.add("fuzz-check")
    config.substitutions.append(("%check_fuzzer", fuzz_check))
