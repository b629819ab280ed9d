//===- CrossDeviceCheck.cpp - usm-cross-device -----------------------------===//
#include "CrossDeviceCheck.h"
#include "utils/FindingFacts.h"
#include "utils/PlacedReport.h"
#include "utils/Placement.h"

namespace clang::tidy::usm {

namespace {

/// Can the model enable peer access, and does the TU do so?
bool peerCovered(const ProvenanceAnalysis &PA, ::usm::Model M) {
  return PA.peerAccessVisible() && !peerAccessCall(M).empty();
}

} // namespace

void CrossDeviceCheck::analyze(ASTContext &Ctx, ProvenanceAnalysis &PA) {
  forEachPlacedUse(PA, [&](const PlacedUse &U) {
    const Origin &O = *U.Alloc;
    if (hasErrors(U.Fn) || !O.A || O.Site->getBeginLoc().isInvalid() ||
        U.At->getBeginLoc().isInvalid())
      return;
    // Sub-device allocations are usm-sub-device-alloc's.
    if (U.AllocAt.Device.isSubDevice() || U.AllocAt.sameQueue(U.UseAt))
      return;
    ::usm::Model M = O.A->M;
    // The texts only for findings (they read the source).
    auto Texts = [&](std::string &Ptr, std::string &From, std::string &To,
                     std::string &Use) {
      Ptr = pointerText(U, Ctx);
      From = placementText(U.AllocAt, Ctx);
      To = placementText(U.UseAt, Ctx);
      Use = !U.CopyApi ? "is used by a kernel on "
                       : (U.CopyApi->R == ::usm::Role::Fill ? "is filled by '"
                                                            : "is copied by '") +
                             std::string(U.CopyApi->Name) + "' on ";
    };
    std::string Ptr, From, To, Use;
    if (U.AllocAt.contextDiffers(U.UseAt) && O.K != ::usm::Kind::NotUSM &&
        O.K != ::usm::Kind::ByArg) {
      Texts(Ptr, From, To, Use);
      reportPlaced(*this, Ctx, U, "usm-cross-device",
                   "USM " + kindFact(O.K) + " memory '" + Ptr +
                       "' allocated for " + From + " " + Use + To +
                       ", another context; USM pointers are valid only in "
                       "the context they were allocated in; allocate it with "
                       "the context of the queue that uses it",
                   {{"AllocateInContext",
                     "allocate with the queue (or context) that uses it", ""}});
      return;
    }
    if (O.K != ::usm::Kind::Device || !U.AllocAt.Device.differs(U.UseAt.Device))
      return;
    // CUDA/HIP copies move data between devices through unified addressing;
    // only kernels need the memory on their own device.
    bool Current = U.AllocAt.Current || U.UseAt.Current;
    if (U.CopyApi && Current)
      return;
    if (!U.CopyApi && peerCovered(PA, M))
      return;
    Texts(Ptr, From, To, Use);
    std::vector<PlacedFix> Fixes;
    Fixes.push_back({"AllocateOnUser",
                     "allocate it on the device that uses it", ""});
    std::string Fix = "allocate it on the device that uses it";
    if (U.CopyApi && U.CopyApi->Dev >= 0) {
      Fix = "pass the number of the device it was allocated for, or "
            "allocate it on the device the copy names";
      Fixes.insert(Fixes.begin(),
                   PlacedFix{"DeviceNumber",
                             "pass the number of the device it was allocated "
                             "for",
                             ""});
    } else {
      if (const ::usm::Api *C = peerCopyApi(M)) {
        Fix += ", copy it to that device with '" + std::string(C->Name) + "'";
        Fixes.push_back({"PeerCopy", "copy it to the device that uses it",
                         std::string(C->Name)});
      }
      std::string_view Peer = peerAccessCall(M);
      if (!Peer.empty()) {
        Fix += ", or enable peer access with '" + std::string(Peer) + "'";
        Fixes.push_back({"EnablePeerAccess", "enable peer access",
                         std::string(Peer)});
      }
    }
    reportPlaced(*this, Ctx, U, "usm-cross-device",
                 "device memory '" + Ptr + "' allocated for " + From + " " +
                     Use + To +
                     "; device memory is accessible only from the device it "
                     "was allocated for; " +
                     Fix,
                 Fixes);
  });
}

} // namespace clang::tidy::usm
