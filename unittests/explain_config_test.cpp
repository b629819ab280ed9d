//===- explain_config_test.cpp - Codex config.toml for explain --llm
//--------===//
//
// Writes config files into a temporary directory and checks how
// loadLlmConfig() resolves them: Codex keys, [usmcheck] and flags in that
// order of precedence, profiles, the built-in provider, and the refusal of
// keys stored in the file (with an error that never repeats the key).
//
//===----------------------------------------------------------------------===//
#include "LlmConfig.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

using namespace usm::explain;

namespace {

class ConfigTest : public ::testing::Test {
protected:
  void SetUp() override {
    char Tmpl[] = "/tmp/usm-explain-config-XXXXXX";
    ASSERT_NE(mkdtemp(Tmpl), nullptr);
    Dir = Tmpl;
  }
  void TearDown() override {
    std::remove((Dir + "/config.toml").c_str());
    rmdir(Dir.c_str());
  }
  std::string write(const std::string &Text) {
    std::string P = Dir + "/config.toml";
    std::ofstream(P) << Text;
    return P;
  }
  bool load(const std::string &Text, LlmSettings &S, std::string &Err,
            LlmOverrides O = {}) {
    O.ConfigPath = write(Text);
    return loadLlmConfig(O, S, Err);
  }
  std::string Dir;
};

const char *const Gateway = R"(
model = "gpt-4.1"
model_provider = "gw"

[model_providers.gw]
name = "Team gateway"
base_url = "https://llm.example.com/v1"
env_key = "GW_KEY"
wire_api = "responses"
query_params = { api-version = "2025-01-01" }
http_headers = { "X-Team" = "gpu" }
env_http_headers = { "X-Org" = "GW_ORG" }
)";

TEST_F(ConfigTest, CodexProviderTable) {
  LlmSettings S;
  std::string Err;
  ASSERT_TRUE(load(Gateway, S, Err)) << Err;
  EXPECT_TRUE(S.ConfigFound);
  EXPECT_EQ(S.Model, "gpt-4.1");
  EXPECT_EQ(S.ProviderId, "gw");
  EXPECT_EQ(S.ProviderName, "Team gateway");
  EXPECT_EQ(S.BaseUrl, "https://llm.example.com/v1");
  EXPECT_EQ(S.EnvKey, "GW_KEY");
  EXPECT_EQ(S.Wire, WireApi::Responses);
  ASSERT_EQ(S.QueryParams.size(), 1u);
  EXPECT_EQ(S.QueryParams[0].first, "api-version");
  ASSERT_EQ(S.HttpHeaders.size(), 1u);
  EXPECT_EQ(S.HttpHeaders[0].second, "gpu");
  ASSERT_EQ(S.EnvHttpHeaders.size(), 1u);
  EXPECT_EQ(S.EnvHttpHeaders[0].second, "GW_ORG");
}

TEST_F(ConfigTest, UsmcheckTableThenFlagsOverride) {
  LlmSettings S;
  std::string Err;
  std::string Text = std::string(Gateway) + R"(
[usmcheck]
model = "small-model"
wire_api = "chat"
timeout = 7.5
)";
  ASSERT_TRUE(load(Text, S, Err)) << Err;
  EXPECT_EQ(S.Model, "small-model");
  EXPECT_EQ(S.Wire, WireApi::Chat);
  EXPECT_DOUBLE_EQ(S.TimeoutS, 7.5);
  LlmOverrides O;
  O.Model = "flag-model";
  O.BaseUrl = "http://127.0.0.1:9/v1";
  O.WireApiName = "responses";
  ASSERT_TRUE(load(Text, S, Err, O)) << Err;
  EXPECT_EQ(S.Model, "flag-model");
  EXPECT_EQ(S.BaseUrl, "http://127.0.0.1:9/v1");
  EXPECT_EQ(S.Wire, WireApi::Responses);
  EXPECT_EQ(S.EnvKey, "GW_KEY") << "unset flags do not override";
}

TEST_F(ConfigTest, ProfileSelectsModelAndProvider) {
  LlmSettings S;
  std::string Err;
  std::string Text = std::string(Gateway) + R"(
[model_providers.other]
base_url = "https://other.example.com"
env_key = "OTHER_KEY"

[profiles.fast]
model = "fast-model"
model_provider = "other"
)";
  LlmOverrides O;
  O.Profile = "fast";
  ASSERT_TRUE(load(Text, S, Err, O)) << Err;
  EXPECT_EQ(S.Model, "fast-model");
  EXPECT_EQ(S.ProviderId, "other");
  EXPECT_EQ(S.EnvKey, "OTHER_KEY");
  EXPECT_EQ(S.Wire, WireApi::Chat) << "chat is the default wire API";
  O.Profile = "missing";
  EXPECT_FALSE(load(Text, S, Err, O));
  EXPECT_NE(Err.find("profile 'missing'"), std::string::npos) << Err;
}

