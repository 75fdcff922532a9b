#include "checker/wf/tir_well_formed.h"

#include <algorithm>
#include <set>
#include <string>
#include <unordered_set>
#include <vector>

#include "ir/tir/prim_func.h"
#include "ir/tir/walk.h"

namespace rlx::checker {
namespace {

std::string DT(DataType t) { return std::string(DataTypeName(t)); }

const std::set<std::string> kThreadTags = {"blockIdx.x",  "blockIdx.y",  "blockIdx.z",  "threadIdx.x",
                                           "threadIdx.y", "threadIdx.z", "vthread",     "vthread.x",
                                           "vthread.y",   "vthread.z"};

class TirChecker {
 public:
  TirChecker(const std::string& name, Span site, DiagnosticEngine& diags) : name_(name), site_(site), diags_(diags) {}

  void Check(const tir::PrimFunc& f) {
    for (const tir::Param& p : f.params) {
      if (!p.is_handle()) Define(p.var, p.var->span);
    }
    // tir.func.buffer-map: a lone variable of a buffer parameter's layout that nothing defined
    // earlier is defined there; every other layout expression is checked once all are defined.
    std::vector<const tir::Buffer*> buffers;
    for (const tir::Param& p : f.params) {
      if (!p.is_handle()) continue;
      const tir::Buffer& b = *p.buffer;
      for (const auto* list : {&b.shape, &b.strides}) {
        for (const auto& e : *list) {
          if (e->is_var() && !in_scope_.count(e.get())) Define(e, e->span.known() ? e->span : b.span);
        }
      }
      if (b.elem_offset && b.elem_offset->is_var() && !in_scope_.count(b.elem_offset.get())) Define(b.elem_offset, b.span);
      DefineBuffer(p.buffer, b.span);
      buffers.push_back(&b);
    }
    for (const tir::Buffer* b : buffers) Layout(*b);
    if (f.body) Stmt(*f.body);
  }

  int errors() const { return errors_; }

 private:
  // ---- reporting ----
  void Report(ErrorCode code, Span span, std::string message) {
    auto& d = diags_.Error(code, span.known() ? span : stmt_site_.known() ? stmt_site_ : site_,
                           "in PrimFunc '" + name_ + "': " + std::move(message));
    d.rule = std::string(ErrorCodeRule(code));
    ++errors_;
  }

  // ---- scopes (tir.wf.var, tir.wf.buffer) ----
  void Define(const Ref<PrimExpr>& var, Span where) {
    if (!ever_.insert(var.get()).second) {
      Report(ErrorCode::kTirVarScope, where, "variable '" + var->name + "' is defined twice");
    }
    in_scope_.insert(var.get());
  }
  void Undefine(const Ref<PrimExpr>& var) { in_scope_.erase(var.get()); }
  void DefineBuffer(const Ref<tir::Buffer>& b, Span where) {
    if (!buffers_ever_.insert(b.get()).second) {
      Report(ErrorCode::kTirBufferScope, where, "buffer '" + b->name + "' is defined twice");
    }
    buffers_in_scope_.insert(b.get());
  }
  void UndefineBuffer(const Ref<tir::Buffer>& b) { buffers_in_scope_.erase(b.get()); }
  bool BufferInScope(const tir::Buffer& b, Span where) {
    if (buffers_in_scope_.count(&b)) return true;
    Report(ErrorCode::kTirBufferScope, where, "buffer '" + b.name + "' is used where it is not defined");
    return false;
  }

