//===- LlmConfig.cpp - Codex-style config.toml for the LLM channel
//----------===//
#include "LlmConfig.h"

#include <toml++/toml.h>

#include <cctype>
#include <cstdlib>
#include <sstream>
#include <sys/stat.h>

namespace usm::explain {

const char *wireApiName(WireApi W) {
  return W == WireApi::Chat ? "chat" : "responses";
}

bool isEnvName(const std::string &Name) {
  if (Name.empty() || std::isdigit(static_cast<unsigned char>(Name[0])))
    return false;
  for (char C : Name)
    if (!std::isalnum(static_cast<unsigned char>(C)) && C != '_')
      return false;
  return true;
}

bool looksLikeSecret(const std::string &V) {
  // Well-known key prefixes (OpenAI, Anthropic, GitHub, Slack, AWS, JWTs).
  static const char *const Prefixes[] = {
      "sk-",   "sk_",   "sess-", "ghp_", "gho_",   "github_pat_",
      "xoxb-", "xoxp-", "AKIA",  "eyJ",  "Bearer "};
  for (const char *P : Prefixes)
    if (V.rfind(P, 0) == 0 && V.size() >= std::string(P).size() + 8)
      return true;
  // A long run of token characters mixing cases and digits is a key, not an
  // environment variable name (upper case) or a URL (has ':' and '/').
  if (V.size() < 24)
    return false;
  bool Lower = false, Upper = false, Digit = false;
  for (char C : V) {
    unsigned char U = static_cast<unsigned char>(C);
    if (std::islower(U))
      Lower = true;
    else if (std::isupper(U))
      Upper = true;
    else if (std::isdigit(U))
      Digit = true;
    else if (C != '-' && C != '_')
      return false;
  }
  return Lower && Upper && Digit;
}

std::string defaultConfigPath(const LlmOverrides &O) {
  if (O.ConfigPath)
    return *O.ConfigPath;
  if (const char *CH = std::getenv("CODEX_HOME"); CH && *CH)
    return std::string(CH) + "/config.toml";
  if (const char *H = std::getenv("HOME"); H && *H)
    return std::string(H) + "/.codex/config.toml";
  return "";
}

namespace {

bool fileExists(const std::string &P) {
  struct stat St;
  return !P.empty() && ::stat(P.c_str(), &St) == 0 && S_ISREG(St.st_mode);
}

/// Field names that can only mean "the key is stored here".
bool isSecretFieldName(const std::string &K) {
  std::string L;
  for (char C : K)
    L += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  static const char *const Names[] = {
      "api_key",      "apikey",
      "key",          "token",
      "secret",       "password",
      "bearer_token", "experimental_bearer_token",
      "access_token", "openai_api_key"};
  for (const char *N : Names)
    if (L == N)
      return true;
  return false;
}

/// Headers whose literal value is a credential.
bool isCredentialHeader(const std::string &H) {
  std::string L;
  for (char C : H)
    L += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
  return L == "authorization" || L == "api-key" || L == "x-api-key" ||
         L == "proxy-authorization";
}

const char *KeyAdvice = "store the key in an environment variable and name "
                        "it with env_key (e.g. env_key = \"MY_GATEWAY_KEY\")";

/// Refuses keys stored in table \p T (a usmcheck-relevant table of the file).
bool refuseStoredSecrets(const toml::table &T, const std::string &Where,
                         const std::string &File, std::string &Error) {
  for (auto &&[K, V] : T) {
    std::string Key(K.str());
    if (isSecretFieldName(Key)) {
      Error = File + ": '" + Key + "' in " + Where +
              " stores a key in the file; usmcheck reads keys only from the "
              "environment: " +
              KeyAdvice;
      return false;
    }
    if (auto S = V.value<std::string>(); S && looksLikeSecret(*S)) {
      Error = File + ": the value of '" + Key + "' in " + Where +
              " looks like a key; usmcheck reads keys only from the "
              "environment: " +
              KeyAdvice;
      return false;
    }
  }
  return true;
}

bool readStringMap(const toml::node *N, const std::string &What,
                   std::vector<std::pair<std::string, std::string>> &Out,
                   std::string &Error) {
  if (!N)
    return true;
  const toml::table *T = N->as_table();
  if (!T) {
    Error = What + " must be a table of strings";
    return false;
  }
  for (auto &&[K, V] : *T) {
    auto S = V.value<std::string>();
    if (!S) {
      Error = What + "." + std::string(K.str()) + " must be a string";
      return false;
    }
    Out.emplace_back(std::string(K.str()), *S);
  }
  return true;
}

bool parseWire(const std::string &V, WireApi &W) {
  if (V == "chat") {
    W = WireApi::Chat;
    return true;
  }
  if (V == "responses") {
    W = WireApi::Responses;
    return true;
  }
  return false;
}

template <typename T>
void setIf(const toml::node_view<const toml::node> &N, T &Out) {
  if (auto V = N.value<T>())
    Out = *V;
}

} // namespace

bool loadLlmConfig(const LlmOverrides &O, LlmSettings &S, std::string &Error) {
  S = LlmSettings();
  S.ConfigPath = defaultConfigPath(O);
  toml::table Root;
  if (fileExists(S.ConfigPath)) {
    try {
      Root = toml::parse_file(S.ConfigPath);
    } catch (const toml::parse_error &E) {
      std::ostringstream OS;
      OS << S.ConfigPath << ":" << E.source().begin.line << ":"
         << E.source().begin.column
         << ": TOML parse error: " << E.description();
      Error = OS.str();
      return false;
    }
    S.ConfigFound = true;
  } else if (O.ConfigPath) {
    Error = "config file '" + *O.ConfigPath + "' not found";
    return false;
  } else {
    S.Remarks.push_back(
        "no config file at " +
        (S.ConfigPath.empty() ? std::string("$HOME/.codex") : S.ConfigPath) +
        "; using flags and built-in defaults");
  }
  const std::string &File = S.ConfigPath;

  if (!refuseStoredSecrets(Root, "the top level", File, Error))
    return false;

  // Codex keys, optionally overridden by the selected profile.
  std::string Model = Root["model"].value_or(std::string());
  std::string Provider = Root["model_provider"].value_or(std::string());
  std::string Profile =
      O.Profile ? *O.Profile : Root["profile"].value_or(std::string());
  if (!Profile.empty()) {
    const toml::table *P = Root["profiles"][Profile].as_table();
    if (!P) {
      Error = "profile '" + Profile + "' is not defined ([profiles." + Profile +
              "] in " + File + ")";
      return false;
    }
    if (!refuseStoredSecrets(*P, "[profiles." + Profile + "]", File, Error))
      return false;
    setIf((*P)["model"], Model);
    setIf((*P)["model_provider"], Provider);
  }

  // The [usmcheck] table overrides Codex for usmcheck only.
  const toml::table *U = Root["usmcheck"].as_table();
  if (U && !refuseStoredSecrets(*U, "[usmcheck]", File, Error))
    return false;
  toml::node_view<const toml::node> UV(U);
  setIf(UV["model"], Model);
  setIf(UV["provider"], Provider);
  if (O.Model)
    Model = *O.Model;
  if (O.Provider)
    Provider = *O.Provider;

  // Provider table: from the file, else built in (Codex's own defaults), else
  // flags only.
  std::string WireName;
  bool HaveProviderTable = false;
  if (Provider.empty() && !O.BaseUrl && !(U && (*U)["base_url"]))
    Provider = "openai"; // Codex's default provider
  if (!Provider.empty()) {
    if (const toml::table *PT = Root["model_providers"][Provider].as_table()) {
      HaveProviderTable = true;
      std::string Where = "[model_providers." + Provider + "]";
      if (!refuseStoredSecrets(*PT, Where, File, Error))
        return false;
      S.ProviderSource = Where + " in " + File;
      toml::node_view<const toml::node> PV(PT);
      S.ProviderName = PV["name"].value_or(Provider);
      setIf(PV["base_url"], S.BaseUrl);
      setIf(PV["env_key"], S.EnvKey);
      setIf(PV["env_key_instructions"], S.EnvKeyInstructions);
      setIf(PV["wire_api"], WireName);
      if (auto R = PV["request_max_retries"].value<int64_t>())
        S.MaxRetries = static_cast<int>(*R);
      if (!readStringMap(PT->get("query_params"), Where + ".query_params",
                         S.QueryParams, Error) ||
          !readStringMap(PT->get("http_headers"), Where + ".http_headers",
                         S.HttpHeaders, Error) ||
          !readStringMap(PT->get("env_http_headers"),
                         Where + ".env_http_headers", S.EnvHttpHeaders,
                         Error)) {
        Error = File + ": " + Error;
        return false;
      }
      for (auto &[H, V] : S.HttpHeaders)
        if (isCredentialHeader(H) || looksLikeSecret(V)) {
          Error = File + ": http_headers." + H + " in " + Where +
                  " holds a credential in the file; put it in an environment "
                  "variable and use env_http_headers = { \"" +
                  H + "\" = \"VAR\" } (or env_key for the bearer key)";
          return false;
        }
      for (auto &[H, V] : S.EnvHttpHeaders)
        if (!isEnvName(V)) {
          Error = File + ": env_http_headers." + H + " in " + Where +
                  " must name an environment variable, not hold a value";
          return false;
        }
    } else if (Provider == "openai") {
      S.ProviderName = "OpenAI";
      S.ProviderSource = "built-in provider 'openai'";
      // Codex lets OPENAI_BASE_URL move the built-in provider (proxies).
      const char *EnvBase = std::getenv("OPENAI_BASE_URL");
      S.BaseUrl = EnvBase && *EnvBase ? EnvBase : "https://api.openai.com/v1";
      S.EnvKey = "OPENAI_API_KEY";
      WireName = "responses";
    } else if (Provider == "oss") {
      S.ProviderName = "gpt-oss (local Ollama)";
      S.ProviderSource = "built-in provider 'oss'";
      S.BaseUrl = "http://localhost:11434/v1";
      WireName = "chat";
    } else if (!O.BaseUrl && !(U && (*U)["base_url"])) {
      Error = "model_provider '" + Provider + "' has no [model_providers." +
              Provider + "] table in " +
              (S.ConfigFound ? File : std::string("(no config file)")) +
              "; add one with base_url and env_key, or pass --base-url";
      return false;
    }
  }
  S.ProviderId = Provider.empty() ? "(command line)" : Provider;
  if (S.ProviderName.empty())
    S.ProviderName = S.ProviderId;
  if (S.ProviderSource.empty())
    S.ProviderSource = "command-line flags";
  (void)HaveProviderTable;

  // [usmcheck] then flags override the provider's transport settings.
  setIf(UV["base_url"], S.BaseUrl);
  setIf(UV["env_key"], S.EnvKey);
  setIf(UV["wire_api"], WireName);
  if (auto V = UV["timeout"].value<double>())
    S.TimeoutS = *V;
  if (auto V = UV["connect_timeout"].value<double>())
    S.ConnectTimeoutS = *V;
  if (auto V = UV["max_retries"].value<int64_t>())
    S.MaxRetries = static_cast<int>(*V);
  setIf(UV["stream"], S.Stream);
  if (O.BaseUrl)
    S.BaseUrl = *O.BaseUrl;
  if (O.EnvKey)
    S.EnvKey = *O.EnvKey;
  if (O.WireApiName)
    WireName = *O.WireApiName;
  if (O.TimeoutS)
    S.TimeoutS = *O.TimeoutS;
  if (O.ConnectTimeoutS)
    S.ConnectTimeoutS = *O.ConnectTimeoutS;
  if (O.MaxRetries)
    S.MaxRetries = *O.MaxRetries;
  if (O.Stream)
    S.Stream = *O.Stream;
  S.Model = Model;

  if (!WireName.empty() && !parseWire(WireName, S.Wire)) {
    Error = "wire_api '" + WireName +
            "' is not supported; use \"chat\" or "
            "\"responses\"";
    return false;
  }
  if (!S.EnvKey.empty() && !isEnvName(S.EnvKey)) {
    if (looksLikeSecret(S.EnvKey))
      Error = "env_key holds what looks like the key itself; env_key must "
              "name the environment variable that holds the key (e.g. "
              "env_key = \"MY_GATEWAY_KEY\", then export MY_GATEWAY_KEY=...)";
    else
      Error =
          "env_key '" + S.EnvKey + "' is not a valid environment variable name";
    return false;
  }
  if (S.TimeoutS <= 0 || S.ConnectTimeoutS <= 0) {
    Error = "timeouts must be positive numbers of seconds";
    return false;
  }
  if (S.MaxRetries < 0 || S.MaxRetries > 10) {
    Error = "max_retries must be between 0 and 10";
    return false;
  }
  // A base_url that carries a key in its query string is a stored key too.
  if (looksLikeSecret(S.BaseUrl) ||
      S.BaseUrl.find("key=") != std::string::npos) {
    Error = "base_url carries what looks like a key; " + std::string(KeyAdvice);
    return false;
  }
  for (auto &[K, V] : S.QueryParams)
    if (isSecretFieldName(K) || looksLikeSecret(V)) {
      Error = "query_params." + K + " holds a key in the file; " +
              std::string(KeyAdvice);
      return false;
    }
  return true;
}

bool validateForRequest(const LlmSettings &S, std::string &Error) {
  if (S.Model.empty()) {
    Error = "no model configured: set model in " +
            (S.ConfigPath.empty() ? std::string("config.toml") : S.ConfigPath) +
            " or pass --model";
    return false;
  }
  if (S.BaseUrl.empty()) {
    Error = "provider '" + S.ProviderId +
            "' has no base_url: set it in its [model_providers] table or pass "
            "--base-url";
    return false;
  }
  return true;
}

} // namespace usm::explain