TEST_F(ConfigTest, BuiltInOpenAIProviderByDefault) {
  LlmSettings S;
  std::string Err;
  ASSERT_TRUE(load("model = \"gpt-4.1\"\n", S, Err)) << Err;
  EXPECT_EQ(S.ProviderId, "openai");
  EXPECT_EQ(S.EnvKey, "OPENAI_API_KEY");
  EXPECT_EQ(S.BaseUrl, "https://api.openai.com/v1");
}

TEST_F(ConfigTest, OpenAIBaseUrlMovesBuiltInProvider) {
  setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1", 1);
  LlmSettings S;
  std::string Err;
  EXPECT_TRUE(load("model = \"gpt-4.1\"\n", S, Err)) << Err;
  unsetenv("OPENAI_BASE_URL");
  EXPECT_EQ(S.BaseUrl, "http://127.0.0.1:9/v1");
}

TEST_F(ConfigTest, EnvKeyInstructionsAreKept) {
  LlmSettings S;
  std::string Err;
  ASSERT_TRUE(load(std::string(Gateway) +
                       "\n[model_providers.gw2]\nbase_url = \"https://y\"\n"
                       "env_key = \"Y_KEY\"\nenv_key_instructions = "
                       "\"create one at https://y/keys\"\n",
                   S, Err,
                   [] {
                     LlmOverrides O;
                     O.Provider = "gw2";
                     return O;
                   }()))
      << Err;
  EXPECT_EQ(S.EnvKeyInstructions, "create one at https://y/keys");
}

TEST_F(ConfigTest, UnknownProviderIsAnError) {
  LlmSettings S;
  std::string Err;
  EXPECT_FALSE(load("model = \"m\"\nmodel_provider = \"nope\"\n", S, Err));
  EXPECT_NE(Err.find("[model_providers.nope]"), std::string::npos) << Err;
}

TEST_F(ConfigTest, KeysInTheFileAreRefusedWithoutRepeatingThem) {
  const std::string Key = "sk-proj-AbCdEf0123456789GhIjKl";
  struct Case {
    std::string Text, Mentions;
  } Cases[] = {
      {std::string(Gateway) + "api_key = \"" + Key + "\"\n", "api_key"},
      {"model = \"m\"\nmodel_provider = \"gw\"\n[model_providers.gw]\n"
       "base_url = \"https://x\"\nenv_key = \"" +
           Key + "\"\n",
       "env_key"},
      {"model = \"m\"\nmodel_provider = \"gw\"\n[model_providers.gw]\n"
       "base_url = \"https://x\"\nexperimental_bearer_token = \"" +
           Key + "\"\n",
       "experimental_bearer_token"},
      {"model = \"m\"\nmodel_provider = \"gw\"\n[model_providers.gw]\n"
       "base_url = \"https://x\"\nhttp_headers = { Authorization = \"Bearer " +
           Key + "\" }\n",
       "env_http_headers"},
      {"[usmcheck]\ntoken = \"" + Key + "\"\n", "token"},
  };
  for (const Case &C : Cases) {
    LlmSettings S;
    std::string Err;
    EXPECT_FALSE(load(C.Text, S, Err)) << C.Text;
    EXPECT_NE(Err.find(C.Mentions), std::string::npos) << Err;
    EXPECT_EQ(Err.find(Key), std::string::npos) << "key leaked: " << Err;
    EXPECT_EQ(Err.find("AbCdEf"), std::string::npos) << Err;
  }
}

TEST_F(ConfigTest, ParseErrorNamesLine) {
  LlmSettings S;
  std::string Err;
  EXPECT_FALSE(load("model = \"m\"\n[model_providers.x\n", S, Err));
  EXPECT_NE(Err.find("config.toml:2:"), std::string::npos) << Err;
}

TEST_F(ConfigTest, BadWireApi) {
  LlmSettings S;
  std::string Err;
  LlmOverrides O;
  EXPECT_FALSE(
      load(std::string(Gateway) + "[usmcheck]\nwire_api = \"grpc\"\n", S, Err));
  EXPECT_NE(Err.find("wire_api 'grpc'"), std::string::npos) << Err;
}

