// Printing of modules, functions, blocks and bindings (spec §6.11).
#include <algorithm>

#include "ir/analysis/visitor.h"
#include "ir/op_table.h"
#include "ir/text/lexer.h"
#include "ir/text/literal_format.h"
#include "ir/text/printer.h"
#include "ir/text/printer_impl.h"

namespace rlx::text {
namespace {

// Names the printed text must not bind: the TVMScript prefixes, the module alias, and the
// names the parser gives meaning to.
bool IsReservedName(const std::string& n) {
  static const char* kReserved[] = {"R", "T", "I", "cls", "np", "tvm", "float", "numpy"};
  for (const char* r : kReserved) {
    if (n == r) return true;
  }
  return IsPythonKeyword(n);
}

std::string SanitizeName(const std::string& hint) {
  std::string s;
  for (char c : hint) {
    bool ok =
        (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    s.push_back(ok ? c : '_');
  }
  if (s.empty()) s = "v";
  if (s[0] >= '0' && s[0] <= '9') s = "v" + s;
  return s;
}

// Collects, in first-occurrence order, the shape variables of a function (signature and
// body, nested functions included), the variables it uses, and whether it names globals.
class FunctionScan : public ExprVisitor {
 public:
  std::vector<Ref<PrimExpr>> tir_vars;
  std::unordered_set<const Var*> used;
  bool uses_globals = false;

  void VisitVarUse(const Var& v) override { used.insert(&v); }
  void VisitGlobalVar(const GlobalVar&) override { uses_globals = true; }
  void VisitPrimExpr(const Ref<PrimExpr>& e) override {
    if (e && e->is_var()) {
      if (seen_.insert(e.get()).second) tir_vars.push_back(e);
      return;
    }
    ExprVisitor::VisitPrimExpr(e);
  }

 private:
  std::unordered_set<const PrimExpr*> seen_;
};

bool IsVoidOpCall(const Ref<Expr>& e) {
  auto call = As<Call>(e);
  auto op = call ? As<Op>(call->op) : nullptr;
  return op && IsVoidStatementOp(op->info->id);
}

}  // namespace

bool Printer::IsPrimFuncCall(const Ref<rlx::Expr>& e) const {
  auto call = As<Call>(e);
  auto g = call ? As<GlobalVar>(call->op) : nullptr;
  const GlobalDef* def = g && module_ ? module_->Find(g->name) : nullptr;
  return def && As<tir::PrimFunc>(def->value);
}

void Printer::Line(const std::string& text) {
  out_.append(static_cast<size_t>(indent_) * 4, ' ');
  out_ += text;
  out_ += '\n';
}

void Printer::ResetNames() {
  names_.clear();
  used_names_.clear();
  used_vars_.clear();
  sig_vars_.clear();
  loop_domains_.clear();
  tir_scope_names_.clear();
}

std::string Printer::Define(const void* key, const std::string& hint) {
  std::string base = SanitizeName(hint);
  std::string name = base;
  for (int k = 1; used_names_.count(name) || IsReservedName(name) || name == module_name_; ++k) {
    name = base + "_" + std::to_string(k);
  }
  used_names_.insert(name);
  names_[key] = name;
  if (in_tir_) tir_scope_names_.push_back(name);
  return name;
}

std::string Printer::NameOf(const void* key, const std::string& hint) {
  auto it = names_.find(key);
  if (it != names_.end()) return it->second;
  return Define(key, hint);
}

// text.print.module: a standalone module whose function is exported under another name than
// its own prints as top-level functions, the only form that keeps its meaning
// (wf.global.symbol); every other module prints as a class.
static bool NeedsTopLevelForm(const IRModule& m) {
  if (!m.standalone || !m.attrs.empty() || !m.vdevices.empty()) return false;
  bool renamed = false;
  for (const auto& g : m.globals) {
    auto f = As<rlx::Function>(g.value);
    if (!f) return false;
    const AttrValue* gs = f->attrs.Find("global_symbol");
    renamed |= gs && gs->kind() == AttrValue::Kind::kString && gs->as_string() != g.name;
  }
  return renamed;
}

std::string Printer::Module(const IRModule& m) {
  module_ = &m;
  module_name_ = SanitizeName(m.name.empty() ? "Module" : m.name);
  if (IsReservedName(module_name_)) module_name_ += "_1";
  const bool top_level = NeedsTopLevelForm(m);
  if (!top_level) {
    Line(spelling_ == TvmSpelling::kV024 ? "@I.ir_module(s_tir=True)" : "@I.ir_module");
    Line("class " + module_name_ + ":");
    ++indent_;
  }
  if (!m.attrs.empty()) Line("I.module_attrs(" + Attr(AttrValue::Dict(m.attrs.entries())) + ")");
  if (!m.vdevices.empty()) {  // text.print.module: the virtual devices, as TVM prints them
    std::vector<std::string> devices;
    for (const VDeviceInfo& d : m.vdevices) {
      devices.push_back("I.vdevice(" + Attr(d.target) + ", " + std::to_string(d.vdevice_id) + ", " +
                        QuoteString(d.memory_scope) + ")");
    }
    Line("I.module_global_infos({\"vdevice\": [" + Join(devices) + "]})");
  }
  bool previous_function = false;
  for (const auto& g : m.globals) {
    ResetNames();
    if (auto ext = As<ExternFunc>(g.value)) {
      if (previous_function) out_ += "\n";
      Line(g.name + " = " + Expr(ext));
      previous_function = false;
    } else if (auto f = As<rlx::Function>(g.value)) {
      if (previous_function) out_ += "\n";
      Function(*f, g.name, true);
      previous_function = true;
    } else if (auto pf = As<tir::PrimFunc>(g.value)) {
      if (previous_function) out_ += "\n";
      PrimFunc(*pf, g.name);
      previous_function = true;
    }
  }
  if (!top_level) {
    if (m.globals.empty() && m.attrs.empty() && m.vdevices.empty()) Line("pass");
    --indent_;
  }
  std::string header = "from tvm.script import ir as I, relax as R, tir as T\n";
  if (uses_numpy_) header += "import numpy as np\n";
  return header + "\n" + out_;
}

void Printer::Function(const rlx::Function& f, const std::string& name, bool top_level) {
  const AttrValue* gs = f.attrs.Find("global_symbol");
  bool hide_gs = top_level && module_ && gs && gs->kind() == AttrValue::Kind::kString &&
                 gs->as_string() == name;
  std::vector<std::string> deco;
  if (!f.is_pure) deco.push_back("pure=False");
  if (top_level && module_ && !gs) deco.push_back("private=True");
  Line("@R.function" + (deco.empty() ? std::string() : "(" + Join(deco) + ")"));

  FunctionScan scan;
  if (top_level) {
    scan.VisitFunction(f);
    used_vars_ = scan.used;
  }

  // Shape variables first seen in the signature are written as strings there and declared
  // at the top of the body, as TVM prints them (spec text.func.signature-vars).
  FunctionScan sig;
  for (const auto& p : f.params) {
    if (p->annotation) sig.VisitStructInfo(p->annotation);
  }
  if (f.ret_sinfo) sig.VisitStructInfo(f.ret_sinfo);
  std::vector<Ref<PrimExpr>> sig_decls;
  for (const auto& v : sig.tir_vars) {
    if (names_.count(v.get())) continue;
    Define(v.get(), v->name);
    sig_vars_.insert(v.get());
    sig_decls.push_back(v);
  }

  in_signature_ = true;
  std::vector<std::string> params;
  for (const auto& p : f.params) {
    std::string pname = Define(p.get(), p->name);
    params.push_back(pname + ": " + (p->annotation ? SInfo(p->annotation) : ObjectName()));
  }
  std::string ret = f.ret_sinfo ? " -> " + SInfo(f.ret_sinfo) : "";
  in_signature_ = false;
  sig_vars_.clear();

  Line("def " + name + "(" + Join(params) + ")" + ret + ":");
  ++indent_;
  for (const auto& v : sig_decls)
    Line(names_[v.get()] + " = T." + std::string(DataTypeName(v->dtype)) + "()");

  AttrDict attrs;
  for (const auto& kv : f.attrs.entries()) {
    if (hide_gs && kv.first == "global_symbol") continue;
    attrs.push_back(kv);
  }
  if (!attrs.empty()) Line("R.func_attr(" + Attr(AttrValue::Dict(attrs)) + ")");

  if (top_level) {
    for (const auto& v : scan.tir_vars) {
      if (names_.count(v.get())) continue;
      std::string n = Define(v.get(), v->name);
      Line(n + " = T." + std::string(DataTypeName(v->dtype)) + "()");
    }
    if (scan.uses_globals && module_) Line("cls = " + module_name_);
  }

  if (auto seq = As<SeqExpr>(f.body)) {
    Seq(*seq, nullptr);
  } else {
    Line("return " + Expr(f.body));
  }
  --indent_;
}

void Printer::Seq(const SeqExpr& s, const std::string* result_name) {
  // In an if branch, a body that is the variable of the branch's last binding is written
  // as that binding under the if's result name (spec text.if.result).
  const Binding* merged = nullptr;
  if (result_name && !s.blocks.empty() && !s.blocks.back().is_dataflow &&
      !s.blocks.back().bindings.empty()) {
    const Binding& last = s.blocks.back().bindings.back();
    // The parser reads `name = leaf` as the branch value itself (no binding), so a binding
    // of a plain leaf is written out and followed by `name = var`.
    bool reads_back = !IsLeafOrTuple(last.value) || last.var->annotation || last.is_match_cast();
    if (last.var == s.body && reads_back && !As<rlx::Function>(last.value) && !As<If>(last.value)) {
      merged = &last;
    }
  }
  for (const auto& block : s.blocks) {
    if (block.is_dataflow) {
      Line("with R.dataflow():");
      ++indent_;
      std::vector<std::string> outputs;
      for (const auto& b : block.bindings) {
        BindingStmt(b, true);
        if (!b.var->is_dataflow()) outputs.push_back(names_[b.var.get()]);
      }
      Line("R.output(" + Join(outputs) + ")");
      --indent_;
      continue;
    }
    for (const auto& b : block.bindings) {
      if (&b == merged) continue;
      BindingStmt(b, false);
    }
  }
  if (!result_name) {
    Line("return " + Expr(s.body));
    return;
  }
  if (merged) {
    std::string ann = merged->var->annotation && !merged->is_match_cast()
                          ? ": " + SInfo(merged->var->annotation)
                          : "";
    std::string value = merged->is_match_cast() ? "R.match_cast(" + Expr(merged->value) + ", " +
                                                      SInfo(merged->match_sinfo) + ")"
                                                : Expr(merged->value);
    names_[merged->var.get()] = *result_name;
    Line(*result_name + ann + " = " + value);
    return;
  }
  Line(*result_name + " = " + Expr(s.body));
}

void Printer::BindingStmt(const Binding& b, bool in_dataflow) {
  if (auto f = As<rlx::Function>(b.value); f && !b.is_match_cast()) {
    std::string name = Define(b.var.get(), b.var->name);
    Function(*f, name, false);
    return;
  }
  if (As<If>(b.value) && !b.is_match_cast()) {
    IfStmt(b);
    return;
  }
  std::string value = b.is_match_cast()
                          ? "R.match_cast(" + Expr(b.value) + ", " + SInfo(b.match_sinfo) + ")"
                          : Expr(b.value);
  // A void call whose variable is never used prints as a statement; the parser binds it
  // to a fresh variable (a DataflowVar inside a dataflow block). A direct call of a PrimFunc
  // is void (tir.func.sinfo), as TVM prints its lowered form.
  if (!b.is_match_cast() && !b.var->annotation && (IsVoidOpCall(b.value) || IsPrimFuncCall(b.value)) &&
      !used_vars_.count(b.var.get()) && b.var->is_dataflow() == in_dataflow) {
    Line(value);  // the variable is never used, so it needs no name

    return;
  }
  std::string name = Define(b.var.get(), b.var->name);
  std::string ann;
  if (b.var->annotation && !(b.is_match_cast() && b.var->annotation == b.match_sinfo)) {
    ann = ": " + SInfo(b.var->annotation);
  }
  Line(name + ann + " = " + value);
}

void Printer::IfStmt(const Binding& b) {
  auto node = As<If>(b.value);
  std::string cond = Expr(node->cond);
  std::string name = Define(b.var.get(), b.var->name);
  Line("if " + cond + ":");
  ++indent_;
  if (auto t = As<SeqExpr>(node->true_branch)) {
    Seq(*t, &name);
  } else {
    Line(name + " = " + Expr(node->true_branch));
  }
  --indent_;
  Line("else:");
  ++indent_;
  if (auto e = As<SeqExpr>(node->false_branch)) {
    Seq(*e, &name);
  } else {
    Line(name + " = " + Expr(node->false_branch));
  }
  --indent_;
  // The branches may have renamed the result; the if's own variable keeps its name.
  names_[b.var.get()] = name;
}

std::optional<TvmSpelling> ParseTvmSpelling(const std::string& text) {
  if (text == "v0.23") return TvmSpelling::kV023;
  if (text == "v0.24") return TvmSpelling::kV024;
  return std::nullopt;
}

std::string PrintModule(const IRModule& m, const PrintOptions& options) {
  Printer p;
  p.spelling_ = options.spelling;
  return p.Module(m);
}

std::string PrintExpr(const Ref<Expr>& e) {
  Printer p;
  if (auto f = As<rlx::Function>(e)) {
    p.Function(*f, "main", true);
    return p.out_;
  }
  return p.Expr(e);
}

std::string PrintStructInfo(const Ref<StructInfo>& s) {
  Printer p;
  return p.SInfo(s);
}

std::string PrintPrimExpr(const Ref<PrimExpr>& e) {
  Printer p;
  return p.Prim(e);
}

}  // namespace rlx::text
