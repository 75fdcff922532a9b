// The syntax tree of the Python subset TVMScript uses. The syntax parser builds it; the
// Relax parser (relax_parser.cc) gives it meaning through the IR builder.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "ir/base/source.h"
#include "ir/text/token.h"

namespace rlx::text::py {

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

enum class ExprKind : uint8_t {
  kName,       // x
  kAttribute,  // value.name
  kCall,       // func(args, keywords)
  kInt,        // 12
  kFloat,      // 1.5
  kString,     // "s"
  kBool,       // True / False
  kNone,       // None
  kTuple,      // (a, b)
  kList,       // [a, b]
  kDict,       // {k: v}
  kSubscript,  // value[index]
  kUnary,      // op operand      (op: "-", "+", "~", "not")
  kBinary,   // left op right   (op: "+", "-", "*", "/", "//", "%", "**", "@", "<<", ">>", "&", "|",
             // "^")
  kCompare,  // left op right   (op: "<", "<=", ">", ">=", "==", "!=")
  kBoolOp,   // left op right   (op: "and", "or")
  kStarred,  // *value (only inside call arguments)
  kSlice,    // lower:upper inside a subscript (value: lower, index: upper; either may be null)
};

/// A keyword argument of a call.
struct Keyword {
  std::string name;
  Span name_span;
  ExprPtr value;
};

/// A Python expression.
struct Expr {
  ExprKind kind;
  Span span;
  int depth = 1;                // height of the tree below (bounded by SyntaxLimits)
  std::string text;             // kName/kAttribute: the name; kString: the value; operators: the op
  uint64_t int_value = 0;       // kInt
  bool int_overflow = false;    // kInt: does not fit in 64 bits
  double float_value = 0;       // kFloat
  bool bool_value = false;      // kBool
  ExprPtr value;                // kAttribute/kSubscript/kStarred: the base; kCall: the callee;
                                // kUnary: the operand; binary kinds: the left operand
  ExprPtr index;                // kSubscript: the index; binary kinds: the right operand
  std::vector<ExprPtr> elts;    // kTuple/kList/kCall (positional args)/kDict (keys)
  std::vector<ExprPtr> values;  // kDict: the values
  std::vector<Keyword> keywords;  // kCall
  // kList/kTuple of number literals that the lexer folded (token.h NumberList): the elements,
  // held compactly instead of in `elts` (which is then empty).
  std::shared_ptr<const NumberList> numbers;
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

enum class StmtKind : uint8_t {
  kExpr,       // an expression statement
  kAssign,     // targets = value (targets is one expression, possibly a tuple)
  kAnnAssign,  // target: annotation = value
  kReturn,     // return value?
  kIf,         // if test: body else: orelse
  kWith,       // with item: body
  kFunctionDef,
  kClassDef,
  kImport,  // import / from-import (kept for checking)
  kPass,
  kFor,     // for target in value: body (TIR loops)
  kAssert,  // assert value, message (TIR assertions; message may be null)
};

/// A function parameter.
struct Param {
  std::string name;
  Span span;
  ExprPtr annotation;     // may be null
  ExprPtr default_value;  // may be null
};

/// A Python statement.
struct Stmt {
  StmtKind kind;
  Span span;
  ExprPtr target;               // kAssign/kAnnAssign/kFor (a name or a tuple of names)
  ExprPtr annotation;           // kAnnAssign; kAssert: the message
  ExprPtr value;  // kExpr/kAssign/kAnnAssign/kReturn(may be null)/kIf test/kWith item/kFor
                  // iterable/kAssert test
  std::vector<StmtPtr> body;    // kIf/kWith/kFor/kFunctionDef/kClassDef
  std::vector<StmtPtr> orelse;  // kIf
  bool has_else = false;        // kIf
  // kFunctionDef / kClassDef
  std::string name;
  Span name_span;
  std::vector<ExprPtr> decorators;
  std::vector<Param> params;   // kFunctionDef
  ExprPtr returns;             // kFunctionDef: the return annotation (may be null)
  std::vector<ExprPtr> bases;  // kClassDef
  // kImport: the module path and the imported names with their aliases
  std::string module;
  std::vector<std::pair<std::string, std::string>> names;
  bool is_from_import = false;
};

/// A parsed source file.
struct File {
  std::vector<StmtPtr> body;
};

}  // namespace rlx::text::py