TEST_F(ConfigTest, CodexHomeIsSearched) {
  write(Gateway);
  const char *Old = std::getenv("CODEX_HOME");
  std::string Saved = Old ? Old : "";
  setenv("CODEX_HOME", Dir.c_str(), 1);
  EXPECT_EQ(defaultConfigPath({}), Dir + "/config.toml");
  LlmSettings S;
  std::string Err;
  EXPECT_TRUE(loadLlmConfig({}, S, Err)) << Err;
  EXPECT_EQ(S.ProviderId, "gw");
  if (Old)
    setenv("CODEX_HOME", Saved.c_str(), 1);
  else
    unsetenv("CODEX_HOME");
}

TEST_F(ConfigTest, WrongTypesAndRangesAreErrorsWithFileLineAndKey) {
  const std::string Head = "model = \"m\"\nmodel_provider = \"gw\"\n"
                           "[model_providers.gw]\n"
                           "base_url = \"https://x.example/v1\"\n";
  struct Case {
    std::string Text, Expected;
  } Cases[] = {
      {Head + "env_key = true\n",
       "config.toml:5: env_key in [model_providers.gw] must be a string "
       "naming the environment variable that holds the key, not a boolean"},
      {Head + "[usmcheck]\ntimeout = \"abc\"\n",
       "config.toml:6: timeout in [usmcheck] must be a number of seconds "
       "greater than 0 and less than 1000000, not a string"},
      {Head + "[usmcheck]\ntimeout = -5\n",
       "config.toml:6: timeout in [usmcheck] must be a number of seconds "
       "greater than 0 and less than 1000000 (got -5)"},
      {Head + "[usmcheck]\nconnect_timeout = 0.0\n",
       "config.toml:6: connect_timeout in [usmcheck] must be a number of "
       "seconds greater than 0"},
      {"model = 42\n", "config.toml:1: model in the top level must be a "
                       "string, not an integer"},
      {Head + "request_max_retries = 2.5\n",
       "config.toml:5: request_max_retries in [model_providers.gw] must be "
       "an integer from 0 to 10, not a floating-point number"},
      {Head + "[usmcheck]\nmax_retries = 11\n",
       "config.toml:6: max_retries in [usmcheck] must be an integer from 0 "
       "to 10 (got 11)"},
      {Head + "[usmcheck]\nstream = 1\n",
       "config.toml:6: stream in [usmcheck] must be true or false, not an "
       "integer"},
      {Head + "[usmcheck]\nmax_answer_bytes = \"1MB\"\n",
       "config.toml:6: max_answer_bytes in [usmcheck] must be an integer from "
       "1 to 1073741824, not a string"},
      {Head + "wire_api = [\"chat\"]\n",
       "config.toml:5: wire_api in [model_providers.gw] must be a string, not "
       "an array"},
      {Head + "query_params = \"a=b\"\n",
       "config.toml:5: query_params in [model_providers.gw] must be a table, "
       "not a string"},
      {"model = \"m\"\nprofile = \"p\"\nprofiles = { p = 1 }\n",
       "config.toml:3: p in [profiles] must be a table, not an integer"},
      {"model = \"m\"\nmodel_provider = \"gw\"\n[model_providers]\ngw = "
       "\"x\"\n",
       "config.toml:4: gw in [model_providers] must be a table, not a string"},
  };
  for (const Case &C : Cases) {
    LlmSettings S;
    std::string Err;
    EXPECT_FALSE(load(C.Text, S, Err)) << C.Text;
    EXPECT_NE(Err.find(C.Expected), std::string::npos)
        << "got:      " << Err << "\nexpected: " << C.Expected;
    EXPECT_EQ(Err.find(Dir), 0u) << Err; // starts with the file's path
  }
}

TEST_F(ConfigTest, NumbersMayBeIntegersOrFloats) {
  LlmSettings S;
  std::string Err;
  ASSERT_TRUE(load(std::string(Gateway) +
                       "[usmcheck]\ntimeout = 60\nconnect_timeout = 2.5\n"
                       "max_answer_bytes = 4096\n",
                   S, Err))
      << Err;
  EXPECT_EQ(S.TimeoutS, 60);
  EXPECT_EQ(S.ConnectTimeoutS, 2.5);
  EXPECT_EQ(S.MaxAnswerBytes, 4096u);
  LlmOverrides O;
  O.MaxAnswerBytes = 100;
  ASSERT_TRUE(load(std::string(Gateway) + "[usmcheck]\nmax_answer_bytes = 1\n",
                   S, Err, O))
      << Err;
  EXPECT_EQ(S.MaxAnswerBytes, 100u); // the flag wins
  ASSERT_TRUE(load(Gateway, S, Err)) << Err;
  EXPECT_EQ(S.MaxAnswerBytes, 1048576u); // the default
}

