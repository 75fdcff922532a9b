#include "ir/runtime_check.h"

namespace rlx {

const char* RuntimeCheckKindName(RuntimeCheck::Kind k) {
  switch (k) {
    case RuntimeCheck::Kind::kAnnotation: return "annotation";
    case RuntimeCheck::Kind::kMatchCast: return "match_cast";
    case RuntimeCheck::Kind::kCallArg: return "call-arg";
    case RuntimeCheck::Kind::kReturn: return "return";
    case RuntimeCheck::Kind::kBound: return "bound";
    case RuntimeCheck::Kind::kOpConstraint: return "op-constraint";
    case RuntimeCheck::Kind::kIfCondition: return "if-condition";
  }
  return "?";
}

}  // namespace rlx
