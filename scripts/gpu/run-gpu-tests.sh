#!/usr/bin/env bash
# run-gpu-tests.sh - run usmcheck's GPU tests ON the GPU machine (NVIDIA
# H200, sm_90) from the binaries that build-gpu-tests.sh left in .gpu-out/.
# Nothing is compiled here: that machine has CUDA 13 but no LLVM.
#
#   scripts/gpu/run-gpu-tests.sh [RESULTS_DIR]   (default /tmp/usm-gpu-results)
#   SKIP_BENCH=1 scripts/gpu/run-gpu-tests.sh     (the cases only: no overhead
#                                                 benchmark, no compute-sanitizer)
#
# Each case runs under `usmcheck run` and its report is checked (exit status
# and the lines that must be there); the full output is printed, so the log
# of this script is the record that docs/runtime.md quotes. Then the overhead
# benchmark: the same binary with and without the guard, alternated, and
# compute-sanitizer on the same program when it is installed.
set -u

ROOT=$(cd "$(dirname "$0")/../.." && pwd)
G=${GPU_OUT:-$ROOT/.gpu-out}
RES=${1:-/tmp/usm-gpu-results}
LIBS=/tmp/usm-gpu-libs
mkdir -p "$RES" "$LIBS"
PASS=0
FAIL=0

echo "== machine"
date -u
uname -srm
grep PRETTY_NAME /etc/os-release 2>/dev/null
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader 2>&1
/usr/local/cuda/bin/nvcc --version 2>/dev/null | tail -1

