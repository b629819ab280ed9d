//===- SafeText.cpp - network text made safe for a terminal ---------------===//
#include "SafeText.h"

#include <cstdio>

namespace usm::explain {

namespace {

/// Length of the valid UTF-8 character at \p S[I] and its code point, or 0
/// when the bytes there are not UTF-8 (overlong, surrogate, truncated).
size_t decodeUtf8(std::string_view S, size_t I, unsigned &Cp) {
  unsigned char C = static_cast<unsigned char>(S[I]);
  size_t Len;
  unsigned Min;
  if (C >= 0xC2 && C <= 0xDF) {
    Len = 2;
    Cp = C & 0x1F;
    Min = 0x80;
  } else if (C >= 0xE0 && C <= 0xEF) {
    Len = 3;
    Cp = C & 0x0F;
    Min = 0x800;
  } else if (C >= 0xF0 && C <= 0xF4) {
    Len = 4;
    Cp = C & 0x07;
    Min = 0x10000;
  } else {
    return 0;
  }
  if (I + Len > S.size())
    return 0;
  for (size_t K = 1; K < Len; ++K) {
    unsigned char D = static_cast<unsigned char>(S[I + K]);
    if ((D & 0xC0) != 0x80)
      return 0;
    Cp = (Cp << 6) | (D & 0x3F);
  }
  if (Cp < Min || Cp > 0x10FFFF || (Cp >= 0xD800 && Cp <= 0xDFFF))
    return 0;
  return Len;
}

/// The index after a CSI sequence whose parameters start at \p I:
/// parameter bytes 0x30-0x3F, intermediate bytes 0x20-0x2F, one final byte
/// 0x40-0x7E. A byte outside these ends the sequence and is kept.
size_t skipCsi(std::string_view S, size_t I) {
  while (I < S.size()) {
    unsigned char C = static_cast<unsigned char>(S[I]);
    if (C >= 0x20 && C <= 0x3F) {
      ++I;
      continue;
    }
    if (C >= 0x40 && C <= 0x7E)
      return I + 1;
    break;
  }
  return I;
}

/// The index after a control string (OSC, DCS, SOS, PM, APC) whose body
/// starts at \p I: up to BEL, ESC \ or the 8-bit ST (U+009C), or the end.
size_t skipControlString(std::string_view S, size_t I) {
  for (; I < S.size(); ++I) {
    unsigned char C = static_cast<unsigned char>(S[I]);
    if (C == 0x07)
      return I + 1;
    if (C == 0x1B && I + 1 < S.size() && S[I + 1] == '\\')
      return I + 2;
    if (C == 0xC2 && I + 1 < S.size() &&
        static_cast<unsigned char>(S[I + 1]) == 0x9C)
      return I + 2;
  }
  return I;
}

void appendHex(std::string &Out, unsigned char C) {
  char Buf[8];
  std::snprintf(Buf, sizeof Buf, "\\x%02X", C);
  Out += Buf;
}

} // namespace

std::string safeText(std::string_view In) {
  std::string Out;
  Out.reserve(In.size());
  size_t I = 0;
  while (I < In.size()) {
    unsigned char C = static_cast<unsigned char>(In[I]);
    if (C == 0x1B) { // ESC
      if (I + 1 >= In.size()) {
        ++I;
        continue;
      }
      char D = In[I + 1];
      if (D == '[') {
        I = skipCsi(In, I + 2);
      } else if (D == ']' || D == 'P' || D == 'X' || D == '^' || D == '_') {
        I = skipControlString(In, I + 2);
      } else {
        // ESC, intermediate bytes, one final byte (ESC c, ESC ( B, ESC 7).
        size_t J = I + 1;
        while (J < In.size() && In[J] >= 0x20 && In[J] <= 0x2F)
          ++J;
        if (J < In.size() && In[J] >= 0x30 && In[J] <= 0x7E)
          ++J;
        I = J;
      }
      continue;
    }
    if (C == '\n' || C == '\t') {
      Out += static_cast<char>(C);
      ++I;
      continue;
    }
    if (C == '\r') {
      ++I;
      continue;
    }
    if (C < 0x20 || C == 0x7F) {
      appendHex(Out, C);
      ++I;
      continue;
    }
    if (C < 0x80) {
      Out += static_cast<char>(C);
      ++I;
      continue;
    }
    unsigned Cp = 0;
    size_t Len = decodeUtf8(In, I, Cp);
    if (Len == 0) {
      appendHex(Out, C);
      ++I;
      continue;
    }
    if (Cp >= 0x80 && Cp <= 0x9F) { // C1 controls
      if (Cp == 0x9B)
        I = skipCsi(In, I + Len);
      else if (Cp == 0x9D || Cp == 0x90 || Cp == 0x98 || Cp == 0x9E ||
               Cp == 0x9F)
        I = skipControlString(In, I + Len);
      else {
        appendHex(Out, static_cast<unsigned char>(Cp));
        I += Len;
      }
      continue;
    }
    Out.append(In.substr(I, Len));
    I += Len;
  }
  return Out;
}

size_t utf8Prefix(std::string_view S, size_t Max) {
  if (Max >= S.size())
    return S.size();
  size_t N = Max;
  // Back off over continuation bytes to the start of the cut character.
  while (N > 0 && (static_cast<unsigned char>(S[N]) & 0xC0) == 0x80)
    --N;
  return N;
}

} // namespace usm::explain
