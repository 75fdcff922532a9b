// The normalizer (spec sinfo.normalize): derives the struct info of a function binding by
// binding, as the IR builder emits it or as a pass's ExprMutator rebuilds it (both report to a
// BuildObserver: SetObserver(&normalizer)), without re-checking the module.
// It applies the op rules and the prover's fast paths under the facts in force (never Z3, so a
// question only Z3 could answer is left as a runtime check), and sets Expr::struct_info on every
// variable and value. The checker remains the judge of a whole module: it re-derives everything,
// with Z3. Normalizing is linear in the number of bindings (bench/normalize_bench.cc).
#pragma once

#include <memory>
#include <vector>

#include "checker/checker.h"
#include "ir/builder/ir_builder.h"

namespace rlx::checker {

/// Derives the struct info of every module function that carries none (the functions a pass
/// rebuilt; `all`: every function), binding by binding, so that a pass's output carries struct
/// info again. Functions a pass kept keep theirs. False when a binding is ill-typed (`diags`,
/// when given, receives why).
bool NormalizeModule(const Ref<IRModule>& m, bool all = false, std::string* diags = nullptr);

class Normalizer : public BuildObserver {
 public:
  /// `module` supplies the struct info of the globals that bindings call (it may be null: then
  /// only globals whose GlobalVar node carries struct info can be called).
  explicit Normalizer(Ref<IRModule> module = nullptr);
  ~Normalizer() override;

  /// Opens a function: its parameters get their annotations; their shape variables and bounds
  /// are assumed.
  void BeginFunction(const std::vector<Ref<Var>>& params, bool pure = true, const Attrs& attrs = {});
  /// Derives `b` under the facts in force: its value's and its variable's struct info are set
  /// on the nodes. Returns the variable's struct info, or nullptr when the binding is ill-typed
  /// (the diagnostic is in diags()).
  Ref<StructInfo> Normalize(const Binding& b, bool in_dataflow = false);
  /// Ends a dataflow block whose bindings bound `vars`: its dataflow variables go out of scope
  /// and its outputs forget them (scope.dataflow, as the checker does at a block's end).
  void EndDataflowBlock(const std::vector<Ref<Var>>& vars);
  /// Closes the function (its return annotation, when it has one, is checked).
  void EndFunction(const Ref<Function>& f);
  /// Normalizes a whole function: its parameters, each binding in order, its end.
  void NormalizeFunction(const Ref<Function>& f);

  /// What normalization reported (errors for ill-typed bindings).
  const DiagnosticEngine& diags() const { return *diags_; }
  /// The checks Normalize left to run time (what the prover's fast paths did not decide).
  const std::vector<RuntimeCheck>& runtime_checks() const;

  // BuildObserver: an IRBuilder with SetObserver(&normalizer) normalizes as it builds.
  void OnFunctionBegin(const std::vector<Ref<Var>>& params, bool pure, const Attrs& attrs) override {
    BeginFunction(params, pure, attrs);
  }
  void OnBinding(const Binding& b, bool in_dataflow) override { Normalize(b, in_dataflow); }
  void OnOutputs(const std::vector<std::pair<Ref<Var>, Ref<Var>>>& replaced) override;
  void OnDataflowBlockEnd(const std::vector<Ref<Var>>& vars) override { EndDataflowBlock(vars); }
  void OnFunctionEnd(const Ref<Function>& f) override { EndFunction(f); }

 private:
  struct State;
  std::unique_ptr<SourceManager> sources_;
  std::unique_ptr<DiagnosticEngine> diags_;
  std::unique_ptr<State> state_;
};

}  // namespace rlx::checker
