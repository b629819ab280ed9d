# `cmake --install` rules, the CMake package (find_package(usmcheck)) and
# the Debian package (cpack -G DEB). docs/integrations.md describes them.
include(CMakePackageConfigHelpers)

install(TARGETS usmcheck EXPORT usmcheckTargets
  RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(TARGETS usmcheck_rt
  LIBRARY DESTINATION ${USMCHECK_INSTALL_PKGLIBDIR})
if(TARGET usmcheck-tidy)
  install(TARGETS usmcheck-tidy
    LIBRARY DESTINATION ${USMCHECK_INSTALL_PKGLIBDIR})
endif()
install(DIRECTORY ${CMAKE_SOURCE_DIR}/headers/
  DESTINATION ${USMCHECK_INSTALL_PKGDATADIR}/headers)
install(FILES ${CMAKE_SOURCE_DIR}/README.md ${CMAKE_SOURCE_DIR}/CHANGELOG.md
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY ${CMAKE_SOURCE_DIR}/docs/
  DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
  FILES_MATCHING PATTERN "*.md" PATTERN "*.png")

set(USMCHECK_CMAKE_DIR "${CMAKE_INSTALL_LIBDIR}/cmake/usmcheck")
install(EXPORT usmcheckTargets NAMESPACE usmcheck::
  DESTINATION ${USMCHECK_CMAKE_DIR})
configure_package_config_file(${CMAKE_SOURCE_DIR}/cmake/usmcheckConfig.cmake.in
  ${CMAKE_BINARY_DIR}/cmake/usmcheckConfig.cmake
  INSTALL_DESTINATION ${USMCHECK_CMAKE_DIR}
  PATH_VARS USMCHECK_INSTALL_PKGLIBDIR USMCHECK_INSTALL_PKGDATADIR)
write_basic_package_version_file(${CMAKE_BINARY_DIR}/cmake/usmcheckConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_BINARY_DIR}/cmake/usmcheckConfig.cmake
  ${CMAKE_BINARY_DIR}/cmake/usmcheckConfigVersion.cmake
  ${CMAKE_SOURCE_DIR}/cmake/usmcheckFunctions.cmake
  ${CMAKE_SOURCE_DIR}/cmake/usmcheckFilterDb.cmake
  DESTINATION ${USMCHECK_CMAKE_DIR})

# Debian package: `cpack -G DEB` in the build directory (or
# `cpack --config build/CPackConfig.cmake -G DEB -B OUTDIR`).
set(CPACK_PACKAGE_NAME usmcheck)
set(CPACK_PACKAGE_VENDOR "usmcheck")
set(CPACK_PACKAGE_CONTACT "usmcheck maintainers <usmcheck@users.noreply.github.com>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
  "finds Unified Shared Memory mistakes in GPU programs")
set(CPACK_PACKAGE_DESCRIPTION
  "usmcheck analyses OpenMP offload, SYCL, CUDA, HIP and Level Zero programs\n\
for host accesses to device memory and mismatched frees, statically (clang-tidy\n\
checks, also as a clang-tidy-19 plugin) and at run time (an LD_PRELOAD guard).")
set(CPACK_PACKAGE_HOMEPAGE_URL "https://github.com/usmcheck/usmcheck")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
# Shared libraries (libclang-cpp19, libllvm19, libtomlplusplus3,
# libstdc++6, libc6) from dpkg-shlibdeps. Listed as well: libllvm19 and
# libclang-cpp19, because dpkg-shlibdeps drops them when it finds the copies
# in /usr/lib/llvm-19/lib (LD_LIBRARY_PATH), which belong to -dev packages
# without shlibs information; libcurl4, which the LLM channel loads with
# dlopen() (explain/Http.cpp) rather than links; and what the analysis reads
# at run time but does not link: clang's resource headers (stddef.h & co,
# libclang-common-19-dev) and LLVM's omp.h (libomp-19-dev).
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
  "libllvm19, libclang-cpp19, libclang-common-19-dev, libomp-19-dev, libcurl4")
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "clang-tidy-19")
include(CPack)
