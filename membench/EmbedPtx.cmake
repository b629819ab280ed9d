# cmake -DIN=kernels.ptx -DOUT=KernelsPtx.cpp -P EmbedPtx.cmake
# Wraps the PTX in a C++ raw string: the CUDA backend hands it to the driver.
file(READ ${IN} PTX)
file(WRITE ${OUT} "// Generated from membench/kernels.cu by clang (see membench/CMakeLists.txt).\nextern \"C\" const char UsmbKernelsPtx[] = R\"PTX(${PTX})PTX\";\n")
