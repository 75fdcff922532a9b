// rlx run FILE: evaluates a module function with the reference interpreter (docs/cli.md).
#include <cerrno>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <utility>

#include "driver/driver.h"
#include "runtime/format.h"
#include "runtime/io/json_value.h"
#include "runtime/io/npy.h"
#include "runtime/io/random_inputs.h"
#include "interpreter/match.h"
#include "ir/base/nested_list.h"
#include "tools/rlx/cli_common.h"

namespace rlx::cli {
namespace {

using runtime::Value;

// Exit codes of `rlx run` beyond the common ones (docs/cli.md).
constexpr int kTrap = 4;
constexpr int kExhausted = 5;

// The value of shape variable `name` from a -D definition, if there is one. A definition that
// is not a decimal int64 (1e3, 0x10, nan, a string) sets `error`: it is never ignored.
std::optional<int64_t> DefinedInt(const CommonOptions& opts, const std::string& name, std::string* error) {
  auto it = opts.parse.captures.find(name);
  if (it == opts.parse.captures.end()) return std::nullopt;
  if (it->second.kind != text::CapturedValue::Kind::kInt) {
    if (error->empty()) {
      *error = "-D " + name + ": the shape variable '" + name + "' needs a decimal integer (docs/cli.md)";
    }
    return std::nullopt;
  }
  return it->second.int_value;
}

// An argument from -D NAME=VALUE for a Prim parameter: nullopt when there is none, or (with
// `error` set) when the value is not one of the parameter's dtype. An integer out of the dtype's
// range is an error, never wrapped (eval.value.prim).
std::optional<Value> PrimFromDefine(const CommonOptions& opts, const Var& p, std::string* error) {
  auto it = opts.parse.captures.find(p.name);
  auto prim = As<PrimStructInfo>(p.annotation);
  if (it == opts.parse.captures.end() || !prim) return std::nullopt;
  const auto& c = it->second;
  const DataType dt = prim->dtype == DataType::kVoid ? DataType::kInt64 : prim->dtype;
  const std::string name(DataTypeName(dt));
  using Kind = text::CapturedValue::Kind;
  if (c.kind == Kind::kBool && (dt == DataType::kBool || prim->dtype == DataType::kVoid)) {
    return Value::FromPrim(runtime::PrimScalar::Int(c.bool_value, DataType::kBool));
  }
  if (IsFloat(dt) && (c.kind == Kind::kInt || c.kind == Kind::kFloat)) {
    const double v = c.kind == Kind::kInt ? static_cast<double>(c.int_value) : c.float_value;
    return Value::FromPrim(runtime::PrimScalar::Float(v, dt));
  }
  if (!IsFloat(dt) && c.kind == Kind::kInt) {
    if (FitsDataType(dt, c.int_value)) return Value::FromPrim(runtime::PrimScalar::Int(c.int_value, dt));
    *error = "-D " + p.name + "=" + std::to_string(c.int_value) + ": out of the range of " + name;
    return std::nullopt;
  }
  if (c.kind == Kind::kFloat && prim->dtype == DataType::kVoid) {
    return Value::FromPrim(runtime::PrimScalar::Float(c.float_value, DataType::kFloat64));
  }
  *error = "-D " + p.name + ": not a value of " + name + " (parameter '" + p.name + "' is " + name + ")";
  return std::nullopt;
}

// numpy-like text: rows of a matrix on their own lines, indented by depth; without recursion,
// so a result of any rank prints (eval.print.value).
void PrintTensor(const TensorData& t, std::ostream& out) {
  const size_t rank = t.shape().size();
  if (rank == 0) {
    out << runtime::FormatElement(t, 0);
    return;
  }
  if (t.num_elements() == 0 && EmptyListCount(t.shape()) > runtime::kMaxEmptyLists) {
    auto empty = std::make_shared<TensorData>(t.dtype(), t.shape());  // no bytes: no elements
    out << runtime::FormatValue(Value::FromTensor(empty));
    return;
  }
  VisitNestedList(
      t.shape(), [&](char c) { out << c; }, [&](int64_t i) { out << runtime::FormatElement(t, i); },
      [&](size_t level) {
        out << ",";
        if (level + 1 < rank) out << "\n" << std::string(level + 1, ' ');
        else out << " ";
      });
}

// Each leaf of the result under its name (output[0][1]); without recursion, as tuples may nest
// 100,000 deep.
void PrintResult(const Value& root, const std::string& root_name, std::ostream& out) {
  struct Item {
    const Value* value;
    size_t keep;         // the length of the parent's name
    std::string suffix;  // "[i]"
  };
  std::string name = root_name;
  std::vector<Item> todo{{&root, root_name.size(), ""}};
  while (!todo.empty()) {
    Item item = std::move(todo.back());
    todo.pop_back();
    name.resize(item.keep);
    name += item.suffix;
    const Value& v = *item.value;
    if (v.is_tuple()) {
      if (v.tuple().empty()) out << name << ": ()\n";
      for (size_t i = v.tuple().size(); i-- > 0;) {
        todo.push_back({&v.tuple()[i], name.size(), "[" + std::to_string(i) + "]"});
      }
      continue;
    }
    out << name << ": " << interp::DescribeValue(v) << "\n";
    if (v.is_tensor()) {
      PrintTensor(*v.tensor(), out);
      out << "\n";
    } else {
      out << runtime::FormatValue(v) << "\n";
    }
  }
}

// One file per leaf of the result, named by its path through the tuples (result_0_1.npy),
// without recursion. A name longer than a file name may be is refused before anything deeper.
bool WriteOutputs(const Value& v, const std::filesystem::path& dir, const std::string& name) {
  constexpr size_t kMaxName = 200;
  std::vector<std::pair<const Value*, std::string>> todo{{&v, name}};
  while (!todo.empty()) {
    auto [value, path] = std::move(todo.back());
    todo.pop_back();
    if (value->is_tuple()) {
      if (path.size() > kMaxName) {
        std::cerr << "rlx: the result nests tuples too deep for --output-dir file names\n";
        return false;
      }
      const auto& fields = value->tuple();
      for (size_t i = fields.size(); i-- > 0;) todo.emplace_back(&fields[i], path + "_" + std::to_string(i));
    } else if (!value->is_tensor()) {
      if (!WriteOutputFile((dir / (path + ".txt")).string(), runtime::FormatValue(*value) + "\n")) return false;
    } else if (!WriteOutputFile((dir / (path + ".npy")).string(), runtime::WriteNpy(*value->tensor()))) {
      return false;
    }
  }
  return true;
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
  std::vector<std::string> switches = kOptLevelFlags;
  switches.push_back("--random-inputs");
  auto opts = ParseArgs(args, switches, {"--entry", "--output-dir", "--seed", "--inputs", "--result-json", "--backend"});
  if (!opts) return kUsage;
  if (opts->files.size() != 1) {
    std::cerr << "rlx run: expected one FILE\n";
    return kUsage;
  }
  const std::string path = opts->files[0];
  const std::string entry = opts->flags.count("--entry") ? opts->flags["--entry"] : "main";
  auto text = ReadSource(path, *opts);
  if (!text) return kUsage;
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = LoadModule(path, std::move(*text), *opts, sources, diags);
  if (!m) {
    EmitDiagnostics(diags, *opts);
    return kRejected;
  }
  if (!driver::Check(m, diags).ok()) {
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
  std::string define_error;
  runtime::RandomInputs random([&](const std::string& name) { return DefinedInt(*opts, name, &define_error); }, seed);
  std::vector<Value> call_args;
  for (const auto& p : f->params) {
    if (auto it = files.find(p->name); it != files.end()) {
      std::string error;
      auto t = runtime::ReadNpyFile(it->second, &error);
      if (!t) {
        std::cerr << "rlx run: --input " << p->name << ": " << error << "\n";
        return kUsage;
      }
      call_args.push_back(Value::FromTensor(t));
      files.erase(it);
    } else if (const Json* j = json ? json->Find(p->name) : nullptr) {
      std::string error;
      auto v = runtime::ValueFromJson(*j, p->annotation.get(), &error);
      if (!v) {
        std::cerr << "rlx run: input '" << p->name << "': " << error << "\n";
        return kUsage;
      }
      call_args.push_back(*v);
    } else if (std::string error; auto v = PrimFromDefine(*opts, *p, &error)) {
      call_args.push_back(*v);
    } else if (!error.empty()) {
      std::cerr << "rlx run: " << error << "\n";
      return kUsage;
    } else if (opts->flags.count("--random-inputs") && p->annotation) {
      std::string error;
      auto v = random.Make(*p->annotation, &error);
      if (!define_error.empty()) {
        std::cerr << "rlx run: " << define_error << "\n";
        return kUsage;
      }
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
  driver::RunOptions run_options;
  run_options.opt_level = OptLevelOf(*opts);
  if (opts->flags.count("--backend")) {
    auto backend = BackendOption("rlx run", opts->flags["--backend"]);
    if (!backend) return kUsage;
    run_options.backend = *backend;
  }
  for (const auto& l : limits) {
    std::string name;
    int64_t value = 0;
    if (!runtime::ParseLimitText(l, &name, &value) || !runtime::SetLimit(name, value, &run_options.limits)) {
      std::cerr << "rlx run: --limit expects NAME=N with NAME " << runtime::LimitNames() << ", got '" << l << "'\n";
      return kUsage;
    }
  }
  driver::RunResult r = driver::Prepare(m, run_options)->Run(entry, std::move(call_args));
  if (!r.ok()) {
    r.error->Report(diags);
    EmitDiagnostics(diags, *opts);
    return r.error->is_exhaustion() ? kExhausted : kTrap;
  }
  if (opts->flags.count("--result-json")) {
    if (!WriteOutputFile(opts->flags["--result-json"], "{\"result\":" + runtime::ValueToJson(r.value) + "}\n")) {
      return kUsage;
    }
  } else if (opts->flags.count("--output-dir")) {
    std::filesystem::path dir = opts->flags["--output-dir"];
    std::error_code ec;
    std::filesystem::create_directories(dir, ec);
    if (ec) {
      std::cerr << "rlx run: cannot create " << dir << ": " << ec.message() << "\n";
      return kUsage;
    }
    if (!WriteOutputs(r.value, dir, "output")) return kUsage;
  } else {
    PrintResult(r.value, "output", std::cout);
  }
  return kOk;
}

}  // namespace rlx::cli
