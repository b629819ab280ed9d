#include "CheckInfo.h"

namespace usm {
namespace {
constexpr CheckInfo Infos[] = {
#define USM_CHECK(Name, Class, Sev, Summary, Help) {Name, Severity::Sev, Summary, Help},
#include "checks.def"
#undef USM_CHECK
};
} // namespace

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
