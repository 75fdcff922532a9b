// rlx run FILE: evaluates a module function with the reference interpreter (docs/cli.md).
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>

#include "checker/checker.h"
#include "interpreter/format.h"
#include "interpreter/interpreter.h"
#include "interpreter/io/json_value.h"
#include "interpreter/io/npy.h"
#include "interpreter/io/random_inputs.h"
#include "interpreter/match.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {
namespace {

using interp::Value;

// Exit codes of `rlx run` beyond the common ones (docs/cli.md).
constexpr int kTrap = 4;
constexpr int kExhausted = 5;

// The value of a -D definition as an integer, if it is one.
std::optional<int64_t> DefinedInt(const CommonOptions& opts, const std::string& name) {
  auto it = opts.parse.captures.find(name);
  if (it == opts.parse.captures.end() || it->second.kind != text::CapturedValue::Kind::kInt) return std::nullopt;
  return it->second.int_value;
}

// An argument from -D NAME=VALUE for a Prim parameter.
std::optional<Value> PrimFromDefine(const CommonOptions& opts, const Var& p) {
  auto it = opts.parse.captures.find(p.name);
  auto prim = As<PrimStructInfo>(p.annotation);
  if (it == opts.parse.captures.end() || !prim) return std::nullopt;
  const auto& c = it->second;
  DataType dt = prim->dtype == DataType::kVoid ? DataType::kInt64 : prim->dtype;
  if (c.kind == text::CapturedValue::Kind::kInt) {
    return IsFloat(dt) ? Value::FromPrim(interp::PrimScalar::Float(static_cast<double>(c.int_value), dt))
                       : Value::FromPrim(interp::PrimScalar::Int(c.int_value, dt));
  }
  if (c.kind == text::CapturedValue::Kind::kFloat) return Value::FromPrim(interp::PrimScalar::Float(c.float_value, dt));
  if (c.kind == text::CapturedValue::Kind::kBool) return Value::FromPrim(interp::PrimScalar::Int(c.bool_value, DataType::kBool));
  return std::nullopt;
}

// numpy-like text: rows of a matrix on their own lines.
void PrintTensor(const TensorData& t, size_t dim, int64_t& i, int indent, std::ostream& out) {
  if (dim == t.shape().size()) {
    out << interp::FormatElement(t, i++);
    return;
  }
  out << "[";
  for (int64_t k = 0; k < t.shape()[dim]; ++k) {
    if (k) {
      out << ",";
      if (dim + 1 < t.shape().size()) out << "\n" << std::string(static_cast<size_t>(indent + 1), ' ');
      else out << " ";
    }
    PrintTensor(t, dim + 1, i, indent + 1, out);
  }
  out << "]";
}

void PrintResult(const Value& v, const std::string& name, std::ostream& out) {
  if (v.is_tuple()) {
    for (size_t i = 0; i < v.tuple().size(); ++i) PrintResult(v.tuple()[i], name + "[" + std::to_string(i) + "]", out);
    if (v.tuple().empty()) out << name << ": ()\n";
    return;
  }
  out << name << ": " << interp::DescribeValue(v) << "\n";
  if (v.is_tensor()) {
    int64_t i = 0;
    PrintTensor(*v.tensor(), 0, i, 0, out);
    out << "\n";
  } else {
    out << interp::FormatValue(v) << "\n";
  }
}

bool WriteOutputs(const Value& v, const std::filesystem::path& dir, const std::string& name) {
  if (v.is_tuple()) {
    for (size_t i = 0; i < v.tuple().size(); ++i) {
      if (!WriteOutputs(v.tuple()[i], dir, name + "_" + std::to_string(i))) return false;
    }
    return true;
  }
  if (!v.is_tensor()) {
    std::ofstream(dir / (name + ".txt")) << interp::FormatValue(v) << "\n";
    return true;
  }
  std::ofstream f(dir / (name + ".npy"), std::ios::binary);
  f << interp::WriteNpy(*v.tensor());
  return static_cast<bool>(f);
}

}  // namespace

