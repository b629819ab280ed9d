//===- LlmClient.h - OpenAI-compatible requests and answers
//------------------===//
//
// Both wire APIs that OpenAI-compatible gateways speak:
//   chat       POST {base_url}/chat/completions
//              {"model", "messages": [system, user], "stream"}
//              answer: choices[0].message.content, or SSE "data:" events
//              with choices[0].delta.content, ending with "data: [DONE]"
//   responses  POST {base_url}/responses
//              {"model", "instructions", "input", "stream"}
//              answer: output[].content[] of type output_text, or SSE events
//              response.output_text.delta ... response.completed
// A gateway may ignore "stream": the Content-Type of the answer decides how
// it is read. A stream that ends before its final event is reported as
// truncated (the text received so far has already been printed).
//
// The key is read from the environment when the request is built and goes
// only into the Authorization header; describeRequest() and every error text
// pass through redact() so that it cannot leak even if a server echoes it.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_EXPLAIN_LLMCLIENT_H
#define USMCHECK_EXPLAIN_LLMCLIENT_H

#include "Http.h"
#include "LlmConfig.h"

#include <functional>
#include <string>
#include <vector>

namespace usm::explain {

/// {base_url}/{Endpoint} with the provider's query_params; a trailing '/' on
/// base_url is ignored.
std::string endpointUrl(const LlmSettings &S, const std::string &Endpoint);
/// "chat/completions" or "responses".
const char *postEndpoint(WireApi W);

/// The JSON body for one question.
std::string requestBody(const LlmSettings &S, const std::string &System,
                        const std::string &User, bool Stream,
                        int MaxOutputTokens = 0);

/// The headers of a request: Content-Type, Accept, Authorization (when
/// env_key is set and the variable is non-empty), http_headers and
/// env_http_headers. \p Redacted gets the same list with the secret values
/// replaced by "<$VAR: N characters>" for display.
std::vector<std::string> requestHeaders(const LlmSettings &S,
                                        std::vector<std::string> *Redacted);

/// Replaces every occurrence of the key (and of env_http_headers values) in
/// \p Text with "<redacted $VAR>".
std::string redact(const LlmSettings &S, std::string Text);

/// Incremental server-sent-events parser: feed() bytes as they arrive;
/// onEvent(event, data) fires for each complete event.
class SseParser {
public:
  explicit SseParser(
      std::function<void(const std::string &, const std::string &)> OnEvent)
      : OnEvent(std::move(OnEvent)) {}
  void feed(const char *Data, size_t Len);
  /// Flushes a final event not followed by a blank line.
  void finish();

private:
  void line(const std::string &L);
  std::function<void(const std::string &, const std::string &)> OnEvent;
  std::string Buf, Event, DataLines;
  bool HaveData = false;
};

struct LlmAnswer {
  bool Ok = false;
  std::string Text; ///< the answer (also when streamed)
  bool Streamed = false;
  std::string Error; ///< one line, redacted, when !Ok
  /// The answer reached max_answer_bytes and was cut (Text holds the part
  /// that was accepted and printed); Error says so.
  bool Cut = false;
  long Status = 0;
  NetError Net = NetError::None;
  int Attempts = 0;
};

/// Sends one question. \p OnText receives the answer text as it arrives
/// (once, whole, for non-streamed answers), at most S.MaxAnswerBytes bytes
/// in all: past that the transfer stops and the answer fails with Cut set.
/// The text is raw network text: print it through safeText(). \p OnRetry is
/// told about retries (for a line on stderr).
LlmAnswer askLlm(const LlmSettings &S, const std::string &System,
                 const std::string &User,
                 const std::function<void(const std::string &)> &OnText,
                 const std::function<void(int, double, long)> &OnRetry = {},
                 int MaxOutputTokens = 0);

/// The text of a non-streamed answer body, per wire API; false with a
/// reason in \p Error when the body is not JSON or has no text.
bool extractAnswer(WireApi W, const std::string &Body, std::string &Text,
                   std::string &Error);

/// "error.message" (and code) of an error body, or a prefix of the raw body.
std::string errorSummary(const std::string &Body);

} // namespace usm::explain

#endif
