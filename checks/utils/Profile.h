//===- Profile.h - where the analysis of a file spends its CPU time -------===//
//
// `usmcheck check --profile`: the CPU time of the thread that analyses a
// translation unit, split by phase: clang's parse, the engine's passes
// (the collector, the body indexes, the CFGs, the dataflow rounds), each
// check's own work, and what follows the checks. Each moment is charged to
// one phase, the innermost Scope open (so the phases add up to the thread's
// time): a body index built while a check runs is the index's time, not the
// check's.
//
// The clock is read only while a profile is on (start()): without
// --profile a Scope costs a test of one flag.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CHECKS_UTILS_PROFILE_H
#define USMCHECK_CHECKS_UTILS_PROFILE_H

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace clang::tidy::usm::profile {

/// The phase names the engine and the checks' base class use.
inline constexpr std::string_view Parse = "parse";
inline constexpr std::string_view Collect = "engine: collector";
inline constexpr std::string_view Index = "engine: body indexes";
inline constexpr std::string_view Cfg = "engine: CFGs";
inline constexpr std::string_view Dataflow = "engine: dataflow";
inline constexpr std::string_view AfterChecks = "after the checks";

/// Starts a profile on the calling thread, charging its time to Parse
/// until the first check opens a Scope; forgets an earlier profile.
void start();

/// Stops the clock and returns the phases that ran, with their CPU
/// seconds: Parse, the engine's phases in the order they run, the others
/// (the checks) by name, AfterChecks. Empty when no profile was started.
std::vector<std::pair<std::string, double>> finish();

/// Charges the thread's time to phase \p Name while it lives, then to the
/// phase that was current before. With \p EndsParse (a check's work), the
/// phase left behind is AfterChecks when it was Parse: the parse has ended.
class Scope {
public:
  explicit Scope(std::string_view Name, bool EndsParse = false);
  ~Scope();
  Scope(const Scope &) = delete;
  Scope &operator=(const Scope &) = delete;

private:
  int Previous = -1; ///< the phase to go back to; -1: no profile
};

} // namespace clang::tidy::usm::profile

#endif
