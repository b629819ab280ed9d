"""Writes compile_commands.json for the offload inputs: the commands that
real CMake/Makefile builds for NVIDIA, AMD and Intel GPUs produce."""
import json, os, sys
src, out = sys.argv[1], sys.argv[2]
def e(file, args):
    return {"directory": src, "file": file, "arguments": args + ["-c", file, "-o", file + ".o"]}
db = [
    e("omp_seed.c", ["clang", "-O2", "-fopenmp", "-fopenmp-targets=nvptx64-nvidia-cuda",
                     "-Xopenmp-target", "-march=sm_80", "--offload-arch=sm_80",
                     "-fopenmp-offload-mandatory", "--cuda-path=/opt/cuda-12.2",
                     "--libomptarget-nvptx-bc-path=/opt/llvm/lib"]),
    e("omp_seed.c", ["/opt/rocm/llvm/bin/clang", "-fopenmp", "-fopenmp-targets=amdgcn-amd-amdhsa",
                     "-Xopenmp-target=amdgcn-amd-amdhsa", "-march=gfx90a", "-foffload-lto",
                     "-mllvm", "-amdgpu-early-inline-all=true"]),
    e("omp_seed.c", ["icx", "-fiopenmp", "-fopenmp-targets=spir64", "-qmkl", "-fp-model", "precise"]),
    e("seed.cu", ["/usr/local/cuda/bin/nvcc", "-std=c++17", "-Xptxas", "-v", "-Xcompiler",
                  "-Wall,-fopenmp", "--expt-relaxed-constexpr", "--extended-lambda", "-arch=sm_90",
                  "-gencode", "arch=compute_90,code=sm_90", "-rdc=true", "--use_fast_math",
                  "-lineinfo", "-ccbin", "g++-12", "-maxrregcount=64", "-DUSE_GPU", "-I."]),
    e("hip_seed.cpp", ["/opt/rocm/bin/hipcc", "-std=c++17", "--offload-arch=gfx90a",
                       "-fgpu-rdc", "-munsafe-fp-atomics", "-Wall"]),
    e("sycl_seed.cpp", ["icpx", "-fsycl", "-fsycl-targets=nvptx64-nvidia-cuda,spir64",
                        "-Xsycl-target-backend=nvptx64-nvidia-cuda", "--cuda-gpu-arch=sm_80",
                        "-Xs", "-device pvc", "-fsycl-unnamed-lambda", "-std=c++17"]),
    e("no_openmp.cpp", ["/usr/bin/c++", "-O2"]),
]
os.makedirs(out, exist_ok=True)
json.dump(db, open(os.path.join(out, "compile_commands.json"), "w"), indent=1)
