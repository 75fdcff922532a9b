// Reading an op call's attributes with the defaults of the op's signature (ops.def): shared by
// the checker's struct-info rules and the interpreter's kernels.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "ir/attrs.h"
#include "ir/op_table.h"

namespace rlx {

/// A view of a call's attributes; a missing attribute takes its default from ops.def.
class OpAttrs {
 public:
  OpAttrs(const OpInfo& op, const Attrs& attrs) : op_(op), attrs_(attrs) {}

  /// The value (the call's, else the default), or nullptr for an unknown name.
  const AttrValue* Find(std::string_view name) const;
  /// An int attribute (0 when absent or not an int).
  int64_t Int(std::string_view name) const;
  /// An int? attribute: nullopt for None.
  std::optional<int64_t> OptInt(std::string_view name) const;
  bool Bool(std::string_view name) const;
  /// A float attribute (an int converts).
  double Float(std::string_view name) const;
  std::string Str(std::string_view name) const;
  /// A dtype attribute (a string names one); kVoid when absent.
  DataType DType(std::string_view name) const;
  /// An int_list / int_or_list attribute as a list (an int becomes [int]); nullopt for None.
  std::optional<std::vector<int64_t>> IntList(std::string_view name) const;

 private:
  const OpInfo& op_;
  const Attrs& attrs_;
};

}  // namespace rlx