echo "== unpacking the Debian runtime packages into $LIBS"
for d in "$G"/debs/*.deb; do dpkg -x "$d" "$LIBS"; done
export LD_LIBRARY_PATH="$LIBS/usr/lib/llvm-19/lib:$LIBS/usr/lib/x86_64-linux-gnu:/usr/local/cuda/lib64${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
if ldd "$G/bin/llvm-symbolizer" | grep -q "libcurl.so.4 => not found"; then
  echo "note: no libcurl.so.4 here; llvm-symbolizer uses the stub in .gpu-out/stub"
  export LD_LIBRARY_PATH="$LD_LIBRARY_PATH:$G/stub"
fi
ldd "$G/bin/llvm-symbolizer" | grep "not found" && echo "warning: llvm-symbolizer misses libraries"

USMCHECK="$G/bin/usmcheck"
if "$USMCHECK" --version >/dev/null 2>&1; then
  RUN=("$USMCHECK" run --)
  echo "usmcheck: $("$USMCHECK" --version 2>&1 | head -1)"
else
  # usmcheck links libclang-cpp/libLLVM; if they cannot load, the guard
  # still works preloaded by hand (what `usmcheck run` does anyway).
  echo "note: usmcheck cannot start here:"; "$USMCHECK" --version 2>&1 | head -3
  echo "note: running the guard with LD_PRELOAD directly"
  RUN=(env "LD_PRELOAD=$G/bin/libusmcheck_rt.so" "USMCHECK_OPTIONS=symbolizer_path=$G/bin/llvm-symbolizer")
fi

line_of() { grep -n -m1 -F "$2" "$ROOT/$1" | cut -d: -f1; }

# check NAME EXPECTED_STATUS [PATTERN...] (extended regexps, each must match;
# a pattern starting with ! must not match)
check() {
  local name=$1 want=$2 got
  shift 2
  got=$(cat "$RES/$name.status")
  local ok=1 why=""
  [ "$got" = "$want" ] || { ok=0; why="exit status $got, expected $want"; }
  for p in "$@"; do
    if [ "${p:0:1}" = "!" ]; then
      grep -Eq -- "${p:1}" "$RES/$name.txt" && { ok=0; why="$why; unexpected /${p:1}/"; }
    else
      grep -Eq -- "$p" "$RES/$name.txt" || { ok=0; why="$why; missing /$p/"; }
    fi
  done
  if [ $ok = 1 ]; then PASS=$((PASS + 1)); echo "PASS: $name"; else FAIL=$((FAIL + 1)); echo "FAIL: $name:$why"; fi
}

# runcase NAME [ENV=VALUE...] -- PROGRAM ARGS...: run under the guard
runcase() {
  local name=$1
  shift
  local envs=()
  while [ "$1" != "--" ]; do envs+=("$1"); shift; done
  shift
  echo
  echo "---- $name: ${envs[*]:+${envs[*]} }usmcheck run -- $(basename "$1") ${*:2}"
  (cd "$RES" && env "${envs[@]}" "${RUN[@]}" "$@") > "$RES/$name.txt" 2>&1
  echo $? > "$RES/$name.status"
  cat "$RES/$name.txt"
  echo "(exit status $(cat "$RES/$name.status"))"
}

T=$G/tests
OMPENV=(OMP_TARGET_OFFLOAD=MANDATORY)

echo
echo "== before: the CUDA seed bug without usmcheck"
(cd "$RES" && "$T/cuda_seed") > "$RES/plain.txt" 2>&1
echo "exit status $? (139 = killed by SIGSEGV)"; cat "$RES/plain.txt"

echo
echo "== (a) CUDA: host code reads cudaMalloc memory"
CU_ALLOC=$(line_of examples/cuda/seed_bug.cu "cudaMalloc(&buf")
CU_READ=$(line_of examples/cuda/seed_bug.cu "buf[100]);")
runcase cuda_seed -- "$T/cuda_seed"
check cuda_seed 1 \
  "==ERROR: usmcheck: host-access-device: READ of 8 bytes at 0x[0-9a-f]+, 800 bytes inside a 8192-byte device allocation" \
  "#0 0x[0-9a-f]+ in main .*seed_bug.cu:$CU_READ" \
  "allocated by thread T0" "in main .*seed_bug.cu:$CU_ALLOC" \
  "allocator: cudaMalloc \(CUDA" "allocate host memory instead: cudaMallocHost" \
  "allocate shared memory instead: cudaMallocManaged" "cudaMemcpy\(\{dst\}, \{src\}, 8192, cudaMemcpyDeviceToHost\)" \
  "SUMMARY: usmcheck: host-access-device .*seed_bug.cu:$CU_READ in main"
runcase cuda_seed_static -- "$T/cuda_seed_static"
check cuda_seed_static 1 \
  "READ of 8 bytes at 0x[0-9a-f]+, 800 bytes inside a 8192-byte device allocation" \
  "classified by the CUDA driver \(cuPointerGetAttribute: CU_MEMORYTYPE_DEVICE\), device 0" \
  "SUMMARY: usmcheck: host-access-device .*seed_bug.cu:$CU_READ in main"

echo
echo "== (b) OpenMP offloaded to sm_90: llvm_omp_target_alloc_device and the Intel spelling"
OMP_LLVM_ALLOC=$(line_of scripts/gpu/src/omp_seed_llvm.c "llvm_omp_target_alloc_device(N")
OMP_LLVM_READ=$(line_of scripts/gpu/src/omp_seed_llvm.c "buf[100]);")
runcase omp_seed_llvm "${OMPENV[@]}" -- "$T/omp_seed_llvm"
check omp_seed_llvm 1 "devices=[1-9][0-9]* kernel_on_host=0" \
  "READ of 8 bytes at 0x[0-9a-f]+, 800 bytes inside a 8192-byte device allocation" \
  "in main .*omp_seed_llvm.c:$OMP_LLVM_READ" "in main .*omp_seed_llvm.c:$OMP_LLVM_ALLOC" \
  "allocator: llvm_omp_target_alloc_device \(OpenMP" "!emulated" \
  "SUMMARY: usmcheck: host-access-device .*omp_seed_llvm.c:$OMP_LLVM_READ in main"
OMP_ALLOC=$(line_of examples/openmp/seed_bug.c "omp_target_alloc_device(N")
OMP_READ=$(line_of examples/openmp/seed_bug.c "buf[100]);")
runcase omp_seed_intel "${OMPENV[@]}" -- "$T/omp_seed_intel"
check omp_seed_intel 1 \
  "READ of 8 bytes at 0x[0-9a-f]+, 800 bytes inside a 8192-byte device allocation" \
  "in main .*seed_bug.c:$OMP_READ" "in main .*seed_bug.c:$OMP_ALLOC" \
  "SUMMARY: usmcheck: host-access-device .*seed_bug.c:$OMP_READ in main"

echo
echo "== (c) the fixes run clean with the program's own status"
for f in cuda_fix_host cuda_fix_managed cuda_fix_copy; do
  runcase $f -- "$T/$f"
  check $f 0 "buf\[100\] = 100.000000" "!ERROR"
done
for f in omp_fix_host omp_fix_shared omp_fix_copy; do
  runcase $f "${OMPENV[@]}" -- "$T/$f"
  check $f 0 "buf\[100\] = 100.000000" "!ERROR"
done

echo
echo "== (d) host WRITE to device memory"
CU_W=$(line_of scripts/gpu/src/cuda_host_write.cu "buf[3] = -1.0")
runcase cuda_host_write -- "$T/cuda_host_write"
check cuda_host_write 1 \
  "WRITE of 8 bytes at 0x[0-9a-f]+, 24 bytes inside a 8192-byte device allocation" \
  "SUMMARY: usmcheck: host-access-device .*cuda_host_write.cu:$CU_W in main"
OMP_W=$(line_of scripts/gpu/src/omp_host_write.c "buf[3] = -1.0")
runcase omp_host_write "${OMPENV[@]}" -- "$T/omp_host_write"
check omp_host_write 1 \
  "WRITE of 8 bytes at 0x[0-9a-f]+, 24 bytes inside a 8192-byte device allocation" \
  "SUMMARY: usmcheck: host-access-device .*omp_host_write.c:$OMP_W in main"

echo
echo "== (e) issue 10, items 12-13: libomptarget's own copies; requires unified_shared_memory"
echo "expected: omp_async_copy (omp_target_memcpy_async with and without depend objects,"
echo "  omp_target_memcpy_rect, omp_target_memcpy_rect_async) is a correct program: no report"
echo "  at all, 'async copies: all 5 checks passed', exit status 0 (also with inline copies)"
runcase omp_async_copy "${OMPENV[@]}" -- "$T/omp_async_copy"
check omp_async_copy 0 "async copies: all 5 checks passed" "!usmcheck" "!ERROR" "!WARNING"
runcase omp_async_copy_inline "${OMPENV[@]}" LIBOMP_USE_HIDDEN_HELPER_TASK=0 -- "$T/omp_async_copy"
check omp_async_copy_inline 0 "async copies: all 5 checks passed" "!usmcheck" "!ERROR" "!WARNING"
echo "expected: omp_requires_usm declares requires unified_shared_memory and reads"
echo "  omp_target_alloc memory on the host. Either the host reaches it (unified memory here):"
echo "  no report, 'd[100] = 100.0', exit 0; or it faults: an ERROR whose Requires: line says"
echo "  the requirement is not met on this system, exit 1. Never a WARNING (emulation only)."
RU_READ=$(line_of scripts/gpu/src/omp_requires_usm.c "d[100]); /* host read */")
runcase omp_requires_usm "${OMPENV[@]}" -- "$T/omp_requires_usm"
if grep -q "ERROR: usmcheck" "$RES/omp_requires_usm.txt"; then
  echo "outcome: the host cannot reach omp_target_alloc memory here; checking the ERROR"
  check omp_requires_usm 1 "ERROR: usmcheck: host-access-device: READ of 8 bytes" \
    "Requires: .*the requirement is not met here" "!WARNING" \
    "SUMMARY: usmcheck: host-access-device .*omp_requires_usm.c:$RU_READ in main"
