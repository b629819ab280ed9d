//===- SafeText.h - network text made safe for a terminal -----*- C++ -*-===//
//
// Everything usmcheck prints that came over the network (the model's answer
// and its streamed pieces, error bodies and their snippets, model ids in
// --doctor, curl's messages) passes through safeText() first: a server must
// not be able to clear the screen, set the window title, plant OSC 8 links
// or hide text by sending escape sequences.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_EXPLAIN_SAFETEXT_H
#define USMCHECK_EXPLAIN_SAFETEXT_H

#include <string>
#include <string_view>

namespace usm::explain {

/// \p In with every terminal control removed or made visible:
///   - escape sequences are removed whole: CSI (ESC [ ... final byte, and
///     the 8-bit CSI U+009B), OSC, DCS, SOS, PM and APC strings (ESC ] P X
///     ^ _ and their 8-bit forms, up to BEL or ST, or the end of the text),
///     and two- or three-byte ESC sequences (ESC c, ESC ( B, ...);
///   - a carriage return is removed (CR LF becomes LF; a lone CR would let
///     text overwrite what is already on the line);
///   - other C0 controls (NUL, BEL, BS, ...), DEL, the remaining C1
///     controls and bytes that are not UTF-8 are shown as "\xNN";
///   - newline, tab and valid UTF-8 text are kept.
/// The result never contains a byte below 0x20 other than '\n' and '\t',
/// nor DEL or a C1 control. Stateless: a sequence split between two calls
/// loses its ESC in the first and prints as plain text in the second.
std::string safeText(std::string_view In);

/// The longest prefix of \p S of at most \p Max bytes that does not end in
/// the middle of a UTF-8 character.
size_t utf8Prefix(std::string_view S, size_t Max);

} // namespace usm::explain

#endif
