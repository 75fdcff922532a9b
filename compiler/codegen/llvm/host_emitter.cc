#include "compiler/codegen/llvm/host_emitter.h"

#include <algorithm>

#include <llvm/IR/MDBuilder.h>

#include "compiler/codegen/llvm/shape_emitter.h"
#include "ir/shape_var_bounds.h"
#include "runtime/value.h"

namespace rlx::compiler::codegen {
namespace {

class FunctionEmitter {
 public:
  FunctionEmitter(const HostLayout& layout, const EmittedKernels& kernels, llvm::Module& module,
                  const std::string& prefix, size_t index)
      : layout_(layout), kernels_(kernels), module_(module), prefix_(prefix), ctx_(module.getContext()), b_(ctx_),
        index_(index), info_(layout.program.functions[index]) {}

  void Emit() {
    llvm::Function* f = Declare(index_);
    fn_ = f;
    auto arg = f->arg_begin();
    state_ = &*arg++;
    llvm::Value* args = &*arg++;
    llvm::Value* nargs = &*arg++;
    llvm::Value* closure = &*arg++;
    result_ = &*arg++;
    call_site_ = &*arg++;
    entry_ = llvm::BasicBlock::Create(ctx_, "entry", f);
    b_.SetInsertPoint(entry_);
    // The frame: the slots (Values, constructed by rlx_host_enter) and the shape cells.
    frame_ = b_.CreateAlloca(b_.getInt8Ty(), I64(std::max<int64_t>(1, info_.slots) * kValueBytes), "frame");
    frame_->setAlignment(llvm::Align(alignof(runtime::Value)));
    heap_ = b_.CreateAlloca(b_.getInt64Ty(), I64(std::max<int32_t>(1, info_.heap)), "heap");
    taken_ = b_.CreateAlloca(b_.getInt32Ty(), nullptr, "taken");
    extents_ = b_.CreateAlloca(b_.getPtrTy(), nullptr, "extents");
    trap_ = llvm::BasicBlock::Create(ctx_, "trap", f);
    Enter(args, nargs, closure);
    Steps(layout_.bodies[index_]);
    if (!b_.GetInsertBlock()->getTerminator()) b_.CreateUnreachable();  // the block after the return
    b_.SetInsertPoint(trap_);
    Call("rlx_host_unwind", {state_, I64(index_), frame_, call_site_});
    b_.CreateRet(b_.getInt32(1));
  }

 private:
  static constexpr int64_t kValueBytes = sizeof(runtime::Value);

  llvm::Value* I64(int64_t v) { return b_.getInt64(static_cast<uint64_t>(v)); }
  llvm::Value* Slot(int32_t slot) { return b_.CreateInBoundsGEP(b_.getInt8Ty(), frame_, I64(slot * kValueBytes)); }

  llvm::Function* Declare(size_t index) {
    const std::string name = HostSymbol(prefix_, index);
    if (llvm::Function* f = module_.getFunction(name)) return f;
    llvm::Type* ptr = b_.getPtrTy();
    auto* type = llvm::FunctionType::get(b_.getInt32Ty(), {ptr, ptr, b_.getInt64Ty(), ptr, ptr, b_.getInt64Ty()}, false);
    return llvm::Function::Create(type, llvm::Function::ExternalLinkage, name, module_);
  }

  // A helper of runtime/host_program.h: every argument a pointer or an integer, the result an
  // i32 status unless `result` says otherwise.
  llvm::Value* Call(const char* helper, const std::vector<llvm::Value*>& args, llvm::Type* result = nullptr) {
    std::vector<llvm::Type*> types;
    for (llvm::Value* a : args) types.push_back(a->getType());
    auto* type = llvm::FunctionType::get(result ? result : b_.getInt32Ty(), types, false);
    return b_.CreateCall(module_.getOrInsertFunction(helper, type), args);
  }

  // Continues in a new block when rc is 0, else goes to `failed`.
  void BranchOnFailure(llvm::Value* rc, llvm::BasicBlock* failed) {
    auto* ok = llvm::BasicBlock::Create(ctx_, "ok", fn_);
    b_.CreateCondBr(b_.CreateICmpNE(rc, b_.getInt32(0)), failed, ok, Unlikely());
    b_.SetInsertPoint(ok);
  }

  llvm::MDNode* Unlikely() { return llvm::MDBuilder(ctx_).createBranchWeights(1, 1 << 20); }

  void Steps(const std::vector<HostStep>& steps) {
    for (const HostStep& s : steps) {
      switch (s.kind) {
        case HostStep::Kind::kSite: Site(s.site); break;
        case HostStep::Kind::kIf: If(s); break;
        case HostStep::Kind::kDirectCall: DirectCall(s); break;
        case HostStep::Kind::kReturn: {
          llvm::Value* rc = Call("rlx_host_return", {state_, I64(index_), frame_, heap_, I64(s.slot), result_});
          BranchOnFailure(rc, trap_);
          b_.CreateRet(b_.getInt32(0));
          // Anything after a return is unreachable; give it a block of its own.
          b_.SetInsertPoint(llvm::BasicBlock::Create(ctx_, "dead", fn_));
          break;
        }
      }
    }
  }