else
  echo "outcome: the host reached omp_target_alloc memory here; checking that the guard is quiet"
  check omp_requires_usm 0 "requires usm: d\[100\] = 100.0" "!usmcheck" "!WARNING"
fi

echo
echo "== (f) API-call findings, reported before the runtime acts on the call"
echo "-- without usmcheck: omp_target_free of llvm_omp_target_alloc_host memory"
(cd "$RES" && env OMP_TARGET_OFFLOAD=MANDATORY "$T/omp_free_host") > "$RES/plain_free_host.txt" 2>&1
echo "exit status $?"; cat "$RES/plain_free_host.txt"
FH_ALLOC=$(line_of scripts/gpu/src/omp_free_host.c "llvm_omp_target_alloc_host(N")
FH_FREE=$(line_of scripts/gpu/src/omp_free_host.c "omp_target_free(buf, dev);")
runcase omp_free_host "${OMPENV[@]}" -- "$T/omp_free_host"
check omp_free_host 1 \
  "==ERROR: usmcheck: free-mismatch: omp_target_free of 0x[0-9a-f]+, a 8192-byte host allocation made by llvm_omp_target_alloc_host" \
  "#0 0x[0-9a-f]+ in main .*omp_free_host.c:$FH_FREE" "in main .*omp_free_host.c:$FH_ALLOC" \
  "Fix: free it with llvm_omp_target_free_host instead of omp_target_free" \
  "!Failed to deallocate" "!^freed"
