//===- TableCommand.cpp - `usmcheck table` and `usmcheck catalog` ------------===//
//
// Both print catalog data (catalog/*.def) and nothing else: the feature table
// with the allocators of each kind, and the list of modelled APIs.
//
//===----------------------------------------------------------------------===//
#include "Catalog.h"
#include "Commands.h"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <string>

namespace usm {
namespace {

using nlohmann::json;

const char *const TableHelp =
    "usage: usmcheck table [--format=text|markdown|json]\n"
    "\n"
    "Prints the USM feature table: for each allocation kind, where the\n"
    "memory lives, whether host and device may access it, whether it\n"
    "migrates, and the allocators of every programming model that produce\n"
    "it; then the three fixes for host access to device memory.\n";

const char *const CatalogHelp =
    "usage: usmcheck catalog [--format=text|json] [--model=MODEL] "
    "[--kind=KIND]\n"
    "\n"
    "Lists the APIs usmcheck models, grouped by programming model and role.\n"
    "MODEL: openmp, sycl, levelzero, cuda, hip, host. KIND: device, host,\n"
    "shared, notusm.\n";

std::string allocatorsOf(Kind K, std::vector<std::string> *List = nullptr) {
  std::string S;
  for (const Api &A : apis())
    if (A.R == Role::Alloc && A.K == K) {
      if (!S.empty())
        S += ", ";
      S += std::string(A.Name);
      if (List)
        List->emplace_back(A.Name);
    }
  return S;
}

std::string lower(std::string_view S) {
  std::string Out;
  for (char C : S)
    if (C != ' ' && C != '_')
      Out += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return Out;
}

/// Wraps \p Text to \p Width columns, continuation lines indented by
/// \p Indent spaces.
std::string wrap(const std::string &Text, size_t Indent, size_t Width) {
  std::string Out, Line;
  size_t Pos = 0;
  while (Pos < Text.size()) {
    size_t Sp = Text.find(' ', Pos);
    std::string Word = Text.substr(Pos, Sp == std::string::npos ? Sp : Sp - Pos);
    Pos = Sp == std::string::npos ? Text.size() : Sp + 1;
    if (!Line.empty() && Indent + Line.size() + 1 + Word.size() > Width) {
      Out += Line + "\n" + std::string(Indent, ' ');
      Line.clear();
    }
    Line += (Line.empty() ? "" : " ") + Word;
  }
  return Out + Line;
}

int printTable(const std::string &Format) {
  if (Format == "json") {
    json Kinds = json::array(), Fixes = json::array(), Notes = json::array();
    for (const KindRow &R : kindRows()) {
      std::vector<std::string> Allocs;
      allocatorsOf(R.K, &Allocs);
      Kinds.push_back({{"kind", std::string(R.Label)},
                       {"allocators", Allocs},
                       {"lives_in", std::string(R.LivesIn)},
                       {"host_access",
                        {{"verdict", std::string(name(R.HostAccess))},
                         {"text", std::string(R.HostText)}}},
                       {"device_access",
                        {{"verdict", std::string(name(R.DeviceAccess))},
                         {"text", std::string(R.DeviceText)}}},
                       {"migrates", std::string(R.Migrates)},
                       {"notes", std::string(R.Notes)}});
    }
    for (const Fix &F : fixes())
      Fixes.push_back({{"use", std::string(name(F.UseKind))},
                       {"fix", std::string(F.Title)},
                       {"when", std::string(F.When)},
                       {"caveat", std::string(F.Caveat)}});
    for (const TableNote &N : tableNotes())
      Notes.push_back({{"id", std::string(N.Id)}, {"text", std::string(N.Text)}});
    json Out = {{"kinds", Kinds}, {"fixes", Fixes}, {"notes", Notes}};
    std::printf("%s\n", Out.dump(2).c_str());
    return 0;
  }
  if (Format == "markdown") {
    std::printf("| kind | allocators | lives in | host may access | device may "
                "access | migrates | notes |\n|---|---|---|---|---|---|---|\n");
    for (const KindRow &R : kindRows())
      std::printf("| %s | %s | %s | %s | %s | %s | %s |\n",
                  std::string(R.Label).c_str(), allocatorsOf(R.K).c_str(),
                  std::string(R.LivesIn).c_str(),
                  std::string(R.HostText).c_str(),
                  std::string(R.DeviceText).c_str(),
                  std::string(R.Migrates).c_str(),
                  std::string(R.Notes).c_str());
    std::printf("\n| fix | when | caveat |\n|---|---|---|\n");
    for (const Fix &F : fixes())
      std::printf("| %s | %s | %s |\n", std::string(F.Title).c_str(),
                  std::string(F.When).c_str(), std::string(F.Caveat).c_str());
    std::printf("\n");
    for (const TableNote &N : tableNotes())
      std::printf("- %s\n", std::string(N.Text).c_str());
    return 0;
  }
  const size_t Indent = 21, Width = 100;
  for (const KindRow &R : kindRows()) {
    std::printf("%s memory\n", std::string(R.Label).c_str());
    auto Field = [&](const char *Label, const std::string &Text) {
      std::printf("  %-18s %s\n", Label, wrap(Text, Indent, Width).c_str());
    };
    Field("allocators", allocatorsOf(R.K));
    Field("lives in", std::string(R.LivesIn));
    Field("host may access", std::string(R.HostText));
    Field("device may access", std::string(R.DeviceText));
    Field("migrates", std::string(R.Migrates));
    Field("notes", std::string(R.Notes));
    std::printf("\n");
  }
  std::printf("Fixes for host access to device memory\n");
  int I = 1;
  for (const Fix &F : fixes()) {
    std::printf("  %d. %s\n", I++,
                wrap(std::string(F.Title), 5, Width).c_str());
    std::printf("     when:   %s\n",
                wrap(std::string(F.When), 13, Width).c_str());
    std::printf("     caveat: %s\n",
                wrap(std::string(F.Caveat), 13, Width).c_str());
  }
  std::printf("\n");
  for (const TableNote &N : tableNotes())
    std::printf("- %s\n", wrap(std::string(N.Text), 2, Width).c_str());
  return 0;
}

std::string argText(int Index) {
  if (Index == RET)
    return "ret";
  if (Index == NA)
    return "-";
  return std::to_string(Index);
}

} // namespace

int tableMain(const Args &A) {
  std::string Format = "text";
  for (const std::string &Arg : A) {
    if (Arg == "-h" || Arg == "--help") {
      std::fputs(TableHelp, stdout);
      return 0;
    }
    if (Arg.rfind("--format=", 0) == 0) {
      Format = Arg.substr(9);
      if (Format != "text" && Format != "markdown" && Format != "json")
        return usageError("unknown format '" + Format +
                          "' (expected text, markdown or json)");
      continue;
    }
    if (Arg == "--apis")
      return catalogMain({});
    return usageError("unknown argument '" + Arg +
                      "' (see usmcheck table --help)");
  }
  return printTable(Format);
}

int catalogMain(const Args &A) {
  std::string Format = "text", ModelFilter, KindFilter;
  for (const std::string &Arg : A) {
    if (Arg == "-h" || Arg == "--help") {
      std::fputs(CatalogHelp, stdout);
      return 0;
    }
    if (Arg.rfind("--format=", 0) == 0) {
      Format = Arg.substr(9);
      if (Format != "text" && Format != "json")
        return usageError("unknown format '" + Format +
                          "' (expected text or json)");
    } else if (Arg.rfind("--model=", 0) == 0) {
      ModelFilter = lower(Arg.substr(8));
      bool Known = false;
      for (const ModelInfo &M : models())
        Known |= lower(M.Id) == ModelFilter;
      if (!Known)
        return usageError("unknown model '" + Arg.substr(8) +
                          "' (expected openmp, sycl, levelzero, cuda, hip or "
                          "host)");
    } else if (Arg.rfind("--kind=", 0) == 0) {
      KindFilter = lower(Arg.substr(7));
      if (KindFilter != "device" && KindFilter != "host" &&
          KindFilter != "shared" && KindFilter != "notusm")
        return usageError("unknown kind '" + Arg.substr(7) +
                          "' (expected device, host, shared or notusm)");
    } else {
      return usageError("unknown argument '" + Arg +
                        "' (see usmcheck catalog --help)");
    }
  }
  json Rows = json::array();
  std::string LastGroup;
  for (const ModelInfo &M : models()) {
    if (!ModelFilter.empty() && lower(M.Id) != ModelFilter)
      continue;
    for (const Api &X : apis()) {
      if (X.M != M.M)
        continue;
      if (!KindFilter.empty() && lower(name(X.K)) != KindFilter)
        continue;
      if (Format == "json") {
        Rows.push_back({{"name", std::string(X.Name)},
                        {"model", std::string(M.Id)},
                        {"role", std::string(name(X.R))},
                        {"kind", std::string(name(X.K))},
                        {"ptr_arg", X.Ptr},
                        {"size_arg", X.Size},
                        {"device_arg", X.Dev},
                        {"src_arg", X.Src},
                        {"src_device_arg", X.SrcDev},
                        {"direction", std::string(name(X.D))},
                        {"direction_arg", X.DirArg},
                        {"deallocators", std::string(X.Dealloc)},
                        {"summary", std::string(X.Summary)}});
        continue;
      }
      std::string Group = std::string(M.Name);
      if (Group != LastGroup) {
        std::printf("%s%s\n", LastGroup.empty() ? "" : "\n", Group.c_str());
        std::printf("  %-34s %-9s %-18s %-4s %-4s %-4s %s\n", "API", "role",
                    "kind", "ptr", "size", "dev", "released by");
        LastGroup = Group;
      }
      std::printf("  %-34s %-9s %-18s %-4s %-4s %-4s %s\n",
                  std::string(X.Name).c_str(), std::string(name(X.R)).c_str(),
                  X.R == Role::Alloc || X.R == Role::Allocator
                      ? std::string(name(X.K)).c_str()
                      : "",
                  argText(X.Ptr).c_str(), argText(X.Size).c_str(),
                  argText(X.Dev).c_str(), std::string(X.Dealloc).c_str());
    }
  }
  if (Format == "json")
    std::printf("%s\n", Rows.dump(2).c_str());
  return 0;
}

} // namespace usm
