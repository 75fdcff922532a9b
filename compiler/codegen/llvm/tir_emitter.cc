// The emitter's frame: the kernel function, its parameters bound to buffers and variables
// (tir.eval.bind), variables, element addresses and traps.
#include "compiler/codegen/llvm/tir_emitter.h"

#include <llvm/IR/MDBuilder.h>
#include <llvm/IR/Verifier.h>
#include <llvm/Support/raw_ostream.h>

#include <algorithm>
#include <cctype>

namespace rlx::compiler::codegen {

std::string KernelSymbol(const std::string& prefix, uint64_t id, const std::string& name) {
  std::string symbol = prefix + std::to_string(id) + "_";
  for (char c : name.substr(0, 64)) symbol += std::isalnum(static_cast<unsigned char>(c)) ? c : '_';
  return symbol;
}

TirEmitter::TirEmitter(llvm::Module& module, std::string name)
    : module_(module), ctx_(module.getContext()), b_(module.getContext()), name_(std::move(name)) {}

llvm::Type* TirEmitter::TypeOf(DataType t) {
  switch (t) {
    case DataType::kBool: return b_.getInt1Ty();
    case DataType::kInt8:
    case DataType::kUInt8: return b_.getInt8Ty();
    case DataType::kInt16:
    case DataType::kUInt16: return b_.getInt16Ty();
    case DataType::kInt32:
    case DataType::kUInt32: return b_.getInt32Ty();
    case DataType::kInt64:
    case DataType::kUInt64: return b_.getInt64Ty();
    case DataType::kFloat32: return b_.getFloatTy();
    case DataType::kFloat64:
    case DataType::kFloat16:
    case DataType::kBFloat16:
    case DataType::kFloat8E4M3FN:
    case DataType::kFloat8E5M2: return b_.getDoubleTy();
    default: throw Unsupported{std::string("the dtype ") + std::string(DataTypeName(t))};
  }
}

llvm::Type* TirEmitter::MemoryTypeOf(DataType t) {
  if (t == DataType::kBool) return b_.getInt8Ty();
  if (IsNarrowFloat(t)) return b_.getIntNTy(DataTypeBits(t));  // the element's bits
  return TypeOf(t);
}

llvm::Value* TirEmitter::AsDouble(DataType t, llvm::Value* v) {
  return t == DataType::kFloat32 ? b_.CreateFPExt(v, b_.getDoubleTy()) : v;
}

llvm::Value* TirEmitter::RoundTo(DataType t, llvm::Value* d) {
  if (t == DataType::kFloat32) return b_.CreateFPTrunc(d, b_.getFloatTy());
  if (t == DataType::kFloat64) return d;
  if (t == DataType::kFloat16 || t == DataType::kBFloat16) return Widen16(t, Narrow16(t, d));
  llvm::FunctionCallee f = module_.getOrInsertFunction("rlx_kernel_narrow_round", b_.getDoubleTy(), b_.getInt32Ty(), b_.getDoubleTy());
  return b_.CreateCall(f, {b_.getInt32(static_cast<int32_t>(t)), d});
}

// A double rounded once (to nearest, ties to even) to float16 or bfloat16, as the element's bits,
// inline in integer arithmetic (so that it vectorizes): what DoubleToHalfBits /
// DoubleToBFloat16Bits give (ir/base/float_bits.cc), NaN as the quiet NaN with the value's
// sign, overflow as infinity. The double's significand (with its leading one) is shifted right
// to the target's quantum at that magnitude, the dropped bits round it, and a carry runs into
// the exponent field on its own.
llvm::Value* TirEmitter::Narrow16(DataType t, llvm::Value* d) {
  const int man_bits = t == DataType::kFloat16 ? 10 : 7;
  const int exp_bits = t == DataType::kFloat16 ? 5 : 8;
  const int64_t min_normal = 2 - (int64_t{1} << (exp_bits - 1));  // 1 - bias
  const int64_t inf_bits = ((int64_t{1} << exp_bits) - 1) << man_bits;
  llvm::Value* bits = b_.CreateBitCast(d, b_.getInt64Ty());
  llvm::Value* sign = b_.CreateShl(b_.CreateLShr(bits, 63), exp_bits + man_bits);
  llvm::Value* field = b_.CreateAnd(b_.CreateLShr(bits, 52), I64(0x7FF));
  llvm::Value* mant = b_.CreateAnd(bits, I64((int64_t{1} << 52) - 1));
  llvm::Value* normal = b_.CreateICmpNE(field, I64(0));
  llvm::Value* sig = b_.CreateOr(mant, b_.CreateSelect(normal, I64(int64_t{1} << 52), I64(0)));
  llvm::Value* e = b_.CreateSub(b_.CreateSelect(normal, field, I64(1)), I64(1023));
  llvm::Value* below = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smax, b_.CreateSub(I64(min_normal), e), I64(0));
  llvm::Value* shift = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smin, b_.CreateAdd(below, I64(52 - man_bits)), I64(63));
  llvm::Value* q = b_.CreateLShr(sig, shift);
  llvm::Value* rest = b_.CreateAnd(sig, b_.CreateSub(b_.CreateShl(I64(1), shift), I64(1)));
  llvm::Value* half = b_.CreateShl(I64(1), b_.CreateSub(shift, I64(1)));
  llvm::Value* up = b_.CreateOr(b_.CreateICmpUGT(rest, half),
                                b_.CreateAnd(b_.CreateICmpEQ(rest, half), b_.CreateTrunc(q, b_.getInt1Ty())));
  // (e - min_normal) << man_bits counts the binades above the subnormals; e is at most 1024.
  llvm::Value* above = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smax, b_.CreateSub(e, I64(min_normal)), I64(0));
  llvm::Value* magnitude = b_.CreateAdd(b_.CreateAdd(b_.CreateShl(above, man_bits), q), b_.CreateZExt(up, b_.getInt64Ty()));
  magnitude = b_.CreateBinaryIntrinsic(llvm::Intrinsic::smin, magnitude, I64(inf_bits));
  llvm::Value* is_nan = b_.CreateFCmpUNO(d, d);
  magnitude = b_.CreateSelect(is_nan, I64(inf_bits | (int64_t{1} << (man_bits - 1))), magnitude);
  return b_.CreateTrunc(b_.CreateOr(sign, magnitude), b_.getInt16Ty());
}

