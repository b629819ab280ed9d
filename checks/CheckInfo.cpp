#include "CheckInfo.h"

namespace usm {
namespace {
constexpr CheckInfo Infos[] = {
#define USM_CHECK(Name, Class, Sev, Summary, Help) {Name, Severity::Sev, Summary, Help},
#include "checks.def"
#undef USM_CHECK
};
/// The checks that stay off by default (USM_CHECK_OPT_IN rows); "" ends it.
constexpr std::string_view OptIn[] = {
#define USM_CHECK(Name, Class, Sev, Summary, Help)
#define USM_CHECK_OPT_IN(Name) Name,
#include "checks.def"
#undef USM_CHECK
    ""};
} // namespace

bool isOptInCheck(std::string_view Name) {
  for (std::string_view N : OptIn)
    if (!N.empty() && N == Name)
      return true;
  return false;
}

std::string defaultCheckGlobs() {
  std::string G = "-*,usm-*";
  for (std::string_view N : OptIn)
    if (!N.empty())
      G += ",-" + std::string(N);
  return G;
}

const CheckInfo *checkInfos(std::size_t &Count) {
  Count = sizeof(Infos) / sizeof(Infos[0]);
  return Infos;
}

const CheckInfo *findCheckInfo(std::string_view Name) {
  for (const CheckInfo &I : Infos)
    if (I.Name == Name)
      return &I;
  return nullptr;
}

} // namespace usm
