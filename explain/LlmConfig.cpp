//===- LlmConfig.cpp - Codex-style config.toml for the LLM channel
//----------===//
#include "LlmConfig.h"

#include "Http.h"

#include <toml++/toml.h>

#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

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

/// \p In on one line: toml++ quotes the input in its parse errors ("saw
/// 'fal\n'"), so newlines and other controls of the file are written as
/// \n, \r, \t or \xNN.
std::string oneLine(std::string_view In) {
  std::string Out;
  for (unsigned char C : In) {
    if (C == '\n')
      Out += "\\n";
    else if (C == '\r')
      Out += "\\r";
    else if (C == '\t')
      Out += "\\t";
    else if (C < 0x20 || C == 0x7f) {
      static const char Hex[] = "0123456789abcdef";
      Out += "\\x";
      Out += Hex[C >> 4];
      Out += Hex[C & 15];
    } else
      Out += static_cast<char>(C);
  }
  return Out;
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

const char *typeName(const toml::node &N) {
  switch (N.type()) {
  case toml::node_type::string:
    return "a string";
  case toml::node_type::integer:
    return "an integer";
  case toml::node_type::floating_point:
    return "a floating-point number";
  case toml::node_type::boolean:
    return "a boolean";
  case toml::node_type::table:
    return "a table";
  case toml::node_type::array:
    return "an array";
  case toml::node_type::date:
  case toml::node_type::time:
  case toml::node_type::date_time:
    return "a date or time";
  default:
    return "nothing";
  }
}

/// Reads the keys usmcheck uses from the tables it uses, checking each
/// one's type and range. A wrong type is never taken as "not set": it is an
/// error "FILE:LINE: KEY in TABLE must be EXPECTED, not TYPE". Both --llm
/// and --doctor load through here, so they refuse the same files with the
/// same words. Values that may be secrets are never repeated.
class Reader {
public:
  Reader(const std::string &File, std::string &Error)
      : File(File), Error(Error) {}

  /// "FILE:LINE: " of \p N.
  std::string at(const toml::node &N) const {
    return File + ":" + std::to_string(N.source().begin.line) + ": ";
  }

  bool wrongType(const toml::node &N, const std::string &Key,
                 const std::string &Where, const std::string &Expected) {
    Error = at(N) + Key + " in " + Where + " must be " + Expected + ", not " +
            typeName(N);
    return false;
  }

  template <typename T>
  bool outOfRange(const toml::node &N, const std::string &Key,
                  const std::string &Where, const std::string &Expected,
                  T Got) {
    std::ostringstream OS;
    OS << Got;
    Error = at(N) + Key + " in " + Where + " must be " + Expected + " (got " +
            OS.str() + ")";
    return false;
  }

  /// A string; \p Out is left alone when the key is absent.
  bool string(const toml::table *T, const std::string &Key,
              const std::string &Where, std::string &Out) {
    const toml::node *N = T ? T->get(Key) : nullptr;
    if (!N)
      return true;
    if (!N->is_string())
      return wrongType(*N, Key, Where, "a string");
    Out = N->value<std::string>().value_or("");
    return true;
  }

  /// An environment variable's name (env_key).
  bool envName(const toml::table *T, const std::string &Key,
               const std::string &Where, std::string &Out) {
    const toml::node *N = T ? T->get(Key) : nullptr;
    if (!N)
      return true;
    if (!N->is_string())
      return wrongType(*N, Key, Where,
                       "a string naming the environment variable that holds "
                       "the key");
    std::string V = N->value<std::string>().value_or("");
    if (!V.empty() && !isEnvName(V)) {
      // It may be the key itself, pasted where the name belongs.
      Error = at(*N) + Key + " in " + Where +
              " is not an environment variable name (letters, digits and "
              "'_', not starting with a digit); it must name the variable "
              "that holds the key, never the key itself, so its value is "
              "not shown here (e.g. " +
              Key + " = \"MY_GATEWAY_KEY\", then export MY_GATEWAY_KEY=...)";
      return false;
    }
    Out = V;
    return true;
  }

  /// A number of seconds (integer or floating point), > 0 and < 1e6.
  bool seconds(const toml::table *T, const std::string &Key,
               const std::string &Where, double &Out) {
    const toml::node *N = T ? T->get(Key) : nullptr;
    if (!N)
      return true;
    const char *Expected = "a number of seconds greater than 0 and less "
                           "than 1000000";
    if (!N->is_number())
      return wrongType(*N, Key, Where, Expected);
    double V = N->is_integer() ? static_cast<double>(*N->value<int64_t>())
                               : *N->value<double>();
    if (!(V > 0 && V < 1e6))
      return outOfRange(*N, Key, Where, Expected, V);
    Out = V;
    return true;
  }

  /// An integer from \p Lo to \p Hi.
  bool integer(const toml::table *T, const std::string &Key,
               const std::string &Where, int64_t Lo, int64_t Hi, int64_t &Out) {
    const toml::node *N = T ? T->get(Key) : nullptr;
    if (!N)
      return true;
    std::string Expected =
        "an integer from " + std::to_string(Lo) + " to " + std::to_string(Hi);
    if (!N->is_integer())
      return wrongType(*N, Key, Where, Expected);
    int64_t V = *N->value<int64_t>();
    if (V < Lo || V > Hi)
      return outOfRange(*N, Key, Where, Expected, V);
    Out = V;
    return true;
  }

  bool boolean(const toml::table *T, const std::string &Key,
               const std::string &Where, bool &Out) {
    const toml::node *N = T ? T->get(Key) : nullptr;
    if (!N)
      return true;
    if (!N->is_boolean())
      return wrongType(*N, Key, Where, "true or false");
    Out = *N->value<bool>();
    return true;
  }

  /// A sub-table; \p Out is null when the key is absent.
  bool table(const toml::table *T, const std::string &Key,
             const std::string &Where, const toml::table *&Out) {
    Out = nullptr;
    const toml::node *N = T ? T->get(Key) : nullptr;
    if (!N)
      return true;
    if (!N->is_table())
      return wrongType(*N, Key, Where, "a table");
    Out = N->as_table();
    return true;
  }

  /// A table of strings (query_params, http_headers, env_http_headers).
  /// For headers, names must be RFC 7230 tokens and values single lines.
  bool stringMap(const toml::table *T, const std::string &Key,
                 const std::string &Where, bool Headers,
                 std::vector<std::pair<std::string, std::string>> &Out) {
    const toml::table *M = nullptr;
    if (!table(T, Key, Where, M))
      return false;
    if (!M)
      return true;
    for (auto &&[K, V] : *M) {
      std::string Name(K.str());
      std::string Shown = Key + "." + Name;
      if (Headers && !isHeaderName(Name)) {
        Error = at(V) + "'" + Name + "' in " + Key + " of " + Where +
                " is not a valid HTTP header name (RFC 7230 token: letters, "
                "digits and !#$%&'*+-.^_`|~)";
        return false;
      }
      if (!V.is_string())
        return wrongType(V, Shown, Where, "a string");
      std::string Val = V.value<std::string>().value_or("");
      if (Headers && !isHeaderValue(Val)) {
        // The value is not shown: it may be a credential.
        Error = at(V) + Shown + " in " + Where +
                " contains a line break or another control character; a "
                "header value must be one line (a CR or LF would end the "
                "header and start another one on the wire)";
        return false;
      }
      Out.emplace_back(Name, Val);
    }
    return true;
  }

  static bool isHeaderName(const std::string &N) {
    if (N.empty())
      return false;
    for (char C : N)
      if (!std::isalnum(static_cast<unsigned char>(C)) &&
          std::string_view("!#$%&'*+-.^_`|~").find(C) == std::string_view::npos)
        return false;
    return true;
  }

  /// RFC 7230 field-value: visible characters, spaces and tabs; no CR, LF,
  /// NUL or other controls.
  static bool isHeaderValue(const std::string &V) {
    for (char C : V) {
      unsigned char U = static_cast<unsigned char>(C);
      if ((U < 0x20 && U != '\t') || U == 0x7F)
        return false;
    }
    return true;
  }

private:
  const std::string &File;
  std::string &Error;
};

/// Says why \p P cannot be read as the config file, or "" when it is a
/// regular file (or a link to one). \p Missing is set when nothing is there.
std::string configFileProblem(const std::string &P, bool &Missing) {
  Missing = false;
  struct stat St;
  if (P.empty() || ::stat(P.c_str(), &St) != 0) {
    Missing = errno == ENOENT || errno == ENOTDIR || P.empty();
    return Missing ? "not found"
                   : std::string("cannot be read: ") + std::strerror(errno);
  }
  if (S_ISREG(St.st_mode))
    return ::access(P.c_str(), R_OK) == 0
               ? ""
               : std::string("cannot be read: ") + std::strerror(errno);
  if (S_ISDIR(St.st_mode))
    return "is a directory, not a file (give the path of config.toml)";
  if (S_ISFIFO(St.st_mode))
    return "is a FIFO (named pipe), not a regular file; usmcheck does not "
           "read configuration from pipes";
  if (S_ISSOCK(St.st_mode))
    return "is a socket, not a regular file";
  if (S_ISCHR(St.st_mode) || S_ISBLK(St.st_mode))
    return "is a device, not a regular file";
  return "is not a regular file";
}

} // namespace

