// Parallel loops on the runtime's thread pool (spec codegen.cpu.parallel). A loop of kind
// `parallel` means the serial loop (tir.for.kind); it runs in chunks on several threads only
// where no program can tell the difference:
//   - statically, its iterations cannot observe one another (tir::IterationsIndependent: no
//     allocation inside, whose place in the memory limit's order would change; every buffer it
//     writes accessed only at the current iteration's index on one axis);
//   - at run time, no written buffer parameter shares memory with another buffer parameter,
//     and the body's work, bounded before the loop starts from the extents of its inner loops
//     (which must be integer arithmetic of values defined outside the loop: no trap), fits what
//     the work limit has left, so the limit cannot trap inside (rlx_kernel_parallel_for).
// Traps inside stay exact: the first chunk that traps, in iteration order, gives the trap, and
// every chunk before it ran to its end, as the serial loop would have. Otherwise the body runs
// as one chunk on the calling thread. The body is outlined into a function of its own that
// receives every value of the kernel defined at the loop (variables and buffer layouts) in an
// environment struct.
#include <algorithm>

#include "compiler/codegen/llvm/tir_emitter.h"
#include "ir/base/checked_int.h"
#include "ir/tir/independent_iterations.h"
#include "ir/tir/scratch.h"
#include "runtime/thread_pool.h"

