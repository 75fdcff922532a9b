// Arguments made from parameter annotations (`rlx run --random-inputs`, the run fuzzer):
// shape variables take a given value or a default extent; floats are uniform in [-1, 1),
// integers in [-10, 10] ([0, 10] unsigned), bools random; all from one seeded generator.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <random>
#include <string>

#include "runtime/value.h"
#include "ir/analysis/prim_eval.h"
#include "ir/struct_info.h"

namespace rlx::runtime {

class RandomInputs {
 public:
  /// `defined(name)` gives a shape variable's value when the caller fixes it.
  RandomInputs(std::function<std::optional<int64_t>(const std::string&)> defined, uint64_t seed,
               int64_t default_extent = 4, int64_t max_bytes = int64_t{1} << 30);

  /// A value matching `s`; nullopt with `error` set when none can be made (an annotation
  /// without a shape or dtype, an opaque function, a tensor above max_bytes).
  std::optional<Value> Make(const StructInfo& s, std::string* error);

 private:
  std::optional<int64_t> Dim(const Ref<PrimExpr>& e, std::string* error);
  void Bind(const Ref<PrimExpr>& e);

  std::function<std::optional<int64_t>(const std::string&)> defined_;
  std::mt19937_64 rng_;
  int64_t default_extent_;
  int64_t max_bytes_;
  PrimAssignment values_;
};

}  // namespace rlx::runtime
