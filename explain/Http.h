//===- Http.h - the HTTP client of the LLM channel (libcurl)
//----------------===//
//
// One request at a time, through libcurl's easy interface:
//   - TLS peer and host verification stay on (curl's defaults); a private
//     CA comes from CURL_CA_BUNDLE or SSL_CERT_FILE (and SSL_CERT_DIR);
//     proxies come from HTTPS_PROXY / HTTP_PROXY / NO_PROXY, which curl
//     reads itself;
//   - a connect timeout and a total timeout bound every attempt;
//   - 429 and 5xx answers are retried with exponential backoff, honouring
//     Retry-After (seconds or an HTTP date) up to a bound; a streamed answer
//     is never retried once its first byte has been handed to the caller;
//   - failures are classified (connection refused, DNS, TLS, timeout, ...)
//     so that callers can say what went wrong and where.
// Redirects are not followed: a gateway that redirects is misconfigured and
// the Authorization header must not travel to another host.
//
// Secrets: headers are passed in by the caller; this layer never prints
// anything. Error texts come from curl (host, port, reason) and do not
// include request headers.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_EXPLAIN_HTTP_H
#define USMCHECK_EXPLAIN_HTTP_H

#include <functional>
#include <string>
#include <vector>

namespace usm::explain {

enum class NetError {
  None,
  ConnectionRefused,
  Dns,
  Tls,
  Timeout,
  ConnectTimeout,
  Proxy,
  BadUrl,
  Other
};
const char *netErrorName(NetError E);

struct HttpRequest {
  std::string Method = "GET"; ///< GET or POST
  std::string Url;
  std::vector<std::string> Headers; ///< "Name: value"
  std::string Body;                 ///< POST body
  double TimeoutS = 60, ConnectTimeoutS = 10;
  int MaxRetries = 3;
  double MaxRetryAfterS = 30; ///< a longer Retry-After ends the retries
  /// When set, 2xx body bytes are handed over as they arrive (streaming)
  /// instead of being collected in HttpResponse::Body.
  /// The third argument is the answer's Content-Type. Returning false stops
  /// the transfer (HttpResponse::Stopped; not an error).
  std::function<bool(const char *, size_t, const std::string &)> OnData;
  /// The most body bytes accepted from one answer (handed over or
  /// collected); past it the transfer stops (HttpResponse::TooLarge).
  size_t MaxBodyBytes = 8u << 20;
  /// Called before each retry (attempt number from 1, delay, status).
  std::function<void(int, double, long)> OnRetry;
};

struct HttpResponse {
  long Status = 0; ///< 0 when no HTTP answer arrived
  NetError Err = NetError::None;
  std::string ErrorText; ///< curl's description, when Err != None
  std::string Body;      ///< whole body (error bodies even when streaming)
  std::string ContentType;
  std::string RetryAfter; ///< raw header value of the last answer
  int Attempts = 0;
  bool Streamed = false; ///< body went to OnData
  bool Stopped = false;  ///< OnData asked to stop
  bool TooLarge = false; ///< the body went past MaxBodyBytes and was cut
  bool ok() const {
    return Err == NetError::None && Status >= 200 && Status < 300;
  }
};

/// Performs \p R with retries. Never throws.
HttpResponse httpPerform(const HttpRequest &R);

/// Seconds to wait for a Retry-After value (delta-seconds or HTTP date);
/// negative when it cannot be parsed.
double parseRetryAfter(const std::string &V);

/// Parts of a URL, for validation and messages ("scheme://host:port").
struct UrlParts {
  std::string Scheme, Host, Port, Path, Query;
  bool HasUserInfo = false, HasFragment = false;
};
bool splitUrl(const std::string &Url, UrlParts &P, std::string &Error);

/// \p Text with the user information of every URL in it ("user:password@"
/// after "scheme://") replaced by "***@", for printing.
std::string hideUrlUserinfo(std::string Text);

/// Appends "?k=v&..." (URL-encoded) to \p Url.
std::string
withQuery(const std::string &Url,
          const std::vector<std::pair<std::string, std::string>> &Q);

} // namespace usm::explain

#endif
