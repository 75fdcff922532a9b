// The Relax-level passes: one file each (relax/<name>.cc), one function each, registered in
// pass/passes.def. Each returns its input itself when it changed nothing.
#pragma once

#include "ir/module.h"

namespace rlx::compiler {

/// rename-vars (pass.rename-vars): every Relax variable gets a new name, `r<N>_<old name>`;
/// nothing else changes. Tests that passes and printers never key on names.
Ref<IRModule> RenameVars(const Ref<IRModule>& m);

/// add-dead-bindings (pass.add-dead-bindings): every binding block starts with an unused prim
/// value and ends with an unused one-field tuple of its last variable. What dead-code
/// elimination must remove, and what every other pass must tolerate.
Ref<IRModule> AddDeadBindings(const Ref<IRModule>& m);

/// to-non-dataflow (pass.to-non-dataflow, TVM's ToNonDataflow): every dataflow block becomes an
/// ordinary block, merged with the ordinary blocks beside it, and every dataflow variable an
/// ordinary variable.
Ref<IRModule> ToNonDataflow(const Ref<IRModule>& m);

/// inline-local (pass.inline-local): the first call, in an ordinary block, of a function bound
/// to a local variable is replaced by the function's body: a match_cast of each argument to its
/// parameter's annotation (the signature's shape variables that the call binds statically are
/// replaced by what the arguments have there, the others by fresh copies), then a copy of the
/// body's bindings, then the result bound to the call's variable.
Ref<IRModule> InlineLocal(const Ref<IRModule>& m);

/// reassociate-tuples (pass.reassociate-tuples): every tuple (a, b, c...) of two or more fields
/// is built as (t[0], t[1], c...) from t = (a, b).
Ref<IRModule> ReassociateTuples(const Ref<IRModule>& m);

/// call-tir-rewrite (pass.call-tir-rewrite, TVM's CallTIRRewrite): every R.call_tir,
/// R.call_tir_inplace and R.call_dps_packed becomes R.builtin.alloc_tensor of each fresh output,
/// then the direct call of the PrimFunc (tir.eval.direct-call) or of the packed function with the
/// arguments, the outputs and the tir_vars; pure functions that gain one get relax.force_pure.
Ref<IRModule> CallTirRewrite(const Ref<IRModule>& m);

/// plan-memory (pass.plan-memory, TVM's StaticPlanBlockMemory): the R.builtin.alloc_tensor
/// outputs that a PrimFunc call overwrites whole and that do not escape share storages
/// (R.memory.alloc_storage at the start of the body, R.memory.alloc_tensor views) sized by their
/// static shapes or the upper bounds of bounded extents, where their lifetimes do not overlap;
/// every tensor that does not escape is killed after its last use, every storage after its last
/// tensor's.
Ref<IRModule> PlanMemory(const Ref<IRModule>& m);

/// lambda-lift (pass.lambda-lift, TVM's LambdaLift): every local function bound in a module
/// function's body (not inside another local function; those follow, round by round) becomes a
/// private module function named `<function>_<local>`, when every use of it is a call (a
/// function value that escapes keeps its name and stays) and nothing it captures is trusted: what
/// it captures become extra parameters (each variable annotated with its struct info, each shape
/// variable as an R.Prim with that value), its calls pass them, and its binding goes.
Ref<IRModule> LambdaLift(const Ref<IRModule>& m);

/// inline (pass.inline, TVM's inlining of private functions): every call `v = cls.f(args)`, in an
/// ordinary block, of a private Relax function that is called (or referenced) once in the module
/// or has at most 8 bindings — not recursive, not a fused group, not force_pure, its result not
/// checked at run time against its return annotation — whose arguments and bounds the checker
/// proved and none of whose arguments is trusted, is replaced by the function's body as
/// inline-local splices one (compiler/relax/splice_call.h). The functions stay in the module (a run
/// may name any as its entry).
Ref<IRModule> Inline(const Ref<IRModule>& m);

/// simplify-shapes (pass.simplify-shapes): every check the checker decided statically (no run-time
/// check recorded, nothing trusted checked) goes: `y = R.match_cast(x, S)` that defines no shape
/// variable becomes `y = x`, and `y: S = e` loses its annotation (e's derived struct info is S or
/// more precise), `y` a new variable with the derived struct info.
Ref<IRModule> SimplifyShapes(const Ref<IRModule>& m);

/// canonicalize-bindings (pass.canonicalize-bindings, TVM's CanonicalizeBindings): a binding that
/// copies a variable (`y = x`, or a `match_cast` of x to the struct info x has) disappears and its
/// uses take x; `y = t[i]` of a tuple t bound in scope becomes the field; in a dataflow block,
/// `lv = v ... y = lv` becomes `y = v`. Only where the copy has the struct info of what it copies
/// and what it copies is in scope at every use.
Ref<IRModule> CanonicalizeBindings(const Ref<IRModule>& m);

/// dead-code-elimination (pass.dead-code-elimination, TVM's DeadCodeElimination): every binding
/// whose variable nothing live uses and that is removable (compiler/analysis/binding_effects.h:
/// it cannot trap, has no effect and defines no shape variable) is removed, and every private
/// PrimFunc that no Relax function reaches (a Relax function, private or not, may be a run's
/// entry, eval.entry; a PrimFunc may not).
Ref<IRModule> DeadCodeElimination(const Ref<IRModule>& m);

/// common-subexpression-elimination (pass.common-subexpression-elimination, TVM's
/// EliminateCommonSubexpr): a binding whose value (a pure op call other than an allocation, an
/// in-place or a packed call; a tuple, projection, shape or prim value) is the value of an
/// earlier binding in scope, on the same variables, becomes a copy of that binding's variable.
Ref<IRModule> CommonSubexpressionElimination(const Ref<IRModule>& m);

/// fuse-ops (pass.fuse-ops, TVM's FuseOps): in every binding block, each R.call_tir of a PrimFunc
/// with a recorded op pattern (annotate-op-pattern) absorbs the groups of the calls whose results
/// only it uses, where the patterns allow (injective stages into anything but a contraction; a
/// reduction or contraction into an elementwise or broadcast epilogue; one reduction per group)
/// and the members moved down to the last one's place pass no binding that may trap. A group of
/// two or more becomes a private Relax function with attribute Primitive = 1, called where its
/// last member was.
Ref<IRModule> FuseOps(const Ref<IRModule>& m);

/// fuse-tir (pass.fuse-tir, TVM's FuseTIR): every private Primitive function whose body is a
/// dataflow block of R.call_tir bindings becomes a PrimFunc that runs the members' loop nests in
/// order (intermediate tensors as root-block buffers, zero-filled as fresh tensors are), when
/// every member's buffer extents provably equal the tensors'; its calls become R.call_tir.
Ref<IRModule> FuseTir(const Ref<IRModule>& m);

/// fold-constant (pass.fold-constant, TVM's FoldConstant): a call of a pure op whose operands are
/// all constants (literals, or variables bound to them) becomes the literal the reference
/// interpreter computes, when that run does not trap and the result holds at most 4096 elements.
Ref<IRModule> FoldConstant(const Ref<IRModule>& m);

}  // namespace rlx::compiler
