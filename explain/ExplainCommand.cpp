// Placeholder until usmcheck explain lands (issue 5).
#include "Commands.h"

namespace usm {
int explainMain(const Args &) {
  return usageError("'explain' is not available in this build yet");
}
} // namespace usm
