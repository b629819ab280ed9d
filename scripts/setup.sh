#!/usr/bin/env bash
# Installs what usmcheck needs on a fresh Debian 12 machine (as root, or with
# sudo available) and builds it into build/. Safe to run again: installed
# packages are skipped and the build is incremental.
set -euo pipefail
cd "$(dirname "$0")/.."

PACKAGES=(
  build-essential cmake ninja-build git python3 python3-jsonschema
  clang-19 clang-tools-19 clang-tidy-19 libclang-19-dev libclang-cpp19-dev llvm-19-dev llvm-19-tools
  libomp-19-dev libclang-rt-19-dev
  libgtest-dev nlohmann-json3-dev libtomlplusplus-dev libcurl4-openssl-dev
  libdw-dev openssl bsdutils libthrust-dev libcub-dev
  pre-commit python3-yaml
  chromium fonts-dejavu-core
)

missing=()
for p in "${PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  SUDO=""
  [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  echo "usmcheck setup: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
start=$(date +%s)
ninja -C build
echo "usmcheck setup: build finished in $(( $(date +%s) - start )) s; the tool is build/usmcheck"
