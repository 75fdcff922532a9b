#include "fuzz/oracles/fuzz_case.h"

#include <cmath>
#include <cstring>
#include <sstream>

#include "compiler/pass/pass.h"
#include "driver/driver.h"
#include "runtime/format.h"

namespace rlx::fuzz {
namespace {

runtime::Value CopyValue(const runtime::Value& v) {
  if (v.is_tensor()) return runtime::Value::FromTensor(std::make_shared<TensorData>(*v.tensor()));
  if (v.is_tuple()) {
    std::vector<runtime::Value> fields;
    for (const auto& f : v.tuple()) fields.push_back(CopyValue(f));
    return runtime::Value::FromTuple(std::move(fields));
  }
  return v;
}

// Bit for bit, except that any two NaNs are the same (their sign and payload depend on the
// order of an op's operands, which the rewrites may change).
bool SameTensor(const TensorData& a, const TensorData& b) {
  if (a.SameAs(b)) return true;
  if (a.dtype() != b.dtype() || a.shape() != b.shape() || !IsFloat(a.dtype())) return false;
  for (int64_t i = 0; i < a.num_elements(); ++i) {
    double x = a.GetDouble(i), y = b.GetDouble(i);
    if (std::isnan(x) && std::isnan(y)) continue;
    if (std::memcmp(&x, &y, sizeof x) != 0) return false;
  }
  return true;
}

std::string SameValue(const runtime::Value& a, const runtime::Value& b, const std::string& where) {
  if (a.kind() != b.kind()) {
    return where + ": a " + runtime::ValueKindName(a.kind()) + " vs a " + runtime::ValueKindName(b.kind());
  }
  switch (a.kind()) {
    case runtime::ValueKind::kTensor:
      if (!SameTensor(*a.tensor(), *b.tensor())) {
        return where + ": tensors differ: " + runtime::FormatValue(a) + " vs " + runtime::FormatValue(b);
      }
      return "";
    case runtime::ValueKind::kTuple: {
      if (a.tuple().size() != b.tuple().size()) return where + ": tuples of different arity";
      for (size_t i = 0; i < a.tuple().size(); ++i) {
        std::string d = SameValue(a.tuple()[i], b.tuple()[i], where + "[" + std::to_string(i) + "]");
        if (!d.empty()) return d;
      }
      return "";
    }
    case runtime::ValueKind::kPrim: {
      const auto& x = a.prim();
      const auto& y = b.prim();
      bool same = x.dtype == y.dtype && x.i == y.i &&
                  (std::memcmp(&x.f, &y.f, sizeof(double)) == 0 || (std::isnan(x.f) && std::isnan(y.f)));
      return same ? "" : where + ": prims differ: " + runtime::FormatValue(a) + " vs " + runtime::FormatValue(b);
    }
    case runtime::ValueKind::kShape:
      return a.shape() == b.shape() ? "" : where + ": shapes differ: " + runtime::FormatValue(a) + " vs " + runtime::FormatValue(b);
    case runtime::ValueKind::kString: return a.str() == b.str() ? "" : where + ": strings differ";
    case runtime::ValueKind::kDType: return a.dtype() == b.dtype() ? "" : where + ": dtypes differ";
    default: return "";  // closures, packed functions and null compare by kind
  }
}

}  // namespace

runtime::Limits FuzzLimits() {
  runtime::Limits l;
  l.max_tensor_bytes = int64_t{1} << 22;
  l.max_live_bytes = int64_t{1} << 25;
  l.max_call_depth = 64;
  l.max_steps = 100'000;
  return l;
}

Outcome Interpret(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  return InterpretObserved(module, args, {});
}

namespace {

// Runs main on copies of `args` (runs never share tensors) with the fuzz limits; `options`
// gives the rest.
Outcome RunMain(const Ref<IRModule>& module, const std::vector<runtime::Value>& args, driver::RunOptions options) {
  std::ostringstream out;
  options.limits = FuzzLimits();
  options.out = &out;
  std::vector<runtime::Value> copies;
  for (const auto& a : args) copies.push_back(CopyValue(a));
  driver::RunResult r = driver::Prepare(module, options)->Run("main", std::move(copies));
  Outcome res;
  res.ok = r.ok();
  if (r.ok()) {
    res.value = r.value;
  } else {
    res.error_code = std::string(ErrorCodeString(r.error->code));
    res.error_message = r.error->message;
  }
  res.printed = out.str();
  return res;
}

}  // namespace

Outcome InterpretRecordedChecks(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  driver::Program program = driver::Check(module, diags);
  if (!program.ok()) {
    Outcome res;
    res.error_code = "rejected";
    res.error_message = diags.RenderAll();
    return res;
  }
  driver::RunOptions o;
  o.recorded_checks = &program.check.runtime_checks;
  return RunMain(module, args, std::move(o));
}

namespace {

// Runs on a compiled backend; when its code generators do not load, an outcome that differs
// from every run's (the oracle fails loudly rather than comparing the interpreter with itself).
Outcome RunCompiled(const Ref<IRModule>& module, const std::vector<runtime::Value>& args, driver::RunOptions o) {
  std::string why;
  if (!driver::BackendAvailable(o.backend, &why)) {
    Outcome res;
    res.error_code = "backend unavailable";
    res.error_message = why;
    return res;
  }
  return RunMain(module, args, std::move(o));
}

// A compiled backend at an optimization level (-O0 to -O3).
Outcome RunBackend(const Ref<IRModule>& module, const std::vector<runtime::Value>& args, driver::Backend backend,
                   int opt_level) {
  driver::RunOptions o;
  o.backend = backend;
  o.opt_level = opt_level;
  return RunCompiled(module, args, std::move(o));
}

}  // namespace

Outcome RunCpuKernels(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  return RunBackend(module, args, driver::Backend::kCpuKernels, 2);
}
Outcome RunCpuKernelsO0(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  return RunBackend(module, args, driver::Backend::kCpuKernels, 0);
}
Outcome RunCpu(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  return RunBackend(module, args, driver::Backend::kCpu, 2);
}
Outcome RunCpuO3(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  return RunBackend(module, args, driver::Backend::kCpu, 3);
}
Outcome RunCpuO0(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  return RunBackend(module, args, driver::Backend::kCpu, 0);
}

Outcome InterpretLegalized(const Ref<IRModule>& module, const std::vector<runtime::Value>& args) {
  return RunMain(compiler::RunPass(*compiler::FindPass("legalize-ops"), module), args, driver::RunOptions());
}

Outcome InterpretObserved(
    const Ref<IRModule>& module, const std::vector<runtime::Value>& args,
    const std::function<void(const Binding&, const runtime::Value&, const runtime::Environment&)>& on_binding) {
  driver::RunOptions o;
  o.on_binding = on_binding;
  return RunMain(module, args, std::move(o));
}

std::string CompareOutcomes(const Outcome& a, const Outcome& b) {
  if (a.ok != b.ok) return "one run returned and the other trapped: " + DescribeOutcome(a) + " vs " + DescribeOutcome(b);
  if (!a.ok && a.error_code != b.error_code) return "different errors: " + DescribeOutcome(a) + " vs " + DescribeOutcome(b);
  if (a.printed != b.printed) return "different printed output";
  return a.ok ? SameValue(a.value, b.value, "result") : "";
}

std::string DescribeOutcome(const Outcome& o) {
  if (!o.ok) return "error " + o.error_code + " (" + o.error_message + ")";
  return runtime::FormatValue(o.value);
}

const checker::CheckResult& FuzzCase::Check() {
  if (!check_) {
    SourceManager sources;
    DiagnosticEngine diags(sources);
    check_ = driver::Check(module_, diags).check;
    if (diags.has_errors()) check_diags_ = diags.RenderAll();
    for (const auto& d : diags.diagnostics()) {
      if (d.severity != Severity::kError) continue;
      first_error_ = std::string(ErrorCodeString(d.code)) + " " + (d.rule.empty() ? std::string(ErrorCodeRule(d.code)) : d.rule);
      break;
    }
  }
  return *check_;
}

const std::string& FuzzCase::CheckDiagnostics() {
  Check();
  return check_diags_;
}

const std::string& FuzzCase::FirstError() {
  Check();
  return first_error_;
}

const Outcome& FuzzCase::Reference() {
  if (!reference_) reference_ = Interpret(module_, args_);
  return *reference_;
}

const Trace& FuzzCase::ReferenceTrace() {
  // Traced only when a before/after oracle asks (the trace copies every value); the traced
  // run is the reference run from then on.
  if (!traced_) {
    trace_.clear();
    reference_ = InterpretTraced(module_, args_, &trace_);
    traced_ = true;
  }
  return trace_;
}

Outcome InterpretTraced(const Ref<IRModule>& module, const std::vector<runtime::Value>& args, Trace* trace) {
  return InterpretObserved(module, args, [trace](const Binding& b, const runtime::Value& v, const runtime::Environment&) {
    // A copy: the interpreter's allocator counts the tensors it made while they are alive.
    (*trace)[b.var.get()].push_back(CopyValue(v));
  });
}

std::string CompareTraces(const Trace& before, const Trace& after) {
  for (const auto& [var, values] : before) {
    auto it = after.find(var);
    // Only variables bound once in both runs: a rewrite may change how often a function
    // runs (inlining one of two calls), which pairs bindings of different calls.
    if (it == after.end() || values.size() != 1 || it->second.size() != 1) continue;
    std::string d = SameValue(values[0], it->second[0], "'" + var->name + "'");
    if (!d.empty()) return d;
  }
  return "";
}

}  // namespace rlx::fuzz