int RunRun(const std::vector<std::string>& raw_args) {
  // --input may repeat: take those out before the common parse.
  std::vector<std::string> args;
  std::vector<std::string> inputs, limits;
  for (size_t i = 0; i < raw_args.size(); ++i) {
    if (raw_args[i] == "--input" && i + 1 < raw_args.size()) {
      inputs.push_back(raw_args[++i]);
    } else if (raw_args[i] == "--limit" && i + 1 < raw_args.size()) {
      limits.push_back(raw_args[++i]);
    } else {
      args.push_back(raw_args[i]);
    }
  }
  auto opts = ParseArgs(args, {"--random-inputs"}, {"--entry", "--output-dir", "--seed", "--inputs", "--result-json"});
  if (!opts) return kUsage;
  if (opts->files.size() != 1) {
    std::cerr << "rlx run: expected one FILE\n";
    return kUsage;
  }
  const std::string path = opts->files[0];
  const std::string entry = opts->flags.count("--entry") ? opts->flags["--entry"] : "main";
  auto text = ReadFile(path);
  if (!text) return kUsage;
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = LoadModule(path, *text, *opts, sources, diags);
  if (!m) {
    EmitDiagnostics(diags, *opts);
    return kRejected;
  }
  checker::CheckResult checked = checker::CheckModule(*m, diags);
  if (!checked.ok) {
    EmitDiagnostics(diags, *opts);
    return kRejected;
  }
  Ref<Function> f = m->FindFunction(entry);
  if (!f) {
    std::cerr << "rlx run: " << path << " has no function '" << entry << "'\n";
    return kUsage;
  }
  std::map<std::string, std::string> files;
  for (const auto& in : inputs) {
    size_t eq = in.find('=');
    if (eq == std::string::npos) {
      std::cerr << "rlx run: --input expects NAME=FILE.npy, got '" << in << "'\n";
      return kUsage;
    }
    files[in.substr(0, eq)] = in.substr(eq + 1);
  }
  std::optional<Json> json;
  if (opts->flags.count("--inputs")) {
    auto text = ReadFile(opts->flags["--inputs"]);
    if (!text) return kUsage;
    std::string error;
    json = Json::Parse(*text, &error);
    if (!json || json->kind() != Json::Kind::kObject) {
      std::cerr << "rlx run: " << opts->flags["--inputs"] << ": "
                << (json ? "expected a JSON object of inputs by name" : error) << "\n";
      return kUsage;
    }
    for (const auto& [name, value] : json->members()) {
      bool known = false;
      for (const auto& p : f->params) known |= p->name == name;
      if (!known) {
        std::cerr << "rlx run: '" << entry << "' has no parameter '" << name << "'\n";
        return kUsage;
      }
    }
  }
  uint64_t seed = 0;
  if (opts->flags.count("--seed")) {
    const std::string& text = opts->flags["--seed"];
    char* end = nullptr;
    errno = 0;
    seed = std::strtoull(text.c_str(), &end, 10);
    if (text.empty() || text.find_first_not_of("0123456789") != std::string::npos || errno == ERANGE) {
      std::cerr << "rlx run: --seed expects a non-negative integer, got '" << text << "'\n";
      return kUsage;
    }
  }
  // --random-inputs: shape variables from -D, else 4.
  interp::RandomInputs random([&](const std::string& name) { return DefinedInt(*opts, name); }, seed);
  std::vector<Value> call_args;
  for (const auto& p : f->params) {
    if (auto it = files.find(p->name); it != files.end()) {
      auto bytes = ReadFile(it->second);
      if (!bytes) return kUsage;
      std::string error;
      auto t = interp::ReadNpy(*bytes, &error);
      if (!t) {
        std::cerr << "rlx run: " << it->second << ": " << error << "\n";
        return kUsage;
      }
      call_args.push_back(Value::FromTensor(t));
      files.erase(it);
    } else if (const Json* j = json ? json->Find(p->name) : nullptr) {
      std::string error;
      auto v = interp::ValueFromJson(*j, p->annotation.get(), &error);
      if (!v) {
        std::cerr << "rlx run: input '" << p->name << "': " << error << "\n";
        return kUsage;
      }
      call_args.push_back(*v);
    } else if (auto v = PrimFromDefine(*opts, *p)) {
      call_args.push_back(*v);
    } else if (opts->flags.count("--random-inputs") && p->annotation) {
      std::string error;
      auto v = random.Make(*p->annotation, &error);
      if (!v) {
        std::cerr << "rlx run: cannot make a random input for '" << p->name << "': " << error << "\n";
        return kUsage;
      }
      call_args.push_back(*v);
    } else {
      std::cerr << "rlx run: no input for parameter '" << p->name
                << "' (use --input " << p->name << "=FILE.npy, --inputs FILE.json, -D, or --random-inputs)\n";
      return kUsage;
    }
  }
  if (!files.empty()) {
    std::cerr << "rlx run: '" << entry << "' has no parameter '" << files.begin()->first << "'\n";
    return kUsage;
  }
  interp::InterpreterOptions run_options;
  for (const auto& l : limits) {
    std::string name;
    int64_t value = 0;
    if (!interp::ParseLimitText(l, &name, &value) || !interp::SetLimit(name, value, &run_options.limits)) {
      std::cerr << "rlx run: --limit expects max_steps, max_call_depth, max_tensor_bytes or max_live_bytes=N, got '"
                << l << "'\n";
      return kUsage;
    }
  }
  interp::Interpreter interpreter(m, run_options);
  interp::RunResult r = interpreter.Run(entry, std::move(call_args));
  if (!r.ok()) {
    r.error->Report(diags);
    EmitDiagnostics(diags, *opts);
    return r.error->is_exhaustion() ? kExhausted : kTrap;
  }
  if (opts->flags.count("--result-json")) {
    std::ofstream f(opts->flags["--result-json"]);
    f << "{\"result\":" << interp::ValueToJson(r.value) << "}\n";
    if (!f) {
      std::cerr << "rlx run: cannot write " << opts->flags["--result-json"] << "\n";
      return kUsage;
    }
  } else if (opts->flags.count("--output-dir")) {
    std::filesystem::path dir = opts->flags["--output-dir"];
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec || !WriteOutputs(r.value, dir, "output")) {
      std::cerr << "rlx run: cannot write to " << dir << "\n";
      return kUsage;
    }
  } else {
    PrintResult(r.value, "output", std::cout);
  }
  return kOk;
}

}  // namespace rlx::cli
