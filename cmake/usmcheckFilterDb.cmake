# cmake -DIN=compile_commands.json -DOUT=dir/compile_commands.json
#       -DTARGET=name -P usmcheckFilterDb.cmake
#
# Copies the entries of one target from a CMake-written compilation database
# (their object file is CMakeFiles/<TARGET>.dir/...) so that a source built
# by several targets is analysed with this target's flags.
foreach(var IN ITEMS IN OUT TARGET)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "usmcheckFilterDb.cmake: -D${var}=... is required")
  endif()
endforeach()
if(NOT EXISTS "${IN}")
  message(FATAL_ERROR "usmcheck: ${IN} does not exist (the Ninja and Makefile "
    "generators write it when EXPORT_COMPILE_COMMANDS is on)")
endif()
file(READ "${IN}" db)
string(REGEX REPLACE "([][+.*()^$?|\\\\])" "\\\\\\1" name "${TARGET}")
set(objdir "(^|[ /\"])CMakeFiles/${name}\\.dir/")
string(JSON n LENGTH "${db}")
set(out "[]")
set(k 0)
if(n GREATER 0)
  math(EXPR last "${n} - 1")
  foreach(i RANGE ${last})
    string(JSON entry GET "${db}" ${i})
    string(JSON output ERROR_VARIABLE no_output GET "${entry}" output)
    if(no_output)
      string(JSON output ERROR_VARIABLE no_command GET "${entry}" command)
      if(no_command)
        string(JSON output ERROR_VARIABLE ignored GET "${entry}" arguments)
      endif()
    endif()
    if(output MATCHES "${objdir}")
      string(JSON out SET "${out}" ${k} "${entry}")
      math(EXPR k "${k} + 1")
    endif()
  endforeach()
endif()
file(WRITE "${OUT}" "${out}\n")