  // The function's entry: its frame, then its parameters matched (eval.call.param) and their
  // bounds checked (eval.bound) natively where PlanShapeMatch can, else by rlx_host_enter.
  void Enter(llvm::Value* args, llvm::Value* nargs, llvm::Value* closure) {
    const runtime::HostSite& entry = layout_.program.sites[static_cast<size_t>(info_.entry_site)];
    std::vector<const StructInfo*> sinfos;
    for (const auto& p : info_.function->params) sinfos.push_back(p->annotation.get());
    ShapeMatch plan;
    if (!PlanShapeMatch(sinfos, entry.heap_in, entry.heap_out, &plan)) {
      BranchOnFailure(Call("rlx_host_enter", {state_, I64(index_), frame_, heap_, args, nargs, closure, call_site_}), trap_);
      return;
    }
    BranchOnFailure(Call("rlx_host_enter_frame", {state_, I64(index_), frame_, heap_, args, nargs, closure, call_site_}), trap_);
    auto* slow = llvm::BasicBlock::Create(ctx_, "slow", fn_);
    auto* done = llvm::BasicBlock::Create(ctx_, "done", fn_);
    std::vector<llvm::Value*> extents;
    for (size_t i = 0; i < sinfos.size(); ++i) {
      if (!plan.checked[i]) {
        extents.push_back(nullptr);
        continue;
      }
      llvm::Value* same = Call("rlx_host_param_dims", {state_, I64(index_), I64(static_cast<int64_t>(i)), frame_, extents_});
      extents.push_back(Structure(same, slow));
    }
    EmitShapeMatch(b_, plan, extents, heap_, slow);
    Bounds(plan, slow);
    b_.CreateBr(done);
    b_.SetInsertPoint(slow);
    BranchOnFailure(Call("rlx_host_enter_match", {state_, I64(index_), frame_, heap_, call_site_}), trap_);
    b_.CreateBr(done);
    b_.SetInsertPoint(done);
  }

  // eval.bound: the declared bounds of the parameters' shape variables, once bound.
  void Bounds(const ShapeMatch& plan, llvm::BasicBlock* slow) {
    std::vector<const PrimExpr*> seen;
    for (const auto& dims : plan.dims) {
      for (const PrimExpr* d : dims) VarsOf(*d, &seen);
    }
    for (const PrimExpr* v : seen) {
      const ShapeVarBound bound = GetShapeVarBound(*info_.function, v->name);
      if (!bound.lower && !bound.upper) continue;
      llvm::Value* cell = b_.CreateInBoundsGEP(b_.getInt64Ty(), heap_, I64(CellIn(plan.cells, v)));
      llvm::Value* value = b_.CreateLoad(b_.getInt64Ty(), cell, v->name);
      llvm::Value* outside = b_.getFalse();
      if (bound.lower) outside = b_.CreateOr(outside, b_.CreateICmpSLT(value, I64(*bound.lower)));
      if (bound.upper) outside = b_.CreateOr(outside, b_.CreateICmpSGT(value, I64(*bound.upper)));
      auto* ok = llvm::BasicBlock::Create(ctx_, "bound_ok", fn_);
      b_.CreateCondBr(outside, slow, ok);
      b_.SetInsertPoint(ok);
    }
  }

  static void VarsOf(const PrimExpr& e, std::vector<const PrimExpr*>* out) {
    if (e.is_var()) {
      if (std::find(out->begin(), out->end(), &e) == out->end()) out->push_back(&e);
      return;
    }
    for (int i = 0; i < e.arity(); ++i) VarsOf(*e.operands[i], out);
  }

  // A site natively where its value work is shape arithmetic (codegen.cpu.host.shape), else
  // its helper.
  void Site(int32_t index) {
    const runtime::HostSite& site = layout_.program.sites[static_cast<size_t>(index)];
    if (site.kind == runtime::SiteKind::kLeaf && NativeLeaf(index, site)) return;
    if (site.kind == runtime::SiteKind::kMatch && NativeMatch(index, site)) return;
    if (site.kind == runtime::SiteKind::kPrimCall && NativeKernelCall(index, site)) return;
    HelperSite(index);
  }

  void HelperSite(int32_t index) {
    BranchOnFailure(Call("rlx_host_site", {state_, I64(index), frame_, heap_}), trap_);
  }

