//===- LlmResponseFuzzer.cpp - libFuzzer target: LLM answers --------------===//
//
// Feeds arbitrary bytes to the parts of the LLM channel that read what a
// server sends: the server-sent-events parser (fed in chunks whose sizes
// come from the input, so that every split point is exercised), the
// non-streamed answer extraction for both wire APIs, error-body summaries,
// Retry-After values and URL splitting. The contract: never crash, never
// throw.
//
//===----------------------------------------------------------------------===//

#include "Http.h"
#include "LlmClient.h"

#include <cstdint>
#include <cstdlib>
#include <string>

using namespace usm::explain;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  const std::string In(reinterpret_cast<const char *>(Data), Size);

  // SSE: the first byte picks the chunk size (1..16), the rest is the body.
  size_t Chunk = Size ? (Data[0] & 15) + 1 : 1;
  size_t Events = 0, EventBytes = 0;
  SseParser P([&](const std::string &Event, const std::string &Payload) {
    ++Events;
    EventBytes += Event.size() + Payload.size();
    std::string Text, Err;
    (void)extractAnswer(WireApi::Chat, Payload, Text, Err);
  });
  for (size_t I = Size ? 1 : 0; I < Size; I += Chunk)
    P.feed(In.data() + I, std::min(Chunk, Size - I));
  P.finish();
  if (EventBytes > Size)
    std::abort(); // events cannot hold more bytes than were fed

  for (WireApi W : {WireApi::Chat, WireApi::Responses}) {
    std::string Text, Err;
    if (!extractAnswer(W, In, Text, Err) && Err.empty())
      std::abort(); // a failure always says why
  }
  std::string Sum = errorSummary(In);
  if (Sum.empty())
    std::abort();
  (void)parseRetryAfter(In);
  UrlParts U;
  std::string UrlErr;
  (void)splitUrl(In, U, UrlErr);
  (void)hideUrlUserinfo(In);
  return 0;
}
