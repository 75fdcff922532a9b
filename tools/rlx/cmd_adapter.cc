// rlx adapter: rlx's own conformance adapter (conformance/ADAPTER.md). `--serve` answers JSON
// lines on stdin/stdout; `rlx adapter REQUEST.json` answers one request.
#include <exception>
#include <iostream>

#include "compiler/pass/pipelines.h"
#include "conformance/runner/in_process.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {

namespace {

std::string Answer(conform::Implementation& impl, const std::string& line) {
  std::string error;
  int64_t unknown_verb_id = -1;
  auto req = conform::RequestFromJson(line, &error, &unknown_verb_id);
  if (!req && unknown_verb_id >= 0)
    return conform::ResponseToJson(unknown_verb_id, conform::Response::Unsupported(error));
  if (!req)
    return conform::ResponseToJson(
        -1, conform::Response::Error("adapter", "", "", "bad request: " + error));
  try {
    return conform::ResponseToJson(req->id, impl.Handle(*req));
  } catch (const std::exception& e) {
    // A bug in rlx answers this request with an error; the serve loop goes on.
    return conform::ResponseToJson(
        req->id,
        conform::Response::Error("adapter", "", "", std::string("internal error: ") + e.what()));
  }
}

// The longest request line read (a module within the parser's 64 MiB, escaped as JSON).
constexpr size_t kMaxRequestBytes = size_t{512} << 20;

// One line of at most kMaxRequestBytes; a longer one is read to its end and dropped (*too_long),
// so that no input grows memory without bound. False at the end of the input.
bool ReadRequestLine(std::istream& in, std::string* line, bool* too_long) {
  line->clear();
  *too_long = false;
  bool any = false;
  std::streambuf* buf = in.rdbuf();
  for (int c; (c = buf->sbumpc()) != std::char_traits<char>::eof();) {
    any = true;
    if (c == '\n') return true;
    if (line->size() < kMaxRequestBytes) {
      line->push_back(static_cast<char>(c));
    } else if (!*too_long) {
      *too_long = true;
      line->clear();
      line->shrink_to_fit();
    }
  }
  return any;
}

}  // namespace

int RunAdapter(const std::vector<std::string>& all_args) {
  conform::InProcessImplementation impl;
  // --backend NAME (first): run requests on that backend (`rlx run --backend`).
  std::vector<std::string> args = all_args;
  if (args.size() >= 2 && args[0] == "--backend") {
    auto backend = BackendOption("rlx adapter", args[1]);
    if (!backend) return kUsage;
    impl.SetBackend(*backend);
    args.erase(args.begin(), args.begin() + 2);
  }
  // -O0 ... -O3 (after --backend): the compiled backends' optimization level.
  if (!args.empty() && args[0].rfind("-O", 0) == 0) {
    int level = 0;
    if (!compiler::ParseOptLevel(args[0], &level)) {
      std::cerr << "rlx adapter: expected -O0, -O1, -O2 or -O3, got '" << args[0] << "'\n";
      return kUsage;
    }
    impl.SetOptLevel(level);
    args.erase(args.begin());
  }
  if (args.size() == 1 && args[0] == "--serve") {
    std::string line;
    bool too_long = false;
    while (ReadRequestLine(std::cin, &line, &too_long)) {
      if (too_long) {
        std::cout << conform::ResponseToJson(
                         -1, conform::Response::Error("adapter", "", "",
                                                      "bad request: a line longer than 512 MiB"))
                  << "\n"
                  << std::flush;
        continue;
      }
      if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
      std::cout << Answer(impl, line) << "\n" << std::flush;
    }
    return kOk;
  }
  if (args.size() != 1 || args[0].rfind("--", 0) == 0) {
    std::cerr << "usage: rlx adapter [--backend NAME [-ON]] --serve | rlx adapter [--backend NAME [-ON]] REQUEST.json\n";
    return kUsage;
  }
  auto text = ReadFile(args[0]);
  if (!text) return kUsage;
  std::cout << Answer(impl, *text) << "\n";
  return kOk;
}

}  // namespace rlx::cli