bool loadLlmConfig(const LlmOverrides &O, LlmSettings &S, std::string &Error) {
  S = LlmSettings();
  Error.clear();
  S.ConfigPath = defaultConfigPath(O);
  toml::table Root;
  bool Missing = false;
  std::string Problem = configFileProblem(S.ConfigPath, Missing);
  if (Problem.empty()) {
    try {
      Root = toml::parse_file(S.ConfigPath);
    } catch (const toml::parse_error &E) {
      std::ostringstream OS;
      OS << S.ConfigPath << ":" << E.source().begin.line << ":"
         << E.source().begin.column
         << ": TOML parse error: " << oneLine(E.description());
      Error = OS.str();
      return false;
    }
    S.ConfigFound = true;
  } else if (O.ConfigPath || !Missing) {
    // An explicit --config must exist; a default path that exists but is
    // not a readable file is a mistake worth naming too.
    Error = "config file '" + S.ConfigPath + "' " + Problem;
    return false;
  } else {
    S.Remarks.push_back(
        "no config file at " +
        (S.ConfigPath.empty() ? std::string("$HOME/.codex") : S.ConfigPath) +
        "; using flags and built-in defaults");
  }
  const std::string &File = S.ConfigPath;
  Reader Rd(File, Error);
  const std::string Top = "the top level";

  if (!refuseStoredSecrets(Root, Top, File, Error))
    return false;

  // Codex keys, optionally overridden by the selected profile.
  std::string Model, Provider, Profile;
  if (!Rd.string(&Root, "model", Top, Model) ||
      !Rd.string(&Root, "model_provider", Top, Provider) ||
      !Rd.string(&Root, "profile", Top, Profile))
    return false;
  if (O.Profile)
    Profile = *O.Profile;
  if (!Profile.empty()) {
    const toml::table *Profiles = nullptr, *P = nullptr;
    if (!Rd.table(&Root, "profiles", Top, Profiles) ||
        !Rd.table(Profiles, Profile, "[profiles]", P))
      return false;
    if (!P) {
      Error = "profile '" + Profile + "' is not defined ([profiles." + Profile +
              "] in " + File + ")";
      return false;
    }
    std::string Where = "[profiles." + Profile + "]";
    if (!refuseStoredSecrets(*P, Where, File, Error) ||
        !Rd.string(P, "model", Where, Model) ||
        !Rd.string(P, "model_provider", Where, Provider))
      return false;
  }

  // The [usmcheck] table overrides Codex for usmcheck only.
  const toml::table *U = nullptr;
  const std::string UWhere = "[usmcheck]";
  if (!Rd.table(&Root, "usmcheck", Top, U))
    return false;
  if (U && !refuseStoredSecrets(*U, UWhere, File, Error))
    return false;
  std::string UBaseUrl, UEnvKey, UWire;
  bool HaveUBaseUrl = U && U->contains("base_url");
  int64_t UMaxRetries = -1, UMaxAnswer = -1;
  double UTimeout = 0, UConnect = 0;
  bool UStream = S.Stream;
  if (!Rd.string(U, "model", UWhere, Model) ||
      !Rd.string(U, "provider", UWhere, Provider) ||
      !Rd.string(U, "base_url", UWhere, UBaseUrl) ||
      !Rd.envName(U, "env_key", UWhere, UEnvKey) ||
      !Rd.string(U, "wire_api", UWhere, UWire) ||
      !Rd.seconds(U, "timeout", UWhere, UTimeout) ||
      !Rd.seconds(U, "connect_timeout", UWhere, UConnect) ||
      !Rd.integer(U, "max_retries", UWhere, 0, 10, UMaxRetries) ||
      !Rd.integer(U, "max_answer_bytes", UWhere, 1, MaxAnswerBytesLimit,
                  UMaxAnswer) ||
      !Rd.boolean(U, "stream", UWhere, UStream))
    return false;
  if (O.Model)
    Model = *O.Model;
  if (O.Provider)
    Provider = *O.Provider;

  // Provider table: from the file, else built in (Codex's own defaults), else
  // flags only.
  std::string WireName;
  if (Provider.empty() && !O.BaseUrl && !HaveUBaseUrl)
    Provider = "openai"; // Codex's default provider
  if (!Provider.empty()) {
    const toml::table *Providers = nullptr, *PT = nullptr;
    if (!Rd.table(&Root, "model_providers", Top, Providers) ||
        !Rd.table(Providers, Provider, "[model_providers]", PT))
      return false;
    if (PT) {
      std::string Where = "[model_providers." + Provider + "]";
      if (!refuseStoredSecrets(*PT, Where, File, Error))
        return false;
      S.ProviderSource = Where + " in " + File;
      S.ProviderName = Provider;
      int64_t Retries = S.MaxRetries;
      if (!Rd.string(PT, "name", Where, S.ProviderName) ||
          !Rd.string(PT, "base_url", Where, S.BaseUrl) ||
          !Rd.envName(PT, "env_key", Where, S.EnvKey) ||
          !Rd.string(PT, "env_key_instructions", Where, S.EnvKeyInstructions) ||
          !Rd.string(PT, "wire_api", Where, WireName) ||
          !Rd.integer(PT, "request_max_retries", Where, 0, 10, Retries) ||
          !Rd.stringMap(PT, "query_params", Where, false, S.QueryParams) ||
          !Rd.stringMap(PT, "http_headers", Where, true, S.HttpHeaders) ||
          !Rd.stringMap(PT, "env_http_headers", Where, true, S.EnvHttpHeaders))
        return false;
      S.MaxRetries = static_cast<int>(Retries);
      for (auto &[H, V] : S.HttpHeaders)
        if (isCredentialHeader(H) || looksLikeSecret(V)) {
          Error = File + ": http_headers." + H + " in " + Where +
                  " holds a credential in the file; put it in an environment "
                  "variable and use env_http_headers = { \"" +
                  H + "\" = \"VAR\" } (or env_key for the bearer key)";
          return false;
        }
      for (auto &[H, V] : S.EnvHttpHeaders) {
        if (!isEnvName(V)) {
          Error = File + ": env_http_headers." + H + " in " + Where +
                  " must name an environment variable, not hold a value";
          return false;
        }
        const char *EV = std::getenv(V.c_str());
        if (EV && !Reader::isHeaderValue(EV)) {
          Error = "$" + V + " (env_http_headers." + H + " in " + Where +
                  " of " + File +
                  ") contains a line break or another control character; a "
                  "header value must be one line";
          return false;
        }
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
    } else if (!O.BaseUrl && !HaveUBaseUrl) {
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

  // [usmcheck] then flags override the provider's transport settings.
  if (HaveUBaseUrl)
    S.BaseUrl = UBaseUrl;
  if (U && U->contains("env_key"))
    S.EnvKey = UEnvKey;
  if (U && U->contains("wire_api"))
    WireName = UWire;
  if (UTimeout > 0)
    S.TimeoutS = UTimeout;
  if (UConnect > 0)
    S.ConnectTimeoutS = UConnect;
  if (UMaxRetries >= 0)
    S.MaxRetries = static_cast<int>(UMaxRetries);
  if (UMaxAnswer > 0)
    S.MaxAnswerBytes = static_cast<size_t>(UMaxAnswer);
  S.Stream = UStream;
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
  if (O.MaxAnswerBytes)
    S.MaxAnswerBytes = *O.MaxAnswerBytes;
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
    // Only a programmatic override can get here (the file and --env-key are
    // checked where they are read); the value is not repeated.
    Error = "env_key is not an environment variable name; it must name the "
            "variable that holds the key, never the key itself";
    return false;
  }
  if (!(S.TimeoutS > 0 && S.TimeoutS < 1e6) ||
      !(S.ConnectTimeoutS > 0 && S.ConnectTimeoutS < 1e6)) {
    Error = "timeouts must be positive numbers of seconds";
    return false;
  }
  if (S.MaxRetries < 0 || S.MaxRetries > 10) {
    Error = "max_retries must be between 0 and 10";
    return false;
  }
  if (S.MaxAnswerBytes < 1 ||
      S.MaxAnswerBytes > static_cast<size_t>(MaxAnswerBytesLimit)) {
    Error = "max_answer_bytes must be from 1 to " +
            std::to_string(MaxAnswerBytesLimit);
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
  UrlParts P;
  std::string Why;
  if (!splitUrl(S.BaseUrl, P, Why)) {
    Error = Why + " (usmcheck explain --doctor shows the base_url in use)";
    return false;
  }
  return true;
}

} // namespace usm::explain
