//===- LlmConfigFuzzer.cpp - libFuzzer target: explain's config.toml ------===//
//
// Feeds arbitrary bytes to loadLlmConfig() as the text of config.toml (the
// function that parses, validates and resolves `explain --llm` settings),
// then runs the request-building functions on any configuration it
// accepts. The contract under test: never crash, never throw, and a refusal
// is one line.
//
//===----------------------------------------------------------------------===//

#include "LlmClient.h"
#include "LlmConfig.h"

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <unistd.h>

using namespace usm::explain;

static std::string configPath() {
  const char *Dir = std::getenv("TMPDIR");
  return std::string(Dir && *Dir ? Dir : "/tmp") + "/usmcheck-fuzz-config-" +
         std::to_string(::getpid()) + ".toml";
}

static void removeConfig() { std::remove(configPath().c_str()); }

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *Data, size_t Size) {
  static const std::string Path = configPath();
  static const int Registered = std::atexit(removeConfig);
  (void)Registered;
  FILE *F = std::fopen(Path.c_str(), "wb");
  if (!F)
    std::abort();
  if (Size)
    std::fwrite(Data, 1, Size, F);
  std::fclose(F);

  LlmOverrides O;
  O.ConfigPath = Path;
  LlmSettings S;
  std::string Error;
  if (!loadLlmConfig(O, S, Error)) {
    if (Error.empty() || Error.find('\n') != std::string::npos) {
      std::fprintf(stderr, "refusal that is not one line: [%s]\n",
                   Error.c_str());
      std::abort(); // a refusal must be exactly one line
    }
    return 0;
  }
  std::string Why;
  if (validateForRequest(S, Why)) {
    (void)endpointUrl(S, postEndpoint(S.Wire));
    std::vector<std::string> Redacted;
    (void)requestHeaders(S, &Redacted);
    (void)requestBody(S, "system", "user", S.Stream);
    (void)redact(S, "text with " + S.EnvKey);
  }
  return 0;
}