  // ---- expressions: checks `e` and gives its dtype ----
  DataType Expr(const PrimExpr& e) {
    switch (e.kind) {
      case PrimKind::kIntImm:
      case PrimKind::kFloatImm: return e.dtype;
      case PrimKind::kVar:
        // A variable node's span is its definition's, so these point at the statement.
        if (!in_scope_.count(&e)) {
          Report(ErrorCode::kTirVarScope, Span{}, "variable '" + e.name + "' is used where it is not defined");
        } else if (e.dtype == DataType::kVoid) {
          Report(ErrorCode::kTirDType, Span{}, "handle '" + e.name + "' is used as a value");
        }
        return e.dtype;
      case PrimKind::kNot:
        Bool(*e.operands[0], "the operand of `not`");
        return DataType::kBool;
      case PrimKind::kAnd:
      case PrimKind::kOr:
        Bool(*e.operands[0], "an operand of `and` / `or`");
        Bool(*e.operands[1], "an operand of `and` / `or`");
        return DataType::kBool;
      case PrimKind::kSelect:
        Bool(*e.operands[0], "the condition of T.Select");
        Same(e, Expr(*e.operands[1]), Expr(*e.operands[2]));
        return e.dtype;
      case PrimKind::kCast: Expr(*e.operands[0]); return e.dtype;
      case PrimKind::kCall: return Call(e);
      case PrimKind::kBufferLoad:
        Access(*e.buffer, e.args, e.span, false);
        return e.dtype;
      case PrimKind::kLet: {
        const DataType v = Expr(*e.operands[1]);
        if (v != e.operands[0]->dtype) {
          Report(ErrorCode::kTirDType, e.span, "T.Let binds " + e.operands[0]->name + " (" + DT(e.operands[0]->dtype) + ") to a " + DT(v));
        }
        Define(e.operands[0], e.span);
        Expr(*e.operands[2]);
        Undefine(e.operands[0]);
        return e.dtype;
      }
      case PrimKind::kRamp:
        Integer(*e.operands[0], "a ramp's base");
        Same(e, e.operands[0]->dtype, Expr(*e.operands[1]));
        return e.dtype;
      case PrimKind::kBroadcast: Expr(*e.operands[0]); return e.dtype;
      default: break;
    }
    // + - * / % // min max and the comparisons: operands of one dtype.
    Same(e, Expr(*e.operands[0]), Expr(*e.operands[1]));
    return e.dtype;
  }
  void Same(const PrimExpr& e, DataType a, DataType b) {
    if (a != b && a != DataType::kVoid && b != DataType::kVoid) {
      Report(ErrorCode::kTirDType, e.span, std::string(PrimKindName(e.kind)) + " of a " + DT(a) + " and a " + DT(b));
    }
  }
  void Integer(const PrimExpr& e, const std::string& what) {
    const DataType t = Expr(e);
    if (!IsInteger(t)) Report(ErrorCode::kTirDType, e.span, what + " must be an integer, not " + DT(t));
  }
  void Bool(const PrimExpr& e, const std::string& what) {
    const DataType t = Expr(e);
    if (t != DataType::kBool) Report(ErrorCode::kTirDType, e.span, what + " must be a bool, not " + DT(t));
  }
  DataType Call(const PrimExpr& e) {
    const tir::IntrinsicInfo& info = tir::GetIntrinsic(e.intrinsic);
    std::vector<DataType> t;
    for (const auto& a : e.args) t.push_back(Expr(*a));
    const std::string name = std::string("T.") + info.name;
    if (static_cast<int>(t.size()) != info.arity) {
      Report(ErrorCode::kTirDType, e.span, name + " takes " + std::to_string(info.arity) + " operands");
      return e.dtype;
    }
    size_t first_value = 0;
    if (info.operands == tir::IntrinsicOperands::kCond) {
      if (t[0] != DataType::kBool) Report(ErrorCode::kTirDType, e.span, "the condition of " + name + " must be a bool");
      first_value = 1;
    }
    for (size_t i = first_value + 1; i < t.size(); ++i) Same(e, t[first_value], t[i]);
    const DataType v = t.back();
    bool ok = true;
    switch (info.operands) {
      case tir::IntrinsicOperands::kFloat: ok = IsFloat(v); break;
      case tir::IntrinsicOperands::kInt: ok = IsInteger(v) || v == DataType::kBool; break;
      case tir::IntrinsicOperands::kNumeric: ok = IsFloat(v) || IsInteger(v); break;
      case tir::IntrinsicOperands::kBool: ok = v == DataType::kBool; break;
      case tir::IntrinsicOperands::kCond: break;
    }
    if (!ok) Report(ErrorCode::kTirDType, e.span, name + " does not take a " + DT(v));
    return e.dtype;
  }

