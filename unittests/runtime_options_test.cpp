//===- runtime_options_test.cpp - the guard's option parser and decoder ---===//
#include "../runtime/Decode.h"
#include "../runtime/Options.h"

#include <gtest/gtest.h>

using namespace usm::rt;

namespace {

TEST(RuntimeOptions, Defaults) {
  Options O;
  EXPECT_STREQ(O.log_path, "stderr");
  EXPECT_EQ(O.exitcode, 1);
  EXPECT_FALSE(O.abort_on_error);
  EXPECT_TRUE(O.symbolize);
  EXPECT_STREQ(O.color, "auto");
  EXPECT_TRUE(O.handle_segv);
  EXPECT_TRUE(O.handle_sigbus);
  EXPECT_STREQ(O.suppressions, "");
  EXPECT_EQ(O.verbosity, 0);
  EXPECT_FALSE(O.emulate);
  EXPECT_FALSE(O.warnings_as_errors);
  EXPECT_FALSE(O.follow_children);
  EXPECT_FALSE(O.help);
}

TEST(RuntimeOptions, ParsesEveryType) {
  Options O;
  char Err[256];
  ASSERT_TRUE(parseOptions("log_path=/tmp/x:exitcode=42:abort_on_error=1:"
                           "symbolize=false:color=never,verbosity=2:emulate",
                           O, Err, sizeof Err))
      << Err;
  EXPECT_STREQ(O.log_path, "/tmp/x");
  EXPECT_EQ(O.exitcode, 42);
  EXPECT_TRUE(O.abort_on_error);
  EXPECT_FALSE(O.symbolize);
  EXPECT_STREQ(O.color, "never");
  EXPECT_EQ(O.verbosity, 2);
  EXPECT_TRUE(O.emulate); // a bare bool key is true
}

TEST(RuntimeOptions, LaterValuesWin) {
  Options O;
  char Err[256];
  ASSERT_TRUE(parseOptions("exitcode=3::exitcode=4:", O, Err, sizeof Err));
  EXPECT_EQ(O.exitcode, 4);
}

TEST(RuntimeOptions, BadValuesSayWhatIsExpected) {
  struct {
    const char *In, *Err;
  } Cases[] = {
      {"exitcode=abc", "invalid value for option 'exitcode': 'abc' (expected "
                       "an integer from 0 to 255)"},
      {"exitcode=256", "invalid value for option 'exitcode': '256' (expected "
                       "an integer from 0 to 255)"},
      {"verbosity=7", "invalid value for option 'verbosity': '7' (expected an "
                      "integer from 0 to 3)"},
      {"color=pink", "invalid value for option 'color': 'pink' (expected "
                     "auto, always or never)"},
      {"emulate=maybe", "invalid value for option 'emulate': 'maybe' "
                        "(expected 0, 1, true, false, yes or no)"},
      {"log_path", "invalid value for option 'log_path': a value is required "
                   "(key=value)"},
      {"nope=1", "unknown option 'nope' (usmcheck run --help lists the "
                 "options)"},
  };
  for (const auto &C : Cases) {
    Options O;
    char Err[256];
    EXPECT_FALSE(parseOptions(C.In, O, Err, sizeof Err)) << C.In;
    EXPECT_STREQ(Err, C.Err) << C.In;
  }
}

TEST(RuntimeOptions, HelpListsEveryFlag) {
  static char Help[8192];
  formatHelp(Help, sizeof Help);
  std::size_t Count;
  const FlagInfo *T = flagTable(Count);
  EXPECT_GE(Count, 13u);
  for (std::size_t I = 0; I < Count; ++I)
    EXPECT_NE(std::strstr(Help, T[I].Name), nullptr) << T[I].Name;
}

TEST(RuntimeDecode, AccessSizes) {
  const unsigned char Movsd[] = {0xF2, 0x0F, 0x10, 0x80, 0x20, 0x03, 0, 0};
  const unsigned char MovsdStore[] = {0xF2, 0x0F, 0x11, 0x40, 0x18};
  const unsigned char MovRax[] = {0x48, 0x8B, 0x00};
  const unsigned char MovEax[] = {0x8B, 0x00};
  const unsigned char MovAx[] = {0x66, 0x8B, 0x00};
  const unsigned char MovByte[] = {0x88, 0x00};
  const unsigned char Movzx[] = {0x0F, 0xB6, 0x00};
  const unsigned char Movups[] = {0x0F, 0x10, 0x00};
  const unsigned char Vmovsd[] = {0xC5, 0xFB, 0x10, 0x00};
  const unsigned char Vmovups256[] = {0xC5, 0xFC, 0x10, 0x00};
  const unsigned char Nop[] = {0x90};
  EXPECT_EQ(decodeAccessSize(Movsd), 8);
  EXPECT_EQ(decodeAccessSize(MovsdStore), 8);
  EXPECT_EQ(decodeAccessSize(MovRax), 8);
  EXPECT_EQ(decodeAccessSize(MovEax), 4);
  EXPECT_EQ(decodeAccessSize(MovAx), 2);
  EXPECT_EQ(decodeAccessSize(MovByte), 1);
  EXPECT_EQ(decodeAccessSize(Movzx), 1);
  EXPECT_EQ(decodeAccessSize(Movups), 16);
  EXPECT_EQ(decodeAccessSize(Vmovsd), 8);
  EXPECT_EQ(decodeAccessSize(Vmovups256), 32);
  EXPECT_EQ(decodeAccessSize(Nop), 0); // not decoded: the report says so
}

} // namespace
