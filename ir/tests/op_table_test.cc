// The op table (ops.def) is well formed, and every op is callable from the text format
// with its defaults and prints back to the same call.
#include <gtest/gtest.h>

#include <set>

#include "ir/analysis/structural_equal.h"
#include "ir/op_table.h"
#include "ir/tests/test_util.h"

namespace rlx {
namespace {

TEST(OpTable, NamesAreUniqueAndSignaturesParse) {
  std::set<std::string> names;
  ASSERT_GE(AllOps().size(), 100u);
  for (const OpInfo& op : AllOps()) {
    EXPECT_TRUE(names.insert(op.name).second) << op.name;
    EXPECT_EQ(FindOp(op.name), &op);
    EXPECT_EQ(&GetOp(op.id), &op);
    bool seen_default = false, seen_variadic = false;
    std::set<std::string> params;
    for (const OpParam& p : op.params) {
      EXPECT_TRUE(params.insert(p.name).second) << op.name << "." << p.name;
      // Python rules: no required positional parameter after a defaulted one.
      if (p.kind != ParamKind::kSInfoArgs && !seen_variadic) {
        if (p.has_default) {
          seen_default = true;
        } else if (p.is_arg() || p.is_attr()) {
          EXPECT_FALSE(seen_default) << op.name << "." << p.name;
        }
      }
      if (p.kind == ParamKind::kVariadic) seen_variadic = true;
      if (p.nullable && p.has_default) {
        EXPECT_TRUE(p.default_value.is_none() || p.default_value.kind() != AttrValue::Kind::kNone)
            << op.name;
      }
    }
  }
  EXPECT_EQ(FindOp("nope"), nullptr);
  EXPECT_EQ(FindOp("nn.relu")->family, OpFamily::kUnary);
  EXPECT_FALSE(FindOp("print")->pure);
}

// Writes a call of `op` with a plausible value for each required parameter.
std::string SampleCall(const OpInfo& op) {
  std::string args;
  bool after_variadic = false;
  for (const OpParam& p : op.params) {
    if (p.has_default || p.kind == ParamKind::kVariadic || p.kind == ParamKind::kExprList) {
      if (p.kind == ParamKind::kVariadic) after_variadic = true;
      continue;
    }
    std::string value;
    switch (p.kind) {
      case ParamKind::kShape: value = "(2, 3)"; break;
      case ParamKind::kPrim: value = "3"; break;
      case ParamKind::kPrimTuple: value = "[0]"; break;
      case ParamKind::kTuple: value = "(x, x)"; break;
      case ParamKind::kExtern: value = "\"packed.fn\""; break;
      case ParamKind::kSInfoArgs: value = "R.Tensor((2, 3), \"float32\")"; break;
      case ParamKind::kInt: value = "0"; break;
      case ParamKind::kDType: value = "\"float16\""; break;
      case ParamKind::kIntList: value = "[0]"; break;
      case ParamKind::kIntOrList: value = "2"; break;
      case ParamKind::kString: value = "\"cuda:0\""; break;
      default: value = "x"; break;
    }
    if (!args.empty()) args += ", ";
    if (after_variadic || p.is_attr() || p.kind == ParamKind::kSInfoArgs) args += p.name + "=";
    args += value;
  }
  return "R." + op.name + "(" + args + ")";
}

TEST(OpTable, EveryOpParsesWithDefaultsAndRoundTrips) {
  for (const OpInfo& op : AllOps()) {
    SCOPED_TRACE(op.name);
    std::string text =
        "@R.function(pure=False)\ndef main(x: R.Tensor((2, 3), \"float32\")):\n    y = " +
        SampleCall(op) + "\n    return x\n";
    auto p = testing_util::Parse(text);
    ASSERT_NE(p.module, nullptr) << p.diags->RenderAll() << text;
    auto call =
        As<Call>(As<SeqExpr>(p.module->FindFunction("main")->body)->blocks[0].bindings[0].value);
    ASSERT_NE(call, nullptr);
    EXPECT_EQ(As<Op>(call->op)->info, &op);
    // Every attribute is present after defaults are applied.
    for (const OpParam& param : op.params) {
      if (param.is_attr()) {
        EXPECT_NE(call->attrs.Find(param.name), nullptr) << param.name;
      }
    }
    std::string printed = text::PrintModule(*p.module);
    auto again = testing_util::ParseOk(printed);
    ASSERT_NE(again, nullptr) << printed;
    EXPECT_TRUE(StructuralEqual(*p.module, *again)) << printed;
  }
}

}  // namespace
}  // namespace rlx
