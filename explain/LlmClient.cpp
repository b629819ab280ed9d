//===- LlmClient.cpp - chat/completions and responses over HTTP
//-------------===//
#include "LlmClient.h"

#include "SafeText.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>

namespace usm::explain {

using nlohmann::json;

const char *postEndpoint(WireApi W) {
  return W == WireApi::Chat ? "chat/completions" : "responses";
}

std::string endpointUrl(const LlmSettings &S, const std::string &Endpoint) {
  std::string Base = S.BaseUrl;
  while (!Base.empty() && Base.back() == '/')
    Base.pop_back();
  return withQuery(Base + "/" + Endpoint, S.QueryParams);
}

std::string requestBody(const LlmSettings &S, const std::string &System,
                        const std::string &User, bool Stream,
                        int MaxOutputTokens) {
  json J;
  J["model"] = S.Model;
  if (S.Wire == WireApi::Chat) {
    J["messages"] = json::array({{{"role", "system"}, {"content", System}},
                                 {{"role", "user"}, {"content", User}}});
    if (MaxOutputTokens > 0)
      J["max_tokens"] = MaxOutputTokens;
  } else {
    J["instructions"] = System;
    J["input"] = User;
    if (MaxOutputTokens > 0)
      J["max_output_tokens"] = MaxOutputTokens;
  }
  J["stream"] = Stream;
  return J.dump(2);
}

namespace {
std::string envOr(const std::string &Name) {
  const char *V = Name.empty() ? nullptr : std::getenv(Name.c_str());
  return V ? V : "";
}
} // namespace

std::vector<std::string> requestHeaders(const LlmSettings &S,
                                        std::vector<std::string> *Redacted) {
  // A value that holds a line break would end the header and start another
  // one on the wire; the configuration refuses such values, and a key or
  // env_http_headers value from the environment that has one is not sent.
  auto OneLine = [](const std::string &V) {
    return V.find_first_of(std::string("\r\n\0", 3)) == std::string::npos;
  };
  std::vector<std::string> H{"Content-Type: application/json",
                             "Accept: application/json, text/event-stream"};
  if (Redacted)
    *Redacted = H;
  std::string Key = envOr(S.EnvKey);
  if (!Key.empty() && OneLine(Key)) {
    H.push_back("Authorization: Bearer " + Key);
    if (Redacted)
      Redacted->push_back("Authorization: Bearer <$" + S.EnvKey + ": " +
                          std::to_string(Key.size()) + " characters>");
  }
  for (auto &[Name, Value] : S.HttpHeaders) {
    if (!OneLine(Name) || !OneLine(Value))
      continue;
    H.push_back(Name + ": " + Value);
    if (Redacted)
      Redacted->push_back(Name + ": " + Value);
  }
  for (auto &[Name, Var] : S.EnvHttpHeaders) {
    std::string V = envOr(Var);
    if (V.empty() || !OneLine(V) || !OneLine(Name))
      continue; // Codex skips headers whose variable is unset
    H.push_back(Name + ": " + V);
    if (Redacted)
      Redacted->push_back(Name + ": <$" + Var + ">");
  }
  return H;
}

std::string redact(const LlmSettings &S, std::string Text) {
  auto Scrub = [&Text](const std::string &Secret, const std::string &Var) {
    // Short values (e.g. "1") would blank out unrelated text; such values
    // are not credentials anyway.
    if (Secret.size() < 4)
      return;
    std::string Repl = "<redacted $" + Var + ">";
    for (size_t P = Text.find(Secret); P != std::string::npos;
         P = Text.find(Secret, P + Repl.size()))
      Text.replace(P, Secret.size(), Repl);
  };
  Scrub(envOr(S.EnvKey), S.EnvKey);
  for (auto &[Name, Var] : S.EnvHttpHeaders)
    Scrub(envOr(Var), Var);
  return hideUrlUserinfo(std::move(Text));
}

void SseParser::feed(const char *Data, size_t Len) {
  Buf.append(Data, Len);
  size_t Start = 0;
  for (size_t NL; (NL = Buf.find('\n', Start)) != std::string::npos;
       Start = NL + 1) {
    std::string L = Buf.substr(Start, NL - Start);
    if (!L.empty() && L.back() == '\r')
      L.pop_back();
    line(L);
  }
  Buf.erase(0, Start);
}

void SseParser::finish() {
  if (!Buf.empty()) {
    line(Buf);
    Buf.clear();
  }
  line("");
}

void SseParser::line(const std::string &L) {
  if (L.empty()) { // dispatch
    if (HaveData)
      OnEvent(Event, DataLines);
    Event.clear();
    DataLines.clear();
    HaveData = false;
    return;
  }
  if (L[0] == ':')
    return; // comment / keep-alive
  size_t Colon = L.find(':');
  std::string Field = L.substr(0, Colon);
  std::string Value = Colon == std::string::npos ? "" : L.substr(Colon + 1);
  if (!Value.empty() && Value[0] == ' ')
    Value.erase(0, 1);
  if (Field == "event")
    Event = Value;
  else if (Field == "data") {
    if (HaveData)
      DataLines += '\n';
    DataLines += Value;
    HaveData = true;
  }
}

std::string errorSummary(const std::string &Body) {
  try {
    json J = json::parse(Body);
    if (J.is_object() && J.contains("error")) {
      const json &E = J["error"];
      if (E.is_string())
        return E.get<std::string>();
      std::string Msg;
      if (E.contains("message") && E["message"].is_string())
        Msg = E["message"].get<std::string>();
      if (Msg.size() > 1000)
        Msg = Msg.substr(0, utf8Prefix(Msg, 1000)) + "...";
      if (E.contains("code") && E["code"].is_string())
        Msg += " (code " + E["code"].get<std::string>() + ")";
      if (!Msg.empty())
        return Msg;
    }
  } catch (const json::exception &) {
  }
  std::string S = Body.substr(0, utf8Prefix(Body, 200));
  for (char &C : S)
    if (C == '\n' || C == '\r')
      C = ' ';
  if (S.size() < Body.size())
    S += "...";
  return S.empty() ? "(empty body)" : S;
}

bool extractAnswer(WireApi W, const std::string &Body, std::string &Text,
                   std::string &Error) {
  json J;
  try {
    J = json::parse(Body);
  } catch (const json::exception &) {
    std::string Sum = errorSummary(Body);
    Error = "the answer is not valid JSON (starts with '" +
            Sum.substr(0, utf8Prefix(Sum, 60)) + "')";
    return false;
  }
  try {
    if (W == WireApi::Chat) {
      const json &C = J.at("choices").at(0).at("message").at("content");
      if (C.is_string()) {
        Text = C.get<std::string>();
        return true;
      }
    } else {
      if (J.contains("output_text") && J["output_text"].is_string()) {
        Text = J["output_text"].get<std::string>();
        return true;
      }
      bool Found = false;
      for (const json &Item : J.at("output"))
        if (Item.value("type", "") == "message" && Item.contains("content"))
          for (const json &Part : Item["content"])
            if (Part.value("type", "") == "output_text") {
              Text += Part.value("text", "");
              Found = true;
            }
      if (Found)
        return true;
    }
  } catch (const json::exception &) {
  }
  Error = std::string("the answer has no text where the ") + wireApiName(W) +
          " API puts it" +
          (W == WireApi::Chat ? " (choices[0].message.content)"
                              : " (output[].content[].text)");
  return false;
}

LlmAnswer askLlm(const LlmSettings &S, const std::string &System,
                 const std::string &User,
                 const std::function<void(const std::string &)> &OnText,
                 const std::function<void(int, double, long)> &OnRetry,
                 int MaxOutputTokens) {
  LlmAnswer A;
  HttpRequest R;
  R.Method = "POST";
  R.Url = endpointUrl(S, postEndpoint(S.Wire));
  R.Headers = requestHeaders(S, nullptr);
  R.Body = requestBody(S, System, User, S.Stream, MaxOutputTokens);
  R.TimeoutS = S.TimeoutS;
  R.ConnectTimeoutS = S.ConnectTimeoutS;
  R.MaxRetries = S.MaxRetries;
  R.OnRetry = OnRetry;
  // The text is bounded by max_answer_bytes; the body around it (JSON, SSE
  // framing, \u escapes) by a multiple of it, so that neither a long answer
  // nor an endless stream of events without text can grow without bound.
  const size_t MaxText = S.MaxAnswerBytes;
  R.MaxBodyBytes = MaxText > (SIZE_MAX - (64u << 10)) / 8
                       ? SIZE_MAX
                       : MaxText * 8 + (64u << 10);
  bool Cut = false;
  // Takes \p T into the answer up to the bound; the rest is dropped.
  auto Accept = [&](const std::string &T) {
    if (Cut || T.empty())
      return;
    size_t Room = MaxText - A.Text.size();
    if (T.size() <= Room) {
      A.Text += T;
      OnText(T);
      return;
    }
    std::string Part = T.substr(0, utf8Prefix(T, Room));
    A.Text += Part;
    if (!Part.empty())
      OnText(Part);
    Cut = true;
  };

  // Streaming state: the body is SSE only if the server says so; otherwise
  // it is collected and parsed whole.
  bool IsSse = false, Decided = false, Done = false;
  std::string Raw, StreamError;
  unsigned BadEvents = 0;
  SseParser Parser([&](const std::string &Event, const std::string &Data) {
    if (Data == "[DONE]") {
      Done = true;
      return;
    }
    json J;
    try {
      J = json::parse(Data);
    } catch (const json::exception &) {
      ++BadEvents;
      return;
    }
    std::string Type = J.value("type", Event);
    if (S.Wire == WireApi::Chat) {
      if (J.contains("error")) {
        StreamError = errorSummary(Data);
        return;
      }
      if (J.contains("choices") && J["choices"].is_array() &&
          !J["choices"].empty()) {
        const json &Ch = J["choices"][0];
        if (Ch.contains("delta") && Ch["delta"].contains("content") &&
            Ch["delta"]["content"].is_string()) {
          Accept(Ch["delta"]["content"].get<std::string>());
        }
      }
    } else {
      if (Type == "response.output_text.delta" && J.contains("delta") &&
          J["delta"].is_string()) {
        Accept(J["delta"].get<std::string>());
      } else if (Type == "response.completed") {
        Done = true;
      } else if (Type == "response.failed" || Type == "error" ||
                 Type == "response.incomplete") {
        std::string Msg;
        if (J.contains("response") && J["response"].contains("error"))
          Msg = errorSummary(J["response"].dump());
        else
          Msg = errorSummary(Data);
        StreamError = Type + ": " + Msg;
      }
    }
  });
  R.OnData = [&](const char *D, size_t N, const std::string &ContentType) {
    if (!Decided) {
      Decided = true;
      IsSse = ContentType.find("text/event-stream") != std::string::npos;
    }
    if (IsSse)
      Parser.feed(D, N);
    else
      Raw.append(D, N);
    return !Cut; // stop reading once the answer is cut
  };
  HttpResponse Resp = httpPerform(R);
  A.Status = Resp.Status;
  A.Net = Resp.Err;
  A.Attempts = Resp.Attempts;
  A.Streamed = IsSse;
  std::string Url = R.Url;

  if (Resp.Err != NetError::None && !(IsSse && Resp.Status == 200)) {
    A.Error = std::string(netErrorName(Resp.Err)) + " for POST " + Url + ": " +
              Resp.ErrorText;
    if (Resp.Attempts > 1)
      A.Error += " (after " + std::to_string(Resp.Attempts) + " attempts)";
    A.Error = redact(S, A.Error);
    return A;
  }
  if (Resp.Status < 200 || Resp.Status >= 300) {
    A.Error = "POST " + Url + " answered HTTP " + std::to_string(Resp.Status) +
              ": " + errorSummary(Resp.Body);
    if (Resp.Attempts > 1)
      A.Error += " (after " + std::to_string(Resp.Attempts) + " attempts)";
    if (!Resp.RetryAfter.empty() && Resp.Attempts <= S.MaxRetries &&
        (Resp.Status == 429 || Resp.Status >= 500))
      A.Error += "; Retry-After: " + Resp.RetryAfter +
                 " is longer than usmcheck waits (30 s); try again later";
    if (Resp.Status == 401 || Resp.Status == 403)
      A.Error += "; check the key in $" +
                 (S.EnvKey.empty() ? std::string("<env_key>") : S.EnvKey) +
                 " (usmcheck explain --doctor)";
    A.Error = redact(S, A.Error);
    return A;
  }
  const std::string CutAdvice =
      "; raise --max-answer-bytes (or max_answer_bytes in [usmcheck]) to "
      "accept more";
  auto CutMessage = [&] {
    return "the answer was cut at " + std::to_string(A.Text.size()) +
           " bytes: it is longer than max_answer_bytes (" +
           std::to_string(MaxText) + "), and the rest was not read" + CutAdvice;
  };
  if (IsSse) {
    if (Cut) {
      A.Cut = true;
      A.Error = CutMessage();
      return A;
    }
    Parser.finish();
    if (Resp.TooLarge) {
      A.Cut = true;
      A.Error = "the stream was cut after " + std::to_string(R.MaxBodyBytes) +
                " bytes with " + std::to_string(A.Text.size()) +
                " bytes of text (the stream may carry at most 8 times "
                "max_answer_bytes, " +
                std::to_string(MaxText) + ")" + CutAdvice;
      return A;
    }
    if (!StreamError.empty()) {
      A.Error = redact(S, "the stream reported an error: " + StreamError);
      return A;
    }
    if (Resp.Err != NetError::None) {
      A.Error = redact(S, std::string("the stream broke off (") +
                              netErrorName(Resp.Err) + ": " + Resp.ErrorText +
                              ") after " + std::to_string(A.Text.size()) +
                              " characters");
      return A;
    }
    if (!Done) {
      A.Error = "the stream was truncated: it ended without its final event "
                "after " +
                std::to_string(A.Text.size()) + " characters" +
                (BadEvents ? " (" + std::to_string(BadEvents) +
                                 " events were not valid JSON)"
                           : std::string());
      return A;
    }
    if (BadEvents && A.Text.empty()) {
      A.Error = std::to_string(BadEvents) +
                " stream events were not valid JSON and no text arrived";
      return A;
    }
    A.Ok = true;
    return A;
  }
  if (Resp.TooLarge) {
    A.Cut = true;
    A.Error =
        "the answer's body was cut after " + std::to_string(R.MaxBodyBytes) +
        " bytes (at most 8 times max_answer_bytes, " + std::to_string(MaxText) +
        "); nothing of it was printed" + CutAdvice;
    return A;
  }
  std::string Err, Whole;
  if (!extractAnswer(S.Wire, Raw, Whole, Err)) {
    A.Error = redact(S, "POST " + Url + " answered 200 but " + Err);
    return A;
  }
  Accept(Whole);
  if (Cut) {
    A.Cut = true;
    A.Error = CutMessage();
    return A;
  }
  A.Ok = true;
  return A;
}

} // namespace usm::explain