  // ---- buffers and accesses (tir.wf.index) ----
  void Layout(const tir::Buffer& b) {
    for (const auto& d : b.shape) Integer(*d, "an extent of buffer '" + b.name + "'");
    for (const auto& d : b.strides) Integer(*d, "a stride of buffer '" + b.name + "'");
    if (b.elem_offset) Integer(*b.elem_offset, "the element offset of buffer '" + b.name + "'");
    if (!b.strides.empty() && b.strides.size() != b.shape.size()) {
      Report(ErrorCode::kTirIndex, b.span, "buffer '" + b.name + "' has " + std::to_string(b.strides.size()) +
                                               " strides for rank " + std::to_string(b.shape.size()));
    }
  }
  void Access(const tir::Buffer& b, const std::vector<Ref<PrimExpr>>& indices, Span where, bool store) {
    if (BufferInScope(b, where)) {
      for (auto& frame : blocks_) (store ? frame.stored : frame.loaded).insert(&b);
    }
    if (indices.size() != b.ndim()) {
      Report(ErrorCode::kTirIndex, where, std::string(store ? "a store to" : "a load from") + " buffer '" + b.name +
                                              "' with " + std::to_string(indices.size()) + " indices; it has rank " +
                                              std::to_string(b.ndim()));
    }
    for (const auto& i : indices) Integer(*i, "an index of buffer '" + b.name + "'");
  }

  // ---- statements ----
  void Stmt(const tir::Stmt& s) {
    const Span saved = stmt_site_;
    if (s.span.known()) stmt_site_ = s.span;
    switch (s.kind) {
      case tir::StmtKind::kSeq:
        for (const auto& c : static_cast<const tir::SeqStmt&>(s).seq) Stmt(*c);
        break;
      case tir::StmtKind::kFor: For(static_cast<const tir::For&>(s)); break;
      case tir::StmtKind::kBufferStore: Store(static_cast<const tir::BufferStore&>(s)); break;
      case tir::StmtKind::kLetStmt: {
        const auto& l = static_cast<const tir::LetStmt&>(s);
        const DataType v = Expr(*l.value);
        if (v != l.var->dtype) {
          Report(ErrorCode::kTirDType, l.value->span, "'" + l.var->name + "' is a " + DT(l.var->dtype) + ", its value a " + DT(v));
        }
        Define(l.var, s.span);
        Stmt(*l.body);
        Undefine(l.var);
        break;
      }
      case tir::StmtKind::kIfThenElse: {
        const auto& i = static_cast<const tir::IfThenElse&>(s);
        Bool(*i.cond, "an if condition");
        Stmt(*i.then_case);
        if (i.else_case) Stmt(*i.else_case);
        break;
      }
      case tir::StmtKind::kEvaluate: Expr(*static_cast<const tir::Evaluate&>(s).value); break;
      case tir::StmtKind::kAssert: Bool(*static_cast<const tir::AssertStmt&>(s).cond, "an assert condition"); break;
      case tir::StmtKind::kDeclBuffer: {
        const auto& d = static_cast<const tir::DeclBuffer&>(s);
        Layout(*d.buffer);
        DefineBuffer(d.buffer, s.span);
        Stmt(*d.body);
        UndefineBuffer(d.buffer);
        break;
      }
      case tir::StmtKind::kBlock: Block(static_cast<const tir::Block&>(s)); break;
    }
    stmt_site_ = saved;
  }

