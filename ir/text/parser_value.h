// What a TVMScript expression evaluates to while parsing: Python literals, Relax
// expressions, shape arithmetic, struct info, and the names the parser gives meaning to.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/expr.h"
#include "ir/op_table.h"
#include "ir/tensor_data.h"
#include "ir/tir/buffer.h"
#include "ir/tir/stmt.h"

namespace rlx::text {

/// Built-in callables and namespaces of TVMScript that the parser implements.
enum class Builtin : uint8_t {
  // R.*
  kConst,
  kShape,
  kPrimValue,
  kStr,
  kDType,
  kTuple,
  kTupleGetItem,
  kMatchCast,
  kOutput,
  kDataflow,
  kFuncAttr,
  kFunction,
  kCallPacked,
  kExternFunc,
  // R.Tensor & co. (struct-info constructors)
  kTensorSInfo,
  kShapeSInfo,
  kPrimSInfo,
  kTupleSInfo,
  kObjectSInfo,
  kCallableSInfo,
  // T.*
  kTirDType,   // T.int64(), T.float32(1.5): `dtype` holds the type
  kTirBinary,  // T.floordiv(a, b), T.Add(a, b): `prim_kind` holds the node kind
  kTirNot,
  kTirSelect,
  kPrimFunc,
  // T.* inside a PrimFunc (parse_tir_expr.cc)
  kTirIntrinsic,   // T.exp(x) and the rest of intrinsics.def: `intrinsic` holds which
  kTirCast,        // T.Cast(dtype, x)
  kTirMaxValue,    // T.max_value(dtype)
  kTirMinValue,    // T.min_value(dtype)
  kTirRamp,        // T.Ramp(base, stride, lanes)
  kTirBroadcast,   // T.Broadcast(value, lanes)
  kTirLet,         // T.Let(body, where={var: value})
  kTirLoop,        // T.serial / T.parallel / T.vectorized / T.unroll / T.thread_binding / range
  kTirGrid,        // T.grid(extents...)
  kTirBlock,       // T.block(name) / T.sblock(name)
  kTirInit,        // T.init()
  kTirAxis,        // T.axis.spatial / T.axis.reduce / T.axis.remap: `s` holds which
  kTirReads,
  kTirWrites,
  kTirWhere,
  kTirBlockAttr,
  kTirFuncAttr,
  kTirBufferCtor,  // T.Buffer(shape, dtype, ...)
  kTirMatchBuffer,
  kTirAllocBuffer,
  kTirDeclBuffer,
  kTirHandle,      // T.handle (a parameter annotation)
  kTirEvaluate,
  // I.*
  kIrModule,
  kModuleAttrs,
  kModuleGlobalInfos,
  kVDevice,
  // Python and numpy
  kFloat,
  kNpZeros,
  kNpOnes,
  kNpArray,
  // methods of Relax expressions
  kAstype,
};

/// A builtin's spelling in the parsers' name tables.
struct NamedBuiltin {
  const char* name;
  Builtin builtin;
};

/// One loop of a `for` statement's iterable.
struct TirLoop {
  Ref<PrimExpr> min;
  Ref<PrimExpr> extent;
  tir::ForKind kind = tir::ForKind::kSerial;
  std::string thread;  // kThreadBinding
  Attrs annotations;
};

/// One block iteration variable given by T.axis.*.
struct TirAxis {
  tir::IterKind kind = tir::IterKind::kSpatial;
  tir::Range dom;
  Ref<PrimExpr> value;
};

/// The payload of the TIR value kinds.
struct TirPayload {
  Ref<tir::Buffer> buffer;         // kBuffer, kBufferRegion
  std::vector<tir::Range> region;  // kBufferRegion
  std::vector<TirLoop> loops;      // kTirLoops
  std::vector<TirAxis> axes;       // kTirAxes
};

/// A value of the parser's evaluator.
struct Value {
  enum class Kind : uint8_t {
    kError,  // an error was already reported; stay silent
    kNone,
    kBool,
    kInt,
    kFloat,
    kStr,
    kTuple,
    kList,
    kDict,
    kRelax,      // a Relax expression
    kPrim,       // a PrimExpr
    kSInfo,      // struct info
    kNamespace,  // R, T, I, R.nn, np, tvm, tvm.script
    kModule,     // the module class (Module, or an alias such as cls)
    kOp,         // R.add and friends
    kBuiltin,    // see Builtin
    kTensor,     // a numpy-style array (np.zeros, np.array)
    kMatchCast,  // R.match_cast(value, sinfo), waiting to be bound
    kDataflowCtx,
    // TIR (parse_tir_*.cc); the payload is in `tir`
    kBuffer,        // a buffer (T.Buffer(...), a parameter, an allocation)
    kBufferRegion,  // buffer[lo:hi, i] in T.reads / T.writes
    kTirLoops,      // what `for ... in` iterates: T.grid, T.serial, ...
    kTirAxes,       // T.axis.* results, waiting to be bound to block iteration variables
    kTirBlockCtx,   // T.block(name), for `with`
    kTirInitCtx,    // T.init(), for `with`
  };
  Kind kind = Kind::kNone;
  Span span;
  bool b = false;
  __int128 i = 0;  // Python ints: exact within +-2^127
  double f = 0;
  std::string s;               // kStr value, kNamespace name
  std::vector<Value> items;    // kTuple/kList/kDict keys
  std::vector<Value> values;   // kDict values
  Ref<Expr> expr;              // kRelax, kMatchCast value, kBuiltin bound self (astype)
  Ref<PrimExpr> prim;          // kPrim
  Ref<StructInfo> sinfo;       // kSInfo, kMatchCast
  const OpInfo* op = nullptr;  // kOp
  Builtin builtin = Builtin::kConst;
  DataType dtype = DataType::kVoid;          // kBuiltin kTirDType
  PrimKind prim_kind = PrimKind::kAdd;       // kBuiltin kTirBinary
  std::shared_ptr<const TensorData> tensor;  // kTensor
  std::shared_ptr<const TirPayload> tir;     // the TIR kinds
  tir::Intrinsic intrinsic = tir::Intrinsic::kExp;  // kBuiltin kTirIntrinsic

  static Value Error() { return Value{}.With(Kind::kError); }
  static Value Relax(Ref<Expr> e, Span span);
  static Value Prim(Ref<PrimExpr> e, Span span);
  static Value SInfo(Ref<StructInfo> s, Span span);
  static Value Int(__int128 v, Span span);
  static Value MakeBuiltin(Builtin b, Span span);

  bool is_error() const { return kind == Kind::kError; }
  bool is_number() const {
    return kind == Kind::kInt || kind == Kind::kFloat || kind == Kind::kBool;
  }
  Value With(Kind k) const {
    Value v = *this;
    v.kind = k;
    return v;
  }
};

/// A short description of a value for messages ("an int", "a Relax expression").
std::string DescribeValue(const Value& v);

}  // namespace rlx::text
