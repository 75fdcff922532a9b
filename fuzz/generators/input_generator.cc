#include "fuzz/generators/input_generator.h"

#include <cmath>
#include <limits>
#include <unordered_map>

#include "ir/shape_var_bounds.h"

namespace rlx::fuzz {
namespace {

class Inputs {
 public:
  Inputs(Chooser& c, const Function& f, const InputOptions& o) : c_(c), f_(f), o_(o) {}

  GeneratedInputs Make() {
    GeneratedInputs out;
    for (const auto& p : f_.params) {
      auto v = Value(p->annotation);
      if (!v) {
        out.error = "cannot make an argument for '" + p->name + "'";
        out.args.clear();
        return out;
      }
      out.args.push_back(*v);
    }
    out.shape_vars = order_;
    return out;
  }

 private:
  // The value of a dimension: a constant, or a signature variable (chosen once).
  std::optional<int64_t> Dim(const Ref<PrimExpr>& e, bool extent) {
    if (e->is_int()) return e->int_value;
    if (!e->is_var()) return std::nullopt;
    auto it = values_.find(e.get());
    if (it != values_.end()) return it->second;
    ShapeVarBound b = GetShapeVarBound(f_, e->name);
    int64_t lo = b.lower.value_or(extent ? 0 : -3);
    int64_t hi = std::min<int64_t>(b.upper.value_or(o_.max_extent), o_.max_extent);
    if (extent) lo = std::max<int64_t>(lo, 0);
    if (hi < lo) hi = lo;
    int64_t v;
    int64_t r = c_.Range(0, 99);
    if (r < 8 && lo <= 0 && 0 <= hi) {
      v = 0;
    } else if (r < 28 && lo <= 1 && 1 <= hi) {
      v = 1;
    } else {
      v = c_.Range(lo, hi);
    }
    values_[e.get()] = v;
    order_.emplace_back(e->name, v);
    return v;
  }

  std::optional<runtime::Value> Value(const Ref<StructInfo>& s) {
    if (!s) return std::nullopt;
    switch (s->kind) {
      case SInfoKind::kTensor: {
        auto t = As<TensorStructInfo>(s);
        const auto* dims = t->dims();
        if (!dims || t->dtype == DataType::kVoid) return std::nullopt;
        std::vector<int64_t> shape;
        for (const auto& d : *dims) {
          auto v = Dim(d, true);
          if (!v) return std::nullopt;
          shape.push_back(*v);
        }
        auto data = std::make_shared<TensorData>(t->dtype, shape);
        for (int64_t i = 0; i < data->num_elements(); ++i) Fill(*data, i);
        return runtime::Value::FromTensor(data);
      }
      case SInfoKind::kShape: {
        auto sh = As<ShapeStructInfo>(s);
        if (!sh->values) return std::nullopt;
        std::vector<int64_t> dims;
        for (const auto& d : *sh->values) {
          auto v = Dim(d, true);
          if (!v) return std::nullopt;
          dims.push_back(*v);
        }
        return runtime::Value::FromShape(dims);
      }
      case SInfoKind::kPrim: {
        auto p = As<PrimStructInfo>(s);
        if (!p->value) return std::nullopt;
        auto v = Dim(p->value, false);
        if (!v) return std::nullopt;
        return runtime::Value::FromPrim(runtime::PrimScalar::Int(*v, p->dtype));
      }
      default: return std::nullopt;
    }
  }

  void Fill(TensorData& t, int64_t i) {
    DataType dt = t.dtype();
    bool edge = !o_.finite && c_.Range(0, 99) < o_.edge_percent;
    if (dt == DataType::kBool) {
      t.SetInt(i, c_.Range(0, 1));
    } else if (IsFloat(dt)) {
      if (o_.finite) {
        t.SetDouble(i, static_cast<double>(c_.Range(2, 32)) / 8);
      } else if (edge) {
        static const double kEdges[] = {0.0,
                                        -0.0,
                                        std::numeric_limits<double>::infinity(),
                                        -std::numeric_limits<double>::infinity(),
                                        std::numeric_limits<double>::quiet_NaN(),
                                        -std::numeric_limits<double>::quiet_NaN(),
                                        1e-40,   // subnormal in float32
                                        -3e-44,  // subnormal in float32
                                        6e-8,    // subnormal in float16
                                        65504.0,
                                        3.0e38,
                                        -1.0};
        t.SetDouble(i, kEdges[c_.Range(0, 11)]);
      } else {
        t.SetDouble(i, static_cast<double>(c_.Range(-40, 40)) / 8);
      }
    } else {
      int bits = DataTypeBytes(dt) * 8;
      if (edge) {
        int64_t mx = bits >= 64 ? std::numeric_limits<int64_t>::max() : (int64_t{1} << (bits - (IsUnsignedInt(dt) ? 0 : 1))) - 1;
        int64_t mn = IsUnsignedInt(dt) ? 0 : (bits >= 64 ? std::numeric_limits<int64_t>::min() : -(int64_t{1} << (bits - 1)));
        t.SetInt(i, c_.Chance(50) ? mx : mn);
      } else if (o_.finite) {
        t.SetInt(i, c_.Range(1, 6));
      } else {
        // Zero rarely: one zero divisor traps a whole integer division (E3006).
        int64_t v = c_.Chance(6) ? 0 : c_.Range(1, IsUnsignedInt(dt) ? 9 : 6);
        t.SetInt(i, IsUnsignedInt(dt) || c_.Chance(50) ? v : -v);
      }
    }
  }

  Chooser& c_;
  const Function& f_;
  const InputOptions& o_;
  std::unordered_map<const PrimExpr*, int64_t> values_;
  std::vector<std::pair<std::string, int64_t>> order_;
};

}  // namespace

GeneratedInputs GenerateInputs(Chooser& c, const Function& f, const InputOptions& options) {
  return Inputs(c, f, options).Make();
}

}  // namespace rlx::fuzz
