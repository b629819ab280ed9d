//===- explain_client_test.cpp - wire formats of the LLM channel
//------------===//
//
// The pieces of the LLM client that need no server: request bodies of both
// wire APIs, the server-sent-events parser fed in arbitrary chunks, answer
// extraction, key redaction, URL checks, Retry-After parsing and the
// "closest model id" suggestion of the doctor. The network paths are covered
// by the lit tests in test/explain against a local server.
//
//===----------------------------------------------------------------------===//
#include "Doctor.h"
#include "Http.h"
#include "LlmClient.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstdlib>

using namespace usm::explain;
using nlohmann::json;

namespace {

LlmSettings settings(WireApi W) {
  LlmSettings S;
  S.Model = "m1";
  S.BaseUrl = "http://127.0.0.1:9/v1/";
  S.Wire = W;
  S.EnvKey = "USM_EXPLAIN_TEST_KEY";
  return S;
}

TEST(LlmClient, ChatRequestBody) {
  json J =
      json::parse(requestBody(settings(WireApi::Chat), "sys", "user", true));
  EXPECT_EQ(J["model"], "m1");
  EXPECT_EQ(J["stream"], true);
  ASSERT_EQ(J["messages"].size(), 2u);
  EXPECT_EQ(J["messages"][0]["role"], "system");
  EXPECT_EQ(J["messages"][1]["content"], "user");
}

TEST(LlmClient, ResponsesRequestBody) {
  json J = json::parse(
      requestBody(settings(WireApi::Responses), "sys", "user", false, 16));
  EXPECT_EQ(J["instructions"], "sys");
  EXPECT_EQ(J["input"], "user");
  EXPECT_EQ(J["stream"], false);
  EXPECT_EQ(J["max_output_tokens"], 16);
}

TEST(LlmClient, EndpointUrlWithQueryParams) {
  LlmSettings S = settings(WireApi::Chat);
  S.QueryParams = {{"api-version", "2025-01-01"}, {"x", "a b"}};
  EXPECT_EQ(
      endpointUrl(S, postEndpoint(S.Wire)),
      "http://127.0.0.1:9/v1/chat/completions?api-version=2025-01-01&x=a%20b");
  EXPECT_EQ(std::string(postEndpoint(WireApi::Responses)), "responses");
}

TEST(LlmClient, KeyOnlyInAuthorizationAndRedacted) {
  LlmSettings S = settings(WireApi::Chat);
  const std::string Key = "sk-unit-test-0123456789";
  setenv("USM_EXPLAIN_TEST_KEY", Key.c_str(), 1);
  std::vector<std::string> Shown;
  std::vector<std::string> H = requestHeaders(S, &Shown);
  bool Sent = false;
  for (const std::string &L : H)
    Sent |= L == "Authorization: Bearer " + Key;
  EXPECT_TRUE(Sent);
  for (const std::string &L : Shown)
    EXPECT_EQ(L.find(Key), std::string::npos) << L;
  EXPECT_EQ(redact(S, "echo " + Key + " and " + Key),
            "echo <redacted $USM_EXPLAIN_TEST_KEY> and <redacted "
            "$USM_EXPLAIN_TEST_KEY>");
  unsetenv("USM_EXPLAIN_TEST_KEY");
  H = requestHeaders(S, nullptr);
  for (const std::string &L : H)
    EXPECT_EQ(L.rfind("Authorization", 0), std::string::npos)
        << "no header without a key";
}

TEST(LlmClient, NoHeaderLineWithALineBreakIsSent) {
  // The configuration refuses such values; requestHeaders() does not send
  // them either, whatever reaches it (the key and env_http_headers values
  // come from the environment).
  LlmSettings S = settings(WireApi::Chat);
  S.HttpHeaders = {{"X-A", "a\r\nX-Injected: 1"}, {"X-B", "ok"}};
  S.EnvHttpHeaders = {{"X-C", "USM_EXPLAIN_TEST_ORG"}};
  setenv("USM_EXPLAIN_TEST_KEY", "key\r\nX-Injected: 2", 1);
  setenv("USM_EXPLAIN_TEST_ORG", "org\nX-Injected: 3", 1);
  for (const std::string &L : requestHeaders(S, nullptr)) {
    EXPECT_EQ(L.find_first_of("\r\n"), std::string::npos) << L;
    EXPECT_EQ(L.find("X-Injected"), std::string::npos) << L;
  }
  unsetenv("USM_EXPLAIN_TEST_KEY");
  unsetenv("USM_EXPLAIN_TEST_ORG");
}

TEST(LlmClient, RedactHidesUrlPasswords) {
  LlmSettings S = settings(WireApi::Chat);
  EXPECT_EQ(redact(S, "POST http://u:hunter2@h/v1/chat/completions failed"),
            "POST http://***@h/v1/chat/completions failed");
}

TEST(LlmClient, ErrorSummaryKeepsBytesForSafeText) {
  // A body starting with NUL is summarised whole (safeText shows the NUL).
  std::string Body("\0bad request", 12);
  EXPECT_EQ(errorSummary(Body), Body);
  // A long raw body is cut at a character boundary and marked.
  std::string Long(199, 'x');
  Long += "\xC3\xA9 tail";
  EXPECT_EQ(errorSummary(Long), std::string(199, 'x') + "...");
}

TEST(SseParser, EventsAcrossArbitraryChunks) {
  std::string Stream = ": comment\r\n\r\nevent: a\r\ndata: {\"x\":1}\r\n\r\n"
                       "data: line1\ndata: line2\n\ndata: [DONE]\n\n";
  for (size_t Step : {1u, 3u, 7u, 1000u}) {
    std::vector<std::pair<std::string, std::string>> Got;
    SseParser P([&](const std::string &E, const std::string &D) {
      Got.emplace_back(E, D);
    });
    for (size_t I = 0; I < Stream.size(); I += Step)
      P.feed(Stream.data() + I, std::min(Step, Stream.size() - I));
    P.finish();
    ASSERT_EQ(Got.size(), 3u) << "chunk size " << Step;
    EXPECT_EQ(Got[0].first, "a");
    EXPECT_EQ(Got[0].second, "{\"x\":1}");
    EXPECT_EQ(Got[1].first, "");
    EXPECT_EQ(Got[1].second, "line1\nline2");
    EXPECT_EQ(Got[2].second, "[DONE]");
  }
}

TEST(LlmClient, ExtractAnswer) {
  std::string T, E;
  EXPECT_TRUE(extractAnswer(
      WireApi::Chat, R"({"choices":[{"message":{"content":"hi"}}]})", T, E));
  EXPECT_EQ(T, "hi");
  T.clear();
  EXPECT_TRUE(
      extractAnswer(WireApi::Responses,
                    R"({"output":[{"type":"reasoning"},{"type":"message",
                            "content":[{"type":"output_text","text":"a"},
                            {"type":"output_text","text":"b"}]}]})",
                    T, E));
  EXPECT_EQ(T, "ab");
  EXPECT_FALSE(extractAnswer(WireApi::Chat, "<html>", T, E));
  EXPECT_NE(E.find("not valid JSON"), std::string::npos);
  EXPECT_FALSE(extractAnswer(WireApi::Chat, R"({"output":[]})", T, E));
  EXPECT_NE(E.find("choices[0].message.content"), std::string::npos);
}