llvm::Value* TirEmitter::FloatArith(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b) {
  const bool narrow = IsNarrowFloat(t);
  if (narrow) {  // exact in float, computed in float, rounded once to t
    a = b_.CreateFPTrunc(a, b_.getFloatTy());
    b = b_.CreateFPTrunc(b, b_.getFloatTy());
  }
  llvm::Value* r = k == PrimKind::kAdd   ? b_.CreateFAdd(a, b)
                   : k == PrimKind::kSub ? b_.CreateFSub(a, b)
                   : k == PrimKind::kMul ? b_.CreateFMul(a, b)
                                         : b_.CreateFDiv(a, b);
  return narrow ? RoundTo(t, b_.CreateFPExt(r, b_.getDoubleTy())) : r;
}

llvm::Value* TirEmitter::CString(const std::string& s) {
  auto it = strings_.find(s);
  if (it != strings_.end()) return it->second;
  llvm::Value* g = b_.CreateGlobalStringPtr(s, "str");
  strings_[s] = g;
  return g;
}

llvm::AllocaInst* TirEmitter::DefineVar(const PrimExpr& var) {
  if (vars_.count(&var)) throw Unsupported{"TIR variable '" + var.name + "' defined twice (ill-formed TIR)"};
  llvm::IRBuilder<> entry(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
  llvm::AllocaInst* slot = entry.CreateAlloca(TypeOf(var.dtype), nullptr, var.name);
  vars_[&var] = slot;
  return slot;
}

void TirEmitter::DefineBuffer(const tir::Buffer& b, BufferInfo info) {
  info.order = buffers_defined_++;
  buffers_[&b] = std::move(info);
}

// Alias scopes (LLVM's scoped noalias metadata): every access of a buffer is in the buffer's
// scope and is known not to alias the accesses of the buffers the kernel allocated (fresh
// memory), and an access of an allocated buffer not to alias any other buffer's. Buffer
// parameters may share memory (an in-place call), so nothing is claimed between two of them.
// This is what lets LLVM keep a value of an allocated buffer in a register across the stores to
// an output, in the outlined body of a parallel loop too, where the pointers come from memory.
void TirEmitter::TagAccess(llvm::Instruction* access, const tir::Buffer& buffer) {
  llvm::MDBuilder md(ctx_);
  if (!alias_domain_) alias_domain_ = md.createAnonymousAliasScopeDomain("rlx.buffers");
  auto scope = [&](const tir::Buffer* b) {
    llvm::MDNode*& s = alias_scopes_[b];
    if (!s) s = md.createAnonymousAliasScope(alias_domain_, b->name);
    return s;
  };
  const bool fresh = buffers_.at(&buffer).fresh;
  std::vector<const tir::Buffer*> others;
  for (const auto& [b, info] : buffers_) {
    if (b != &buffer && (fresh || info.fresh)) others.push_back(b);
  }
  // A stable order (the metadata is part of the module's text).
  std::sort(others.begin(), others.end(), [&](auto* a, auto* b) { return buffers_.at(a).order < buffers_.at(b).order; });
  std::vector<llvm::Metadata*> noalias;
  for (const tir::Buffer* b : others) noalias.push_back(scope(b));
  access->setMetadata(llvm::LLVMContext::MD_alias_scope, llvm::MDNode::get(ctx_, {scope(&buffer)}));
  if (!noalias.empty()) access->setMetadata(llvm::LLVMContext::MD_noalias, llvm::MDNode::get(ctx_, noalias));
}

void TirEmitter::SetVar(const PrimExpr& var, llvm::Value* v) { b_.CreateStore(v, vars_.at(&var)); }

llvm::Value* TirEmitter::GetVar(const PrimExpr& var) {
  auto it = vars_.find(&var);
  if (it == vars_.end()) {
    throw Unsupported{"TIR variable '" + var.name + "' used where it is not defined (ill-formed TIR)"};
  }
  return b_.CreateLoad(it->second->getAllocatedType(), it->second, var.name);
}

llvm::FunctionCallee TirEmitter::Helper(const std::string& name) {
  llvm::Type* ptr = b_.getPtrTy();
  llvm::Type* i64 = b_.getInt64Ty();
  llvm::Type* v = b_.getVoidTy();
  if (name == "rlx_kernel_trap") return module_.getOrInsertFunction(name, v, ptr, b_.getInt32Ty(), ptr);
  if (name == "rlx_kernel_trap_bounds") return module_.getOrInsertFunction(name, v, ptr, ptr, i64, i64, i64);
  if (name == "rlx_kernel_trap_bind") return module_.getOrInsertFunction(name, v, ptr, i64, ptr, i64, i64);
  if (name == "rlx_kernel_trap_domain") return module_.getOrInsertFunction(name, v, ptr, ptr, i64, i64, i64);
  if (name == "rlx_kernel_trap_loop") return module_.getOrInsertFunction(name, v, ptr, i64, i64);
  if (name == "rlx_kernel_charge") return module_.getOrInsertFunction(name, b_.getInt32Ty(), ptr, i64);
  if (name == "rlx_kernel_alloc") {
    llvm::FunctionCallee f = module_.getOrInsertFunction(name, ptr, ptr, b_.getInt32Ty(), i64, ptr, ptr, i64, ptr);
    // Fresh memory, as malloc's: no buffer of the kernel aliases it, so LLVM keeps a scratch
    // accumulator in registers across the loads of the other buffers.
    llvm::cast<llvm::Function>(f.getCallee())->addRetAttr(llvm::Attribute::NoAlias);
    return f;
  }
  if (name == "rlx_kernel_release") return module_.getOrInsertFunction(name, v, ptr, ptr);
  throw Unsupported{"no helper " + name};
}

void TirEmitter::TrapIf(llvm::Value* cond, const std::string& helper, std::vector<llvm::Value*> args) {
  llvm::BasicBlock* trap = llvm::BasicBlock::Create(ctx_, "trap", fn_);
  llvm::BasicBlock* ok = llvm::BasicBlock::Create(ctx_, "ok", fn_);
  b_.CreateCondBr(cond, trap, ok);
  b_.SetInsertPoint(trap);
  if (!helper.empty()) {
    args.insert(args.begin(), call_);
    b_.CreateCall(Helper(helper), args);
  }
  b_.CreateBr(fail_);
  b_.SetInsertPoint(ok);
}

void TirEmitter::TrapCode(llvm::Value* cond, ErrorCode code, const std::string& message) {
  TrapIf(cond, "rlx_kernel_trap", {b_.getInt32(static_cast<int32_t>(code)), CString(message)});
}

std::vector<llvm::Value*> TirEmitter::RowMajorStrides(const std::vector<llvm::Value*>& shape) {
  std::vector<llvm::Value*> strides(shape.size(), I64(1));
  for (size_t a = shape.size(); a-- > 1;) strides[a - 1] = b_.CreateMul(strides[a], shape[a]);
  return strides;
}

llvm::Value* TirEmitter::ToI64(llvm::Value* v, DataType t) {
  return IsSignedInt(t) ? b_.CreateSExtOrTrunc(v, b_.getInt64Ty()) : b_.CreateZExtOrTrunc(v, b_.getInt64Ty());
}

llvm::Value* TirEmitter::IntegerOperand(const PrimExpr& e, const char* what) {
  if (!IsInteger(e.dtype)) throw Unsupported{std::string(what) + " that is not an integer (ill-formed TIR)"};
  return ToI64(EmitExpr(e), e.dtype);
}

// The address of buffer[indices]: each index checked against its axis (tir.eval.bounds), the
// offset + sum of index * stride.
llvm::Value* TirEmitter::ElementPointer(const tir::Buffer& buffer, const std::vector<Ref<PrimExpr>>& indices,
                                        const char* what) {
  auto it = buffers_.find(&buffer);
  if (it == buffers_.end()) throw Unsupported{"buffer '" + buffer.name + "' used where it is not defined (ill-formed TIR)"};
  const BufferInfo& info = it->second;
  if (indices.size() != info.shape.size()) {
    throw Unsupported{std::string(what) + " buffer '" + buffer.name + "' with the wrong number of indices (ill-formed TIR)"};
  }
  llvm::Value* offset = info.offset;
  for (size_t a = 0; a < indices.size(); ++a) {
    llvm::Value* i = IntegerOperand(*indices[a], "an index");
    if (a >= buffer.shape.size() || !IndexProven(indices[a], buffer.shape[a])) {
      TrapIf(b_.CreateICmpUGE(i, info.shape[a]), "rlx_kernel_trap_bounds",
             {CString(std::string(what) + " buffer '" + buffer.name + "'"), I64(static_cast<int64_t>(a)), i, info.shape[a]});
    }
    offset = b_.CreateAdd(offset, b_.CreateMul(i, info.strides[a]));
  }
  return b_.CreateGEP(MemoryTypeOf(info.dtype), info.data, offset);
}

void TirEmitter::BeginFunction(llvm::Function* f, llvm::Value* call, llvm::Value* counters) {
  fn_ = f;
  llvm::BasicBlock* entry = llvm::BasicBlock::Create(ctx_, "entry", f);
  fail_ = llvm::BasicBlock::Create(ctx_, "fail", f);
  b_.SetInsertPoint(fail_);
  b_.CreateRet(b_.getInt32(1));
  b_.SetInsertPoint(entry);
  call_ = call;
  counters_ = counters;
}

bool TirEmitter::Emit(const tir::PrimFunc& f, const std::string& symbol, std::string* error) {
  try {
    llvm::Type* ptr = b_.getPtrTy();
    fn_ = llvm::Function::Create(llvm::FunctionType::get(b_.getInt32Ty(), {ptr, ptr, ptr}, false),
                                 llvm::Function::ExternalLinkage, symbol, module_);
    for (unsigned i = 0; i < 3; ++i) fn_->addParamAttr(i, llvm::Attribute::NoAlias);
    BeginFunction(fn_, fn_->getArg(1), fn_->getArg(2));
    EmitParams(f, fn_->getArg(0));
    EmitStmt(*f.body);
    EmitFlushWork();
    b_.CreateRet(b_.getInt32(0));
  } catch (const Unsupported& u) {
    *error = "PrimFunc '" + name_ + "': the CPU code generator does not handle " + u.message;
    return false;
  }
  std::string problems;
  llvm::raw_string_ostream os(problems);
  bool broken = llvm::verifyFunction(*fn_, &os);
  for (llvm::Function* f : outlined_) broken = llvm::verifyFunction(*f, &os) || broken;
  if (broken) {
    *error = "PrimFunc '" + name_ + "': internal error, invalid LLVM IR: " + os.str();
    return false;
  }
  return true;
}

void TirEmitter::Discard() {
  std::vector<llvm::Function*> emitted = outlined_;
  if (fn_) emitted.push_back(fn_);
  for (llvm::Function* f : emitted) f->dropAllReferences();  // they may name one another
  for (llvm::Function* f : emitted) f->eraseFromParent();
  outlined_.clear();
  fn_ = nullptr;
}

}  // namespace rlx::compiler::codegen
