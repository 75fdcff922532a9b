// TIR to LLVM IR (spec §7.5's meaning): one PrimFunc becomes one function in the kernel calling
// convention (kernel_abi.h). Every construct computes what the TIR interpreter computes, bit for
// bit: integers wrap in their dtype, floats round as chapter 4 says (float32 and float64 in
// hardware, transcendental functions in double rounded once), and every trap of the interpreter —
// an index outside its axis, a division by zero, a failed assert, a block variable outside its
// domain, an argument that does not fit its buffer — is a check that calls a helper and returns.
// Internal to compiler/codegen/.
#pragma once

#include <llvm/IR/IRBuilder.h>
#include <llvm/IR/Module.h>

#include <string>
#include <unordered_map>
#include <vector>

#include "compiler/codegen/llvm/kernel_abi.h"
#include "ir/base/diagnostic.h"
#include "ir/tir/int_ranges.h"
#include "ir/tir/prim_func.h"

namespace rlx::compiler::codegen {

/// What the code generator does not handle (thrown inside the emitter, caught by Emit).
struct Unsupported {
  std::string message;
};

/// A kernel's symbol: `prefix` and `id` make it unique, the PrimFunc's name (as an identifier,
/// at most 64 characters) is what profiles and assembly show.
std::string KernelSymbol(const std::string& prefix, uint64_t id, const std::string& name);

class TirEmitter {
 public:
  TirEmitter(llvm::Module& module, std::string name);
  /// Emits `int32_t <symbol>(const RlxKernelArg*, RlxKernelCall*)`. False with `*error` set
  /// when `f` uses what the generator does not handle.
  bool Emit(const tir::PrimFunc& f, const std::string& symbol, std::string* error);
  /// Removes what a failed Emit left in the module (the kernel and its outlined loop bodies).
  void Discard();

  // ---- used by the expression and statement halves (tir_emit_expr.cc, tir_emit_stmt.cc) ----
  struct BufferInfo {
    DataType dtype = DataType::kFloat32;
    std::string name;
    llvm::Value* data = nullptr;
    std::vector<llvm::Value*> shape, strides;  // i64 each
    llvm::Value* offset = nullptr;             // i64
    int order = 0;                             // when it was defined (for a stable env layout)
    bool fresh = false;                        // allocated by the kernel: no other buffer's memory
  };

  llvm::Value* EmitExpr(const PrimExpr& e);
  void EmitStmt(const tir::Stmt& s);

 private:
  // A function's entry and its `fail` block (ret i32 1); the call state and counters in use.
  void BeginFunction(llvm::Function* f, llvm::Value* call, llvm::Value* counters);
  // Types and constants.
  llvm::Type* TypeOf(DataType t);
  llvm::Type* MemoryTypeOf(DataType t);  // bool is a byte in memory
  llvm::Value* I64(int64_t v) { return b_.getInt64(v); }
  llvm::StructType* CountersType() { return llvm::StructType::get(ctx_, {b_.getInt64Ty(), b_.getInt64Ty()}); }
  llvm::Value* CString(const std::string& s);
  // Variables: one stack slot each (mem2reg makes them registers).
  llvm::AllocaInst* DefineVar(const PrimExpr& var);
  void SetVar(const PrimExpr& var, llvm::Value* v);
  llvm::Value* GetVar(const PrimExpr& var);
  void UndefineVar(const PrimExpr& var) { vars_.erase(&var); }
  bool LoopCoversDomain(const PrimExpr& value, const tir::Range& dom) const;
  // Traps: branch to a block that calls `helper(call, args...)` and returns 1 when `cond`.
  void TrapIf(llvm::Value* cond, const std::string& helper, std::vector<llvm::Value*> args);
  void TrapCode(llvm::Value* cond, ErrorCode code, const std::string& message);
  llvm::FunctionCallee Helper(const std::string& name);
  // Floats: float32 and float64 values are LLVM floats and doubles; the 16- and 8-bit floats
  // are doubles holding the element's exact value (kernel_runtime.cc converts their bits).
  static bool IsNarrowFloat(DataType t) { return IsFloat(t) && t != DataType::kFloat32 && t != DataType::kFloat64; }
  llvm::Value* AsDouble(DataType t, llvm::Value* v);      // the exact value
  llvm::Value* RoundTo(DataType t, llvm::Value* d);       // a double rounded once to t
  // + - * / of a float dtype, in the interpreter's arithmetic type (float for the narrow ones,
  // then rounded once: ArithType in element_types.h).
  llvm::Value* FloatArith(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b);
  // The element strides of a compact row-major layout of `shape` (i64 values).
  std::vector<llvm::Value*> RowMajorStrides(const std::vector<llvm::Value*>& shape);
  // Integers as i64 (sign- or zero-extended by dtype).
  llvm::Value* ToI64(llvm::Value* v, DataType t);
  llvm::Value* IntegerOperand(const PrimExpr& e, const char* what);

