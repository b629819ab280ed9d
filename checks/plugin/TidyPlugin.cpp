//===- TidyPlugin.cpp - what differs in libusmcheck-tidy.so --------------------===//
//
// Linked only into the clang-tidy plugin. The checks hand their structured
// facts to the usmcheck driver in a note that the driver removes; in
// clang-tidy there is no driver, and the note would be printed as JSON, so
// the plugin turns it off before any check runs.
//
//===----------------------------------------------------------------------===//
namespace clang::tidy::usm {
extern bool EmitFactsNotes; // checks/utils/FindingFacts.cpp
} // namespace clang::tidy::usm

namespace {
struct NoFactsNotes {
  NoFactsNotes() { clang::tidy::usm::EmitFactsNotes = false; }
} DisableFactsNotes;
} // namespace
