# shellcheck shell=bash disable=SC2034 # sourced: the variables are for the scripts that source it
# common.sh - sourced by the scripts of scripts/gpu/ that run here
# (build-gpu-tests.sh, build-bench.sh, engine-bench.sh): the build of
# usmcheck they carry, the Debian 12 packages that the GPU machine lacks (it
# has no LLVM), and one way to download them.

# The build directory: USMCHECK_BUILD (relative to the repository root
# unless absolute) or build/.
usmcheck_build_dir() {
  local b=${USMCHECK_BUILD:-$1/build}
  case $b in /*) ;; *) b=$1/$b ;; esac
  echo "$b"
}

# build_usmcheck ROOT BUILD TARGET...: configures BUILD (Ninja, Release)
# when it is not configured yet, then builds the targets.
build_usmcheck() {
  local root=$1 build=$2
  shift 2
  if [ ! -f "$build/build.ninja" ] && [ ! -f "$build/Makefile" ]; then
    cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release
  fi
  cmake --build "$build" --target "$@"
}

# What usmcheck loads besides glibc and libstdc++.
GPU_LLVM_DEBS="libllvm19 libz3-4 libicu72 libxml2 libedit2 libffi8 libbsd0 libmd0 libtinfo6 libclang-cpp19 libtomlplusplus3"
# What the GPU tests and benchmarks load: the above and LLVM's OpenMP runtime.
GPU_RUNTIME_DEBS="libomp5-19 $GPU_LLVM_DEBS"

# fetch_debs DIR PKG...: apt-get download each PKG whose .deb is not in DIR
# yet (a cache shared by the scripts; .gpu-debs/ by default), from bookworm's
# main and non-free sections (nvidia-cuda-toolkit is non-free), with apt
# lists of its own in DIR/apt, so that the machine's apt sources and state
# are left alone.
fetch_debs() {
  local dir=$1 p need=0
  shift
  mkdir -p "$dir"
  for p in "$@"; do ls "$dir"/"${p}"_*.deb >/dev/null 2>&1 || need=1; done
  [ $need = 1 ] || return 0
  local apt="$dir/apt"
  mkdir -p "$apt/lists/partial" "$apt/cache/archives/partial"
  cat > "$apt/sources.list" <<SRC
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main non-free
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm-updates main non-free
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security bookworm-security main non-free
SRC
  local opts=(-o "Dir::Etc::SourceList=$apt/sources.list" -o "Dir::Etc::SourceParts=-"
    -o "Dir::State::Lists=$apt/lists" -o "Dir::Cache=$apt/cache"
    -o "APT::Sandbox::User=root")
  apt-get "${opts[@]}" update -qq
  (cd "$dir" && for p in "$@"; do
     ls "${p}"_*.deb >/dev/null 2>&1 || apt-get "${opts[@]}" download "$p"
   done)
}