  // tir.eval.direct-call of a kernel of this module: rlx_host_kernel_begin binds the arguments
  // into records and gives the call's record, the kernel runs (a native call, never inlined: it
  // gains nothing and would cost compile time), rlx_host_kernel_end takes its outcome.
  bool NativeKernelCall(int32_t index, const runtime::HostSite& site) {
    auto kernel = kernels_.find(site.prim_func);
    if (kernel == kernels_.end()) return false;
    llvm::Type* i64 = b_.getInt64Ty();
    llvm::Type* arg_type = llvm::StructType::get(ctx_, {b_.getPtrTy(), b_.getPtrTy(), i64});
    llvm::Value* argv = EntryArray(arg_type, site.prim_func->params.size(), "kernel_args");
    llvm::Value* call = Call("rlx_host_kernel_begin", {state_, I64(index), frame_, argv}, b_.getPtrTy());
    auto* bound = llvm::BasicBlock::Create(ctx_, "bound", fn_);
    b_.CreateCondBr(b_.CreateIsNull(call), trap_, bound, Unlikely());
    b_.SetInsertPoint(bound);
    llvm::Type* counters_type = llvm::StructType::get(ctx_, {i64, i64});
    llvm::Value* counters = EntryArray(counters_type, 1, "kernel_counters");
    b_.CreateStore(I64(0), b_.CreateStructGEP(counters_type, counters, 0));
    b_.CreateStore(I64(runtime::RlxKernelCounters::kWorkBatch), b_.CreateStructGEP(counters_type, counters, 1));
    llvm::CallInst* status = b_.CreateCall(kernel->second, {argv, call, counters});
    status->setIsNoInline();
    BranchOnFailure(Call("rlx_host_kernel_end", {state_, I64(index), frame_, status}), trap_);
    return true;
  }

  // An array of n values of `type` in the entry block.
  llvm::Value* EntryArray(llvm::Type* type, size_t n, const char* name) {
    llvm::IRBuilderBase::InsertPoint here = b_.saveIP();
    b_.SetInsertPoint(entry_, entry_->begin());
    llvm::Value* a = b_.CreateAlloca(type, I64(static_cast<int64_t>(std::max<size_t>(1, n))), name);
    b_.restoreIP(here);
    return a;
  }

  // Emits `fast` (which branches to its argument, the slow path, where the interpreter's
  // value could differ), then the site's helper as the slow path; both continue after it.
  template <class Fast>
  void WithSlowPath(int32_t index, Fast&& fast) {
    auto* slow = llvm::BasicBlock::Create(ctx_, "slow", fn_);
    auto* done = llvm::BasicBlock::Create(ctx_, "done", fn_);
    fast(slow);
    b_.CreateBr(done);
    b_.SetInsertPoint(slow);
    HelperSite(index);
    b_.CreateBr(done);
    b_.SetInsertPoint(done);
  }

  // A shape or an int64 prim value computed from shape variables (eval.shape-expr,
  // eval.prim-value); the value made by rlx_host_make_shape or rlx_host_make_prim. A leaf of
  // constants stays with its helper, which evaluates it once.
  bool NativeLeaf(int32_t index, const runtime::HostSite& site) {
    std::vector<const PrimExpr*> dims;
    const auto* shape = AsPtr<ShapeExpr>(site.expr);
    if (shape) {
      for (const auto& d : shape->values) dims.push_back(d.get());
    } else if (const auto* prim = AsPtr<PrimValue>(site.expr)) {
      dims.push_back(prim->value.get());
    } else {
      return false;
    }
    if (site.heap_in.empty()) return false;
    for (const PrimExpr* d : dims) {
      if (!IsNativeShapeExpr(*d, site.heap_in)) return false;
    }
    llvm::Value* out = EntryArray(b_.getInt64Ty(), dims.size(), "dims");
    WithSlowPath(index, [&](llvm::BasicBlock* slow) {
      for (size_t i = 0; i < dims.size(); ++i) {
        llvm::Value* v = EmitShapeExpr(b_, *dims[i], site.heap_in, heap_, slow);
        b_.CreateStore(v, b_.CreateInBoundsGEP(b_.getInt64Ty(), out, I64(static_cast<int64_t>(i))));
      }
      const char* make = shape ? "rlx_host_make_shape" : "rlx_host_make_prim";
      BranchOnFailure(Call(make, {state_, I64(index), frame_, out, I64(static_cast<int64_t>(dims.size()))}), trap_);
    });
    return true;
  }