CS_COPY=$(line_of scripts/gpu/src/omp_copy_swapped.c "omp_target_memcpy(hbuf")
CS_ALLOC=$(line_of scripts/gpu/src/omp_copy_swapped.c "omp_target_alloc(N")
runcase omp_copy_swapped "${OMPENV[@]}" -- "$T/omp_copy_swapped"
check omp_copy_swapped 1 \
  "==ERROR: usmcheck: copy-direction: omp_target_memcpy with source device [0-9]+ \(the initial device: the host\), but the source 0x[0-9a-f]+ is device memory of device 0" \
  "#0 0x[0-9a-f]+ in main .*omp_copy_swapped.c:$CS_COPY" "in main .*omp_copy_swapped.c:$CS_ALLOC" \
  "!rc="

echo
echo "== (g) a CUDA kernel reads malloc memory: which argument the device could not reach"
echo "-- without usmcheck"
(cd "$RES" && "$T/cuda_kernel_malloc") > "$RES/plain_kernel_malloc.txt" 2>&1
echo "exit status $?"; cat "$RES/plain_kernel_malloc.txt"
KM_SYNC=$(line_of scripts/gpu/src/cuda_kernel_malloc.cu "cudaError_t e = cudaDeviceSynchronize")
KM_LAUNCH=$(line_of scripts/gpu/src/cuda_kernel_malloc.cu "scale<<<")
runcase cuda_kernel_malloc -- "$T/cuda_kernel_malloc"
check cuda_kernel_malloc 1 \
  "==ERROR: usmcheck: device-access-pageable: cudaDeviceSynchronize returned cudaErrorIllegalAddress \(700\)" \
  "#0 0x[0-9a-f]+ in main .*cuda_kernel_malloc.cu:$KM_SYNC" \
  "argument 1 = 0x[0-9a-f]+: .*host memory in the heap, a stack or an mmap" \
  "in main .*cuda_kernel_malloc.cu:$KM_LAUNCH" "scale" "!argument 0 ="
if ! grep -q "ERROR: usmcheck: device-access-pageable" "$RES/cuda_kernel_malloc.txt"; then
  # Where the guard stopped: verbosity=2 prints each step of the kernel
  # argument check (functions found, kernel handle, parameter table, kept
  # launch, each argument's verdict); LD_DEBUG shows which launch, handle
  # and synchronising symbols the program bound to the guard.
  echo "-- cuda_kernel_malloc failed: again with verbosity=2"
  if [ "${RUN[0]}" = "$USMCHECK" ]; then
    V2=("$USMCHECK" run --verbosity=2 --)
  else
    V2=(env "LD_PRELOAD=$G/bin/libusmcheck_rt.so"
      "USMCHECK_OPTIONS=symbolizer_path=$G/bin/llvm-symbolizer:verbosity=2")
  fi
  (cd "$RES" && "${V2[@]}" "$T/cuda_kernel_malloc") > "$RES/cuda_kernel_malloc_v2.txt" 2>&1
  echo "(exit status $?)"
  grep -v "usmcheck: \(alloc\|free\)" "$RES/cuda_kernel_malloc_v2.txt" | head -60
  echo "-- LD_DEBUG=bindings: the CUDA launch/sync symbols"
  (cd "$RES" && LD_DEBUG=bindings "${RUN[@]}" "$T/cuda_kernel_malloc") 2>&1 |
    grep -E "symbol .(__cudaGetKernel|__cudaLaunchKernel|cudaLaunchKernel|cudaDeviceSynchronize|cuKernelGetParamInfo|cuFuncGetParamInfo|cudaGetFuncBySymbol|cuPointerGetAttribute)'" |
    sed 's/^ *[0-9]*: *//' | sort -u | head -30
