//===- Decode.h - the size of the faulting memory access (x86-64)
//----------===//
//
// The page-fault error code says READ or WRITE but not how many bytes. This
// decodes the common load/store forms at the faulting pc (integer moves and
// ALU operations, SSE/AVX scalar and vector moves); anything else returns 0
// and the report says the size was not decoded rather than guessing.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_RUNTIME_DECODE_H
#define USMCHECK_RUNTIME_DECODE_H

namespace usm {
namespace rt {

namespace decode_detail {
inline int intSize(bool W, bool OpSize) { return W ? 8 : OpSize ? 2 : 4; }

/// Map-1 (0F xx) opcodes shared by legacy SSE and VEX; Pfx is the mandatory
/// prefix: 0 none, 1 66, 2 F3, 3 F2. Vec is the full vector width.
inline int sseSize(unsigned char Op, int Pfx, bool W, int Vec) {
  switch (Op) {
  case 0x10:
  case 0x11: // movups/movupd/movss/movsd
  case 0x51:
  case 0x58:
  case 0x59:
  case 0x5C:
  case 0x5D:
  case 0x5E:
  case 0x5F:
  case 0x5A:
    return Pfx == 3 ? 8 : Pfx == 2 ? 4 : Vec;
  case 0x28:
  case 0x29: // movaps/movapd
    return Vec;
  case 0x6F:
  case 0x7F: // movdqa/movdqu (MMX movq without prefix)
    return Pfx ? Vec : 8;
  case 0x7E:
    return Pfx == 2 ? 8 : W ? 8 : 4; // movq xmm,m64 / movd
  case 0x6E:
    return W ? 8 : 4;
  case 0xD6:
    return 8;
  case 0x12:
  case 0x13:
  case 0x16:
  case 0x17: // movlps/movhps/...
    return 8;
  case 0x2E:
  case 0x2F: // ucomis/comis
    return Pfx == 1 ? 8 : 4;
  case 0x2A: // cvtsi2ss/sd from memory
    return W ? 8 : 4;
  case 0x2C:
  case 0x2D:
    return Pfx == 3 ? 8 : 4;
  case 0xE7:
  case 0x2B: // movntdq/movntps
    return Vec;
  default:
    return 0;
  }
}
} // namespace decode_detail

/// Size in bytes of the memory access made by the instruction at \p P, or 0.
inline int decodeAccessSize(const unsigned char *P) {
  using namespace decode_detail;
  if (!P)
    return 0;
  bool OpSize = false, W = false;
  int Pfx = 0;
  for (int I = 0; I < 14; ++I, ++P) {
    unsigned char B = *P;
    if (B == 0x66)
      OpSize = true, Pfx = Pfx ? Pfx : 1;
    else if (B == 0xF3)
      Pfx = 2;
    else if (B == 0xF2)
      Pfx = 3;
    else if (B == 0x2E || B == 0x3E || B == 0x26 || B == 0x36 || B == 0x64 ||
             B == 0x65 || B == 0x67 || B == 0xF0)
      continue;
    else
      break;
  }
  if ((*P & 0xF0) == 0x40) { // REX
    W = *P & 8;
    ++P;
  }
  if (*P == 0xC5 || *P == 0xC4) { // VEX
    int Map = 1, L, VPfx;
    unsigned char Op;
    if (*P == 0xC5) {
      L = (P[1] >> 2) & 1;
      VPfx = P[1] & 3;
      Op = P[2];
    } else {
      Map = P[1] & 0x1F;
      W = P[2] >> 7;
      L = (P[2] >> 2) & 1;
      VPfx = P[2] & 3;
      Op = P[3];
    }
    if (Map != 1)
      return 0;
    return sseSize(Op, VPfx, W, L ? 32 : 16);
  }
  unsigned char Op = *P;
  if (Op == 0x0F) {
    unsigned char Op2 = P[1];
    if (Op2 == 0xB6 || Op2 == 0xBE)
      return 1;
    if (Op2 == 0xB7 || Op2 == 0xBF)
      return 2;
    return sseSize(Op2, Pfx, W, 16);
  }
  if (Op == 0x88 || Op == 0x8A || Op == 0xC6 || Op == 0x80 || Op == 0xF6 ||
      Op == 0xFE || Op == 0x84 || Op == 0x86)
    return 1;
  if (Op == 0x89 || Op == 0x8B || Op == 0xC7 || Op == 0x81 || Op == 0x83 ||
      Op == 0xF7 || Op == 0xFF || Op == 0x85 || Op == 0x87)
    return intSize(W, OpSize);
  if (Op == 0x63)
    return 4;
  if (Op < 0x40 && (Op & 7) < 4) // add/or/adc/sbb/and/sub/xor/cmp r/m forms
    return (Op & 1) ? intSize(W, OpSize) : 1;
  return 0;
}

} // namespace rt
} // namespace usm

#endif
