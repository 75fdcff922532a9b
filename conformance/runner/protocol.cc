#include "conformance/runner/protocol.h"

#include <sstream>

#include "runtime/io/json_value.h"
#include "ir/base/diagnostic.h"

namespace rlx::conform {
namespace {

constexpr const char* kVerbNames[] = {"hello", "parse", "check", "infer", "print", "run", "prove"};

std::string Quote(const std::string& s) { return "\"" + JsonEscape(s) + "\""; }

std::string StringField(const Json& j, const char* key) {
  const Json* f = j.Find(key);
  return f && f->kind() == Json::Kind::kString ? f->as_string() : "";
}

}  // namespace

const char* VerbName(Verb v) { return kVerbNames[static_cast<int>(v)]; }

std::optional<Verb> ParseVerb(const std::string& name) {
  for (int i = 0; i < 7; ++i) {
    if (name == kVerbNames[i]) return static_cast<Verb>(i);
  }
  return std::nullopt;
}

const char* StatusName(Response::Status s) {
  switch (s) {
    case Response::Status::kOk: return "ok";
    case Response::Status::kError: return "error";
    case Response::Status::kUnsupported: return "unsupported";
  }
  return "?";
}

Response Response::Error(std::string phase, std::string code, std::string rule, std::string message) {
  Response r;
  r.status = Status::kError;
  r.phase = std::move(phase);
  r.code = std::move(code);
  r.rule = std::move(rule);
  r.message = std::move(message);
  return r;
}

Response Response::Unsupported(std::string message) {
  Response r;
  r.status = Status::kUnsupported;
  r.message = std::move(message);
  return r;
}

std::string RequestToJson(const Request& r) {
  std::ostringstream out;
  out << "{\"id\":" << r.id << ",\"verb\":\"" << VerbName(r.verb) << "\"";
  switch (r.verb) {
    case Verb::kHello: break;
    case Verb::kParse:
    case Verb::kCheck:
    case Verb::kPrint: out << ",\"module\":" << Quote(r.module); break;
    case Verb::kInfer:
      out << ",\"module\":" << Quote(r.module) << ",\"function\":" << Quote(r.function) << ",\"var\":" << Quote(r.var);
      break;
    case Verb::kRun:
      out << ",\"module\":" << Quote(r.module) << ",\"function\":" << Quote(r.function) << ",\"args\":[";
      for (size_t i = 0; i < r.args.size(); ++i) {
        if (i) out << ",";
        if (!r.args[i].npy_path.empty()) out << "{\"npy\":" << Quote(r.args[i].npy_path) << "}";
        else out << runtime::ValueToJson(r.args[i].value);
      }
      out << "]";
      if (!r.limits.empty()) {
        out << ",\"limits\":{";
        bool first = true;
        for (const auto& [k, v] : r.limits) {
          out << (first ? "" : ",") << Quote(k) << ":" << v;
          first = false;
        }
        out << "}";
      }
      break;
    case Verb::kProve: out << ",\"claim\":" << Quote(r.claim); break;
  }
  out << "}";
  return out.str();
}

std::string ResponseToJson(int64_t id, const Response& r) {
  std::ostringstream out;
  out << "{\"id\":" << id << ",\"status\":\"" << StatusName(r.status) << "\"";
  if (r.status == Response::Status::kError) {
    out << ",\"phase\":" << Quote(r.phase) << ",\"code\":" << Quote(r.code) << ",\"rule\":" << Quote(r.rule);
    if (!r.errors.empty()) {
      out << ",\"errors\":[";
      for (size_t i = 0; i < r.errors.size(); ++i) {
        out << (i ? "," : "") << "{\"code\":" << Quote(r.errors[i].code) << ",\"rule\":" << Quote(r.errors[i].rule) << "}";
      }
      out << "]";
    }
  }
  if (r.status != Response::Status::kOk || !r.message.empty()) out << ",\"message\":" << Quote(r.message);
  if (r.status == Response::Status::kOk) {
    if (!r.name.empty()) {
      out << ",\"protocol\":1,\"name\":" << Quote(r.name) << ",\"verbs\":[";
      for (size_t i = 0; i < r.verbs.size(); ++i) out << (i ? "," : "") << Quote(r.verbs[i]);
      out << "]";
    }
    if (!r.struct_info.empty()) out << ",\"struct_info\":" << Quote(r.struct_info);
    if (!r.text.empty()) out << ",\"text\":" << Quote(r.text);
    if (r.result) out << ",\"result\":" << runtime::ValueToJson(*r.result);
    if (!r.answer.empty()) {
      out << ",\"answer\":" << Quote(r.answer);
      if (!r.counterexample.empty()) {
        out << ",\"counterexample\":{";
        for (size_t i = 0; i < r.counterexample.size(); ++i) {
          out << (i ? "," : "") << Quote(r.counterexample[i].first) << ":" << r.counterexample[i].second;
        }
        out << "}";
      }
    }
  }
  // What R.print wrote, also before a run error.
  if (r.result || !r.print.empty()) {
    out << ",\"print\":[";
    for (size_t i = 0; i < r.print.size(); ++i) out << (i ? "," : "") << Quote(r.print[i]);
    out << "]";
  }
  out << "}";
  return out.str();
}

std::optional<Request> RequestFromJson(const std::string& line, std::string* error, int64_t* unknown_verb_id) {
  auto j = Json::Parse(line, error);
  if (!j) return std::nullopt;
  if (j->kind() != Json::Kind::kObject) {
    *error = "a request must be a JSON object";
    return std::nullopt;
  }
  Request r;
  if (const Json* id = j->Find("id")) r.id = id->as_int().value_or(0);
  auto verb = ParseVerb(StringField(*j, "verb"));
  if (!verb) {
    *error = "unknown verb '" + StringField(*j, "verb") + "'";
    if (unknown_verb_id) *unknown_verb_id = r.id;
    return std::nullopt;
  }
  r.verb = *verb;
  r.module = StringField(*j, "module");
  r.function = StringField(*j, "function");
  r.var = StringField(*j, "var");
  r.claim = StringField(*j, "claim");
  if (const Json* args = j->Find("args")) {
    if (args->kind() != Json::Kind::kArray) {
      *error = "\"args\" must be an array";
      return std::nullopt;
    }
    for (const Json& a : args->items()) {
      auto v = runtime::ValueFromJson(a, nullptr, error);
      if (!v) return std::nullopt;
      r.args.push_back({*v, ""});
    }
  }
  if (const Json* limits = j->Find("limits")) {
    for (const auto& [k, v] : limits->members()) {
      auto n = v.as_int();
      if (!n) {
        *error = "limit '" + k + "' must be an integer";
        return std::nullopt;
      }
      r.limits[k] = *n;
    }
  }
  return r;
}

std::optional<Response> ResponseFromJson(const std::string& line, int64_t* id, std::string* error) {
  auto j = Json::Parse(line, error);
  if (!j) return std::nullopt;
  if (j->kind() != Json::Kind::kObject) {
    *error = "a response must be a JSON object";
    return std::nullopt;
  }
  const Json* idj = j->Find("id");
  *id = idj ? idj->as_int().value_or(-1) : -1;
  Response r;
  std::string status = StringField(*j, "status");
  if (status == "ok") r.status = Response::Status::kOk;
  else if (status == "error") r.status = Response::Status::kError;
  else if (status == "unsupported") r.status = Response::Status::kUnsupported;
  else {
    *error = "\"status\" must be ok, error or unsupported";
    return std::nullopt;
  }
  r.phase = StringField(*j, "phase");
  r.code = StringField(*j, "code");
  r.rule = StringField(*j, "rule");
  r.message = StringField(*j, "message");
  if (const Json* errors = j->Find("errors")) {
    for (const Json& e : errors->items()) {
      if (e.kind() == Json::Kind::kObject) r.errors.push_back({StringField(e, "code"), StringField(e, "rule")});
    }
  }
  r.name = StringField(*j, "name");
  if (const Json* verbs = j->Find("verbs")) {
    for (const Json& v : verbs->items()) {
      if (v.kind() == Json::Kind::kString) r.verbs.push_back(v.as_string());
    }
  }
  r.struct_info = StringField(*j, "struct_info");
  r.text = StringField(*j, "text");
  if (const Json* result = j->Find("result")) {
    auto v = runtime::ValueFromJson(*result, nullptr, error);
    if (!v) {
      *error = "\"result\": " + *error;
      return std::nullopt;
    }
    r.result = *v;
  }
  if (const Json* print = j->Find("print")) {
    for (const Json& p : print->items()) {
      if (p.kind() == Json::Kind::kString) r.print.push_back(p.as_string());
    }
  }
  r.answer = StringField(*j, "answer");
  if (const Json* cex = j->Find("counterexample")) {
    for (const auto& [k, v] : cex->members()) {
      if (auto n = v.as_int()) r.counterexample.emplace_back(k, *n);
      else if (v.kind() == Json::Kind::kBool) r.counterexample.emplace_back(k, v.as_bool() ? 1 : 0);
    }
  }
  return r;
}

}  // namespace rlx::conform
