#include "checker/normalizer.h"

#include "checker/infer/inferrer.h"
#include "ir/base/check.h"

namespace rlx::checker {

// One function at a time: a FunctionInferrer whose prover never calls Z3 and whose variables
// bound before normalization started (by the builder, by an earlier check) take the struct info
// their nodes carry.
struct Normalizer::State {
  State(Ref<IRModule> m, DiagnosticEngine& diags)
      : module(m ? std::move(m) : IRModule::Make({}, {})), prover(FastPathsOnly()),
        inferrer(*module, diags, prover, result) {}
  static prover::ProverOptions FastPathsOnly() {
    prover::ProverOptions o;
    o.use_z3 = false;
    return o;
  }
  Ref<IRModule> module;
  prover::Prover prover;
  CheckResult result;
  ModuleInferrer inferrer;
  std::unique_ptr<FunctionInferrer> function;
  Ref<Function> placeholder;  // the open function's parameters, purity and attributes
  FunctionInferrer::OpenedFunction opened;
};

Normalizer::Normalizer(Ref<IRModule> module)
    : sources_(std::make_unique<SourceManager>()),
      diags_(std::make_unique<DiagnosticEngine>(*sources_)),
      state_(std::make_unique<State>(std::move(module), *diags_)) {}

Normalizer::~Normalizer() = default;

void Normalizer::BeginFunction(const std::vector<Ref<Var>>& params, bool pure, const Attrs& attrs) {
  RLX_CHECK(!state_->function) << "a function is already open";
  state_->function = std::make_unique<FunctionInferrer>(state_->inferrer, "");
  state_->function->state().set_vars_from_nodes(true);
  state_->placeholder = Function::Make(params, Tuple::Make({}), nullptr, pure, attrs);
  state_->opened = state_->function->OpenFunction(*state_->placeholder);
  state_->function->state().PushScope();  // the body's scope, as DeriveSeqExpr opens it
}

Ref<StructInfo> Normalizer::Normalize(const Binding& b, bool in_dataflow) {  // sinfo.normalize
  RLX_CHECK(state_->function) << "Normalize outside a function";
  state_->function->DeriveOneBinding(b, in_dataflow);
  return b.var ? state_->function->state().VarSInfo(*b.var) : nullptr;
}

void Normalizer::OnOutputs(const std::vector<std::pair<Ref<Var>, Ref<Var>>>& replaced) {
  if (!state_->function) return;
  InferState& st = state_->function->state();
  for (const auto& [from, to] : replaced) {
    st.SetVarSInfo(*to, st.VarSInfo(*from));
    st.DefineVar(to.get());
  }
}

void Normalizer::EndDataflowBlock(const std::vector<Ref<Var>>& vars) {
  if (!state_->function) return;
  InferState& st = state_->function->state();
  for (const auto& v : vars) {
    if (v->is_dataflow()) st.RemoveVar(v.get());
  }
  for (const auto& v : vars) {
    if (!v->is_dataflow()) st.SetVarSInfo(*v, st.EraseToScope(st.VarSInfo(*v)));
  }
}

void Normalizer::NormalizeFunction(const Ref<Function>& f) {
  BeginFunction(f->params, f->is_pure, f->attrs);
  if (auto seq = As<SeqExpr>(f->body)) {
    for (const auto& block : seq->blocks) {
      std::vector<Ref<Var>> bound;
      for (const auto& b : block.bindings) {
        Normalize(b, block.is_dataflow);
        if (b.var) bound.push_back(b.var);
      }
      if (block.is_dataflow) EndDataflowBlock(bound);
    }
  }
  EndFunction(f);
}

bool NormalizeModule(const Ref<IRModule>& m, bool all, std::string* diags) {  // sinfo.normalize
  Normalizer normalizer(m);
  for (const auto& g : m->globals) {
    auto f = As<Function>(g.value);
    if (f && (all || !f->struct_info())) normalizer.NormalizeFunction(f);
  }
  if (diags) *diags = normalizer.diags().RenderAll();
  return !normalizer.diags().has_errors();
}

void Normalizer::EndFunction(const Ref<Function>& f) {
  if (!state_->function) return;
  InferState& st = state_->function->state();
  Ref<StructInfo> body;
  if (auto seq = As<SeqExpr>(f->body)) {
    if (auto v = As<Var>(seq->body)) body = st.VarSInfo(*v);
    if (body) st.SetExprSInfo(*seq, body);
  }
  st.PopScope();
  state_->function->CloseFunction(*f, state_->opened, body);  // sets f's struct info
  state_->function.reset();
}

const std::vector<RuntimeCheck>& Normalizer::runtime_checks() const { return state_->result.runtime_checks; }

}  // namespace rlx::checker
