//===- EngineQueries.cpp - what the checks ask the engine
//------------------===//
#include "EngineSupport.h"
#include "Profile.h"
#include "Provenance.h"
#include "StmtParents.h"
#include "UsmApi.h"

#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclOpenMP.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/ExprOpenMP.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/StmtCXX.h"
#include "clang/AST/StmtOpenMP.h"
#include "clang/Analysis/CFG.h"
#include "clang/Basic/OpenMPKinds.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/Hashing.h"

#include <algorithm>
#include <atomic>
#include <climits>
#include <mutex>
#include <queue>
#include <string_view>

namespace clang::tidy::usm {

using namespace engine;

const FreeFact *ProvenanceAnalysis::freeFact(const Expr *Free) const {
  auto It = FreeIndex.find(Free);
  return It == FreeIndex.end() ? nullptr : &FreeFacts[It->second];
}

bool ProvenanceAnalysis::addressEscapes(const FunctionDecl *FD,
                                        const VarDecl *VD) {
  auto [It, New] = Escapes.try_emplace(FD);
  if (New) {
    auto Taken = AddrTaken.find(FD);
    if (Taken != AddrTaken.end())
      for (const UnaryOperator *UO : Taken->second)
        if (!AllocOut.contains(UO))
          if (const auto *DRE = dyn_cast<DeclRefExpr>(
                  UO->getSubExpr()->IgnoreParenImpCasts()))
            if (const auto *V = dyn_cast<VarDecl>(DRE->getDecl()))
              It->second.insert(V);
  }
  return It->second.count(VD) != 0;
}

std::optional<::usm::Kind> ProvenanceAnalysis::selectorOf(const Expr *E) {
  // selectorKind() reads a declaration reference only (its name, or the
  // initialiser of a const variable): the answer is the declaration's.
  const auto *DRE = dyn_cast_or_null<DeclRefExpr>(stripCasts(E));
  if (!DRE)
    return std::nullopt;
  auto [It, New] = Selectors.try_emplace(DRE->getDecl());
  if (New)
    It->second = selectorKind(DRE);
  return It->second;
}

std::optional<::usm::Kind>
ProvenanceAnalysis::allocationKindOf(const CallExpr &Call,
                                     const ::usm::Api &A) {
  return allocationKind(Call, A,
                        [this](const Expr *E) { return selectorOf(E); });
}

const ProvenanceAnalysis::CalleeInfo &
ProvenanceAnalysis::calleeInfoSlow(const FunctionDecl &FD) {
  auto [It, New] = Callees.try_emplace(&FD, nullptr);
  if (New) {
    It->second = &CalleeInfos.emplace_back();
    CalleeInfo &I = *It->second;
    I.Api = apiForFunction(FD);
    std::string Catalog = catalogName(FD);
    I.Launcher = isLauncher(Catalog);
    I.MultiDevice = isPlacementCall(Catalog, I.Peer);
    I.Async = ::usm::findAsyncOp(Catalog);
    I.Sync = ::usm::findSyncCall(Catalog);
    I.Record = ::usm::findEventRecord(Catalog);
    I.Config = ::usm::findLaunchConfig(Catalog);
    I.RegisterArg = hostRegisterArg(Catalog);
    std::string Name = hostAccessName(FD);
    for (const ::usm::HostAccess &HA : ::usm::hostAccesses())
      if (HA.Name == Name)
        I.Accesses.push_back(&HA);
  }
  LastCallee = &FD;
  LastCalleeInfo = It->second;
  return *It->second;
}

namespace {
std::mutex SharedMutex;
std::map<const ASTContext *, std::unique_ptr<ProvenanceAnalysis>> Shared;
} // namespace

ProvenanceAnalysis &ProvenanceAnalysis::forTU(ASTContext &Ctx) {
  std::lock_guard<std::mutex> Lock(SharedMutex);
  auto &PA = Shared[&Ctx];
  if (!PA)
    PA = std::make_unique<ProvenanceAnalysis>(Ctx);
  return *PA;
}

namespace {
std::atomic<bool> LeaveToExit{false};
} // namespace

void ProvenanceAnalysis::leaveToProcessExit() { LeaveToExit = true; }

void ProvenanceAnalysis::release(const ASTContext &Ctx) {
  std::unique_ptr<ProvenanceAnalysis> Gone;
  std::lock_guard<std::mutex> Lock(SharedMutex);
  auto It = Shared.find(&Ctx);
  if (It == Shared.end())
    return;
  Gone = std::move(It->second);
  Shared.erase(It);
  if (LeaveToExit)
    (void)Gone.release(); // the process ends with this TU
}

const std::vector<DeviceUse> &
ProvenanceAnalysis::deviceUses(const Expr *Site) const {
  static const std::vector<DeviceUse> None;
  auto It = Uses.find(Site);
  return It == Uses.end() ? None : It->second;
}

const LambdaExpr *ProvenanceAnalysis::lambdaOf(const FunctionDecl *FD) const {
  const auto *MD = dyn_cast<CXXMethodDecl>(FD);
  if (!MD || !MD->getParent()->isLambda())
    return nullptr;
  auto It = Lambdas.find(MD->getParent());
  return It == Lambdas.end() ? nullptr : It->second;
}

static const FunctionDecl *enclosingFunction(const LambdaExpr *LE) {
  const DeclContext *DC = LE->getLambdaClass()->getDeclContext();
  while (DC && !isa<FunctionDecl>(DC))
    DC = DC->getParent();
  return dyn_cast_or_null<FunctionDecl>(DC);
}

bool ProvenanceAnalysis::isDeviceFunction(const FunctionDecl *FD) {
  if (!FD)
    return false;
  auto Memo = DeviceMemo.find(FD);
  if (Memo != DeviceMemo.end())
    return Memo->second == 1;
  DeviceMemo[FD] = -1; // recursion: assume host
  bool Result = false;
  if (isCudaDevice(FD))
    Result = true;
  else if (const auto *MD = dyn_cast<CXXMethodDecl>(FD);
           MD && MD->getOverloadedOperator() == OO_Call &&
           DeviceRecords.count(MD->getParent()))
    Result = true;
  else if (const LambdaExpr *LE = lambdaOf(FD)) {
    if (DeviceLambdas.count(LE) || isDeviceFunction(enclosingFunction(LE)))
      Result = true;
  }
  if (!Result && !FD->hasAttr<OMPDeclareTargetDeclAttr>()) {
    // Called only from device code.
    auto It = CallSites.find(FD);
    if (It != CallSites.end() && !It->second.empty()) {
      Result = true;
      for (const auto &[Call, Caller] : It->second)
        if (!DeviceCalls.count(Call) && !isDeviceFunction(Caller)) {
          Result = false;
          break;
        }
    }
  }
  DeviceMemo[FD] = Result ? 1 : 0;
  return Result;
}

const StmtParents &ProvenanceAnalysis::parents(const FunctionDecl *FD) {
  auto &PM = Parents[FD];
  if (!PM) {
    // About one statement per four characters of source (bench/engine's
    // kernels: 84,000 statements in 338,000 characters); the hint is one
    // per three, so that a denser body does not outgrow its vectors
    // (growing one copies it, and leaves the old buffer's pages behind).
    // Room that is never written costs no page.
    const Stmt *Body = FD->getBody();
    unsigned Hint = 0;
    if (Body) {
      const SourceManager &SM = Ctx.getSourceManager();
      SourceLocation B = SM.getExpansionLoc(Body->getBeginLoc());
      SourceLocation E = SM.getExpansionLoc(Body->getEndLoc());
      if (B.isValid() && E.isValid() && SM.getFileID(B) == SM.getFileID(E)) {
        unsigned From = SM.getFileOffset(B), To = SM.getFileOffset(E);
        if (To > From)
          Hint = std::min(To - From, 1u << 24) / 3;
      }
    }
    profile::Scope Time(profile::Index);
    PM = std::make_unique<StmtParents>(Body, Hint);
  }
  return *PM;
}

const Stmt *ProvenanceAnalysis::enclosingLoop(const Stmt *S,
                                              const FunctionDecl *FD) {
  int I = parents(FD).indexOf(S);
  return I < 0 ? nullptr : enclosingLoopAt(FD, static_cast<unsigned>(I));
}

const Stmt *ProvenanceAnalysis::enclosingLoopAt(const FunctionDecl *FD,
                                                unsigned P) {
  const StmtParents &PM = parents(FD);
  std::unique_ptr<LoopTable> &T = Loops[FD];
  if (!T) {
    T = std::make_unique<LoopTable>();
    std::vector<int> Open;
    for (unsigned J : PM.loops()) {
      while (!Open.empty() && T->End[Open.back()] <= J)
        Open.pop_back();
      T->Outer.push_back(Open.empty() ? -1 : Open.back());
      T->Start.push_back(J);
      T->End.push_back(PM.subtreeEnd(J));
      T->Loop.push_back(-1);
      Open.push_back(static_cast<int>(T->Start.size()) - 1);
    }
  }
  // A subtree is a range of preorder positions, so the loops around S are
  // the loop-tree ancestors of the last loop that starts at or before it
  // (S itself does not count).
  int K =
      static_cast<int>(std::upper_bound(T->Start.begin(), T->Start.end(), P) -
                       T->Start.begin()) -
      1;
  if (K >= 0 && T->Start[K] == P)
    K = T->Outer[K];
  for (; K >= 0; K = T->Outer[K]) {
    if (T->End[K] <= P)
      continue; // ends before S: not around it
    if (T->Loop[K] < 0)
      T->Loop[K] = isLoopAt(PM, T->Start[K], Ctx);
    if (T->Loop[K])
      return PM.at(T->Start[K]);
  }
  return nullptr;
}

bool ProvenanceAnalysis::repeated(const Stmt *S, const FunctionDecl *FD) {
  for (int Depth = 0; FD && S && Depth < 8; ++Depth) {
    if (enclosingLoop(S, FD))
      return true;
    const LambdaExpr *LE = lambdaOf(FD);
    if (!LE)
      return false;
    S = LE;
    FD = enclosingFunction(LE);
  }
  return false;
}

bool ProvenanceAnalysis::insideLoop(const DeviceUse &U, const Stmt *Loop,
                                    const FunctionDecl *FD) {
  const Stmt *S = U.Anchor;
  const FunctionDecl *F = U.Fn;
  for (int Depth = 0; F && S && Depth < 8; ++Depth) {
    if (F == FD) {
      const StmtParents &PM = parents(FD);
      for (const Stmt *Cur = S; Cur; Cur = PM.getParent(Cur))
        if (Cur == Loop)
          return true;
      return false;
    }
    const LambdaExpr *LE = lambdaOf(F);
    if (!LE)
      return false;
    S = LE;
    F = enclosingFunction(LE);
  }
  return false;
}

const Expr *ProvenanceAnalysis::guardingCondition(const Stmt *S,
                                                  const FunctionDecl *FD,
                                                  bool &WhenTrue) {
  const StmtParents &PM = parents(FD);
  const Stmt *Prev = S;
  for (const Stmt *Cur = PM.getParent(S); Cur;
       Prev = Cur, Cur = PM.getParent(Cur)) {
    if (const auto *If = dyn_cast<IfStmt>(Cur)) {
      if (Prev == If->getThen()) {
        WhenTrue = true;
        return If->getCond();
      }
      if (Prev == If->getElse()) {
        WhenTrue = false;
        return If->getCond();
      }
    }
    if (const auto *CO = dyn_cast<ConditionalOperator>(Cur)) {
      if (Prev == CO->getTrueExpr()) {
        WhenTrue = true;
        return CO->getCond();
      }
      if (Prev == CO->getFalseExpr()) {
        WhenTrue = false;
        return CO->getCond();
      }
    }
  }
  return nullptr;
}

} // namespace clang::tidy::usm