  // tir.wf.loop: the variable, start and extent have one integer dtype; a thread-bound loop has a
  // valid tag, the other kinds none.
  void For(const tir::For& f) {
    Integer(*f.min, "a loop's start");
    Integer(*f.extent, "a loop's extent");
    if (f.min->dtype != f.var->dtype || f.extent->dtype != f.var->dtype) {
      Report(ErrorCode::kTirLoopForm, f.span, "loop '" + f.var->name + "' is a " + DT(f.var->dtype) + " with a start of " +
                                              DT(f.min->dtype) + " and an extent of " + DT(f.extent->dtype));
    }
    if (f.for_kind == tir::ForKind::kThreadBinding && !kThreadTags.count(f.thread_tag)) {
      Report(ErrorCode::kTirLoopForm, f.span, "loop '" + f.var->name + "' is bound to \"" + f.thread_tag +
                                              "\", which is not a thread axis (blockIdx.x, threadIdx.y, vthread, ...)");
    } else if (f.for_kind != tir::ForKind::kThreadBinding && !f.thread_tag.empty()) {
      Report(ErrorCode::kTirLoopForm, f.span, "loop '" + f.var->name + "' has a thread tag but is not thread-bound");
    }
    Define(f.var, f.span);
    Stmt(*f.body);
    Undefine(f.var);
  }

  void Store(const tir::BufferStore& s) {
    Access(*s.buffer, s.indices, s.span, true);
    const DataType v = Expr(*s.value);
    if (v != s.buffer->dtype) {  // tir.wf.store
      Report(ErrorCode::kTirStoreDType, s.value->span.known() ? s.value->span : s.span,
             "a " + DT(v) + " value stored to buffer '" + s.buffer->name + "' of " + DT(s.buffer->dtype));
    }
    // tir.wf.block: a reduction block writes at indices of its spatial variables only.
    if (!blocks_.empty() && blocks_.back().reduction) {
      for (const auto& i : s.indices) {
        tir::ForEachExpr(i, [&](const PrimExpr& x) {
          if (x.is_var() && blocks_.back().reduce_vars.count(&x)) {
            Report(ErrorCode::kTirBlock, s.span,
                   "block '" + blocks_.back().name + "' stores to '" + s.buffer->name + "' at an index of its reduce variable '" +
                       x.name + "'");
          }
        });
      }
    }
  }

  struct BlockFrame {
    std::string name;
    bool reduction = false;
    std::unordered_set<const PrimExpr*> reduce_vars;
    std::unordered_set<const tir::Buffer*> loaded, stored;
  };

  void Block(const tir::Block& b) {
    // tir.wf.block: one value per iteration variable, of its dtype; integer domains.
    if (b.iter_values.size() != b.iter_vars.size()) {
      Report(ErrorCode::kTirBlock, b.span, "block '" + b.name + "' binds " + std::to_string(b.iter_values.size()) +
                                               " values to " + std::to_string(b.iter_vars.size()) + " iteration variables");
    }
    BlockFrame frame;
    frame.name = b.name;
    for (size_t i = 0; i < b.iter_vars.size(); ++i) {
      const tir::IterVar& iv = b.iter_vars[i];
      Integer(*iv.dom.min, "a block domain's start");
      Integer(*iv.dom.extent, "a block domain's extent");
      if (i < b.iter_values.size()) {
        const DataType v = Expr(*b.iter_values[i]);
        if (v != iv.var->dtype) {
          Report(ErrorCode::kTirBlock, b.iter_values[i]->span, "iteration variable '" + iv.var->name + "' is a " +
                                                                   DT(iv.var->dtype) + ", its value a " + DT(v));
        }
      }
      if (iv.kind == tir::IterKind::kReduce) frame.reduce_vars.insert(iv.var.get());
    }
    for (const auto& iv : b.iter_vars) Define(iv.var, b.span);
    if (b.predicate) Bool(*b.predicate, "a block predicate (T.where)");
    for (const auto& a : b.alloc_buffers) {
      Layout(*a);
      DefineBuffer(a, a->span.known() ? a->span : b.span);
    }
    for (const auto* regions : {&b.reads, &b.writes}) {
      for (const tir::BufferRegion& r : *regions) Region(r, b.span);
    }
    if (b.init && frame.reduce_vars.empty()) {
      Report(ErrorCode::kTirBlock, b.init->span, "block '" + b.name + "' has T.init but no reduce iteration variable");
    }
    frame.reduction = b.init != nullptr;
    blocks_.push_back(std::move(frame));
    if (b.init) Stmt(*b.init);
    if (b.body) Stmt(*b.body);
    BlockFrame done = std::move(blocks_.back());
    blocks_.pop_back();
    // The root block's regions are empty by TVM's convention and say nothing (tir.func.root).
    if (b.has_regions && !(b.name == "root" && b.iter_vars.empty())) CheckRegions(b, done);
    for (const auto& a : b.alloc_buffers) UndefineBuffer(a);
    for (const auto& iv : b.iter_vars) Undefine(iv.var);
  }

