// Shape functions of the element-wise ops. Unary ops and Cast keep the input's shape; CastLike
// takes input 1's type; Add, Sub, Mul and Div broadcast symbolic dims as ONNX's shape inference does: a 1 gives
// way to the other dim, a known dim wins over a symbol or unknown, equal symbols stay, and
// anything else (two different symbols, an unknown against a 1 or a symbol) is unknown.
#include "elementwise/elementwise_shape.h"

#include <algorithm>
#include <stdexcept>

#include "core/errors.h"
#include "elementwise/elementwise.h"
#include "onnx/node_inputs.h"
#include "plan/broadcast_plan.h"
#include "onnx/attribute_rules.h"
#include "shape/dim_math.h"
#include "shape/node_io.h"

namespace orw {
namespace {

TensorInfo same_shape(DataType type, const TensorInfo& like) { return TensorInfo{type, like.shape, std::nullopt}; }

Dim broadcast_symbolic(const Node& node, const TensorInfo& a, const TensorInfo& b, size_t ia, size_t ib, const Dim& da,
                       const Dim& db) {
  if (da.is_value() && db.is_value()) {
    if (const auto d = broadcast_dim(da.value(), db.value())) return Dim::of(*d);
    ErrorMessage m;
    m << node << ": " << InputLabel{node, ia} << ' ' << a << " and " << InputLabel{node, ib} << ' ' << b;
    fail<ValueError>(m << " do not broadcast (" << da << " vs " << db << ')');
  }
  if (da.is(1)) return db;
  if (db.is(1)) return da;
  if (da.is_value()) return da;
  if (db.is_value()) return db;
  if (da.is_symbol() && da == db) return da;
  return Dim();
}

// Known values of a shape computed in the graph (seq + 1, batch * heads), as ONNX's data
// propagation: element by element, a scalar or 1-element side repeated.
std::optional<Dims> arithmetic_values(ElementwiseOp op, const TensorInfo& a, const TensorInfo& b,
                                      const std::optional<Dims>& shape) {
  if (!a.values || !b.values || !shape || shape->size() > 1) return std::nullopt;
  const Dims &va = *a.values, &vb = *b.values;
  const size_t n = std::max(va.size(), vb.size());
  if ((va.size() != n && va.size() != 1) || (vb.size() != n && vb.size() != 1)) return std::nullopt;
  Dims out;
  for (size_t i = 0; i < n; ++i) {
    const Dim& x = va[va.size() == 1 ? 0 : i];
    const Dim& y = vb[vb.size() == 1 ? 0 : i];
    switch (op) {
      case ElementwiseOp::kAdd: out.push_back(dim_add(x, y)); break;
      case ElementwiseOp::kSub: out.push_back(dim_sub(x, y)); break;
      case ElementwiseOp::kMul: out.push_back(dim_mul(x, y)); break;
      default: out.push_back(dim_div(x, y)); break;
    }
  }
  if (std::all_of(out.begin(), out.end(), [](const Dim& d) { return d.is_unknown(); })) return std::nullopt;
  return out;
}

}  // namespace

Dims broadcast_dims(const Node& node, const TensorInfo& a, const TensorInfo& b, size_t ia, size_t ib) {
  const Dims& sa = *a.shape;
  const Dims& sb = *b.shape;
  const size_t rank = std::max(sa.size(), sb.size());
  Dims out(rank);
  for (size_t d = 0; d < rank; ++d) {
    const Dim da = d + sa.size() >= rank ? sa[d + sa.size() - rank] : Dim::of(1);
    const Dim db = d + sb.size() >= rank ? sb[d + sb.size() - rank] : Dim::of(1);
    out[d] = broadcast_symbolic(node, a, b, ia, ib, da, db);
  }
  return out;
}

void infer_unary_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  ctx.set(output_name(node), same_shape(x.type, x));
}

void infer_arithmetic_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo a = input_info(ctx, node, 0);
  const TensorInfo b = input_info(ctx, node, 1);
  check_type(node, a, 0, node.schema().types);
  check_type(node, b, 1, node.schema().types);
  if (a.type != DataType::kUndefined && b.type != DataType::kUndefined && a.type != b.type) {
    ErrorMessage m;
    m << node << ": " << InputLabel{node, 1} << " has element type " << type_name(b.type) << " but "
      << InputLabel{node, 0} << " has " << type_name(a.type);
    fail<TypeError>(m << "; both inputs must have the same type");
  }
  const DataType type = a.type != DataType::kUndefined ? a.type : b.type;
  TensorInfo out = TensorInfo::of_unknown_rank(type);
  if (is_legacy_broadcast(node)) out.shape = a.shape;  // A's shape (as ONNX's inference for 1-6)
  else if (a.has_rank() && b.has_rank()) out.shape = broadcast_dims(node, a, b);
  out.values = arithmetic_values(node.schema().elementwise_op, a, b, out.shape);
  ctx.set(output_name(node), std::move(out));
}

void infer_cast_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  const DataType to = element_type_attribute(node, "to");
  TensorInfo out = same_shape(to, x);
  // Shape values (ValueAsShape) survive casts between int32 and int64, as in ONNX's data
  // propagation for Cast.
  const auto is_index = [](DataType t) { return t == DataType::kInt32 || t == DataType::kInt64; };
  if (x.values && is_index(x.type) && is_index(to)) out.values = x.values;
  ctx.set(output_name(node), std::move(out));
}

void infer_cast_like_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  const TensorInfo& like = input_info(ctx, node, 1);
  check_type(node, x, 0, node.schema().types);
  check_type(node, like, 1, node.schema().types);
  ctx.set(output_name(node), same_shape(like.type, x));
}

void infer_clip_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  check_type(node, x, 0, node.schema().types);
  for (size_t i = 1; i < node.schema().inputs.size(); ++i) {
    if (!has_input(node, i)) continue;
    const TensorInfo& bound = input_info(ctx, node, i);
    check_type(node, bound, i, x.type == DataType::kUndefined ? node.schema().types : TypeSet{x.type});
    const bool one = !bound.has_rank() || bound.rank() == 0 || (bound.rank() == 1 && !(*bound.shape)[0].is_value()) ||
                     (bound.rank() == 1 && (*bound.shape)[0].is(1));
    if (!one) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, i} << " must be a scalar, got " << bound);
    }
  }
  ctx.set(output_name(node), same_shape(x.type, x));
}

}  // namespace orw
