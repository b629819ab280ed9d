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