  // Expressions (tir_emit_expr.cc).
  llvm::Value* EmitImm(const PrimExpr& e);
  llvm::Value* EmitBinary(const PrimExpr& e);
  llvm::Value* EmitExactMultiplyAdd(const PrimExpr& e);
  llvm::Value* EmitArith(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b);
  llvm::Value* EmitIntDivMod(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b);
  llvm::Value* EmitFloatDivMod(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b);
  llvm::Value* EmitMinMax(bool is_max, DataType t, llvm::Value* a, llvm::Value* b);
  llvm::Value* EmitCompare(PrimKind k, DataType t, llvm::Value* a, llvm::Value* b);
  llvm::Value* EmitCast(DataType to, DataType from, llvm::Value* v);
  llvm::Value* EmitCall(const PrimExpr& e);
  llvm::Value* EmitFloatFunction(const PrimExpr& e, llvm::Value* x);
  llvm::Value* EmitIntrinsic(const PrimExpr& e, DataType t, llvm::Value* x, llvm::Value* y);
  llvm::Value* EmitLazySelect(const PrimExpr& cond, const PrimExpr& a, const PrimExpr& b);
  llvm::Value* EmitLet(const PrimExpr& e);
  llvm::Value* EmitRamp(const PrimExpr& e);
  // Emits `emit()` for lane `lane` (tir.eval.vector), then restores the lane.
  template <class F>
  llvm::Value* AtLane(int lane, F emit) {
    const int saved = lane_;
    lane_ = lane;
    llvm::Value* v = emit();
    lane_ = saved;
    return v;
  }
  llvm::Value* ElementPointer(const tir::Buffer& buffer, const std::vector<Ref<PrimExpr>>& indices, const char* what);
  llvm::Value* EmitLoad(const PrimExpr& e);
  void TagAccess(llvm::Instruction* access, const tir::Buffer& buffer);
  llvm::Value* Widen16(DataType t, llvm::Value* bits);
  llvm::Value* Narrow16(DataType t, llvm::Value* d);  // a double rounded to t's bits
  llvm::Value* CallDouble(const char* libm, llvm::Value* x);

