// The requests and responses of the adapter protocol (conformance/ADAPTER.md) as C++ values,
// and their JSON lines. The runner builds Requests; an Implementation answers them.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "runtime/value.h"
#include "ir/base/json.h"

namespace rlx::conform {

enum class Verb { kHello, kParse, kCheck, kInfer, kPrint, kRun, kProve };
const char* VerbName(Verb v);
std::optional<Verb> ParseVerb(const std::string& name);

/// An argument of a run request: a value, and the .npy file it came from (sent by path).
struct Argument {
  runtime::Value value;
  std::string npy_path;
};

struct Request {
  int64_t id = 0;
  Verb verb = Verb::kHello;
  std::string module;    // parse, check, infer, print, run
  std::string function;  // infer, run
  std::string var;       // infer
  std::vector<Argument> args;               // run
  std::map<std::string, int64_t> limits;    // run: max_steps, max_call_depth, ...
  std::string claim;     // prove
};

/// One error of a rejected request.
struct ErrorEntry {
  std::string code;
  std::string rule;
};

struct Response {
  enum class Status { kOk, kError, kUnsupported } status = Status::kOk;
  // kError
  std::string phase;  // parse, check, run (or what the adapter says)
  std::string code, rule, message;
  std::vector<ErrorEntry> errors;  // every error of the phase (includes code/rule)
  // kOk, by verb
  std::string name;                    // hello
  std::vector<std::string> verbs;      // hello
  std::string struct_info;             // infer
  std::string text;                    // print
  std::optional<runtime::Value> result;  // run
  std::vector<std::string> print;      // run
  std::string answer;                  // prove
  std::vector<std::pair<std::string, int64_t>> counterexample;  // prove

  static Response Error(std::string phase, std::string code, std::string rule, std::string message);
  static Response Unsupported(std::string message);
};

const char* StatusName(Response::Status s);

/// One line of JSON (no newline).
std::string RequestToJson(const Request& r);
std::string ResponseToJson(int64_t id, const Response& r);

/// Parses a request line; nullopt with `error` set when it is not a valid request. A valid
/// object whose verb is unknown also sets `unknown_verb_id` to its id (to answer unsupported).
std::optional<Request> RequestFromJson(const std::string& line, std::string* error,
                                       int64_t* unknown_verb_id = nullptr);
/// Parses a response line; `id` receives its id. nullopt with `error` set when malformed.
std::optional<Response> ResponseFromJson(const std::string& line, int64_t* id, std::string* error);

}  // namespace rlx::conform
