// Printing of PrimFuncs (spec §7.4, tir.text.print): canonical TVMScript TIR. Loops nest into
// T.grid where they can, block iteration variables bound to their loops print as T.axis.remap,
// and the implicit root block is the comment TVM writes.
#include <unordered_set>

#include "ir/base/checked_int.h"
#include "ir/text/literal_format.h"
#include "ir/text/printer_impl.h"
#include "ir/tir/walk.h"

namespace rlx::text {
namespace {

std::string DTypeString(DataType t) {
  return "\"" + std::string(DataTypeName(t)) + "\"";
}

bool Mentions(const Ref<PrimExpr>& e, const PrimExpr* var) {
  bool found = false;
  tir::ForEachExpr(e, [&](const PrimExpr& x) { found |= &x == var; });
  return found;
}

bool MentionsAnyVar(const Ref<PrimExpr>& e) {
  bool found = false;
  tir::ForEachExpr(e, [&](const PrimExpr& x) { found |= x.is_var(); });
  return found;
}

// A buffer whose declaration defines no variable prints as a T.Buffer annotation.
bool IsSimpleBuffer(const tir::Buffer& b) {
  for (const auto& d : b.shape) {
    if (MentionsAnyVar(d)) return false;
  }
  for (const auto& d : b.strides) {
    if (MentionsAnyVar(d)) return false;
  }
  return !MentionsAnyVar(b.elem_offset);
}

// The variables of `e` not in `seen`, in first-occurrence order (added to `seen`).
void CollectVars(const Ref<PrimExpr>& e, std::vector<Ref<PrimExpr>>* out,
                 std::unordered_set<const PrimExpr*>* seen) {
  tir::ForEachExpr(e, [&](const PrimExpr& x) {
    if (x.is_var() && seen->insert(&x).second) {
      out->push_back(std::shared_ptr<const PrimExpr>(e, &x));  // aliases e's ownership
    }
  });
}

// The subscript of a buffer access: A[i, j], or A[()] for a 0-d buffer (as TVM writes it).
std::string Subscript(const std::vector<std::string>& indices) {
  return "[" + (indices.empty() ? std::string("()") : Join(indices)) + "]";
}

bool IsOne(const Ref<PrimExpr>& e) { return e && e->is_int() && e->int_value == 1; }
bool IsZero(const Ref<PrimExpr>& e) { return e && e->is_int() && e->int_value == 0; }

}  // namespace

std::string Printer::TirLogic(const Ref<PrimExpr>& e, int context_prec) {
  // Python folds `True and False` before TVMScript sees it: operands that are all immediates
  // keep the raw constructors (T.And, T.Not).
  auto imm = [](const Ref<PrimExpr>& x) { return !x || x->is_int(); };
  if ((e->kind == PrimKind::kAnd || e->kind == PrimKind::kOr || e->kind == PrimKind::kNot) &&
      imm(e->operands[0]) && imm(e->operands[1])) {
    return "";
  }
  std::string s;
  int prec;
  switch (e->kind) {
    case PrimKind::kAnd:
      prec = kPrecAnd;
      s = Prim(e->operands[0], kPrecAnd) + " and " + Prim(e->operands[1], kPrecAnd + 1);
      break;
    case PrimKind::kOr:
      prec = kPrecOr;
      s = Prim(e->operands[0], kPrecOr) + " or " + Prim(e->operands[1], kPrecOr + 1);
      break;
    case PrimKind::kNot:
      prec = kPrecNot;
      s = "not " + Prim(e->operands[0], kPrecNot);
      break;
    case PrimKind::kIntImm:
      if (e->dtype != DataType::kBool) return "";
      return e->int_value ? "True" : "False";
    default: return "";
  }
  return prec < context_prec ? "(" + s + ")" : s;
}

std::string Printer::TirPrimAtom(const Ref<PrimExpr>& e) {
  switch (e->kind) {
    case PrimKind::kCast: return "T.Cast(" + DTypeString(e->dtype) + ", " + Prim(e->operands[0]) + ")";
    case PrimKind::kCall: {
      std::vector<std::string> args;
      for (const auto& a : e->args) args.push_back(Prim(a));
      return std::string("T.") + tir::GetIntrinsic(e->intrinsic).name + "(" + Join(args) + ")";
    }
    case PrimKind::kBufferLoad: {
      std::vector<std::string> idx;
      for (const auto& a : e->args) idx.push_back(Prim(a));
      return NameOf(e->buffer.get(), e->buffer->name) + Subscript(idx);
    }
    case PrimKind::kLet:
      return "T.Let(" + Prim(e->operands[2]) + ", where={" + Prim(e->operands[0]) + ": " +
             Prim(e->operands[1]) + "})";
    case PrimKind::kRamp:
      return "T.Ramp(" + Prim(e->operands[0]) + ", " + Prim(e->operands[1]) + ", " +
             std::to_string(e->lanes) + ")";
    case PrimKind::kBroadcast:
      return "T.Broadcast(" + Prim(e->operands[0]) + ", " + std::to_string(e->lanes) + ")";
    default: return "T.Unknown()";
  }
}

std::string Printer::TirBufferDecl(const tir::Buffer& b, const char* ctor, const std::string& handle) {
  std::vector<std::string> args;
  if (!handle.empty()) args.push_back(handle);
  std::vector<std::string> dims;
  for (const auto& d : b.shape) dims.push_back(Prim(d));
  args.push_back("(" + Join(dims) + (dims.size() == 1 ? ",)" : ")"));
  args.push_back(DTypeString(b.dtype));
  if (!b.strides.empty()) {
    std::vector<std::string> st;
    for (const auto& d : b.strides) st.push_back(Prim(d));
    args.push_back("strides=(" + Join(st) + (st.size() == 1 ? ",)" : ")"));
  }
  if (b.elem_offset) args.push_back("elem_offset=" + Prim(b.elem_offset));
  if (b.scope != "global") args.push_back("scope=" + QuoteString(b.scope));
  if (b.align) args.push_back("align=" + std::to_string(b.align));
  if (b.offset_factor) args.push_back("offset_factor=" + std::to_string(b.offset_factor));
  return std::string(ctor) + "(" + Join(args) + ")";
}

std::string Printer::TirRegion(const tir::BufferRegion& r) {
  std::vector<std::string> parts;
  for (const tir::Range& range : r.region) {
    if (IsOne(range.extent)) {
      parts.push_back(Prim(range.min));
    } else if (IsZero(range.min)) {
      parts.push_back(Prim(range.min) + ":" + Prim(range.extent));
    } else {
      parts.push_back(Prim(range.min) + ":" + TirEnd(range.min, range.extent));
    }
  }
  return NameOf(r.buffer.get(), r.buffer->name) + Subscript(parts);
}

void Printer::PrimFunc(const tir::PrimFunc& f, const std::string& name) {
  in_tir_ = true;
  const AttrValue* gs = f.attrs.Find("global_symbol");
  Line(gs ? "@T.prim_func" : "@T.prim_func(private=True)");
  // Parameters: a buffer that defines no variable is a T.Buffer annotation; the others are
  // T.handle parameters bound by T.match_buffer in the body (tir.text.func).
  std::vector<std::string> params;
  std::vector<const tir::Param*> matched;
  for (const tir::Param& p : f.params) {
    if (p.buffer && IsSimpleBuffer(*p.buffer)) {
      params.push_back(Define(p.buffer.get(), p.buffer->name) + ": " + TirBufferDecl(*p.buffer, "T.Buffer", ""));
      names_[p.var.get()] = names_[p.buffer.get()];
    } else if (p.buffer) {
      std::string hint = p.var->name == p.buffer->name ? "var_" + p.var->name : p.var->name;
      params.push_back(Define(p.var.get(), hint) + ": T.handle");
      matched.push_back(&p);
    } else {
      params.push_back(Define(p.var.get(), p.var->name) + ": T." + std::string(DataTypeName(p.var->dtype)));
    }
  }
  Line("def " + name + "(" + Join(params) + "):");
  ++indent_;
  Attrs attrs;
  for (const auto& [k, v] : f.attrs.entries()) {
    if (k != "global_symbol" || v.kind() != AttrValue::Kind::kString || v.as_string() != name) {
      attrs = attrs.With(k, v);
    }
  }
  if (!attrs.empty()) {
    Line("T.func_attr(" + Attr(AttrValue::Dict(attrs.entries())) + ")");
  }
  std::vector<Ref<PrimExpr>> vars;
  std::unordered_set<const PrimExpr*> seen;
  for (const tir::Param& p : f.params) {
    if (!p.buffer) seen.insert(p.var.get());
  }
  for (const tir::Param* p : matched) {
    for (const auto& d : p->buffer->shape) CollectVars(d, &vars, &seen);
    for (const auto& d : p->buffer->strides) CollectVars(d, &vars, &seen);
    CollectVars(p->buffer->elem_offset, &vars, &seen);
  }
  // The variables of T.Let expressions are declared here too, as TVM declares free variables.
  tir::ForEachStmt(f.body, [&](const tir::Stmt& s) {
    tir::ForEachExprOf(s, [&](const PrimExpr& e) {
      if (e.kind == PrimKind::kLet && seen.insert(e.operands[0].get()).second) vars.push_back(e.operands[0]);
    });
  });
  for (const auto& v : vars) {
    Line(Define(v.get(), v->name) + " = T." + std::string(DataTypeName(v->dtype)) + "()");
  }
  for (const tir::Param* p : matched) {
    Line(Define(p->buffer.get(), p->buffer->name) + " = " +
         TirBufferDecl(*p->buffer, "T.match_buffer", NameOf(p->var.get(), p->var->name)));
  }
  auto root = tir::As<tir::Block>(f.body);
  if (root && root->is_root()) {
    Line("# with T.block(\"root\"):");
    for (const auto& b : root->alloc_buffers) {
      Line(Define(b.get(), b->name) + " = " + TirBufferDecl(*b, "T.alloc_buffer", ""));
    }
    TirBody(root->body);
  } else {
    TirBody(f.body);
  }
  --indent_;
  in_tir_ = false;
}

void Printer::TirBody(const Ref<tir::Stmt>& s) {
  if (auto seq = tir::As<tir::SeqStmt>(s)) {
    for (const auto& x : seq->seq) TirStmt(x);
    return;
  }
  TirStmt(s);
}

void Printer::TirFor(const tir::For& f) {
  // Perfectly nested serial loops from 0 whose extents do not use the outer variables print
  // as one T.grid (tir.text.print).
  std::vector<const tir::For*> nest = {&f};
  auto plain = [](const tir::For& l) {
    return l.for_kind == tir::ForKind::kSerial && IsZero(l.min) && l.annotations.empty();
  };
  if (plain(f)) {
    for (auto inner = tir::As<tir::For>(f.body); inner && plain(*inner); inner = tir::As<tir::For>(inner->body)) {
      bool independent = true;
      for (const tir::For* outer : nest) independent &= !Mentions(inner->extent, outer->var.get());
      if (!independent) break;
      nest.push_back(inner.get());
    }
  }
  const size_t scope = tir_scope_names_.size();
  std::vector<std::string> names, extents;
  for (const tir::For* l : nest) {
    loop_domains_[l->var.get()] = {l->min, l->extent};
    extents.push_back(Prim(l->extent));
    names.push_back(Define(l->var.get(), l->var->name));
  }
  std::string iter;
  if (nest.size() > 1) {
    iter = "T.grid(" + Join(extents) + ")";
  } else {
    std::vector<std::string> args;
    if (IsZero(f.min)) {
      args.push_back(Prim(f.extent));
    } else {
      args.push_back(Prim(f.min));
      args.push_back(TirEnd(f.min, f.extent));
    }
    if (f.for_kind == tir::ForKind::kThreadBinding) args.push_back("thread=" + QuoteString(f.thread_tag));
    if (!f.annotations.empty()) args.push_back("annotations=" + Attr(AttrValue::Dict(f.annotations.entries())));
    const bool range = f.for_kind == tir::ForKind::kSerial && f.annotations.empty();
    iter = (range ? std::string("range") : "T." + std::string(tir::ForKindName(f.for_kind))) + "(" + Join(args) + ")";
  }
  Line("for " + Join(names) + " in " + iter + ":");
  ++indent_;
  TirBody(nest.back()->body);
  --indent_;
  EndTirScope(scope);
}

std::string Printer::TirEnd(const Ref<PrimExpr>& min, const Ref<PrimExpr>& extent) {
  // min + extent, folded when both are immediates (the parser reads `start, stop` back).
  if (min->is_int() && extent->is_int() && min->dtype == extent->dtype) {
    std::optional<int64_t> end = CheckedAdd(min->int_value, extent->int_value);
    if (end && FitsDataType(min->dtype, *end)) return Prim(PrimExpr::Int(*end, min->dtype));
  }
  return Prim(PrimExpr::Binary(PrimKind::kAdd, min, extent));
}

void Printer::EndTirScope(size_t scope) {
  // Names are scoped in TIR: sibling loops and blocks reuse theirs, as TVM prints them.
  for (size_t i = scope; i < tir_scope_names_.size(); ++i) used_names_.erase(tir_scope_names_[i]);
  tir_scope_names_.resize(scope);
}

void Printer::TirBlock(const tir::Block& b) {
  Line(std::string(spelling_ == TvmSpelling::kV024 ? "with T.sblock(" : "with T.block(") +
       QuoteString(b.name) + "):");
  ++indent_;
  const size_t scope = tir_scope_names_.size();
  // Runs of iteration variables bound to their loops, with the loops' domains, print as one
  // T.axis.remap each; the others as T.axis.spatial / T.axis.reduce, in order.
  auto remappable = [&](size_t i) {
    const auto& v = b.iter_values[i];
    const tir::IterVar& iv = b.iter_vars[i];
    auto it = loop_domains_.find(v.get());
    return v->is_var() && it != loop_domains_.end() && SameTerm(it->second.min, iv.dom.min) &&
           SameTerm(it->second.extent, iv.dom.extent);
  };
  for (size_t i = 0; i < b.iter_vars.size();) {
    if (remappable(i)) {
      size_t j = i;
      std::string kinds;
      std::vector<std::string> names, values;
      for (; j < b.iter_vars.size() && remappable(j); ++j) {
        kinds += b.iter_vars[j].kind == tir::IterKind::kSpatial ? "S" : "R";
        values.push_back(Prim(b.iter_values[j]));
        names.push_back(Define(b.iter_vars[j].var.get(), b.iter_vars[j].var->name));
      }
      Line(Join(names) + " = T.axis.remap(\"" + kinds + "\", [" + Join(values) + "])");
      i = j;
      continue;
    }
    const tir::IterVar& iv = b.iter_vars[i];
    std::string dom = IsZero(iv.dom.min) ? Prim(iv.dom.extent)
                                         : "(" + Prim(iv.dom.min) + ", " + TirEnd(iv.dom.min, iv.dom.extent) + ")";
    std::string value = Prim(b.iter_values[i]);
    Line(Define(iv.var.get(), iv.var->name) + " = T.axis." +
         (iv.kind == tir::IterKind::kSpatial ? "spatial" : "reduce") + "(" + dom + ", " + value + ")");
    ++i;
  }
  if (b.predicate) Line("T.where(" + Prim(b.predicate) + ")");
  if (b.has_regions) {
    std::vector<std::string> reads, writes;
    for (const auto& r : b.reads) reads.push_back(TirRegion(r));
    for (const auto& r : b.writes) writes.push_back(TirRegion(r));
    Line("T.reads(" + Join(reads) + ")");
    Line("T.writes(" + Join(writes) + ")");
  }
  if (!b.annotations.empty()) Line("T.block_attr(" + Attr(AttrValue::Dict(b.annotations.entries())) + ")");
  for (const auto& buf : b.alloc_buffers) {
    Line(Define(buf.get(), buf->name) + " = " + TirBufferDecl(*buf, "T.alloc_buffer", ""));
  }
  if (b.init) {
    Line("with T.init():");
    ++indent_;
    TirBody(b.init);
    --indent_;
  }
  TirBody(b.body);
  --indent_;
  EndTirScope(scope);
}

void Printer::TirStmt(const Ref<tir::Stmt>& s) {
  using namespace tir;
  switch (s->kind) {
    case StmtKind::kSeq: TirBody(s); return;
    case StmtKind::kFor: TirFor(static_cast<const For&>(*s)); return;
    case StmtKind::kBufferStore: {
      auto& x = static_cast<const BufferStore&>(*s);
      std::vector<std::string> idx;
      for (const auto& i : x.indices) idx.push_back(Prim(i));
      Line(NameOf(x.buffer.get(), x.buffer->name) + Subscript(idx) + " = " + Prim(x.value));
      return;
    }
    case StmtKind::kLetStmt: {
      auto& x = static_cast<const LetStmt&>(*s);
      std::string value = Prim(x.value);
      Line(Define(x.var.get(), x.var->name) + ": T." + std::string(DataTypeName(x.var->dtype)) + " = " + value);
      TirBody(x.body);
      return;
    }
    case StmtKind::kIfThenElse: {
      auto& x = static_cast<const IfThenElse&>(*s);
      Line("if " + Prim(x.cond) + ":");
      ++indent_;
      TirBody(x.then_case);
      --indent_;
      if (x.else_case) {
        Line("else:");
        ++indent_;
        TirBody(x.else_case);
        --indent_;
      }
      return;
    }
    case StmtKind::kEvaluate:
      Line("T.evaluate(" + Prim(static_cast<const Evaluate&>(*s).value) + ")");
      return;
    case StmtKind::kAssert: {
      auto& x = static_cast<const AssertStmt&>(*s);
      Line("assert " + Prim(x.cond) + ", " + QuoteString(x.message));
      return;
    }
    case StmtKind::kDeclBuffer: {
      auto& x = static_cast<const DeclBuffer&>(*s);
      Line(Define(x.buffer.get(), x.buffer->name) + " = " + TirBufferDecl(*x.buffer, "T.decl_buffer", ""));
      TirBody(x.body);
      return;
    }
    case StmtKind::kBlock: TirBlock(static_cast<const tir::Block&>(*s)); return;
  }
}

}  // namespace rlx::text
