#include "ir/tir/intrinsic.h"

#include <iterator>

namespace rlx::tir {
namespace {

constexpr IntrinsicOperands kfloat = IntrinsicOperands::kFloat;
constexpr IntrinsicOperands kint = IntrinsicOperands::kInt;
constexpr IntrinsicOperands knumeric = IntrinsicOperands::kNumeric;
constexpr IntrinsicOperands kcond = IntrinsicOperands::kCond;
constexpr IntrinsicOperands kbool = IntrinsicOperands::kBool;
constexpr IntrinsicResult rsame = IntrinsicResult::kSame;
constexpr IntrinsicResult rbool = IntrinsicResult::kBool;

constexpr IntrinsicInfo kTable[] = {
#define RLX_TIR_INTRINSIC(id, name, arity, operands, result) \
  {Intrinsic::k##id, name, arity, k##operands, r##result},
#include "ir/tir/intrinsics.def"
#undef RLX_TIR_INTRINSIC
};

}  // namespace

const IntrinsicInfo& GetIntrinsic(Intrinsic id) {
  return kTable[static_cast<int>(id)];
}

const IntrinsicInfo* FindIntrinsic(std::string_view name) {
  for (const IntrinsicInfo& info : kTable) {
    if (name == info.name) return &info;
  }
  return nullptr;
}

}  // namespace rlx::tir
