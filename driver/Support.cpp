//===- Support.cpp - small helpers shared by the commands -------------------===//
#include "Commands.h"
#include "Reporters.h"

#include <cstdio>
#include <limits.h>
#include <unistd.h>

namespace usm {

std::string selfExecutablePath() {
  char Buf[PATH_MAX];
  ssize_t N = readlink("/proc/self/exe", Buf, sizeof(Buf) - 1);
  if (N <= 0)
    return "";
  Buf[N] = '\0';
  return Buf;
}

int usageError(const std::string &Msg) {
  std::fprintf(stderr, "usmcheck: error: %s\n", printable(Msg).c_str());
  return 2;
}

} // namespace usm
