//===- Utf8.h - UTF-8 validation shared by the reporters and the guard ----===//
//
// Header-only and allocation-free: the runtime guard (which must not call
// malloc on its report path) writes its JSON records with it, and the HTML
// pages escape with it.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_REPORT_UTF8_H
#define USMCHECK_REPORT_UTF8_H

#include <cstddef>

namespace usm {

/// Length of the well-formed UTF-8 sequence at \p I of the \p N bytes at
/// \p S (no overlong forms, no surrogates, at most U+10FFFF), or 0.
inline std::size_t utf8Length(const char *S, std::size_t N, std::size_t I) {
  unsigned char C = static_cast<unsigned char>(S[I]);
  if (C < 0x80)
    return 1;
  std::size_t Len = C >= 0xF0 && C <= 0xF4   ? 4
                    : C >= 0xE0 && C <= 0xEF ? 3
                    : C >= 0xC2 && C <= 0xDF ? 2
                                             : 0;
  if (Len == 0 || I + Len > N)
    return 0;
  for (std::size_t K = 1; K < Len; ++K)
    if ((static_cast<unsigned char>(S[I + K]) & 0xC0) != 0x80)
      return 0;
  unsigned char C1 = static_cast<unsigned char>(S[I + 1]);
  if ((C == 0xE0 && C1 < 0xA0) || (C == 0xED && C1 >= 0xA0) ||
      (C == 0xF0 && C1 < 0x90) || (C == 0xF4 && C1 >= 0x90))
    return 0;
  return Len;
}

} // namespace usm

#endif
