//===- Doctor.h - `usmcheck explain --doctor`
//--------------------------------===//
//
// Checks the LLM channel step by step and prints one line per step:
//
//   [ok]   config: ...          the file was found and parsed
//   [ok]   provider: ...        provider id, name, where it was defined
//   [ok]   model: ...
//   [ok]   key: ...             the env_key variable is set (its length only)
//   [ok]   base_url: ...        well-formed URL
//   [ok]   models: ...          GET {base_url}/models, model in the list
//   [ok]   chat: ...            POST {base_url}/chat/completions|responses
//
// A step that fails prints "[FAIL]" and "; fix: ..." with what to change;
// "[warn]" marks something that works but is risky; "[skip]" a step that
// could not run because an earlier one failed. Failures are mapped to
// causes: 401/403 (which variable was read, whether it is set), 404 (the
// same request with and without a trailing /v1, and with the other wire
// API, to say which base_url or wire_api works), unknown model (the
// provider's ids closest to the configured one), connection refused, DNS,
// TLS and timeouts (which, and for which host:port).
//
// The doctor never retries (a retry would hide what the server said) and
// never prints the key or any header value taken from the environment.
//
// To add a step: write it as one more block in runDoctor() that calls
// report(); keep one line per step.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_EXPLAIN_DOCTOR_H
#define USMCHECK_EXPLAIN_DOCTOR_H

#include "LlmConfig.h"

#include <ostream>
#include <string>
#include <vector>

namespace usm::explain {

/// Runs every step and prints to \p OS. Returns 0 when no step failed, 1
/// otherwise.
int runDoctor(const LlmOverrides &O, std::ostream &OS);

/// Levenshtein distance (for "did you mean" model suggestions).
size_t editDistance(const std::string &A, const std::string &B);

/// Up to \p N of \p Ids closest to \p Want, best first.
std::vector<std::string> closestIds(const std::string &Want,
                                    std::vector<std::string> Ids, size_t N = 3);

} // namespace usm::explain

#endif
