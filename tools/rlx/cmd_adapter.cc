// rlx adapter: rlx's own conformance adapter (conformance/ADAPTER.md). `--serve` answers JSON
// lines on stdin/stdout; `rlx adapter REQUEST.json` answers one request.
#include <iostream>

#include "conformance/runner/in_process.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {

namespace {

std::string Answer(conform::Implementation& impl, const std::string& line) {
  std::string error;
  int64_t unknown_verb_id = -1;
  auto req = conform::RequestFromJson(line, &error, &unknown_verb_id);
  if (!req && unknown_verb_id >= 0) return conform::ResponseToJson(unknown_verb_id, conform::Response::Unsupported(error));
  if (!req) return conform::ResponseToJson(-1, conform::Response::Error("adapter", "", "", "bad request: " + error));
  return conform::ResponseToJson(req->id, impl.Handle(*req));
}

}  // namespace

int RunAdapter(const std::vector<std::string>& args) {
  conform::InProcessImplementation impl;
  if (args.size() == 1 && args[0] == "--serve") {
    std::string line;
    while (std::getline(std::cin, line)) {
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      std::cout << Answer(impl, line) << "\n" << std::flush;
    }
    return kOk;
  }
  if (args.size() != 1 || args[0].rfind("--", 0) == 0) {
    std::cerr << "usage: rlx adapter --serve | rlx adapter REQUEST.json\n";
    return kUsage;
  }
  auto text = ReadFile(args[0]);
  if (!text) return kUsage;
  std::cout << Answer(impl, *text) << "\n";
  return kOk;
}

}  // namespace rlx::cli
