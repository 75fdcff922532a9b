#include "compiler/codegen/llvm/host_emitter.h"

#include <algorithm>

#include <llvm/IR/MDBuilder.h>

#include "runtime/value.h"

namespace rlx::compiler::codegen {
namespace {

class FunctionEmitter {
 public:
  FunctionEmitter(const HostLayout& layout, llvm::Module& module, const std::string& prefix, size_t index)
      : layout_(layout), module_(module), prefix_(prefix), ctx_(module.getContext()), b_(ctx_), index_(index),
        info_(layout.program.functions[index]) {}

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
    trap_ = llvm::BasicBlock::Create(ctx_, "trap", f);
    llvm::Value* rc = Call("rlx_host_enter", {state_, I64(index_), frame_, heap_, args, nargs, closure, call_site_});
    BranchOnFailure(rc, trap_);
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

  // A helper of runtime/host_program.h: every argument a pointer or an i64, the result i32.
  llvm::Value* Call(const char* helper, const std::vector<llvm::Value*>& args) {
    std::vector<llvm::Type*> types;
    for (llvm::Value* a : args) types.push_back(a->getType());
    auto* type = llvm::FunctionType::get(b_.getInt32Ty(), types, false);
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
        case HostStep::Kind::kSite:
          BranchOnFailure(Call("rlx_host_site", {state_, I64(s.site), frame_, heap_}), trap_);
          break;
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
      llvm::IRBuilderBase::InsertPoint here = b_.saveIP();
      b_.SetInsertPoint(entry_, entry_->begin());
      argv = b_.CreateAlloca(b_.getPtrTy(), I64(static_cast<int64_t>(n)), "argv");
      b_.restoreIP(here);
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
};

}  // namespace

std::string HostSymbol(const std::string& prefix, size_t index) { return prefix + "_fn" + std::to_string(index); }

void EmitHostFunctions(const HostLayout& layout, const std::string& prefix, llvm::Module& module) {
  for (size_t i = 0; i < layout.program.functions.size(); ++i) FunctionEmitter(layout, module, prefix, i).Emit();
}

}  // namespace rlx::compiler::codegen
