//===- Doctor.cpp - step-by-step diagnosis of the LLM channel
//---------------===//
#include "Doctor.h"

#include "Http.h"
#include "LlmClient.h"
#include "SafeText.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <cstdlib>

namespace usm::explain {

using nlohmann::json;

size_t editDistance(const std::string &A, const std::string &B) {
  std::vector<size_t> Prev(B.size() + 1), Cur(B.size() + 1);
  for (size_t J = 0; J <= B.size(); ++J)
    Prev[J] = J;
  for (size_t I = 1; I <= A.size(); ++I) {
    Cur[0] = I;
    for (size_t J = 1; J <= B.size(); ++J) {
      size_t Sub =
          Prev[J - 1] + (std::tolower(static_cast<unsigned char>(A[I - 1])) !=
                         std::tolower(static_cast<unsigned char>(B[J - 1])));
      Cur[J] = std::min({Prev[J] + 1, Cur[J - 1] + 1, Sub});
    }
    std::swap(Prev, Cur);
  }
  return Prev[B.size()];
}

std::vector<std::string> closestIds(const std::string &Want,
                                    std::vector<std::string> Ids, size_t N) {
  std::stable_sort(Ids.begin(), Ids.end(),
                   [&](const std::string &X, const std::string &Y) {
                     return editDistance(Want, X) < editDistance(Want, Y);
                   });
  if (Ids.size() > N)
    Ids.resize(N);
  return Ids;
}

namespace {

enum class Mark { Ok, Warn, Fail, Skip };

struct Doctor {
  std::ostream &OS;
  LlmSettings S;
  int Failures = 0, Steps = 0, Skipped = 0;

  void report(Mark M, const std::string &Step, const std::string &What,
              const std::string &Fix = "") {
    static const char *const Tags[] = {"[ok]  ", "[warn]", "[FAIL]", "[skip]"};
    ++Steps;
    if (M == Mark::Fail)
      ++Failures;
    if (M == Mark::Skip)
      ++Skipped;
    std::string Line =
        std::string(Tags[static_cast<int>(M)]) + " " + Step + ": " + What;
    if (!Fix.empty())
      Line += "; fix: " + Fix;
    // Lines carry what servers answered (error bodies, model ids, answers)
    // and settings: never a key, a URL's password or a control sequence.
    OS << safeText(redact(S, Line)) << "\n";
    OS.flush();
  }

  std::string keyState() const {
    if (S.EnvKey.empty())
      return "no env_key is configured, so no key was sent";
    const char *V = std::getenv(S.EnvKey.c_str());
    if (!V)
      return "$" + S.EnvKey + " (env_key) is not set";
    if (!*V)
      return "$" + S.EnvKey + " (env_key) is set but empty";
    return "$" + S.EnvKey + " (env_key) is set, " +
           std::to_string(std::string(V).size()) + " characters";
  }

  HttpResponse request(const std::string &Method, const std::string &Url,
                       const std::string &Body = "") {
    HttpRequest R;
    R.Method = Method;
    R.Url = Url;
    R.Body = Body;
    R.Headers = requestHeaders(S, nullptr);
    R.TimeoutS = std::min(S.TimeoutS, 30.0);
    R.ConnectTimeoutS = S.ConnectTimeoutS;
    R.MaxRetries = 0;
    return httpPerform(R);
  }

  std::string hostPort(const std::string &Url) const {
    UrlParts P;
    std::string E;
    if (!splitUrl(Url, P, E))
      return Url;
    return P.Host + ":" + P.Port;
  }

