# usmcheck_add_check(TARGET [NAME name] [ALL] [ARGS args...])
#
# Adds a custom target (default name: <TARGET>_usmcheck) that runs
#   usmcheck check -p <dir> ARGS... <TARGET's C/C++/CUDA/HIP sources>
# so that each source is analysed with the compile command CMake builds it
# with for TARGET: this function turns EXPORT_COMPILE_COMMANDS on for TARGET,
# and the custom target first copies TARGET's entries of the build's
# compile_commands.json to <dir> (a source in several targets keeps each
# target's flags). ALL adds it to the default build. ARGS go to `usmcheck
# check` (--format=sarif -o FILE, --warnings-as-errors=usm-*, ...). The
# custom target fails when usmcheck finds an error-level finding or cannot
# analyse a file (exit status 1 or 2), as the build should.
set(_USMCHECK_FUNCTIONS_DIR "${CMAKE_CURRENT_LIST_DIR}")

function(usmcheck_add_check target)
  cmake_parse_arguments(PARSE_ARGV 1 UC "ALL" "NAME" "ARGS")
  if(UC_UNPARSED_ARGUMENTS)
    message(FATAL_ERROR "usmcheck_add_check: unknown arguments: ${UC_UNPARSED_ARGUMENTS}")
  endif()
  if(NOT TARGET ${target})
    message(FATAL_ERROR "usmcheck_add_check: '${target}' is not a target")
  endif()
  if(NOT CMAKE_GENERATOR MATCHES "Ninja|Makefiles")
    message(FATAL_ERROR "usmcheck_add_check: needs compile_commands.json, which "
      "only the Ninja and Makefile generators write (this is ${CMAKE_GENERATOR})")
  endif()
  if(NOT TARGET usmcheck::usmcheck)
    message(FATAL_ERROR "usmcheck_add_check: usmcheck::usmcheck is not defined "
      "(call find_package(usmcheck) first)")
  endif()
  set(name "${UC_NAME}")
  if(NOT name)
    set(name "${target}_usmcheck")
  endif()
  set_property(TARGET ${target} PROPERTY EXPORT_COMPILE_COMMANDS ON)

  get_target_property(srcs ${target} SOURCES)
  get_target_property(srcdir ${target} SOURCE_DIR)
  set(files "")
  foreach(src IN LISTS srcs)
    if(src MATCHES "\\$<") # generator expressions: not a plain source
      continue()
    endif()
    if(NOT src MATCHES "\\.(c|cc|cpp|cxx|c\\+\\+|C|cu|hip|sycl)$")
      continue()
    endif()
    get_filename_component(abs "${src}" ABSOLUTE BASE_DIR "${srcdir}")
    list(APPEND files "${abs}")
  endforeach()
  if(NOT files)
    message(FATAL_ERROR "usmcheck_add_check: target '${target}' has no C, C++, "
      "CUDA or HIP sources to analyse")
  endif()

  set(all "")
  if(UC_ALL)
    set(all ALL)
  endif()
  set(dbdir "${CMAKE_CURRENT_BINARY_DIR}/usmcheck/${name}")
  add_custom_target(${name} ${all}
    COMMAND "${CMAKE_COMMAND}" "-DIN=${CMAKE_BINARY_DIR}/compile_commands.json"
      "-DOUT=${dbdir}/compile_commands.json" "-DTARGET=${target}"
      -P "${_USMCHECK_FUNCTIONS_DIR}/usmcheckFilterDb.cmake"
    COMMAND usmcheck::usmcheck check -p "${dbdir}" ${UC_ARGS} ${files}
    WORKING_DIRECTORY "${CMAKE_BINARY_DIR}"
    COMMENT "usmcheck: analysing the sources of ${target}"
    VERBATIM)
endfunction()
