//===- Profile.cpp - where the analysis of a file spends its CPU time -----===//
#include "Profile.h"

#include <algorithm>
#include <ctime>

namespace clang::tidy::usm::profile {
namespace {

// One analysis thread at a time: a worker process analyses one file, and
// the driver reads the profile after the thread has ended.
bool On = false;
std::vector<std::pair<std::string, double>> Phases;
int Current = -1;
double Last = 0;

double threadSeconds() {
  timespec T;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &T);
  return static_cast<double>(T.tv_sec) + 1e-9 * static_cast<double>(T.tv_nsec);
}

int phaseIndex(std::string_view Name) {
  for (size_t I = 0; I < Phases.size(); ++I)
    if (Phases[I].first == Name)
      return static_cast<int>(I);
  Phases.emplace_back(std::string(Name), 0.0);
  return static_cast<int>(Phases.size() - 1);
}

/// Charges the time since the last switch to the current phase and makes
/// \p Next current.
void switchTo(int Next) {
  double Now = threadSeconds();
  if (Current >= 0)
    Phases[Current].second += Now - Last;
  Last = Now;
  Current = Next;
}

} // namespace

void start() {
  Phases.clear();
  On = true;
  Current = -1;
  switchTo(phaseIndex(Parse));
}

std::vector<std::pair<std::string, double>> finish() {
  if (!On)
    return {};
  switchTo(-1);
  On = false;
  // The parse, the engine's passes in the order they run, the checks by
  // name, and what follows them: the same rows in the same order for
  // every file.
  auto Rank = [](const std::string &Name) {
    const std::string_view Order[] = {Parse, Collect, Index, Cfg, Dataflow};
    for (unsigned R = 0; R < std::size(Order); ++R)
      if (Name == Order[R])
        return R;
    return Name == AfterChecks ? 7u : 6u;
  };
  std::stable_sort(Phases.begin(), Phases.end(),
                   [&](const auto &A, const auto &B) {
                     unsigned RA = Rank(A.first), RB = Rank(B.first);
                     return RA != RB ? RA < RB : A.first < B.first;
                   });
  return std::move(Phases);
}

Scope::Scope(std::string_view Name, bool EndsParse) {
  if (!On)
    return;
  Previous = Current;
  if (EndsParse && Current >= 0 && Phases[Current].first == Parse)
    Previous = phaseIndex(AfterChecks);
  switchTo(phaseIndex(Name));
}

Scope::~Scope() {
  if (Previous >= 0 && On)
    switchTo(Previous);
}

} // namespace clang::tidy::usm::profile