  /// The line and fix for a transport failure.
  void netFailure(const std::string &Step, const std::string &What,
                  const HttpResponse &R) {
    std::string Where = hostPort(What.substr(What.find(' ') + 1));
    std::string Fix;
    std::string Cause;
    switch (R.Err) {
    case NetError::ConnectionRefused:
      Cause = "connection refused by " + Where;
      Fix = "nothing listens there: check the host and port of base_url, and "
            "that the gateway is running";
      break;
    case NetError::Dns:
      Cause = "DNS lookup failed for " + Where;
      Fix = "check the spelling of the base_url host, your DNS, or set "
            "HTTPS_PROXY if the network needs a proxy";
      break;
    case NetError::Proxy:
      Cause = "the proxy could not be reached for " + Where;
      Fix = "check HTTPS_PROXY/HTTP_PROXY, or add the host to NO_PROXY";
      break;
    case NetError::Tls:
      Cause = "TLS handshake with " + Where + " failed";
      Fix = "check that base_url uses https only if the server speaks TLS "
            "(http:// for a plain local server), and that its certificate is "
            "trusted (CURL_CA_BUNDLE / SSL_CERT_FILE for a private CA)";
      break;
    case NetError::ConnectTimeout:
      Cause = "no connection to " + Where + " within " +
              formatSeconds(S.ConnectTimeoutS);
      Fix = "a firewall or a missing proxy (HTTPS_PROXY/NO_PROXY) is likely; "
            "or raise --connect-timeout";
      break;
    case NetError::Timeout:
      Cause = "no complete answer from " + Where + " within " +
              formatSeconds(std::min(S.TimeoutS, 30.0));
      Fix = "the server is slow or hangs; try again later or raise --timeout";
      break;
    case NetError::BadUrl:
      Cause = "curl rejected the URL";
      Fix = "check base_url";
      break;
    default:
      Cause = "network error talking to " + Where;
      Fix = "check the network and base_url";
      break;
    }
    // Say whether a proxy was involved (its URL may hold credentials, so
    // only the variable's name).
    for (const char *V : {"HTTPS_PROXY", "https_proxy", "HTTP_PROXY",
                          "http_proxy", "ALL_PROXY", "all_proxy"})
      if (const char *P = std::getenv(V); P && *P) {
        Cause +=
            " ($" + std::string(V) + " is set; NO_PROXY decides if it is used)";
        break;
      }
    report(Mark::Fail, Step, Cause + " (" + What + ": " + R.ErrorText + ")",
           Fix);
  }

  static std::string formatSeconds(double S) {
    char Buf[32];
    snprintf(Buf, sizeof Buf, "%g s", S);
    return Buf;
  }

  void authFailure(const std::string &Step, const std::string &What,
                   const HttpResponse &R) {
    std::string Cause = R.Status == 401
                            ? "the key was missing or rejected"
                            : "the key was accepted but has no access";
    std::string Fix;
    if (S.EnvKey.empty())
      Fix = "set env_key in the provider table to the variable holding your "
            "key, and export it";
    else if (!std::getenv(S.EnvKey.c_str()) || !*std::getenv(S.EnvKey.c_str()))
      Fix = "export " + S.EnvKey + "=<your key>";
    else if (R.Status == 401)
      Fix = "the value of $" + S.EnvKey +
            " is wrong or expired for this provider: get a new key, or point "
            "env_key at the right variable";
    else
      Fix = "ask the provider to grant this key access to the model or "
            "project, or use another key";
    report(Mark::Fail, Step,
           What + " answered HTTP " + std::to_string(R.Status) + ": " + Cause +
               "; " + keyState() + " (" + errorSummary(R.Body) + ")",
           Fix);
  }

  /// base_url spellings to try after a 404: with and without a trailing /v1.
  std::vector<std::string> alternates() const {
    std::string B = S.BaseUrl;
    while (!B.empty() && B.back() == '/')
      B.pop_back();
    std::vector<std::string> Out;
    if (B.size() >= 3 && B.compare(B.size() - 3, 3, "/v1") == 0)
      Out.push_back(B.substr(0, B.size() - 3));
    else
      Out.push_back(B + "/v1");
    return Out;
  }

  std::string urlFor(const std::string &Base, const std::string &Endpoint) {
    LlmSettings T = S;
    T.BaseUrl = Base;
    return endpointUrl(T, Endpoint);
  }

  int finish() {
    OS << "doctor: " << (Steps - Failures - Skipped) << " passed, " << Failures
       << " failed, " << Skipped << " skipped"
       << (Failures ? "" : ": the LLM channel works") << "\n";
    return Failures ? 1 : 0;
  }

  /// Ids of an OpenAI models list ({"data": [{"id": ...}]}).
  static bool parseModels(const std::string &Body,
                          std::vector<std::string> &Ids,
                          std::string *Why = nullptr) {
    try {
      json J = json::parse(Body);
      const json &D = J.is_array() ? J : J.at("data");
      for (const json &M : D)
        if (M.is_object() && M.contains("id") && M["id"].is_string())
          Ids.push_back(M["id"].get<std::string>());
        else if (M.is_string())
          Ids.push_back(M.get<std::string>());
      return true;
    } catch (const json::exception &) {
      if (Why) {
        std::string Sum = errorSummary(Body);
        *Why = "the body is not a models list (starts with '" +
               Sum.substr(0, utf8Prefix(Sum, 40)) + "')";
      }
      return false;
    }
  }