namespace rlx::compiler::codegen {

// Saturating + and * of nonnegative loop counts, folded when both are constants.
llvm::Value* TirEmitter::CountAdd(llvm::Value* a, llvm::Value* b) {
  auto* ca = llvm::dyn_cast<llvm::ConstantInt>(a);
  auto* cb = llvm::dyn_cast<llvm::ConstantInt>(b);
  if (ca && cb) return I64(SaturatingAdd(ca->getSExtValue(), cb->getSExtValue()));
  return b_.CreateBinaryIntrinsic(llvm::Intrinsic::sadd_sat, a, b);
}

llvm::Value* TirEmitter::CountMul(llvm::Value* a, llvm::Value* b) {
  auto* ca = llvm::dyn_cast<llvm::ConstantInt>(a);
  auto* cb = llvm::dyn_cast<llvm::ConstantInt>(b);
  if (ca && cb) return I64(CheckedMul(ca->getSExtValue(), cb->getSExtValue()).value_or(INT64_MAX));
  return b_.CreateIntrinsic(llvm::Intrinsic::smul_fix_sat, {b_.getInt64Ty()}, {a, b, b_.getInt32(0)});
}

// Integer + - * min max of constants and variables defined outside the loop: what the work
// bound may evaluate before the loop, knowing it cannot trap and has the value the loop sees.
bool TirEmitter::IsOuterArithmetic(const PrimExpr& e) const {
  if (!IsInteger(e.dtype) || e.lanes != 1) return false;
  switch (e.kind) {
    case PrimKind::kIntImm: return true;
    case PrimKind::kVar: return vars_.count(&e) > 0;
    case PrimKind::kAdd:
    case PrimKind::kSub:
    case PrimKind::kMul:
    case PrimKind::kMin:
    case PrimKind::kMax: return IsOuterArithmetic(*e.operands[0]) && IsOuterArithmetic(*e.operands[1]);
    default: return false;
  }
}

// `e` itself when it is outer arithmetic; for `min(a, b)`, an operand that is (a bound of the
// extent: the last panel of a tiled loop is shorter); else null.
const PrimExpr* TirEmitter::OuterBound(const PrimExpr& e) const {
  if (IsOuterArithmetic(e)) return &e;
  if (e.kind != PrimKind::kMin || !IsInteger(e.dtype)) return nullptr;
  if (IsOuterArithmetic(*e.operands[0])) return e.operands[0].get();
  return IsOuterArithmetic(*e.operands[1]) ? e.operands[1].get() : nullptr;
}

// An upper bound on the loop iterations one run of `s` counts (tir.eval.work), saturating at
// INT64_MAX; null when an inner loop's extent is not outer arithmetic. `known` gives the
// extents the nest already evaluated.
llvm::Value* TirEmitter::EmitWorkBound(const tir::Stmt& s, const std::unordered_map<const tir::For*, llvm::Value*>& known) {
  auto add = [&](llvm::Value* a, llvm::Value* b) { return a && b ? CountAdd(a, b) : nullptr; };
  switch (s.kind) {
    case tir::StmtKind::kSeq: {
      llvm::Value* sum = I64(0);
      for (const auto& c : static_cast<const tir::SeqStmt&>(s).seq) sum = add(sum, EmitWorkBound(*c, known));
      return sum;
    }
    case tir::StmtKind::kFor: {
      const auto& loop = static_cast<const tir::For&>(s);
      llvm::Value* n = nullptr;
      if (auto it = known.find(&loop); it != known.end()) {
        n = it->second;
      } else if (const PrimExpr* bound = OuterBound(*loop.extent)) {
        n = ToI64(EmitExpr(*bound), bound->dtype);
        auto* c = llvm::dyn_cast<llvm::ConstantInt>(n);
        n = c ? I64(std::max<int64_t>(c->getSExtValue(), 0)) : b_.CreateBinaryIntrinsic(llvm::Intrinsic::smax, n, I64(0));
      }
      llvm::Value* inner = n ? EmitWorkBound(*loop.body, known) : nullptr;
      if (!inner) return nullptr;
      return add(n, CountMul(n, inner));
    }
    case tir::StmtKind::kLetStmt: return EmitWorkBound(*static_cast<const tir::LetStmt&>(s).body, known);
    case tir::StmtKind::kIfThenElse: {
      const auto& branch = static_cast<const tir::IfThenElse&>(s);
      llvm::Value* then_work = EmitWorkBound(*branch.then_case, known);
      return branch.else_case ? add(then_work, EmitWorkBound(*branch.else_case, known)) : then_work;
    }
    case tir::StmtKind::kBlock: {
      const auto& blk = static_cast<const tir::Block&>(s);
      llvm::Value* body = EmitWorkBound(*blk.body, known);
      return blk.init ? add(body, EmitWorkBound(*blk.init, known)) : body;
    }
    case tir::StmtKind::kDeclBuffer: {  // a scratch buffer (each iteration's own) counts nothing
      const auto& decl = static_cast<const tir::DeclBuffer&>(s);
      return tir::ScratchBytes(*decl.buffer) >= 0 ? EmitWorkBound(*decl.body, known) : nullptr;
    }
    case tir::StmtKind::kBufferStore:
    case tir::StmtKind::kEvaluate:
    case tir::StmtKind::kAssert: return I64(0);
  }
  return nullptr;
}

// 1 when a buffer parameter the loop writes shares a byte with another buffer parameter
// (the same tensor passed twice, or views of one storage): then iterations could see each
// other's stores through the other buffer.
llvm::Value* TirEmitter::EmitOverlap(const std::vector<const tir::Buffer*>& written) {
  auto span = [&](const tir::Buffer* b) {
    const BufferInfo& info = buffers_.at(b);
    llvm::Value* bytes = I64((DataTypeBits(info.dtype) + 7) / 8);
    for (llvm::Value* extent : info.shape) bytes = b_.CreateMul(bytes, extent);
    llvm::Value* start = b_.CreatePtrToInt(info.data, b_.getInt64Ty());
    return std::make_pair(start, b_.CreateAdd(start, bytes));
  };
  std::vector<std::pair<llvm::Value*, llvm::Value*>> spans;
  for (const tir::Buffer* p : params_) spans.push_back(span(p));
  llvm::Value* any = b_.getFalse();
  for (const tir::Buffer* w : written) {
    const size_t i = std::find(params_.begin(), params_.end(), w) - params_.begin();
    if (i == params_.size()) continue;  // an allocation of the kernel: fresh memory
    for (size_t j = 0; j < params_.size(); ++j) {
      if (j == i) continue;
      any = b_.CreateOr(any, b_.CreateAnd(b_.CreateICmpULT(spans[i].first, spans[j].second),
                                          b_.CreateICmpULT(spans[j].first, spans[i].second)));
    }
  }
  return b_.CreateZExt(any, b_.getInt32Ty());
}

// The nest whose outermost loop is parallel, its bounds already checked: the outer loop's
// iterations counted here, the rest in the outlined body. False (nothing emitted that
// matters) when the loop must run serially whatever the arguments.
bool TirEmitter::EmitParallelNest(const std::vector<const tir::For*>& chain, const std::vector<llvm::Value*>& lo,
                                  const std::vector<llvm::Value*>& n) {
  std::vector<const tir::Buffer*> written;
  if (lane_ != 0 || !tir::IterationsIndependent(*chain[0], params_, &written)) return false;
  std::unordered_map<const tir::For*, llvm::Value*> known;
  for (size_t l = 1; l < chain.size(); ++l) known[chain[l]] = n[l];
  llvm::Value* per_iteration = EmitWorkBound(*chain[0]->body, known);
  if (!per_iteration) return false;
  llvm::Value* work = CountMul(n[0], per_iteration);
  // A loop whose work is a constant below the pool's threshold (when it is compiled) would
  // always run in order: it stays an ordinary loop, whose trip counts LLVM then knows.
  if (auto* c = llvm::dyn_cast<llvm::ConstantInt>(CountAdd(n[0], work))) {
    if (c->getSExtValue() < runtime::GetParallelSettings().min_work) return false;
  }
  // As the serial nest's outer loop starts (EmitNestLoops).
  EmitWork(n[0]);
  if (chain.size() == 1 && TimeCheckedPerRun(*chain[0])) EmitTimeCheck(n[0]);
  llvm::Value* overlap = EmitOverlap(written);

  // The environment: every variable (in the order of their slots) and buffer layout defined
  // here, then the nest's bounds.
  std::unordered_map<const llvm::AllocaInst*, const PrimExpr*> var_of;
  for (const auto& [var, slot] : vars_) var_of[slot] = var;
  std::vector<const PrimExpr*> vars;
  for (const llvm::Instruction& inst : fn_->getEntryBlock()) {
    if (auto it = var_of.find(llvm::dyn_cast<llvm::AllocaInst>(&inst)); it != var_of.end()) vars.push_back(it->second);
  }
  std::vector<const tir::Buffer*> buffers;
  for (const auto& entry : buffers_) buffers.push_back(entry.first);
  std::sort(buffers.begin(), buffers.end(), [&](auto* a, auto* b) { return buffers_.at(a).order < buffers_.at(b).order; });
  std::vector<llvm::Value*> fields;
  for (const PrimExpr* v : vars) fields.push_back(GetVar(*v));
  for (const tir::Buffer* buf : buffers) {
    const BufferInfo& info = buffers_.at(buf);
    fields.push_back(info.data);
    fields.insert(fields.end(), info.shape.begin(), info.shape.end());
    fields.insert(fields.end(), info.strides.begin(), info.strides.end());
    fields.push_back(info.offset);
  }
  fields.insert(fields.end(), lo.begin(), lo.end());
  fields.insert(fields.end(), n.begin(), n.end());
  std::vector<llvm::Type*> types;
  for (llvm::Value* f : fields) types.push_back(f->getType());
  llvm::StructType* env_type = llvm::StructType::get(ctx_, types);
  llvm::IRBuilder<> entry(&fn_->getEntryBlock(), fn_->getEntryBlock().begin());
  llvm::Value* env = entry.CreateAlloca(env_type, nullptr, "parallel.env");
  for (size_t k = 0; k < fields.size(); ++k) {
    if (!llvm::isa<llvm::Constant>(fields[k])) b_.CreateStore(fields[k], b_.CreateStructGEP(env_type, env, k));
  }

  std::vector<llvm::Constant*> constants;
  for (llvm::Value* f : fields) constants.push_back(llvm::dyn_cast<llvm::Constant>(f));
  llvm::Function* body = OutlineNest(chain, env_type, constants, vars, buffers);
  llvm::FunctionCallee run = module_.getOrInsertFunction(
      "rlx_kernel_parallel_for", b_.getInt32Ty(), b_.getPtrTy(), b_.getPtrTy(), b_.getInt64Ty(), b_.getInt64Ty(),
      b_.getInt32Ty(), b_.getPtrTy(), b_.getPtrTy());
  llvm::Value* status = b_.CreateCall(run, {call_, counters_, n[0], work, overlap, body, env});
  TrapIf(b_.CreateICmpNE(status, b_.getInt32(0)), "", {});
  return true;
}

// `int32_t body(env, begin, end, call, counters)`: the nest's loops over iterations
// [begin, end) of the outermost, every value of the enclosing kernel loaded from `env`.
llvm::Function* TirEmitter::OutlineNest(const std::vector<const tir::For*>& chain, llvm::StructType* env_type,
                                        const std::vector<llvm::Constant*>& constants,
                                        const std::vector<const PrimExpr*>& vars,
                                        const std::vector<const tir::Buffer*>& buffers) {
  llvm::Type* ptr = b_.getPtrTy();
  llvm::Type* i64 = b_.getInt64Ty();
  llvm::Function* f = llvm::Function::Create(llvm::FunctionType::get(b_.getInt32Ty(), {ptr, i64, i64, ptr, ptr}, false),
                                             llvm::Function::InternalLinkage, fn_->getName() + ".parallel", module_);
  for (unsigned i : {0u, 3u, 4u}) f->addParamAttr(i, llvm::Attribute::NoAlias);
  outlined_.push_back(f);
  // The enclosing kernel's emission state, restored at the end.
  llvm::Function* saved_fn = fn_;
  llvm::Value* saved_call = call_;
  llvm::Value* saved_counters = counters_;
  llvm::BasicBlock* saved_fail = fail_;
  auto saved_vars = std::move(vars_);
  auto saved_buffers = buffers_;
  const llvm::IRBuilderBase::InsertPoint saved_ip = b_.saveIP();

  vars_.clear();
  BeginFunction(f, f->getArg(3), f->getArg(4));
  unsigned k = 0;
  auto field = [&]() -> llvm::Value* {
    const unsigned i = k++;
    if (constants[i]) return constants[i];  // a constant stays one (trip counts, extents)
    return b_.CreateLoad(env_type->getElementType(i), b_.CreateStructGEP(env_type, f->getArg(0), i));
  };
  for (const PrimExpr* v : vars) {
    DefineVar(*v);
    SetVar(*v, field());
  }
  for (const tir::Buffer* buf : buffers) {
    BufferInfo& info = buffers_.at(buf);
    info.data = field();
    for (llvm::Value*& e : info.shape) e = field();
    for (llvm::Value*& e : info.strides) e = field();
    info.offset = field();
  }
  std::vector<llvm::Value*> lo, n;
  for (size_t l = 0; l < chain.size(); ++l) lo.push_back(field());
  for (size_t l = 0; l < chain.size(); ++l) n.push_back(field());
  in_parallel_ = true;
  EmitNestLoops(chain, lo, n, f->getArg(1), f->getArg(2));
  in_parallel_ = false;
  b_.CreateRet(b_.getInt32(0));

  fn_ = saved_fn;
  call_ = saved_call;
  counters_ = saved_counters;
  fail_ = saved_fail;
  vars_ = std::move(saved_vars);
  buffers_ = std::move(saved_buffers);
  b_.restoreIP(saved_ip);
  return f;
}

}  // namespace rlx::compiler::codegen
