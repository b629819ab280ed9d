//===- SubDeviceAllocCheck.cpp - usm-sub-device-alloc ----------------------===//
#include "SubDeviceAllocCheck.h"
#include "utils/FindingFacts.h"
#include "utils/PlacedReport.h"
#include "utils/Placement.h"

namespace clang::tidy::usm {

namespace {

/// The feature table's note on multi-stack GPUs.
std::string multiStackNote() {
  for (const ::usm::TableNote &N : ::usm::tableNotes())
    if (N.Id == "MultiStack")
      return std::string(N.Text);
  return "";
}

} // namespace

void SubDeviceAllocCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  forEachPlacedUse(PA, [&](const PlacedUse &U) {
    const Origin &O = *U.Alloc;
    if (hasErrors(U.Fn) || !O.A || O.Site->getBeginLoc().isInvalid() ||
        U.At->getBeginLoc().isInvalid())
      return;
    if (O.K != ::usm::Kind::Device && O.K != ::usm::Kind::Shared)
      return;
    const DeviceTerm &Sub = U.AllocAt.Device;
    if (!Sub.isSubDevice() || U.AllocAt.sameQueue(U.UseAt) ||
        !Sub.differs(U.UseAt.Device))
      return;
    std::string Root = deviceText(*Sub.Parent, Ctx);
    std::string Ptr = pointerText(U, Ctx);
    std::string Use =
        !U.CopyApi ? "used by a kernel on "
        : (U.CopyApi->R == ::usm::Role::Fill ? "filled by '" : "copied by '") +
              std::string(U.CopyApi->Name) + "' on ";
    std::string Fix = Root.empty()
                          ? "allocate against the root device"
                          : "allocate against the root device '" + Root + "'";
    Fix += " (or a context that spans both stacks)";
    reportPlaced(*this, Ctx, U, "usm-sub-device-alloc",
                 kindFact(O.K) + " memory '" + Ptr +
                     "' is allocated against sub-device '" +
                     deviceText(Sub, Ctx) + "' and " + Use +
                     placementText(U.UseAt, Ctx) + "; " + multiStackNote() +
                     " Fix: " + Fix,
                 {{"AllocateOnRoot", Fix, Root}});
  });
}

} // namespace clang::tidy::usm
