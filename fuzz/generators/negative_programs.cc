#include "fuzz/generators/negative_programs.h"

#include <functional>
#include <unordered_set>

#include "checker/sinfo/algebra.h"
#include "ir/analysis/visitor.h"
#include "ir/op_table.h"

namespace rlx::fuzz {
namespace {

// The variables an expression uses.
class Uses : public ExprVisitor {
 public:
  void VisitVarUse(const Var& v) override { vars.insert(&v); }
  std::unordered_set<const Var*> vars;
};

bool UsesVar(const Ref<Expr>& e, const Var* v) {
  Uses u;
  u.VisitExpr(e);
  return u.vars.count(v) > 0;
}

struct Site {
  std::function<NegativeProgram()> make;
};

class Mutator {
 public:
  Mutator(const Ref<IRModule>& m, const Ref<Function>& main, const SeqExpr& body)
      : m_(m), main_(main), body_(body) {}

  std::vector<Site> Sites() {
    std::vector<Site> out;
    const auto& blocks = body_.blocks;
    for (size_t b = 0; b < blocks.size(); ++b) {
      const auto& bs = blocks[b].bindings;
      // Use before definition: a binding moved above the binding of a variable it uses.
      for (size_t j = 1; j < bs.size(); ++j) {
        for (size_t i = 0; i < j; ++i) {
          if (!UsesVar(bs[j].value, bs[i].var.get())) continue;
          out.push_back({[=, this] {
            auto blocks2 = body_.blocks;
            auto& v = blocks2[b].bindings;
            Binding moved = v[j];
            v.erase(v.begin() + static_cast<long>(j));
            v.insert(v.begin() + static_cast<long>(i), moved);
            return Make(blocks2, body_.body, ErrorCode::kVarOutOfScope, "use-before-definition");
          }});
          break;
        }
      }
      if (blocks[b].is_dataflow) {
        // A dataflow variable as the function's result.
        for (const auto& bd : bs) {
          if (!bd.var->is_dataflow()) continue;
          out.push_back({[=, this] { return Make(body_.blocks, bd.var, ErrorCode::kDataflowVarEscapes, "dataflow-escape"); }});
          break;
        }
        // An impure call inside the dataflow block.
        if (!main_->params.empty()) {
          out.push_back({[=, this] {
            auto blocks2 = body_.blocks;
            Ref<Var> bad = Var::MakeDataflow("bad");
            auto call = Call::Make(Op::Get(GetOp(OpId::kPrint)), {main_->params[0], StringImm::Make("")});
            blocks2[b].bindings.insert(blocks2[b].bindings.begin(), Binding::VarBinding(bad, call));
            return Make(blocks2, body_.body, ErrorCode::kImpureInDataflow, "impure-in-dataflow");
          }});
        }
      }
      // A shape variable used before the match_cast that binds it.
      for (size_t j = 0; j < bs.size(); ++j) {
        if (!bs[j].is_match_cast()) continue;
        std::vector<Ref<PrimExpr>> bound;
        checker::BindingPositions(bs[j].match_sinfo, &bound);
        for (const auto& s : bound) {
          if (SignatureVars().count(s.get()) || BoundBefore(b, j, s.get())) continue;
          out.push_back({[=, this] {
            auto blocks2 = body_.blocks;
            Ref<Var> bad = bs[j].var->is_dataflow() ? Var::MakeDataflow("bad") : Var::Make("bad");
            blocks2[b].bindings.insert(blocks2[b].bindings.begin() + static_cast<long>(j),
                                       Binding::VarBinding(bad, PrimValue::Make(s)));
            return Make(blocks2, body_.body, ErrorCode::kShapeVarOutOfScope, "shape-var-before-binding");
          }});
          break;
        }
      }
    }
    // An impure call in a pure function's ordinary block.
    if (main_->is_pure && !main_->params.empty()) {
      out.push_back({[=, this] {
        auto blocks2 = body_.blocks;
        BindingBlock front;
        front.bindings.push_back(Binding::VarBinding(
            Var::Make("bad"), Call::Make(Op::Get(GetOp(OpId::kPrint)), {main_->params[0], StringImm::Make("")})));
        if (!blocks2.empty() && !blocks2[0].is_dataflow) {
          blocks2[0].bindings.insert(blocks2[0].bindings.begin(), front.bindings[0]);
        } else {
          blocks2.insert(blocks2.begin(), front);
        }
        return Make(blocks2, body_.body, ErrorCode::kImpureInPureFunction, "impure-in-pure-function");
      }});
    }
    return out;
  }

 private:
  const std::unordered_set<const PrimExpr*>& SignatureVars() {
    if (!sig_init_) {
      for (const auto& p : main_->params) checker::ShapeVarsOf(p->annotation, &sig_);
      sig_init_ = true;
    }
    return sig_;
  }

  bool BoundBefore(size_t block, size_t binding, const PrimExpr* s) const {
    for (size_t b = 0; b <= block; ++b) {
      const auto& bs = body_.blocks[b].bindings;
      size_t end = b == block ? binding : bs.size();
      for (size_t j = 0; j < end; ++j) {
        if (!bs[j].is_match_cast()) continue;
        std::unordered_set<const PrimExpr*> vars;
        checker::ShapeVarsOf(bs[j].match_sinfo, &vars);
        if (vars.count(s)) return true;
      }
    }
    return false;
  }

  NegativeProgram Make(std::vector<BindingBlock> blocks, Ref<Expr> result, ErrorCode code, const char* mutation) const {
    auto body = SeqExpr::Make(std::move(blocks), std::move(result), body_.span);
    auto fn = Function::Make(main_->params, body, main_->ret_sinfo, main_->is_pure, main_->attrs, main_->span);
    std::vector<GlobalDef> globals = m_->globals;
    for (auto& g : globals) {
      if (g.name == "main") g.value = fn;
    }
    NegativeProgram out;
    out.module = m_->WithGlobals(globals);
    out.code = code;
    out.rule = std::string(ErrorCodeRule(code));
    out.mutation = mutation;
    return out;
  }

  const Ref<IRModule>& m_;
  const Ref<Function>& main_;
  const SeqExpr& body_;
  bool sig_init_ = false;
  std::unordered_set<const PrimExpr*> sig_;
};

}  // namespace

std::optional<NegativeProgram> MakeNegative(Chooser& c, const Ref<IRModule>& m) {
  Ref<Function> main = m->FindFunction("main");
  if (!main) return std::nullopt;
  auto body = As<SeqExpr>(main->body);
  if (!body) return std::nullopt;
  Mutator mut(m, main, *body);
  std::vector<Site> sites = mut.Sites();
  if (sites.empty()) return std::nullopt;
  return c.Pick(sites).make();
}

}  // namespace rlx::fuzz