  static std::string joinIds(const std::vector<std::string> &Ids, size_t Max) {
    std::string Out;
    for (size_t I = 0; I < Ids.size() && I < Max; ++I)
      Out += (I ? ", " : "") + Ids[I];
    if (Ids.size() > Max)
      Out += ", ... (" + std::to_string(Ids.size() - Max) + " more)";
    return Out.empty() ? "(none)" : Out;
  }

  /// 404/400 answers that blame the model rather than the path.
  bool isUnknownModel(const HttpResponse &R) const {
    if (R.Status != 404 && R.Status != 400 && R.Status != 422)
      return false;
    std::string Summary = errorSummary(R.Body);
    if (Summary.find("model_not_found") != std::string::npos)
      return true;
    std::string Lower;
    for (char C : Summary)
      Lower += static_cast<char>(std::tolower(static_cast<unsigned char>(C)));
    return Lower.find("model") != std::string::npos &&
           (Summary.find(S.Model) != std::string::npos ||
            Lower.find("not found") != std::string::npos ||
            Lower.find("does not exist") != std::string::npos ||
            Lower.find("unknown") != std::string::npos);
  }

  int run(const LlmOverrides &O);
};

int Doctor::run(const LlmOverrides &O) {
  std::string Error;
  // 1. config
  if (!loadLlmConfig(O, S, Error)) {
    report(Mark::Fail, "config", Error,
           "correct the file (see docs/explain.md for an example)");
    for (const char *Step :
         {"provider", "model", "key", "base_url", "models", "chat"})
      report(Mark::Skip, Step, "needs a usable configuration");
    return 1;
  }
  if (S.ConfigFound)
    report(Mark::Ok, "config", S.ConfigPath + " found and parsed");
  else
    report(Mark::Warn, "config",
           S.Remarks.empty() ? "no config file" : S.Remarks.front(),
           "create " + defaultConfigPath(O) +
               " (docs/explain.md has an example) or keep passing flags");

  // 2. provider
  if (S.BaseUrl.empty())
    report(Mark::Fail, "provider",
           "'" + S.ProviderId + "' from " + S.ProviderSource +
               " has no base_url",
           "add base_url = \"https://...\" to [model_providers." +
               S.ProviderId + "] or pass --base-url");
  else
    report(Mark::Ok, "provider",
           "'" + S.ProviderId + "'" +
               (S.ProviderName != S.ProviderId ? " (" + S.ProviderName + ")"
                                               : std::string()) +
               " from " + S.ProviderSource +
               ", wire_api = " + wireApiName(S.Wire));

  // 3. model
  if (S.Model.empty())
    report(Mark::Fail, "model", "no model is configured",
           "set model = \"<id>\" at the top of " + defaultConfigPath(O) +
               " or in [usmcheck], or pass --model");
  else
    report(Mark::Ok, "model", "'" + S.Model + "'");

  // 4. key
  if (S.EnvKey.empty()) {
    report(Mark::Warn, "key",
           "the provider has no env_key: requests carry no Authorization "
           "header",
           "if the gateway needs a key, set env_key = \"VAR\" in the provider "
           "table and export VAR");
  } else {
    const char *V = std::getenv(S.EnvKey.c_str());
    std::string Val = V ? V : "";
    if (!V)
      report(Mark::Fail, "key", "$" + S.EnvKey + " (env_key) is not set",
             "export " + S.EnvKey + "=<your key>" +
                 (S.EnvKeyInstructions.empty()
                      ? std::string()
                      : " (" + S.EnvKeyInstructions + ")"));
    else if (Val.empty())
      report(Mark::Fail, "key", "$" + S.EnvKey + " (env_key) is set but empty",
             "export " + S.EnvKey + "=<your key>");
    else if (Val.find_first_of("\r\n") != std::string::npos)
      report(Mark::Fail, "key",
             "$" + S.EnvKey + " is set (" + std::to_string(Val.size()) +
                 " characters) but holds a line break, so it is not sent",
             "remove the line break from the value");
    else if (std::isspace(static_cast<unsigned char>(Val.front())) ||
             std::isspace(static_cast<unsigned char>(Val.back())))
      report(Mark::Warn, "key",
             "$" + S.EnvKey + " is set (" + std::to_string(Val.size()) +
                 " characters) but starts or ends with white space",
             "remove the stray space or newline from the value");
    else
      report(Mark::Ok, "key",
             "$" + S.EnvKey + " is set (" + std::to_string(Val.size()) +
                 " characters)");
  }

  // 5. base_url
  UrlParts P;
  bool UrlOk = !S.BaseUrl.empty() && splitUrl(S.BaseUrl, P, Error);
  if (S.BaseUrl.empty()) {
    report(Mark::Skip, "base_url", "no base_url");
  } else if (!UrlOk) {
    report(Mark::Fail, "base_url", S.BaseUrl + ": " + Error,
           "write it as https://host[:port]/path");
  } else {
    bool Loopback = P.Host == "localhost" || P.Host == "[::1]" ||
                    P.Host.rfind("127.", 0) == 0;
    if (!P.Query.empty())
      report(Mark::Warn, "base_url",
             S.BaseUrl + " has a query string; it would be sent in front of "
                         "the endpoint path",
             "move it to query_params = { name = \"value\" }");
    else if (P.HasUserInfo || P.HasFragment)
      report(Mark::Warn, "base_url",
             S.BaseUrl + " has " +
                 (P.HasUserInfo ? "a user name" : "a #fragment"),
             "remove it; credentials belong in the env_key variable");
    else if (P.Scheme == "http" && !Loopback)
      report(Mark::Warn, "base_url",
             S.BaseUrl + " is plain http to a remote host: the key travels "
                         "unencrypted",
             "use https://");
    else
      report(Mark::Ok, "base_url",
             S.BaseUrl + " is well-formed (" + P.Scheme + ", host " + P.Host +
                 ", port " + P.Port + ")");
  }
  if (!UrlOk) {
    report(Mark::Skip, "models", "needs a well-formed base_url");
    report(Mark::Skip, "chat", "needs a well-formed base_url");
    return finish();
  }

  // 6. models list
  std::vector<std::string> Ids;
  std::string WorkingBase = S.BaseUrl;
  bool Reached = false;
  {
    std::string Url = endpointUrl(S, "models");
    std::string What = "GET " + Url;
    HttpResponse R = request("GET", Url);
    if (R.Err != NetError::None) {
      netFailure("models", What, R);
    } else if (R.Status == 401 || R.Status == 403) {
      Reached = true;
      authFailure("models", What, R);
    } else if (R.Status == 404) {
      Reached = true;
      std::string Works;
      for (const std::string &Alt : alternates()) {
        HttpResponse A = request("GET", urlFor(Alt, "models"));
        if (A.Err == NetError::None && A.Status != 404) {
          Works = Alt;
          R = A;
          break;
        }
      }
      if (!Works.empty()) {
        report(Mark::Fail, "models",
               What + " answered 404, but GET " + urlFor(Works, "models") +
                   " answered " + std::to_string(R.Status),
               "set base_url = \"" + Works + "\"");
        WorkingBase = Works;
      } else {
        report(Mark::Fail, "models",
               What + " answered 404, and so did " +
                   urlFor(alternates().front(), "models"),
               "check base_url against the provider's documentation (it "
               "should be the API root that /chat/completions hangs from)");
      }
      if (!Works.empty() && R.Status == 200)
        parseModels(R.Body, Ids);
    } else if (R.Status != 200) {
      Reached = true;
      report(Mark::Fail, "models",
             What + " answered HTTP " + std::to_string(R.Status) + ": " +
                 errorSummary(R.Body),
             R.Status >= 500 || R.Status == 429
                 ? "the provider is failing or rate-limiting; try again later"
                 : "check base_url and the provider's status");
    } else {
      Reached = true;
      std::string Why;
      if (!parseModels(R.Body, Ids, &Why)) {
        report(Mark::Fail, "models", What + " answered 200 but " + Why,
               "base_url should be an OpenAI-compatible API root, not a web "
               "page or a proxy login");
      } else if (S.Model.empty()) {
        report(Mark::Warn, "models",
               What + " lists " + std::to_string(Ids.size()) +
                   " models: " + joinIds(Ids, 8),
               "pick one as model");
      } else if (std::find(Ids.begin(), Ids.end(), S.Model) != Ids.end()) {
        report(Mark::Ok, "models",
               What + " lists " + std::to_string(Ids.size()) + " models, '" +
                   S.Model + "' among them");
      } else {
        report(Mark::Warn, "models",
               "'" + S.Model + "' is not among the " +
                   std::to_string(Ids.size()) + " models " + What +
                   " lists; closest: " + joinIds(closestIds(S.Model, Ids), 3),
               "set model = \"" + closestIds(S.Model, Ids, 1).front() +
                   "\" if the chat check fails");
      }
    }
  }

  // 7. chat / responses endpoint
  if (S.Model.empty()) {
    report(Mark::Skip, "chat", "needs a model");
    return finish();
  }
  if (!Reached) {
    report(Mark::Skip, "chat", "the server could not be reached");
    return finish();
  }
  {
    LlmSettings T = S;
    T.BaseUrl = WorkingBase;
    std::string Endpoint = postEndpoint(S.Wire);
    std::string Url = endpointUrl(T, Endpoint);
    std::string What = "POST " + Url;
    std::string Body = requestBody(T, "You check connectivity.",
                                   "Reply with the single word OK.", false, 16);
    HttpResponse R = request("POST", Url, Body);
    std::string Step = S.Wire == WireApi::Chat ? "chat" : "responses";
    if (R.Err != NetError::None) {
      netFailure(Step, What, R);
    } else if (R.Status == 401 || R.Status == 403) {
      authFailure(Step, What, R);
    } else if (R.Status == 200) {
      std::string Text, Why;
      if (extractAnswer(S.Wire, R.Body, Text, Why)) {
        std::string Short = Text.substr(0, utf8Prefix(Text, 60));
        for (char &C : Short)
          if (C == '\n')
            C = ' ';
        report(Mark::Ok, Step,
               What + " answered 200 (\"" + Short +
                   (Text.size() > 60 ? "..." : "") + "\")");
      } else {
        report(Mark::Fail, Step, What + " answered 200 but " + Why,
               "the gateway is not OpenAI-compatible at this path, or speaks "
               "the other wire API (wire_api = \"" +
                   std::string(S.Wire == WireApi::Chat ? "responses" : "chat") +
                   "\")");
      }
    } else if (isUnknownModel(R)) {
      std::string Have =
          Ids.empty()
              ? std::string("the provider's models list was not "
                            "available")
              : "closest of the provider's " + std::to_string(Ids.size()) +
                    " models: " + joinIds(closestIds(S.Model, Ids), 3);
      report(Mark::Fail, Step,
             What + " answered HTTP " + std::to_string(R.Status) +
                 ": unknown model '" + S.Model + "' (" + errorSummary(R.Body) +
                 "); " + Have,
             Ids.empty() ? std::string("set model to an id the provider "
                                       "offers")
                         : "set model = \"" +
                               closestIds(S.Model, Ids, 1).front() + "\"");
    } else if (R.Status == 404) {
      // Which spelling of the endpoint exists: other base_url, other wire.
      std::string Fix;
      for (const std::string &Alt : alternates()) {
        LlmSettings A = T;
        A.BaseUrl = Alt;
        HttpResponse AR = request("POST", endpointUrl(A, Endpoint), Body);
        if (AR.Err == NetError::None && AR.Status != 404) {
          Fix = "set base_url = \"" + Alt + "\" (POST " +
                endpointUrl(A, Endpoint) + " answered " +
                std::to_string(AR.Status) + ")";
          break;
        }
      }
      if (Fix.empty()) {
        LlmSettings A = T;
        A.Wire = S.Wire == WireApi::Chat ? WireApi::Responses : WireApi::Chat;
        std::string OtherBody = requestBody(A, "You check connectivity.",
                                            "Reply with OK.", false, 16);
        HttpResponse AR =
            request("POST", endpointUrl(A, postEndpoint(A.Wire)), OtherBody);
        if (AR.Err == NetError::None && AR.Status != 404)
          Fix = std::string("set wire_api = \"") + wireApiName(A.Wire) +
                "\" (POST " + endpointUrl(A, postEndpoint(A.Wire)) +
                " answered " + std::to_string(AR.Status) + ")";
      }
      report(Mark::Fail, Step, What + " answered 404",
             Fix.empty() ? "check base_url and wire_api against the "
                           "provider's documentation"
                         : Fix);
    } else {
      report(Mark::Fail, Step,
             What + " answered HTTP " + std::to_string(R.Status) + ": " +
                 errorSummary(R.Body),
             R.Status >= 500 || R.Status == 429
                 ? "the provider is failing or rate-limiting; try again later "
                   "(explain --llm retries these)"
                 : "check model and wire_api");
    }
  }
  return finish();
}

} // namespace

int runDoctor(const LlmOverrides &O, std::ostream &OS) {
  Doctor D{OS, LlmSettings()};
  return D.run(O);
}

} // namespace usm::explain