  // Statements (tir_emit_stmt.cc).
  void EmitParams(const tir::PrimFunc& f, llvm::Value* args);
  void EmitFor(const tir::For& loop);
  static constexpr int64_t kMaxUnroll = 64;
  static bool Unrollable(const tir::For& loop);
  void MarkVectorized(llvm::BranchInst* latch, const tir::For& loop);
  void KnowRange(const PrimExpr& var, const Ref<PrimExpr>& min, const Ref<PrimExpr>& extent);
  bool IndexProven(const Ref<PrimExpr>& index, const Ref<PrimExpr>& extent) const;
  void EmitUnrolled(const tir::For& loop);
  static int64_t UnrolledWork(const tir::Stmt& s);
  bool counting_unrolled_ = false;  // emitting an unrolled nest whose work was counted at its start
  void EmitNestLoops(const std::vector<const tir::For*>& chain, const std::vector<llvm::Value*>& lo,
                     const std::vector<llvm::Value*>& n, llvm::Value* begin, llvm::Value* end);
  void EmitStore(const tir::BufferStore& s);
  void EmitStoreLane(const tir::BufferStore& s);
  void EmitIf(const tir::IfThenElse& s);
  void EmitBlock(const tir::Block& blk);
  void EmitBlockIters(const tir::Block& blk);
  void EmitInitOnFirstReduceIteration(const tir::Block& blk);
  void EmitAllocations(const std::vector<Ref<tir::Buffer>>& buffers, std::vector<llvm::Value*>* datas);
  void EmitScratch(const tir::Buffer& buf);
  void EmitReleases(const std::vector<llvm::Value*>& datas);
  void EmitAssert(const tir::AssertStmt& s);
  void EmitWork(llvm::Value* iterations);
  void EmitFlushWork();
  void EmitTimeCheck(llvm::Value* iterations);
  static bool TimeCheckedPerRun(const tir::For& innermost);
  void DefineBuffer(const tir::Buffer& b, BufferInfo info);

  // Parallel loops (tir_emit_parallel.cc, codegen.cpu.parallel).
  bool EmitParallelNest(const std::vector<const tir::For*>& chain, const std::vector<llvm::Value*>& lo,
                        const std::vector<llvm::Value*>& n);
  llvm::Value* EmitWorkBound(const tir::Stmt& s, const std::unordered_map<const tir::For*, llvm::Value*>& known);
  bool IsOuterArithmetic(const PrimExpr& e) const;
  const PrimExpr* OuterBound(const PrimExpr& e) const;
  llvm::Value* CountAdd(llvm::Value* a, llvm::Value* b);
  llvm::Value* CountMul(llvm::Value* a, llvm::Value* b);
  llvm::Value* EmitOverlap(const std::vector<const tir::Buffer*>& written);
  llvm::Function* OutlineNest(const std::vector<const tir::For*>& chain, llvm::StructType* env_type,
                              const std::vector<llvm::Constant*>& constants, const std::vector<const PrimExpr*>& vars,
                              const std::vector<const tir::Buffer*>& buffers);

  llvm::Module& module_;
  llvm::LLVMContext& ctx_;
  llvm::IRBuilder<> b_;
  std::string name_;
  llvm::Function* fn_ = nullptr;
  llvm::Value* call_ = nullptr;         // RlxKernelCall*
  llvm::Value* counters_ = nullptr;     // RlxKernelCounters*
  llvm::BasicBlock* fail_ = nullptr;    // ret i32 1
  std::unordered_map<const PrimExpr*, llvm::AllocaInst*> vars_;
  // The enclosing loops' ranges by variable, where the bounds read no buffer (so a block domain
  // written the same way denotes the same range): a block bound to such a loop's variable over
  // that range needs no domain check.
  std::unordered_map<const PrimExpr*, const tir::For*> loop_ranges_;
  // The values of the loop, let and block variables where interval arithmetic knows them: an
  // index check they prove cannot fail is not emitted (tir.eval.bounds).
  tir::IntRanges index_ranges_;
  int lane_ = 0;  // the vector lane being emitted (tir.eval.vector)
  std::unordered_map<const tir::Buffer*, BufferInfo> buffers_;
  int buffers_defined_ = 0;
  std::vector<const tir::Buffer*> params_;  // the buffer parameters, in order
  bool in_parallel_ = false;                // emitting the outlined body of a parallel loop
  std::vector<llvm::Function*> outlined_;   // the bodies of parallel loops
  std::unordered_map<std::string, llvm::Value*> strings_;
  llvm::MDNode* alias_domain_ = nullptr;  // one alias scope per buffer (TagAccess)
  std::unordered_map<const tir::Buffer*, llvm::MDNode*> alias_scopes_;
};

}  // namespace rlx::compiler::codegen
