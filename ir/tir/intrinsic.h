// The TIR intrinsic table (intrinsics.def): names, arities and dtype rules of `T.name(...)`
// calls (spec tir.expr.call). The parser, the checker and the interpreter read it.
#pragma once

#include <cstdint>
#include <string_view>

namespace rlx::tir {

enum class Intrinsic : uint8_t {
#define RLX_TIR_INTRINSIC(id, name, arity, operands, result) k##id,
#include "ir/tir/intrinsics.def"
#undef RLX_TIR_INTRINSIC
};

/// What the operands of an intrinsic must be (see intrinsics.def).
enum class IntrinsicOperands : uint8_t { kFloat, kInt, kNumeric, kCond, kBool };
/// The dtype of an intrinsic's result.
enum class IntrinsicResult : uint8_t { kSame, kBool };

struct IntrinsicInfo {
  Intrinsic id;
  const char* name;  // without the `T.` prefix
  int arity;
  IntrinsicOperands operands;
  IntrinsicResult result;
};

const IntrinsicInfo& GetIntrinsic(Intrinsic id);
/// The intrinsic named `name` (without `T.`), or nullptr.
const IntrinsicInfo* FindIntrinsic(std::string_view name);

}  // namespace rlx::tir
