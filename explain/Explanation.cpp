//===- Explanation.cpp - render findings against the feature table
//---------===//
#include "Explanation.h"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <regex>
#include <sstream>

namespace usm::explain {

const char *const LlmSystemPrompt =
    "You are an expert in GPU programming and Unified Shared Memory (USM) in "
    "OpenMP offload, SYCL, CUDA, HIP and Level Zero. You review one finding "
    "of the static analyzer usmcheck. Be precise and brief; use the feature "
    "table rows you are given as the rules.";

const char *const LlmQuestion =
    "Explain the access boundary this code crosses, then recommend host, "
    "shared, or device memory plus an explicit copy for this program, and say "
    "why. Show only the lines to change; do not rewrite the whole program.";

namespace {

struct RuleRow {
  const char *Check;
  Side S;
  std::optional<Kind> DefaultKind;
  const char *Fixes;
  const char *Consequence;
};

#define None_KIND std::nullopt
#define Device_KIND Kind::Device
#define Host_KIND Kind::Host
#define Shared_KIND Kind::Shared
#define NotUSM_KIND Kind::NotUSM
const RuleRow Rules[] = {
#define EXPLAIN_RULE(Check, S, DK, Fixes, Consequence)                         \
  {Check, Side::S, DK##_KIND, Fixes, Consequence},
#include "ExplainRules.def"
#undef EXPLAIN_RULE
};
#undef None_KIND
#undef Device_KIND
#undef Host_KIND
#undef Shared_KIND
#undef NotUSM_KIND

const RuleRow *findRule(const std::string &Check) {
  for (const RuleRow &R : Rules)
    if (Check == R.Check)
      return &R;
  return nullptr;
}

std::optional<FixId> parseFixId(const std::string &S) {
  // The FixId spellings of feature_table.def.
  for (const Fix &F : fixes()) {
    const char *Name = F.Id == FixId::UseHost     ? "UseHost"
                       : F.Id == FixId::UseShared ? "UseShared"
                                                  : "CopyBack";
    if (S == Name)
      return F.Id;
  }
  return std::nullopt;
}

std::string_view lastComponent(std::string_view Name) {
  size_t P = Name.rfind("::");
  return P == std::string_view::npos ? Name : Name.substr(P + 2);
}

bool isIdent(char C) {
  return std::isalnum(static_cast<unsigned char>(C)) || C == '_';
}

/// The catalog API spelled \p Name, also when written unqualified.
const Api *lookupApi(const std::string &Name) {
  if (const Api *A = findApi(Name))
    return A;
  for (const Api &A : apis())
    if (lastComponent(A.Name) == Name && A.Name.size() > Name.size())
      return &A;
  return nullptr;
}

/// Identifier ending just before position \p End (skipping spaces).
std::string identBefore(const std::string &S, size_t End) {
  while (End > 0 && std::isspace(static_cast<unsigned char>(S[End - 1])))
    --End;
  size_t B = End;
  while (B > 0 && isIdent(S[B - 1]))
    --B;
  return S.substr(B, End - B);
}

/// "&buf", "(void **)&buf", " buf " -> "buf".
std::string pointerFromArg(std::string A) {
  size_t Amp = A.rfind('&');
  if (Amp != std::string::npos)
    A = A.substr(Amp + 1);
  else if (size_t Close = A.rfind(')'); Close != std::string::npos)
    A = A.substr(Close + 1);
  std::string Out;
  for (char C : A)
    if (isIdent(C) || C == '.' || C == '>' || C == '-')
      Out += C;
  return Out;
}

std::string trim(const std::string &S) {
  size_t B = S.find_first_not_of(" \t");
  if (B == std::string::npos)
    return "";
  size_t E = S.find_last_not_of(" \t");
  return S.substr(B, E - B + 1);
}

/// "T *Ptr" in \p Line: the spelled pointee type.
std::string typeOf(const std::string &Line, const std::string &Ptr) {
  if (Ptr.empty() || !std::all_of(Ptr.begin(), Ptr.end(), isIdent))
    return "";
  std::regex Re("([A-Za-z_][A-Za-z0-9_:]*(\\s*<[^>]*>)?)\\s*\\*\\s*" + Ptr +
                "\\s*(=|;|,|\\)|\\[)");
  std::smatch M;
  if (!std::regex_search(Line, M, Re))
    return "";
  std::string T = M[1].str();
  if (T == "return" || T == "sizeof")
    return "";
  // "const double" is spelled over two words; keep a leading const.
  size_t Pos = M.position(1);
  std::string Before = trim(Line.substr(0, Pos));
  if (Before.size() >= 5 && Before.compare(Before.size() - 5, 5, "const") == 0)
    T = "const " + T;
  return T;
}

std::string relPath(const std::string &P) { return P; }

} // namespace

bool callArguments(const std::string &Line, const std::string &Callee,
                   std::vector<std::string> &Args, std::string *TemplateArg) {
  Args.clear();
  for (size_t P = Line.find(Callee); P != std::string::npos;
       P = Line.find(Callee, P + 1)) {
    if ((P > 0 && isIdent(Line[P - 1])) ||
        (P + Callee.size() < Line.size() && isIdent(Line[P + Callee.size()])))
      continue;
    size_t I = P + Callee.size();
    while (I < Line.size() && std::isspace(static_cast<unsigned char>(Line[I])))
      ++I;
    std::string Targ;
    if (I < Line.size() && Line[I] == '<') {
      size_t Close = Line.find('>', I);
      if (Close == std::string::npos)
        return false;
      Targ = trim(Line.substr(I + 1, Close - I - 1));
      I = Close + 1;
      while (I < Line.size() &&
             std::isspace(static_cast<unsigned char>(Line[I])))
        ++I;
    }
    if (I >= Line.size() || Line[I] != '(')
      continue;
    int Depth = 0;
    std::string Cur;
    for (size_t J = I; J < Line.size(); ++J) {
      char C = Line[J];
      if (C == '(' || C == '[' || C == '{') {
        if (Depth++ > 0)
          Cur += C;
        continue;
      }
      if (C == ')' || C == ']' || C == '}') {
        if (--Depth == 0) {
          if (!trim(Cur).empty() || !Args.empty())
            Args.push_back(trim(Cur));
          if (TemplateArg)
            *TemplateArg = Targ;
          return true;
        }
        Cur += C;
        continue;
      }
      if (C == ',' && Depth == 1) {
        Args.push_back(trim(Cur));
        Cur.clear();
        continue;
      }
      Cur += C;
    }
    Args.clear();
    return false; // the call continues on the next line
  }
  return false;
}

std::string replaceIdentifier(const std::string &Line, const std::string &From,
                              const std::string &To) {
  std::string Out;
  char Quote = 0;
  for (size_t I = 0; I < Line.size();) {
    char C = Line[I];
    if (Quote) {
      Out += C;
      if (C == '\\' && I + 1 < Line.size()) {
        Out += Line[I + 1];
        I += 2;
        continue;
      }
      if (C == Quote)
        Quote = 0;
      ++I;
      continue;
    }
    if (C == '"' || C == '\'') {
      Quote = C;
      Out += C;
      ++I;
      continue;
    }
    if (Line.compare(I, From.size(), From) == 0 &&
        (I == 0 || !isIdent(Line[I - 1])) &&
        (I + From.size() >= Line.size() || !isIdent(Line[I + From.size()]))) {
      Out += To;
      I += From.size();
      continue;
    }
    Out += C;
    ++I;
  }
  return Out;
}

ExplainFacts deriveFacts(const Finding &F,
                         const std::vector<std::string> *FileLines) {
  ExplainFacts Facts;
  const RuleRow *Rule = findRule(F.Check);
  if (Rule) {
    Facts.S = Rule->S;
    Facts.Consequence = Rule->Consequence;
    std::stringstream SS(Rule->Fixes);
    for (std::string Item; std::getline(SS, Item, '|');)
      if (auto Id = parseFixId(Item))
        Facts.Fixes.push_back(*Id);
  }

  // Everything about the allocation and the fixes comes from the finding's
  // facts (report/Finding.h), never from the wording of its notes.
  const ::usm::FindingFacts &X = F.Facts;
  if (!X.AllocApi.empty())
    if (const Api *A = lookupApi(X.AllocApi); A && A->R == Role::Alloc) {
      Facts.Alloc = A;
      Facts.AllocLoc = X.AllocSite;
      Facts.AllocLine = X.AllocLine;
      Facts.AllocSpelling = X.AllocSpelling;
      if (A->K != Kind::ByArg)
        Facts.K = A->K;
      for (Kind K : {Kind::Device, Kind::Host, Kind::Shared, Kind::NotUSM})
        if (X.Kind == (K == Kind::NotUSM ? std::string("not USM")
                                         : std::string(name(K))))
          Facts.K = K;
    }
  Facts.SizeExpr = X.SizeText;
  Facts.DevExpr = X.DeviceText;
  Facts.Pointer = X.Pointer;
  Facts.ElemType = X.ElemType;
  // The check ranks the fixes for this program (it sees how the host uses
  // the memory): its first fix goes first.
  for (size_t I = 0; I < X.Fixes.size(); ++I) {
    std::optional<FixId> Id = parseFixId(X.Fixes[I].Id);
    if (!Id)
      continue;
    Facts.Spelled[static_cast<int>(*Id)] = X.Fixes[I].Replacement;
    auto It = std::find(Facts.Fixes.begin(), Facts.Fixes.end(), *Id);
    if (I == 0 && It != Facts.Fixes.end()) {
      Facts.Recommended = *Id;
      Facts.Fixes.erase(It);
      Facts.Fixes.insert(Facts.Fixes.begin(), *Id);
      if (!X.Fixes[I].Reason.empty())
        Facts.RecommendReason = "since " + X.Fixes[I].Reason;
    }
  }
  if (!Facts.K && Rule)
    Facts.K = Rule->DefaultKind;
  if (Facts.Alloc)
    Facts.M = Facts.Alloc->M;

  // Arguments of the allocation call, by the catalog's positions.
  // Facts made by hand (tests, older workers) may lack the arguments: read
  // them off the allocation's source line, at the callee as written.
  if (Facts.Alloc && !Facts.AllocLine.empty() && Facts.SizeExpr.empty()) {
    std::vector<std::string> Args;
    std::string Targ;
    std::string Callee = Facts.AllocSpelling.empty()
                             ? std::string(lastComponent(Facts.Alloc->Name))
                             : Facts.AllocSpelling;
    if (callArguments(Facts.AllocLine, Callee, Args, &Targ)) {
      auto Arg = [&](int I) {
        return I >= 0 && static_cast<size_t>(I) < Args.size() ? Args[I]
                                                              : std::string();
      };
      Facts.SizeExpr = Arg(Facts.Alloc->Size);
      // callee<T>(count, ...) counts elements, not bytes.
      if (!Targ.empty() && !Facts.SizeExpr.empty())
        Facts.SizeExpr += " * sizeof(" + Targ + ")";
      Facts.DevExpr = Arg(Facts.Alloc->Dev);
      if (Facts.Alloc->Ptr >= 0)
        Facts.Pointer = pointerFromArg(Arg(Facts.Alloc->Ptr));
      if (!Targ.empty())
        Facts.ElemType = Targ;
    }
  }
  if (Facts.Alloc && !Facts.AllocLine.empty() && Facts.Pointer.empty()) {
    std::string Callee = Facts.AllocSpelling.empty()
                             ? std::string(lastComponent(Facts.Alloc->Name))
                             : Facts.AllocSpelling;
    if (Facts.Alloc->Ptr == RET) {
      size_t CallPos = Facts.AllocLine.find(Callee);
      for (size_t Eq = Facts.AllocLine.rfind('=', CallPos);
           Eq != std::string::npos && Eq > 0;
           Eq = Eq > 0 ? Facts.AllocLine.rfind('=', Eq - 1)
                       : std::string::npos) {
        char Prev = Facts.AllocLine[Eq - 1];
        char Next =
            Eq + 1 < Facts.AllocLine.size() ? Facts.AllocLine[Eq + 1] : ' ';
        if (Prev == '=' || Prev == '!' || Prev == '<' || Prev == '>' ||
            Next == '=')
          continue;
        Facts.Pointer = identBefore(Facts.AllocLine, Eq);
        break;
      }
    }
  }

  if (Facts.ElemType.empty())
    Facts.ElemType = typeOf(Facts.AllocLine, Facts.Pointer);
  if (Facts.ElemType.empty() && FileLines && F.Loc.valid())
    for (size_t L = std::min<size_t>(F.Loc.Line, FileLines->size()); L > 0; --L)
      if (std::string T = typeOf((*FileLines)[L - 1], Facts.Pointer);
          !T.empty()) {
        Facts.ElemType = T;
        break;
      }
  return Facts;
}

std::string fillCopyBack(std::string_view Template, const ExplainFacts &Facts,
                         const std::string &HostBuffer) {
  std::string Out(Template);
  auto Put = [&Out](const std::string &Key, const std::string &Value) {
    for (size_t P = Out.find(Key); P != std::string::npos;
         P = Out.find(Key, P + Value.size()))
      Out.replace(P, Key.size(), Value);
  };
  Put("{dst}", HostBuffer);
  Put("{src}", Facts.Pointer.empty() ? "/* device pointer */" : Facts.Pointer);
  Put("{bytes}", Facts.SizeExpr.empty() ? "/* bytes */" : Facts.SizeExpr);
  Put("{dev}", Facts.DevExpr.empty() ? "/* device */" : Facts.DevExpr);
  Put("{queue}", Facts.DevExpr.empty() ? "/* queue */" : Facts.DevExpr);
  return Out;
}

bool readLines(const std::string &Path, std::vector<std::string> &Lines) {
  std::ifstream In(Path);
  if (!In)
    return false;
  Lines.clear();
  for (std::string L; std::getline(In, L);) {
    if (!L.empty() && L.back() == '\r')
      L.pop_back();
    Lines.push_back(L);
  }
  return true;
}

namespace {

/// Numbered excerpt: up to \p Before lines before \p Loc's line, a marker on
/// it and a caret under its column.
std::string excerpt(const SourceRef &Loc, const std::string &SourceLine,
                    const std::vector<std::string> *FileLines, unsigned Before,
                    const std::string &Indent) {
  std::ostringstream OS;
  auto Row = [&](unsigned N, const std::string &Text, bool Mark) {
    char Buf[16];
    snprintf(Buf, sizeof Buf, "%5u", N);
    OS << Indent << (Mark ? ">" : " ") << Buf << " | " << Text << "\n";
  };
  bool FromFile = FileLines && Loc.Line >= 1 && Loc.Line <= FileLines->size();
  if (FromFile) {
    unsigned First = Loc.Line > Before ? Loc.Line - Before : 1;
    for (unsigned L = First; L < Loc.Line; ++L)
      Row(L, (*FileLines)[L - 1], false);
  }
  std::string Text = FromFile ? (*FileLines)[Loc.Line - 1] : SourceLine;
  if (Text.empty())
    return "";
  Row(Loc.Line, Text, true);
  if (Loc.Column > 0 && Loc.Column <= Text.size() + 1) {
    std::string Pad;
    for (unsigned I = 0; I + 1 < Loc.Column; ++I)
      Pad += Text[I] == '\t' ? '\t' : ' ';
    OS << Indent << "       | " << Pad << "^\n";
  }
  return OS.str();
}

/// Kinds whose rows are shown: the finding's, then those the fixes use.
std::vector<Kind> kindsInvolved(const ExplainFacts &Facts) {
  std::vector<Kind> Out;
  auto Add = [&Out](Kind K) {
    if (findKindRow(K) && std::find(Out.begin(), Out.end(), K) == Out.end())
      Out.push_back(K);
  };
  if (Facts.K)
    Add(*Facts.K);
  for (FixId Id : Facts.Fixes)
    Add(fixInfo(Id).UseKind);
  return Out;
}

std::string locString(const SourceRef &L) {
  std::string S = relPath(L.File);
  if (L.Line)
    S += ":" + std::to_string(L.Line);
  if (L.Column)
    S += ":" + std::to_string(L.Column);
  return S;
}

/// The code of one fix; empty when it cannot be spelled from the facts.
std::vector<std::string> fixCode(FixId Id, const ExplainFacts &Facts,
                                 const Finding &F, std::string &Remark) {
  std::vector<std::string> Code;
  const Fix &Fx = fixInfo(Id);
  if (Id != FixId::CopyBack || (Facts.K && *Facts.K != Kind::Device)) {
    if (!Facts.Alloc || Facts.AllocLine.empty())
      return Code;
    const Api *Other = familyMember(*Facts.Alloc, Fx.UseKind);
    if (!Other) {
      // No same-signature allocator: name the model's allocators of the kind.
      std::string Names;
      for (const Api &A : apis())
        if (A.M == Facts.Alloc->M && A.R == Role::Alloc && A.K == Fx.UseKind)
          Names += (Names.empty() ? "" : ", ") + std::string(A.Name);
      if (!Names.empty())
        Remark = "allocate with " + Names + " (different arguments than " +
                 std::string(Facts.Alloc->Name) + ")";
      return Code;
    }
    // In the user's spelling: the name written at the allocation (a
    // compatibility macro, say) is replaced by the check's spelling of the
    // other allocator.
    std::string From = Facts.AllocSpelling.empty()
                           ? std::string(lastComponent(Facts.Alloc->Name))
                           : Facts.AllocSpelling;
    std::string To = Facts.Spelled[static_cast<int>(Id)];
    if (To.empty())
      To = std::string(lastComponent(Other->Name));
    std::string Line = replaceIdentifier(Facts.AllocLine, From, To);
    Code.push_back(trim(Line));
    if (Other->Dealloc != Facts.Alloc->Dealloc) {
      std::string D(Other->Dealloc);
      std::replace(D.begin(), D.end(), '|', '/');
      Remark = "and release it with " + D;
    }
    return Code;
  }
  // Copy back: keep the device allocation, copy into a host buffer before
  // the host access, then read the host buffer.
  if (!Facts.M)
    return Code;
  std::string Ptr = Facts.Pointer.empty() ? "ptr" : Facts.Pointer;
  std::string HostBuf = "host_" + Ptr;
  for (char &C : HostBuf)
    if (!isIdent(C))
      C = '_';
  std::string Type = Facts.ElemType.empty() ? "char" : Facts.ElemType;
  // The host-side allocator comes from the catalog too: the plain C heap
  // allocator taking (bytes).
  std::string HostAlloc;
  for (const Api &A : apis())
    if (A.M == Model::Host && A.R == Role::Alloc && A.K == Kind::NotUSM &&
        A.Ptr == RET && A.Size == 0) {
      HostAlloc = std::string(A.Name);
      break;
    }
  std::string Bytes = Facts.SizeExpr.empty() ? "/* bytes */" : Facts.SizeExpr;
  if (!HostAlloc.empty())
    Code.push_back(Type + " *" + HostBuf + " = (" + Type + " *)" + HostAlloc +
                   "(" + Bytes + ");");
  Code.push_back(fillCopyBack(modelInfo(*Facts.M).CopyBack, Facts, HostBuf) +
                 ";");
  if (!F.SourceLine.empty() && !Facts.Pointer.empty())
    Code.push_back(
        trim(replaceIdentifier(F.SourceLine, Facts.Pointer, HostBuf)));
  return Code;
}

std::string whyText(const ExplainFacts &Facts, const Finding &F) {
  std::ostringstream OS;
  const KindRow *R = Facts.K ? findKindRow(*Facts.K) : nullptr;
  std::string What =
      Facts.Pointer.empty() ? "this memory" : "'" + Facts.Pointer + "'";
  std::string Origin;
  if (Facts.Alloc)
    Origin = " by '" + std::string(Facts.Alloc->Name) + "'" +
             (Facts.AllocLoc.Line
                  ? " (line " + std::to_string(Facts.AllocLoc.Line) + ")"
                  : std::string());
  if (R && Facts.S == Side::Host) {
    OS << "Host code accesses " << What << " at line " << F.Loc.Line
       << ", but it was allocated as " << R->Label << " memory" << Origin
       << ". The table says " << R->Label << " memory lives in " << R->LivesIn
       << ", and the host may access it: " << R->HostText << ".";
  } else if (R && Facts.S == Side::Device) {
    OS << "A kernel accesses " << What << " at line " << F.Loc.Line
       << ", but it is " << R->Label << " memory" << Origin
       << ". The table says " << R->Label << " memory lives in " << R->LivesIn
       << ", and the device may access it: " << R->DeviceText << ".";
  } else {
    OS << F.Message << ".";
    if (R)
      OS << " The memory is " << R->Label << " memory" << Origin << ".";
  }
  if (!Facts.Consequence.empty())
    OS << " " << Facts.Consequence;
  return OS.str();
}

/// Wraps \p Text at \p Width columns, each line prefixed by \p Indent.
std::string wrap(const std::string &Text, const std::string &Indent,
                 size_t Width = 78) {
  std::istringstream In(Text);
  std::string Word, Line, Out;
  while (In >> Word) {
    if (!Line.empty() &&
        Indent.size() + Line.size() + 1 + Word.size() > Width) {
      Out += Indent + Line + "\n";
      Line.clear();
    }
    Line += (Line.empty() ? "" : " ") + Word;
  }
  if (!Line.empty())
    Out += Indent + Line + "\n";
  return Out;
}

/// Notes that the explanation already shows: the allocation note (as the
/// allocation excerpt) and notes offering one of the catalog fixes listed in
/// the fixes section.
bool shownElsewhere(const Note &N, const ExplainFacts &Facts) {
  if (Facts.Alloc && N.Loc.Line == Facts.AllocLoc.Line &&
      N.Loc.File == Facts.AllocLoc.File)
    return true;
  for (FixId Id : Facts.Fixes)
    if (N.Message.find(std::string(fixInfo(Id).Title)) != std::string::npos)
      return true;
  return false;
}

std::string langFence(const ExplainFacts &Facts) {
  if (!Facts.M)
    return "c";
  return *Facts.M == Model::CUDA ? "cuda"
         : *Facts.M == Model::OpenMP || *Facts.M == Model::LevelZero ||
                 *Facts.M == Model::Host
             ? "c"
             : "cpp";
}

} // namespace

std::string renderRows(const std::vector<Kind> &Kinds, OutputFormat Fmt,
                       std::optional<Kind> Highlight) {
  std::ostringstream OS;
  if (Fmt == OutputFormat::Markdown) {
    OS << "| kind | lives in | host may access | device may access | migrates "
          "| notes |\n|---|---|---|---|---|---|\n";
    for (Kind K : Kinds)
      if (const KindRow *R = findKindRow(K))
        OS << "| " << (Highlight && *Highlight == K ? "**" : "") << R->Label
           << (Highlight && *Highlight == K ? "** (this allocation)" : "")
           << " | " << R->LivesIn << " | " << R->HostText << " | "
           << R->DeviceText << " | " << R->Migrates << " | " << R->Notes
           << " |\n";
    return OS.str();
  }
  // "      label:    " then the text wrapped under itself.
  auto Field = [&OS](const char *Label, std::string_view Text) {
    std::string Head = std::string("      ") + Label;
    Head.resize(25, ' ');
    std::string Body = wrap(std::string(Text), std::string(25, ' '));
    if (Body.empty())
      Body = std::string(25, ' ') + "-\n";
    OS << Head << Body.substr(25);
  };
  for (Kind K : Kinds)
    if (const KindRow *R = findKindRow(K)) {
      OS << "    " << R->Label << " memory"
         << (Highlight && *Highlight == K ? "  <- this allocation" : "")
         << "\n";
      Field("lives in:", R->LivesIn);
      Field("host may access:", R->HostText);
      Field("device may access:", R->DeviceText);
      Field("migrates:", R->Migrates);
      Field("notes:", R->Notes);
    }
  return OS.str();
}

std::string renderExplanation(const Finding &F, OutputFormat Fmt,
                              const std::vector<std::string> *FileLines) {
  ExplainFacts Facts = deriveFacts(F, FileLines);
  std::ostringstream OS;
  bool Md = Fmt == OutputFormat::Markdown;
  std::string Head = locString(F.Loc) + ": " + severityName(F.Sev) + ": " +
                     F.Message + " [" + F.Check + "]";
  // Lines of the allocation's own file, when it is another file.
  std::vector<std::string> AllocFileLines;
  const std::vector<std::string> *AllocLines = nullptr;
  if (Facts.AllocLoc.valid()) {
    if (Facts.AllocLoc.File == F.Loc.File)
      AllocLines = FileLines;
    else if (readLines(Facts.AllocLoc.File, AllocFileLines))
      AllocLines = &AllocFileLines;
  }

  if (Md) {
    OS << "### " << F.Check << " at `" << locString(F.Loc) << "`\n\n";
    OS << "**" << severityName(F.Sev) << ":** " << F.Message << "\n\n";
    OS << "```" << langFence(Facts) << "\n"
       << excerpt(F.Loc, F.SourceLine, FileLines, 2, "") << "```\n\n";
    if (Facts.AllocLoc.valid() && Facts.Alloc)
      OS << "Allocated at `" << locString(Facts.AllocLoc) << "` by `"
         << Facts.Alloc->Name << "` (" << name(Facts.Alloc->M) << "):\n\n```"
         << langFence(Facts) << "\n"
         << excerpt(Facts.AllocLoc, Facts.AllocLine, AllocLines, 0, "")
         << "```\n\n";
  } else {
    OS << Head << "\n";
    OS << excerpt(F.Loc, F.SourceLine, FileLines, 2, "  ");
    if (Facts.AllocLoc.valid() && Facts.Alloc) {
      OS << "  allocated at " << locString(Facts.AllocLoc) << " by '"
         << Facts.Alloc->Name << "' (" << name(Facts.Alloc->M) << "):\n";
      OS << excerpt(Facts.AllocLoc, Facts.AllocLine, AllocLines, 0, "  ");
    }
    for (const Note &N : F.Notes)
      if (!shownElsewhere(N, Facts))
        OS << "  note: " << locString(N.Loc) << ": " << N.Message << "\n";
  }
  if (Md)
    for (const Note &N : F.Notes)
      if (!shownElsewhere(N, Facts))
        OS << "- note (`" << locString(N.Loc) << "`): " << N.Message << "\n";

  std::vector<Kind> Kinds = kindsInvolved(Facts);
  if (!Kinds.empty()) {
    OS << (Md ? "\n**Feature table**\n\n" : "\n  feature table:\n");
    OS << renderRows(Kinds, Fmt, Facts.K);
  }

  OS << (Md ? "\n**Why this breaks the rule:** " : "\n  why:\n");
  OS << (Md ? whyText(Facts, F) + "\n" : wrap(whyText(Facts, F), "    "));

  if (!Facts.Fixes.empty()) {
    OS << (Md ? "\n**Fixes, best first**\n\n" : "\n  fixes, best first:\n");
    if (Facts.Recommended) {
      std::string Why =
          "ranked by the check" +
          (Facts.RecommendReason.empty() ? std::string()
                                         : ": " + Facts.RecommendReason) +
          ".";
      OS << (Md ? "*" + Why + "*\n\n" : wrap("(" + Why + ")", "    "));
    }
    unsigned N = 0;
    for (FixId Id : Facts.Fixes) {
      const Fix &Fx = fixInfo(Id);
      std::string Remark;
      std::vector<std::string> Code = fixCode(Id, Facts, F, Remark);
      ++N;
      if (Md) {
        OS << N << ". **" << Fx.Title << "**: when " << Fx.When
           << ". Caveat: " << Fx.Caveat << ".";
        if (!Remark.empty())
          OS << " " << Remark << ".";
        OS << "\n";
        if (!Code.empty()) {
          OS << "\n   ```" << langFence(Facts) << "\n";
          for (const std::string &L : Code)
            OS << "   " << L << "\n";
          OS << "   ```\n";
        }
        OS << "\n";
      } else {
        OS << "    " << N << ". " << Fx.Title << "\n";
        OS << wrap("when: " + std::string(Fx.When), "       ");
        OS << wrap("caveat: " + std::string(Fx.Caveat), "       ");
        for (const std::string &L : Code)
          OS << "         " << L << "\n";
        if (!Remark.empty())
          OS << wrap(Remark, "       ");
      }
    }
    if (std::find(Facts.Fixes.begin(), Facts.Fixes.end(), FixId::CopyBack) !=
            Facts.Fixes.end() &&
        Facts.M) {
      std::string Where = "before line " + std::to_string(F.Loc.Line) +
                          ", after the kernel that writes '" + Facts.Pointer +
                          "' has finished";
      OS << (Md ? "The copy-back call goes " + Where + ".\n"
                : wrap("the copy-back call goes " + Where + ".", "    "));
    }
  }
  // Fix-its the check itself attached.
  bool AnyFixIt = !F.Fixes.empty();
  for (const Note &N : F.Notes)
    AnyFixIt |= !N.Fixes.empty();
  if (AnyFixIt) {
    OS << (Md ? "\n**Fix-its offered by the check**\n\n"
              : "\n  fix-its offered by the check:\n");
    auto Show = [&](const FixIt &X) {
      std::string Where = X.File + ":" + std::to_string(X.Line) + ":" +
                          std::to_string(X.Column);
      if (Md)
        OS << "- `" << Where << "`: replace with `" << X.Replacement << "`\n";
      else
        OS << "    " << Where << ": replace with '" << X.Replacement << "'\n";
    };
    for (const FixIt &X : F.Fixes)
      Show(X);
    for (const Note &N : F.Notes)
      for (const FixIt &X : N.Fixes)
        Show(X);
  }
  OS << "\n";
  return OS.str();
}

std::string buildPrompt(const Finding &F,
                        const std::vector<std::string> *FileLines) {
  ExplainFacts Facts = deriveFacts(F, FileLines);
  std::ostringstream OS;
  OS << "usmcheck reported:\n"
     << locString(F.Loc) << ": " << severityName(F.Sev) << ": " << F.Message
     << " [" << F.Check << "]\n";
  for (const Note &N : F.Notes)
    OS << locString(N.Loc) << ": note: " << N.Message << "\n";
  OS << "\nCode excerpt:\n```\n";
  // A wider excerpt than the offline one: the model needs the kernel too.
  OS << excerpt(F.Loc, F.SourceLine, FileLines, 12, "");
  OS << "```\n";
  if (Facts.AllocLoc.valid() && Facts.AllocLoc.Line + 12 < F.Loc.Line)
    OS << "\nAllocation:\n```\n"
       << excerpt(Facts.AllocLoc, Facts.AllocLine, nullptr, 0, "") << "```\n";
  std::vector<Kind> Kinds = kindsInvolved(Facts);
  if (!Kinds.empty())
    OS << "\nUSM feature table rows involved:\n"
       << renderRows(Kinds, OutputFormat::Markdown, Facts.K);
  if (!Facts.Fixes.empty()) {
    OS << "\nFixes usmcheck considers (best first):\n";
    for (FixId Id : Facts.Fixes) {
      const Fix &Fx = fixInfo(Id);
      OS << "- " << Fx.Title << ": when " << Fx.When
         << "; caveat: " << Fx.Caveat << "\n";
    }
  }
  OS << "\nQuestion: " << LlmQuestion << "\n";
  return OS.str();
}

} // namespace usm::explain
