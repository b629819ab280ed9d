// Placeholder until the runtime guard lands (issue 4).
#include "Commands.h"

namespace usm {
int runMain(const Args &) {
  return usageError("'run' is not available in this build yet");
}
} // namespace usm