TEST_F(ConfigTest, EnvKeyThatIsNotANameIsNotRepeated) {
  for (const char *Where : {"[model_providers.gw]\nbase_url = \"https://x\"\n",
                            "[usmcheck]\nbase_url = \"https://x\"\n"}) {
    LlmSettings S;
    std::string Err;
    EXPECT_FALSE(load(std::string("model = \"m\"\nmodel_provider = \"gw\"\n") +
                          Where + "env_key = \"SEKRIT-KEY-abc123\"\n",
                      S, Err));
    EXPECT_NE(Err.find("is not an environment variable name"),
              std::string::npos)
        << Err;
    EXPECT_EQ(Err.find("SEKRIT"), std::string::npos) << Err;
  }
}

TEST_F(ConfigTest, HeadersMustBeOneLineTokens) {
  const std::string Head = "model = \"m\"\nmodel_provider = \"gw\"\n"
                           "[model_providers.gw]\n"
                           "base_url = \"https://x.example/v1\"\n";
  struct Case {
    std::string Text, Expected;
  } Cases[] = {
      {Head + "http_headers = { \"X-A\" = \"a\\r\\nX-Injected: 1\" }\n",
       "config.toml:5: http_headers.X-A in [model_providers.gw] contains a "
       "line break"},
      {Head + "http_headers = { \"X-A\" = \"a\\nb\" }\n", "line break"},
      {Head + "http_headers = { \"X-A\" = \"a\\u0000b\" }\n", "line break"},
      {Head + "http_headers = { \"X A\" = \"b\" }\n",
       "'X A' in http_headers of [model_providers.gw] is not a valid HTTP "
       "header name"},
      {Head + "http_headers = { \"\" = \"b\" }\n", "is not a valid HTTP"},
      {Head + "env_http_headers = { \"X:A\" = \"VAR\" }\n",
       "'X:A' in env_http_headers"},
  };
  for (const Case &C : Cases) {
    LlmSettings S;
    std::string Err;
    EXPECT_FALSE(load(C.Text, S, Err)) << C.Text;
    EXPECT_NE(Err.find(C.Expected), std::string::npos) << Err;
    EXPECT_EQ(Err.find("X-Injected"), std::string::npos) << Err;
  }
  // Tabs and visible characters are fine.
  LlmSettings S;
  std::string Err;
  EXPECT_TRUE(load(Head + "http_headers = { \"X-A!#$%&'*+.^_`|~\" = "
                          "\"a\\tb c;d=e\" }\n",
                   S, Err))
      << Err;
}

TEST_F(ConfigTest, ConfigPathThatIsNotAFile) {
  LlmSettings S;
  std::string Err;
  LlmOverrides O;
  O.ConfigPath = Dir;
  EXPECT_FALSE(loadLlmConfig(O, S, Err));
  EXPECT_NE(Err.find("is a directory"), std::string::npos) << Err;
  std::string Fifo = Dir + "/fifo";
  ASSERT_EQ(mkfifo(Fifo.c_str(), 0600), 0);
  O.ConfigPath = Fifo;
  EXPECT_FALSE(loadLlmConfig(O, S, Err));
  EXPECT_NE(Err.find("is a FIFO"), std::string::npos) << Err;
  std::remove(Fifo.c_str());
  O.ConfigPath = Dir + "/missing.toml";
  EXPECT_FALSE(loadLlmConfig(O, S, Err));
  EXPECT_NE(Err.find("not found"), std::string::npos) << Err;
}

TEST(LlmConfigText, SecretsAndNames) {
  EXPECT_TRUE(looksLikeSecret("sk-abcdefghijklmnop"));
  EXPECT_TRUE(looksLikeSecret("aB3dE5gH7jK9mN1pQ3sT5vW7"));
  EXPECT_FALSE(looksLikeSecret("AZURE_OPENAI_API_KEY"));
  EXPECT_FALSE(looksLikeSecret("https://api.example.com/v1"));
  EXPECT_FALSE(looksLikeSecret("gpt-4.1-mini"));
  EXPECT_TRUE(isEnvName("GW_KEY"));
  EXPECT_FALSE(isEnvName("1KEY"));
  EXPECT_FALSE(isEnvName("sk-abc"));
}

} // namespace

namespace {
// Found by fuzz/LlmConfigFuzzer.cpp: toml++ quotes the input in its parse
// errors, newline included, so the "one line" refusal had two.
TEST_F(ConfigTest, ParseErrorIsOneLine) {
  LlmSettings S;
  std::string Err;
  ASSERT_FALSE(load("stream = fal\ne\n", S, Err));
  EXPECT_NE(Err.find("TOML parse error"), std::string::npos) << Err;
  EXPECT_EQ(Err.find('\n'), std::string::npos) << Err;
  for (char C : Err)
    EXPECT_GE(static_cast<unsigned char>(C), 0x20) << Err;
}
} // namespace