TEST(LlmClient, ErrorSummary) {
  EXPECT_EQ(errorSummary(R"({"error":{"message":"bad","code":"x_y"}})"),
            "bad (code x_y)");
  EXPECT_EQ(errorSummary("plain\ntext"), "plain text");
}

TEST(Http, SplitUrl) {
  UrlParts P;
  std::string E;
  ASSERT_TRUE(splitUrl("https://api.example.com/v1", P, E));
  EXPECT_EQ(P.Host, "api.example.com");
  EXPECT_EQ(P.Port, "443");
  EXPECT_EQ(P.Path, "/v1");
  ASSERT_TRUE(splitUrl("http://[::1]:8080", P, E));
  EXPECT_EQ(P.Host, "[::1]");
  EXPECT_EQ(P.Port, "8080");
  EXPECT_FALSE(splitUrl("api.example.com/v1", P, E));
  EXPECT_NE(E.find("no scheme"), std::string::npos);
  EXPECT_FALSE(splitUrl("ftp://x", P, E));
  EXPECT_FALSE(splitUrl("http://x:99999", P, E));
  EXPECT_FALSE(splitUrl("http:// x", P, E));
}

TEST(Http, RetryAfter) {
  EXPECT_DOUBLE_EQ(parseRetryAfter("2"), 2.0);
  EXPECT_DOUBLE_EQ(parseRetryAfter("Wed, 21 Oct 2015 07:28:00 GMT"), 0.0);
  EXPECT_LT(parseRetryAfter("soon"), 0);
  EXPECT_LT(parseRetryAfter(""), 0);
}

TEST(Doctor, ClosestModelIds) {
  std::vector<std::string> Ids = {"gpt-4o", "gpt-4.1", "gpt-4.1-mini", "o3",
                                  "claude-x"};
  auto C = closestIds("gpt-4.l", Ids, 2);
  ASSERT_EQ(C.size(), 2u);
  EXPECT_EQ(C[0], "gpt-4.1");
  EXPECT_EQ(editDistance("kitten", "sitting"), 3u);
  EXPECT_EQ(editDistance("", "abc"), 3u);
}

} // namespace
