// What the shape functions of the inferred-only ops share: optional inputs and outputs, axis
// and attribute reading, known element values (ValueAsShape), dim arithmetic, and the rules
// many ops use (same as an input, broadcasting, the window of a convolution or pool).
#pragma once
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "onnx/node.h"
#include "shape/context.h"
#include "shape/dim_math.h"
#include "shape/node_io.h"

namespace orw {

// Stores output `index` unless the node omits it (absent or "": optional outputs).
void set_output(ShapesContext& ctx, const Node& node, size_t index, TensorInfo info);

// Input 0's info, its element type checked against the row's types.
const TensorInfo& data_input(const ShapesContext& ctx, const Node& node);

// The frame of most one-input shape functions: input 0 read and checked (data_input), output 0
// of `type` (input 0's type when kUndefined), its shape and values filled by `fill(x, out)`
// when input 0's rank is known (else an unknown rank).
template <class Fill>
void infer_from_input(ShapesContext& ctx, const Node& node, Fill fill, DataType type = DataType::kUndefined) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of_unknown_rank(type == DataType::kUndefined ? x.type : type);
  if (x.has_rank()) fill(x, out);
  set_output(ctx, node, 0, std::move(out));
}

// Input `index`'s info, or nullptr when the node omits it.
const TensorInfo* optional_info(const ShapesContext& ctx, const Node& node, size_t index);

// `axis` in [-rank, rank) made non-negative; throws ValueError naming the node and `what`
// (e.g. "attribute 'axis'") otherwise, as plan/axes.h words it.
int64_t normalize_axis(const Node& node, int64_t axis, int64_t rank, const char* what);

// An ints attribute, or `fallback` when absent.
std::vector<int64_t> ints_attribute(const Node& node, const char* name, std::vector<int64_t> fallback = {});
// A string attribute, or `fallback` when absent.
std::string string_attribute(const Node& node, const char* name, const char* fallback);

// The values of an info when every one is a known integer, else nullopt.
std::optional<std::vector<int64_t>> known_values(const TensorInfo& info);
// The known integer values of input `index` (omitted inputs: nullopt).
std::optional<std::vector<int64_t>> input_values(const ShapesContext& ctx, const Node& node, size_t index);

// `length` unknown dims: the shape of a tensor whose shape is a 1-D input of known length but
// unknown values (Reshape's, Expand's, ConstantOfShape's). nullopt (an unknown rank) when
// the length is unknown, negative, or beyond kMaxInferredRank (a declared length is not
// trusted with an allocation).
constexpr int64_t kMaxInferredRank = 1024;
std::optional<Dims> unknown_dims(const Dim& length);

// a / b for a known b that divides a known a exactly; unknown for an unknown a. Throws
// ValueError naming `what` when a known a is not a multiple of b.
Dim dim_div_exact(const Node& node, const Dim& a, int64_t b, const char* what);

// Input 0's type and shape.
void infer_same_as_input_shape(ShapesContext& ctx, const Node& node);
// Input 0's shape, bool.
void infer_same_shape_bool_shape(ShapesContext& ctx, const Node& node);
// Every input broadcast (numpy rules), input 0's type.
void infer_broadcast_shape(ShapesContext& ctx, const Node& node);
// Every input broadcast, bool.
void infer_broadcast_to_bool_shape(ShapesContext& ctx, const Node& node);
// Where(condition, X, Y): the three broadcast, X's type.
void infer_where_shape(ShapesContext& ctx, const Node& node);

// The broadcast shape of inputs first..last-1 (nullopt when one has an unknown rank).
std::optional<Dims> broadcast_inputs(const ShapesContext& ctx, const Node& node, size_t first, size_t last);

// The largest dim computed as a number (2^53 - 1, what a JS number holds); larger ones, and
// negative ones, are unknown (wide_dim).
constexpr int64_t kMaxDimValue = 9007199254740991;
Dim wide_dim(__int128 v);

// The spatial dims of a convolution or pool over `x` (rank N+2): attributes kernel_shape
// (else `kernel`, from the weights), strides, dilations, pads, auto_pad and, for pools,
// ceil_mode. Unknown input dims give unknown output dims.
Dims window_output_dims(const Node& node, const Dims& x, const std::vector<int64_t>& kernel);

}  // namespace orw
