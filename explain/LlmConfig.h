//===- LlmConfig.h - where `explain --llm` sends its questions
//--------------===//
//
// The LLM channel reuses the configuration users already keep for Codex:
// $CODEX_HOME/config.toml, else ~/.codex/config.toml:
//
//   model = "gpt-4.1"                 # top level (or [profiles.<p>])
//   model_provider = "gateway"
//   [model_providers.gateway]
//   name = "Team gateway"
//   base_url = "https://llm.example.com/v1"
//   env_key = "GATEWAY_API_KEY"       # the variable that holds the key
//   wire_api = "chat"                 # or "responses"
//   query_params = { api-version = "2025-01-01" }
//   http_headers = { "X-Team" = "gpu" }
//   env_http_headers = { "X-Org" = "GATEWAY_ORG" }  # header <- variable
//
// A [usmcheck] table in the same file overrides the Codex keys for usmcheck
// only (model, provider, base_url, env_key, wire_api, timeout,
// connect_timeout, max_retries, max_answer_bytes, stream), and command-line
// flags override both. Each setting therefore has one name in three places:
//
//   config key (Codex)        [usmcheck] key     flag
//   model                     model              --model
//   model_provider            provider           --provider
//   <provider>.base_url       base_url           --base-url
//   <provider>.env_key        env_key            --env-key
//   <provider>.wire_api       wire_api           --wire-api
//   <provider>.request_max_retries  max_retries  --max-retries
//   -                         timeout            --timeout (seconds, total)
//   -                         connect_timeout    --connect-timeout
//   -                         max_answer_bytes   --max-answer-bytes
//   -                         stream             --no-stream
//   profile                   -                  --profile
//
// The API key itself is read only from the environment variable named by
// env_key, at the moment a request is made. A key written into the file (an
// api_key/token field, or a value that looks like a key) is refused, so that
// it is never copied into output, logs or bug reports.
//
// To add a setting: add the member to LlmSettings, read it in
// loadLlmConfig() (all three spellings), document it in docs/explain.md.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_EXPLAIN_LLMCONFIG_H
#define USMCHECK_EXPLAIN_LLMCONFIG_H

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace usm::explain {

enum class WireApi { Chat, Responses };
const char *wireApiName(WireApi W); // "chat" / "responses"

/// Values given on the command line; unset ones do not override the file.
struct LlmOverrides {
  std::optional<std::string> ConfigPath; ///< --config
  std::optional<std::string> Profile;
  std::optional<std::string> Model, Provider, BaseUrl, EnvKey, WireApiName;
  std::optional<double> TimeoutS, ConnectTimeoutS;
  std::optional<int> MaxRetries;
  std::optional<size_t> MaxAnswerBytes;
  std::optional<bool> Stream;
};

/// The largest max_answer_bytes accepted (1 GiB).
constexpr int64_t MaxAnswerBytesLimit = int64_t(1) << 30;

/// The resolved channel. Never holds the key itself.
struct LlmSettings {
  std::string ConfigPath; ///< file read, empty if none was found
  bool ConfigFound = false;
  std::string ProviderId; ///< model_providers key
  std::string ProviderName;
  std::string ProviderSource; ///< "[model_providers.x] in FILE", "built-in"
  std::string Model;
  std::string BaseUrl;
  std::string EnvKey;
  std::string EnvKeyInstructions; ///< Codex's hint on getting the key
  WireApi Wire = WireApi::Chat;
  std::vector<std::pair<std::string, std::string>> QueryParams;
  std::vector<std::pair<std::string, std::string>> HttpHeaders;
  /// header name -> environment variable holding its value
  std::vector<std::pair<std::string, std::string>> EnvHttpHeaders;
  double TimeoutS = 120, ConnectTimeoutS = 10;
  int MaxRetries = 3;
  /// The most bytes of answer text accepted per request (1 MiB); a longer
  /// answer is cut there and reported.
  size_t MaxAnswerBytes = size_t(1) << 20;
  bool Stream = true;
  /// Non-fatal remarks for --doctor (e.g. "no config file, using flags").
  std::vector<std::string> Remarks;
};

/// Where config.toml is looked for: --config, else $CODEX_HOME/config.toml,
/// else $HOME/.codex/config.toml.
std::string defaultConfigPath(const LlmOverrides &O);

/// Loads, validates and resolves the settings; --llm and --doctor both call
/// it, so they accept and refuse the same files. A missing file is not an
/// error (flags may supply everything); a file that does not parse, a key
/// stored in the file, a key of the wrong type or out of range
/// ("FILE:LINE: KEY in TABLE must be ..."), a header that is not one line,
/// an unknown provider or wire_api is: returns false with one line in
/// \p Error (never containing a key or a value that may be one).
bool loadLlmConfig(const LlmOverrides &O, LlmSettings &S, std::string &Error);

/// Checks that a resolved configuration is complete enough to send a
/// request (model, base_url, env_key present). One line in \p Error.
bool validateForRequest(const LlmSettings &S, std::string &Error);

/// True if \p V looks like an API key rather than a name or URL: "sk-..."
/// and similar prefixes, or a long run of token characters.
bool looksLikeSecret(const std::string &V);

/// True if \p Name is a valid environment variable name.
bool isEnvName(const std::string &Name);

} // namespace usm::explain

#endif