  void Region(const tir::BufferRegion& r, Span where) {
    if (!BufferInScope(*r.buffer, where)) return;
    if (r.region.size() != r.buffer->ndim()) {
      Report(ErrorCode::kTirIndex, where, "a region of buffer '" + r.buffer->name + "' with " + std::to_string(r.region.size()) +
                                              " ranges; it has rank " + std::to_string(r.buffer->ndim()));
    }
    for (const auto& range : r.region) {
      Integer(*range.min, "a region's start");
      Integer(*range.extent, "a region's extent");
    }
  }

  // tir.wf.region: a block that declares its regions names every buffer it (or a block inside it)
  // stores to in T.writes, and every buffer it loads in T.reads or T.writes — except its own
  // allocations and those of the blocks inside it.
  void CheckRegions(const tir::Block& b, const BlockFrame& f) {
    auto named = [](const std::vector<tir::BufferRegion>& rs, const tir::Buffer* x) {
      return std::any_of(rs.begin(), rs.end(), [&](const tir::BufferRegion& r) { return r.buffer.get() == x; });
    };
    auto local = [&](const tir::Buffer* x) {
      return !buffers_in_scope_.count(x) ||
             std::any_of(b.alloc_buffers.begin(), b.alloc_buffers.end(), [&](const auto& a) { return a.get() == x; });
    };
    for (const tir::Buffer* x : Sorted(f.stored)) {
      if (!local(x) && !named(b.writes, x)) {
        Report(ErrorCode::kTirRegion, b.span, "block '" + b.name + "' stores to buffer '" + x->name + "', which its T.writes does not name");
      }
    }
    for (const tir::Buffer* x : Sorted(f.loaded)) {
      if (!local(x) && !named(b.reads, x) && !named(b.writes, x)) {
        Report(ErrorCode::kTirRegion, b.span, "block '" + b.name + "' loads buffer '" + x->name + "', which its T.reads does not name");
      }
    }
  }
  // Buffers in name order, so that diagnostics come in a stable order.
  static std::vector<const tir::Buffer*> Sorted(const std::unordered_set<const tir::Buffer*>& s) {
    std::vector<const tir::Buffer*> v(s.begin(), s.end());
    std::sort(v.begin(), v.end(), [](const tir::Buffer* a, const tir::Buffer* b) { return a->name < b->name; });
    return v;
  }

  std::string name_;
  Span site_, stmt_site_;
  DiagnosticEngine& diags_;
  int errors_ = 0;
  std::unordered_set<const PrimExpr*> in_scope_, ever_;
  std::unordered_set<const tir::Buffer*> buffers_in_scope_, buffers_ever_;
  std::vector<BlockFrame> blocks_;
};

}  // namespace

bool CheckTirWellFormed(const IRModule& m, DiagnosticEngine& diags) {
  int errors = 0;
  for (const auto& g : m.globals) {
    auto f = As<tir::PrimFunc>(g.value);
    if (!f) continue;
    TirChecker c(g.name, f->span.known() ? f->span : g.span, diags);
    c.Check(*f);
    errors += c.errors();
  }
  return errors == 0;
}

}  // namespace rlx::checker
