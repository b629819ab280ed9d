//===- Http.cpp - libcurl requests with bounded retries
//---------------------===//
#include "Http.h"

#include <curl/curl.h>
#include <dlfcn.h>

#include <algorithm>
#include <cctype>
#include <chrono>
#include <cstdlib>
#include <mutex>
#include <random>
#include <string_view>
#include <thread>
#include <type_traits>

namespace usm::explain {

const char *netErrorName(NetError E) {
  switch (E) {
  case NetError::None:
    return "none";
  case NetError::ConnectionRefused:
    return "connection refused";
  case NetError::Dns:
    return "DNS lookup failed";
  case NetError::Tls:
    return "TLS error";
  case NetError::Timeout:
    return "timeout";
  case NetError::ConnectTimeout:
    return "connect timeout";
  case NetError::Proxy:
    return "proxy error";
  case NetError::BadUrl:
    return "malformed URL";
  case NetError::Other:
    return "network error";
  }
  return "network error";
}

namespace {

/// libcurl, loaded on first use: `usmcheck check` never talks to the
/// network, and linking libcurl made every run load it and the 40 libraries
/// it needs (TLS, LDAP, Kerberos, SSH; about 17 million instructions of
/// dynamic linking per run, callgrind). Only the LLM channel loads it.
#define USMCHECK_CURL_FUNCTIONS(X)                                             \
  X(global_init) X(easy_init) X(easy_setopt) X(easy_perform) X(easy_getinfo)   \
  X(easy_cleanup) X(easy_strerror) X(easy_escape) X(free) X(getdate)           \
  X(slist_append) X(slist_free_all)

struct Curl {
#define USMCHECK_CURL_MEMBER(N) decltype(&::curl_##N) N = nullptr;
  USMCHECK_CURL_FUNCTIONS(USMCHECK_CURL_MEMBER)
#undef USMCHECK_CURL_MEMBER
  std::string Error; ///< why it could not be loaded (empty: loaded)
};

const Curl &curl() {
  static const Curl C = [] {
    Curl R;
    void *H = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!H) {
      const char *E = dlerror();
      R.Error = std::string("cannot load libcurl (libcurl.so.4): ") +
                (E ? E : "unknown error");
      return R;
    }
    bool Ok = true;
    auto Get = [&](auto &Fn, const char *Name) {
      Fn = reinterpret_cast<std::remove_reference_t<decltype(Fn)>>(
          dlsym(H, Name));
      Ok &= Fn != nullptr;
    };
#define USMCHECK_CURL_GET(N) Get(R.N, "curl_" #N);
    USMCHECK_CURL_FUNCTIONS(USMCHECK_CURL_GET)
#undef USMCHECK_CURL_GET
    if (!Ok)
      R.Error = "libcurl.so.4 lacks a function usmcheck needs";
    else
      R.global_init(CURL_GLOBAL_DEFAULT);
    return R;
  }();
  return C;
}

NetError classify(CURLcode C, double ConnectTime) {
  switch (C) {
  case CURLE_OK:
    return NetError::None;
  case CURLE_COULDNT_CONNECT:
    return NetError::ConnectionRefused;
  case CURLE_COULDNT_RESOLVE_HOST:
    return NetError::Dns;
  case CURLE_COULDNT_RESOLVE_PROXY:
    return NetError::Proxy;
  case CURLE_OPERATION_TIMEDOUT:
    // No completed connect means the connect phase timed out.
    return ConnectTime <= 0 ? NetError::ConnectTimeout : NetError::Timeout;
  case CURLE_SSL_CONNECT_ERROR:
  case CURLE_PEER_FAILED_VERIFICATION:
  case CURLE_SSL_CERTPROBLEM:
  case CURLE_SSL_CIPHER:
  case CURLE_SSL_CACERT_BADFILE:
  case CURLE_SSL_ISSUER_ERROR:
  case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
  case CURLE_SSL_INVALIDCERTSTATUS:
  case CURLE_SSL_ENGINE_INITFAILED:
  case CURLE_USE_SSL_FAILED:
    return NetError::Tls;
  case CURLE_URL_MALFORMAT:
  case CURLE_UNSUPPORTED_PROTOCOL:
    return NetError::BadUrl;
  default:
    return NetError::Other;
  }
}

struct Attempt {
  const HttpRequest *R;
  HttpResponse *Resp;
  long Status = 0;
  bool Handed = false;  ///< bytes went to OnData
  bool Stopped = false; ///< OnData returned false
  bool TooLarge = false;
  size_t Received = 0; ///< body bytes of this attempt's last answer
};

size_t onHeader(char *Buf, size_t Size, size_t N, void *User) {
  auto *A = static_cast<Attempt *>(User);
  std::string Line(Buf, Size * N);
  // A new status line starts a new header block (e.g. after 100 Continue).
  if (Line.rfind("HTTP/", 0) == 0) {
    size_t Sp = Line.find(' ');
    A->Status = Sp == std::string::npos ? 0 : std::atol(Line.c_str() + Sp + 1);
    A->Received = 0;
    A->Resp->ContentType.clear();
    A->Resp->RetryAfter.clear();
    return Size * N;
  }
  size_t Colon = Line.find(':');
  if (Colon == std::string::npos)
    return Size * N;
  std::string Name = Line.substr(0, Colon);
  std::transform(Name.begin(), Name.end(), Name.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  std::string Value = Line.substr(Colon + 1);
  while (!Value.empty() && std::isspace(static_cast<unsigned char>(Value[0])))
    Value.erase(0, 1);
  while (!Value.empty() &&
         std::isspace(static_cast<unsigned char>(Value.back())))
    Value.pop_back();
  if (Name == "content-type")
    A->Resp->ContentType = Value;
  else if (Name == "retry-after")
    A->Resp->RetryAfter = Value;
  return Size * N;
}

size_t onBody(char *Buf, size_t Size, size_t N, void *User) {
  auto *A = static_cast<Attempt *>(User);
  size_t Len = Size * N;
  bool Success = A->Status >= 200 && A->Status < 300;
  // Accept at most MaxBodyBytes; past that, take what fits and stop (a
  // return value other than Len makes curl end the transfer).
  size_t Room =
      A->R->MaxBodyBytes > A->Received ? A->R->MaxBodyBytes - A->Received : 0;
  size_t Take = std::min(Len, Room);
  A->Received += Take;
  if (A->R->OnData && Success) {
    A->Handed = true;
    if (Take && !A->R->OnData(Buf, Take, A->Resp->ContentType)) {
      A->Stopped = true;
      return 0;
    }
  } else {
    A->Resp->Body.append(Buf, Take);
  }
  if (Take < Len) {
    A->TooLarge = true;
    return 0;
  }
  return Len;
}

bool retryable(long Status) {
  return Status == 429 || Status == 500 || Status == 502 || Status == 503 ||
         Status == 504;
}

} // namespace

double parseRetryAfter(const std::string &V) {
  if (V.empty())
    return -1;
  if (std::all_of(V.begin(), V.end(),
                  [](unsigned char C) { return std::isdigit(C) || C == '.'; }))
    return std::atof(V.c_str());
  const Curl &Cu = curl();
  if (!Cu.Error.empty())
    return -1;
  time_t When = Cu.getdate(V.c_str(), nullptr);
  if (When < 0)
    return -1;
  double D = std::difftime(When, std::time(nullptr));
  return D < 0 ? 0 : D;
}

HttpResponse httpPerform(const HttpRequest &R) {
  const Curl &Cu = curl();
  HttpResponse Resp;
  if (!Cu.Error.empty()) {
    Resp.Err = NetError::Other;
    Resp.ErrorText = Cu.Error;
    Resp.Attempts = 1;
    return Resp;
  }
  std::mt19937 Rng(std::random_device{}());
  double Backoff = 0.5;
  for (int Try = 0;; ++Try) {
    Resp.Body.clear();
    Resp.ErrorText.clear();
    Resp.Status = 0;
    Resp.Err = NetError::None;
    Resp.Attempts = Try + 1;

    CURL *C = Cu.easy_init();
    if (!C) {
      Resp.Err = NetError::Other;
      Resp.ErrorText = "cannot initialise libcurl";
      return Resp;
    }
    Attempt A{&R, &Resp};
    char ErrBuf[CURL_ERROR_SIZE] = {0};
    curl_slist *Hdrs = nullptr;
    for (const std::string &H : R.Headers)
      Hdrs = Cu.slist_append(Hdrs, H.c_str());
    Cu.easy_setopt(C, CURLOPT_URL, R.Url.c_str());
    Cu.easy_setopt(C, CURLOPT_HTTPHEADER, Hdrs);
    Cu.easy_setopt(C, CURLOPT_NOSIGNAL, 1L);
    Cu.easy_setopt(C, CURLOPT_FOLLOWLOCATION, 0L);
#if LIBCURL_VERSION_NUM >= 0x075500
    Cu.easy_setopt(C, CURLOPT_PROTOCOLS_STR, "http,https");
#endif
    Cu.easy_setopt(C, CURLOPT_CONNECTTIMEOUT_MS,
                     static_cast<long>(R.ConnectTimeoutS * 1000));
    Cu.easy_setopt(C, CURLOPT_TIMEOUT_MS,
                     static_cast<long>(R.TimeoutS * 1000));
    Cu.easy_setopt(C, CURLOPT_ERRORBUFFER, ErrBuf);
    Cu.easy_setopt(C, CURLOPT_HEADERFUNCTION, onHeader);
    Cu.easy_setopt(C, CURLOPT_HEADERDATA, &A);
    Cu.easy_setopt(C, CURLOPT_WRITEFUNCTION, onBody);
    Cu.easy_setopt(C, CURLOPT_WRITEDATA, &A);
    Cu.easy_setopt(C, CURLOPT_USERAGENT, "usmcheck-explain/0.1");
    // A private CA is added the way curl and OpenSSL users already do it;
    // verification itself is never turned off.
    for (const char *V : {"CURL_CA_BUNDLE", "SSL_CERT_FILE"})
      if (const char *F = std::getenv(V); F && *F) {
        Cu.easy_setopt(C, CURLOPT_CAINFO, F);
        break;
      }
    if (const char *D = std::getenv("SSL_CERT_DIR"); D && *D)
      Cu.easy_setopt(C, CURLOPT_CAPATH, D);
    if (R.Method == "POST") {
      Cu.easy_setopt(C, CURLOPT_POST, 1L);
      Cu.easy_setopt(C, CURLOPT_POSTFIELDS, R.Body.c_str());
      Cu.easy_setopt(C, CURLOPT_POSTFIELDSIZE_LARGE,
                       static_cast<curl_off_t>(R.Body.size()));
    }
    CURLcode RC = Cu.easy_perform(C);
    double ConnectTime = 0;
    Cu.easy_getinfo(C, CURLINFO_CONNECT_TIME, &ConnectTime);
    long Status = 0;
    Cu.easy_getinfo(C, CURLINFO_RESPONSE_CODE, &Status);
    Cu.slist_free_all(Hdrs);
    Cu.easy_cleanup(C);

    Resp.Status = Status;
    Resp.Streamed = A.Handed;
    Resp.Stopped = A.Stopped;
    Resp.TooLarge = A.TooLarge;
    if (RC == CURLE_WRITE_ERROR && (A.Stopped || A.TooLarge)) {
      // We ended the transfer on purpose: not a network failure, and not
      // worth another attempt.
      return Resp;
    }
    if (RC != CURLE_OK) {
      Resp.Err = classify(RC, ConnectTime);
      Resp.ErrorText = ErrBuf[0] ? ErrBuf : Cu.easy_strerror(RC);
      // Only a timeout before any answer is worth another attempt; a
      // refused connection or a TLS failure will not heal by itself.
      bool Again = Resp.Err == NetError::Timeout && Status == 0 && !A.Handed;
      if (!Again || Try >= R.MaxRetries)
        return Resp;
    } else if (!retryable(Status) || Try >= R.MaxRetries) {
      return Resp;
    }
    double Delay = Backoff;
    double RA = parseRetryAfter(Resp.RetryAfter);
    if (RA >= 0) {
      if (RA > R.MaxRetryAfterS)
        return Resp; // the server asks for more patience than is bounded
      Delay = RA;
    } else {
      std::uniform_real_distribution<double> Jitter(0.0, Backoff / 2);
      Delay += Jitter(Rng);
    }
    Backoff = std::min(Backoff * 2, 8.0);
    if (R.OnRetry)
      R.OnRetry(Try + 1, Delay, Status);
    std::this_thread::sleep_for(
        std::chrono::milliseconds(static_cast<long>(Delay * 1000)));
  }
}

bool splitUrl(const std::string &Url, UrlParts &P, std::string &Error) {
  P = UrlParts();
  if (Url.empty()) {
    Error = "base_url is empty";
    return false;
  }
  for (char C : Url)
    if (std::isspace(static_cast<unsigned char>(C)) ||
        static_cast<unsigned char>(C) < 0x20) {
      Error = "base_url contains white space";
      return false;
    }
  size_t SchemeEnd = Url.find("://");
  if (SchemeEnd == std::string::npos) {
    Error = "base_url has no scheme; it must start with https:// (or http:// "
            "for a local server)";
    return false;
  }
  P.Scheme = Url.substr(0, SchemeEnd);
  std::transform(P.Scheme.begin(), P.Scheme.end(), P.Scheme.begin(),
                 [](unsigned char C) { return std::tolower(C); });
  if (P.Scheme != "http" && P.Scheme != "https") {
    Error = "base_url scheme '" + P.Scheme + "' is not http or https";
    return false;
  }
  std::string Rest = Url.substr(SchemeEnd + 3);
  size_t Hash = Rest.find('#');
  if (Hash != std::string::npos) {
    P.HasFragment = true;
    Rest = Rest.substr(0, Hash);
  }
  size_t Q = Rest.find('?');
  if (Q != std::string::npos) {
    P.Query = Rest.substr(Q + 1);
    Rest = Rest.substr(0, Q);
  }
  size_t Slash = Rest.find('/');
  std::string Authority = Rest.substr(0, Slash);
  P.Path = Slash == std::string::npos ? "" : Rest.substr(Slash);
  size_t At = Authority.rfind('@');
  if (At != std::string::npos) {
    P.HasUserInfo = true;
    Authority = Authority.substr(At + 1);
  }
  if (!Authority.empty() && Authority[0] == '[') {
    size_t Close = Authority.find(']');
    if (Close == std::string::npos) {
      Error = "base_url has an unterminated IPv6 address";
      return false;
    }
    P.Host = Authority.substr(0, Close + 1);
    if (Close + 1 < Authority.size() && Authority[Close + 1] == ':')
      P.Port = Authority.substr(Close + 2);
  } else {
    size_t Colon = Authority.rfind(':');
    P.Host = Authority.substr(0, Colon);
    if (Colon != std::string::npos)
      P.Port = Authority.substr(Colon + 1);
  }
  if (P.Host.empty()) {
    Error = "base_url has no host";
    return false;
  }
  if (!P.Port.empty() &&
      (!std::all_of(P.Port.begin(), P.Port.end(),
                    [](unsigned char C) { return std::isdigit(C); }) ||
       std::atol(P.Port.c_str()) > 65535 || std::atol(P.Port.c_str()) == 0)) {
    Error = "base_url port '" + P.Port + "' is not a number from 1 to 65535";
    return false;
  }
  if (P.Port.empty())
    P.Port = P.Scheme == "https" ? "443" : "80";
  return true;
}

std::string hideUrlUserinfo(std::string Text) {
  for (size_t P = Text.find("://"); P != std::string::npos;
       P = Text.find("://", P + 3)) {
    size_t Start = P + 3;
    size_t End = Start;
    while (End < Text.size() &&
           std::string_view("/?#\"'<> \t\n\r").find(Text[End]) ==
               std::string_view::npos)
      ++End;
    size_t At = Text.rfind('@', End == 0 ? 0 : End - 1);
    if (At == std::string::npos || At < Start)
      continue;
    if (Text.compare(Start, At - Start, "***") != 0)
      Text.replace(Start, At - Start, "***");
  }
  return Text;
}

std::string
withQuery(const std::string &Url,
          const std::vector<std::pair<std::string, std::string>> &Q) {
  if (Q.empty())
    return Url;
  const Curl &Cu = curl();
  // Without libcurl (the request will say why it cannot be sent) the
  // shown URL still encodes every byte outside RFC 3986's unreserved set.
  auto Escape = [&](const std::string &T) {
    std::string E;
    if (Cu.Error.empty()) {
      char *C = Cu.easy_escape(nullptr, T.c_str(), static_cast<int>(T.size()));
      E = C ? C : "";
      Cu.free(C);
      return E;
    }
    static const char Hex[] = "0123456789ABCDEF";
    for (unsigned char Ch : T) {
      if (std::isalnum(Ch) || Ch == '-' || Ch == '.' || Ch == '_' || Ch == '~') {
        E += static_cast<char>(Ch);
      } else {
        E += '%';
        E += Hex[Ch >> 4];
        E += Hex[Ch & 15];
      }
    }
    return E;
  };
  std::string Out = Url;
  char Sep = Url.find('?') == std::string::npos ? '?' : '&';
  for (auto &[K, V] : Q) {
    Out += Sep;
    Out += Escape(K);
    Out += '=';
    Out += Escape(V);
    Sep = '&';
  }
  return Out;
}

} // namespace usm::explain