  // match_cast or an annotation check (eval.match-cast) natively where PlanShapeMatch can:
  // the structure by rlx_host_dims, the extents bound and compared here. Any difference takes
  // the helper, which traps with the interpreter's message.
  bool NativeMatch(int32_t index, const runtime::HostSite& site) {
    ShapeMatch plan;
    if (!site.vars_in.empty() || site.index > 1) return false;
    if (!PlanShapeMatch({site.sinfo}, site.heap_in, site.heap_out, &plan)) return false;
    WithSlowPath(index, [&](llvm::BasicBlock* slow) {
      std::vector<llvm::Value*> extents;
      if (plan.checked[0]) extents.push_back(Structure(Call("rlx_host_dims", {state_, I64(index), frame_, extents_}), slow));
      EmitShapeMatch(b_, plan, extents, heap_, slow);
      if (site.dst >= 0 || !site.clear_after.empty()) Call("rlx_host_match_done", {state_, I64(index), frame_});
    });
    return true;
  }

  // After a structure helper's call (`same`: 1 when it matched): the extents it stored.
  llvm::Value* Structure(llvm::Value* same, llvm::BasicBlock* slow) {
    auto* ok = llvm::BasicBlock::Create(ctx_, "structure_ok", fn_);
    b_.CreateCondBr(b_.CreateICmpEQ(same, b_.getInt32(0)), slow, ok);
    b_.SetInsertPoint(ok);
    return b_.CreateLoad(b_.getPtrTy(), extents_);
  }

  // eval.if: the condition's helper stores 0 or 1 in `taken`; each branch ends at the merge.
  void If(const HostStep& s) {
    BranchOnFailure(Call("rlx_host_cond", {state_, I64(s.site), frame_, taken_}), trap_);
    auto* then_block = llvm::BasicBlock::Create(ctx_, "then", fn_);
    auto* else_block = llvm::BasicBlock::Create(ctx_, "else", fn_);
    auto* merge = llvm::BasicBlock::Create(ctx_, "merge", fn_);
    llvm::Value* taken = b_.CreateLoad(b_.getInt32Ty(), taken_);
    b_.CreateCondBr(b_.CreateICmpNE(taken, b_.getInt32(0)), then_block, else_block);
    b_.SetInsertPoint(then_block);
    Steps(s.then_steps);
    b_.CreateBr(merge);
    b_.SetInsertPoint(else_block);
    Steps(s.else_steps);
    b_.CreateBr(merge);
    b_.SetInsertPoint(merge);
  }

  // A native call of a compiled global: its arguments are pointers to this frame's slots.
  void DirectCall(const HostStep& s) {
    const runtime::HostSite& site = layout_.program.sites[static_cast<size_t>(s.site)];
    const size_t n = site.operands.size();
    llvm::Value* argv = llvm::ConstantPointerNull::get(b_.getPtrTy());
    if (n > 0) {
      argv = EntryArray(b_.getPtrTy(), n, "argv");
      for (size_t i = 0; i < n; ++i) {
        b_.CreateStore(Slot(site.operands[i]), b_.CreateInBoundsGEP(b_.getPtrTy(), argv, I64(static_cast<int64_t>(i))));
      }
    }
    llvm::Function* callee = Declare(static_cast<size_t>(s.callee));
    llvm::Value* rc = b_.CreateCall(callee, {state_, argv, I64(static_cast<int64_t>(n)),
                                             llvm::ConstantPointerNull::get(b_.getPtrTy()), Slot(site.dst), I64(s.site)});
    auto* failed = llvm::BasicBlock::Create(ctx_, "call_failed", fn_);
    BranchOnFailure(rc, failed);
    llvm::IRBuilderBase::InsertPoint here = b_.saveIP();
    b_.SetInsertPoint(failed);
    Call("rlx_host_call_failed", {state_, I64(s.site)});
    b_.CreateBr(trap_);
    b_.restoreIP(here);
  }

  const HostLayout& layout_;
  const EmittedKernels& kernels_;
  llvm::Module& module_;
  const std::string& prefix_;
  llvm::LLVMContext& ctx_;
  llvm::IRBuilder<> b_;
  size_t index_;
  const runtime::HostFunctionInfo& info_;
  llvm::Function* fn_ = nullptr;
  llvm::BasicBlock* entry_ = nullptr;
  llvm::BasicBlock* trap_ = nullptr;
  llvm::Value* state_ = nullptr;
  llvm::Value* result_ = nullptr;
  llvm::Value* call_site_ = nullptr;
  llvm::AllocaInst* frame_ = nullptr;
  llvm::AllocaInst* heap_ = nullptr;
  llvm::AllocaInst* taken_ = nullptr;
  llvm::AllocaInst* extents_ = nullptr;  // where a structure helper stores the extents
};

}  // namespace

std::string HostSymbol(const std::string& prefix, size_t index) { return prefix + "_fn" + std::to_string(index); }

void EmitHostFunctions(const HostLayout& layout, const std::string& prefix, const EmittedKernels& kernels,
                       llvm::Module& module) {
  for (size_t i = 0; i < layout.program.functions.size(); ++i) FunctionEmitter(layout, kernels, module, prefix, i).Emit();
}

}  // namespace rlx::compiler::codegen