fi

if [ "${SKIP_BENCH:-0}" = 1 ]; then
  echo
  echo "$PASS passed, $FAIL failed (SKIP_BENCH=1: no compute-sanitizer, no benchmark)"
  [ $FAIL = 0 ]
  exit
fi

echo
echo "== compute-sanitizer on the CUDA seed bug (host-side access: out of its reach)"
CS=/usr/local/cuda/bin/compute-sanitizer
if [ -x $CS ]; then
  (cd "$RES" && timeout 60 $CS --tool memcheck "$T/cuda_seed") > "$RES/cs_seed.txt" 2>&1
  echo "exit status $?"; tail -15 "$RES/cs_seed.txt"
else
  echo "compute-sanitizer not installed at $CS"
fi

echo
echo "== overhead: 100,000 x (alloc, kernel launch, free), plain vs guarded, alternated"
bench() { # bench NAME ITERS REPS
  local name=$1 iters=$2 reps=$3
  for r in $(seq "$reps"); do
    echo "plain   $(env OMP_TARGET_OFFLOAD=MANDATORY "$T/$name" "$iters")"
    echo "guarded $(env OMP_TARGET_OFFLOAD=MANDATORY "${RUN[@]}" "$T/$name" "$iters")"
  done
}
median_ratio() { # stdin: "plain|guarded ... seconds=S ..." lines
  python3 -c '
import re, statistics, sys
t = {"plain": [], "guarded": []}
for line in sys.stdin:
    m = re.search(r"seconds=([0-9.]+)", line)
    if m: t[line.split()[0]].append(float(m.group(1)))
p, g = statistics.median(t["plain"]), statistics.median(t["guarded"])
pm, gm = min(t["plain"]), min(t["guarded"])
# Each guarded run against the plain run just before it: drift of the
# machine between rounds cancels out of these ratios.
pairs = [b / a for a, b in zip(t["plain"], t["guarded"])]
print("median plain %.4f s, guarded %.4f s, guarded/plain = %.4f (%+.2f%%); best of each %.4f s vs %.4f s (%+.2f%%); median of paired ratios %.4f (%s)"
      % (p, g, g / p, (g / p - 1) * 100, pm, gm, (gm / pm - 1) * 100,
         statistics.median(pairs), " ".join("%.3f" % r for r in pairs)))
'
}
# BENCH_REPS: alternated rounds (5 by default; the OpenMP benchmark's
# plain runs alone have varied by 40 % between rounds on a shared machine).
REPS=${BENCH_REPS:-5}
bench overhead_cuda 100000 "$REPS" | tee "$RES/bench_cuda.txt"
median_ratio < "$RES/bench_cuda.txt" | sed 's/^/cuda: /'
bench overhead_omp 100000 "$REPS" | tee "$RES/bench_omp.txt"
median_ratio < "$RES/bench_omp.txt" | sed 's/^/omp: /'
if [ -x $CS ]; then
  echo "compute-sanitizer (memcheck) on the same CUDA benchmark, 2,000 iterations:"
  P=$("$T/overhead_cuda" 2000); echo "plain             $P"
  C=$(timeout 150 $CS --tool memcheck --print-limit 1 "$T/overhead_cuda" 2000 2>&1 | grep iters=); echo "compute-sanitizer $C"
  printf 'plain %s\nguarded %s\n' "$P" "$C" | median_ratio | sed 's/guarded/compute-sanitizer/g; s/^/cuda+compute-sanitizer: /'
fi

echo
echo "$PASS passed, $FAIL failed"
[ $FAIL = 0 ]
