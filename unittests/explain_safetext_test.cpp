//===- explain_safetext_test.cpp - network text made safe to print --------===//
//
// safeText() removes terminal control sequences and makes other control
// bytes visible; hideUrlUserinfo() hides the user:password of URLs.
//
//===----------------------------------------------------------------------===//
#include "Http.h"
#include "SafeText.h"

#include <gtest/gtest.h>

using namespace usm::explain;

namespace {

/// True if \p S has no byte a terminal would act on.
bool printable(const std::string &S) {
  for (size_t I = 0; I < S.size(); ++I) {
    unsigned char C = static_cast<unsigned char>(S[I]);
    if ((C < 0x20 && C != '\n' && C != '\t') || C == 0x7F)
      return false;
    if (C == 0xC2 && I + 1 < S.size() &&
        static_cast<unsigned char>(S[I + 1]) >= 0x80 &&
        static_cast<unsigned char>(S[I + 1]) <= 0x9F)
      return false;
  }
  return true;
}

TEST(SafeText, KeepsTextNewlinesTabsAndUtf8) {
  EXPECT_EQ(safeText("plain text\n\tindented"), "plain text\n\tindented");
  EXPECT_EQ(safeText("caf\xC3\xA9 \xE2\x86\x92 \xF0\x9F\x98\x80"),
            "caf\xC3\xA9 \xE2\x86\x92 \xF0\x9F\x98\x80");
  EXPECT_EQ(safeText(""), "");
}

TEST(SafeText, RemovesCsiAndOscSequences) {
  // The reported error body: clear screen and window title.
  EXPECT_EQ(safeText("bad \x1b[2J\x1b]0;PWNED\x07 request"), "bad  request");
  // Colours, cursor movement, private modes.
  EXPECT_EQ(safeText("\x1b[1;31mred\x1b[0m \x1b[?25l\x1b[10A"), "red ");
  // An OSC 8 hyperlink, terminated by ST (ESC \).
  EXPECT_EQ(safeText("\x1b]8;;http://evil.example/\x1b\\click\x1b]8;;\x1b\\"),
            "click");
  // DCS, APC, PM, SOS strings.
  EXPECT_EQ(safeText("a\x1bPq#0\x1b\\b\x1b_apc\x1b\\c\x1b^pm\x07"
                     "d"),
            "abcd");
  // Two- and three-byte escapes (reset, charset).
  EXPECT_EQ(safeText("x\x1b"
                     "cy\x1b(Bz\x1b"
                     "7"),
            "xyz");
  // Unterminated sequences swallow the rest, never pass the ESC.
  EXPECT_EQ(safeText("tail\x1b]0;title without end"), "tail");
  EXPECT_EQ(safeText("tail\x1b["), "tail");
  EXPECT_EQ(safeText("tail\x1b"), "tail");
}

TEST(SafeText, RemovesC1Controls) {
  // U+009B is an 8-bit CSI, U+009D an 8-bit OSC (UTF-8 encoded).
  EXPECT_EQ(safeText("a\xC2\x9B"
                     "31mb"),
            "ab");
  EXPECT_EQ(safeText("a\xC2\x9D"
                     "0;title\xC2\x9C"
                     "b"),
            "ab");
  // Other C1 controls become visible.
  EXPECT_EQ(safeText("a\xC2\x85"
                     "b"),
            "a\\x85b");
}

TEST(SafeText, OtherControlsBecomeVisible) {
  // NUL no longer cuts the text; BEL, BS, DEL are shown.
  EXPECT_EQ(safeText(std::string("\0bad", 4)), "\\x00bad");
  EXPECT_EQ(safeText("a\x07"
                     "b\x08"
                     "c\x7f"
                     "d"),
            "a\\x07b\\x08c\\x7Fd");
  // CR is dropped (CR LF becomes LF; a lone CR cannot overwrite the line).
  EXPECT_EQ(safeText("line\r\nnext\rover"), "line\nnextover");
  // Bytes that are not UTF-8 (a raw 0x9B too).
  EXPECT_EQ(safeText("a\x9B"
                     "b\xFF"),
            "a\\x9Bb\\xFF");
  EXPECT_EQ(safeText("\xC0\xAF"), "\\xC0\\xAF"); // overlong
  EXPECT_EQ(safeText("\xE2\x82"), "\\xE2\\x82"); // truncated
}

TEST(SafeText, EveryByteSequenceComesOutPrintable) {
  // Every pair of bytes after each introducer: nothing gets through.
  for (int A = 0; A < 256; ++A)
    for (int B = 0; B < 256; B += 3) {
      std::string S = "x";
      S += static_cast<char>(A);
      S += static_cast<char>(B);
      S += "\x1b[";
      S += static_cast<char>(B);
      EXPECT_TRUE(printable(safeText(S))) << A << " " << B;
    }
}

TEST(SafeText, Utf8Prefix) {
  std::string S = "ab\xC3\xA9"
                  "c"; // a b é c
  EXPECT_EQ(utf8Prefix(S, 10), S.size());
  EXPECT_EQ(utf8Prefix(S, 4), 4u);
  EXPECT_EQ(utf8Prefix(S, 3), 2u); // not inside é
  EXPECT_EQ(utf8Prefix(S, 0), 0u);
}

TEST(HideUrlUserinfo, RedactsUserAndPassword) {
  EXPECT_EQ(hideUrlUserinfo("GET http://alice:pw@host:8080/v1/models?x=1"),
            "GET http://***@host:8080/v1/models?x=1");
  EXPECT_EQ(hideUrlUserinfo("https://token@h/a and https://u:p@[::1]:1/b"),
            "https://***@h/a and https://***@[::1]:1/b");
  // An '@' in the path or query is not user information.
  EXPECT_EQ(hideUrlUserinfo("http://host/a@b?c=d@e"), "http://host/a@b?c=d@e");
  EXPECT_EQ(hideUrlUserinfo("no url here, a@b"), "no url here, a@b");
  EXPECT_EQ(hideUrlUserinfo("http://u:p@h"), "http://***@h");
}

} // namespace
