// The sequence and optional ops. A sequence's info is one tensor info for every element (the
// union of what is known of them, as ONNX's inference keeps it) inside kSequence; an optional's
// is its value's inside kOptional. A value nothing is known of (?[*]) may be either.
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"
#include "shape/declared.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

bool nothing_known(const TensorInfo& info) { return info == TensorInfo::unknown(); }

[[noreturn]] void not_a(const Node& node, size_t index, const TensorInfo& info, const char* what) {
  fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " is " << info << ", not " << what);
}

// The element of sequence input `index` (unknown when nothing is known of the input).
TensorInfo sequence_element(const ShapesContext& ctx, const Node& node, size_t index) {
  const TensorInfo& s = input_info(ctx, node, index);
  if (nothing_known(s)) return TensorInfo::unknown();
  if (!s.is(ValueKind::kSequence)) not_a(node, index, s, "a sequence");
  return s.element();
}

// Tensor input `index`, its element type checked against the row's.
const TensorInfo& tensor_input(const ShapesContext& ctx, const Node& node, size_t index) {
  const TensorInfo& x = input_info(ctx, node, index);
  if (!x.is_tensor()) not_a(node, index, x, "a tensor");
  check_type(node, x, index, node.schema().types);
  return x;
}

// A position input (SequenceAt, SequenceInsert, SequenceErase): an int32 or int64 scalar (or
// a 1-D tensor of one element, as ONNX's own node tests give it).
void check_position(const ShapesContext& ctx, const Node& node, size_t index) {
  if (!has_input(node, index)) return;
  const TensorInfo& p = input_info(ctx, node, index);
  if (!p.is_tensor()) not_a(node, index, p, "a tensor");
  check_type(node, p, index, TypeSet{DataType::kInt32, DataType::kInt64});
  if (p.rank() > 1 || (p.rank() == 1 && !(*p.shape)[0].is(1) && (*p.shape)[0].is_value())) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " is " << p
                                    << "; it must be a scalar (one element)");
  }
}

// The element type and shape of a tensor put into a sequence (its values are not kept).
TensorInfo element_of(const TensorInfo& x) {
  return x.has_rank() ? TensorInfo::of(x.type, *x.shape) : TensorInfo::of_unknown_rank(x.type);
}

// `have` and the new element `x` (input `index`) as one element info: their union.
TensorInfo add_element(const Node& node, const TensorInfo& have, const TensorInfo& x, size_t index) {
  if (std::optional<TensorInfo> u = union_of(have, element_of(x))) return *u;
  fail<TypeError>(ErrorMessage() << node << ": " << InputLabel{node, index} << " has element type " << type_name(x.type)
                                 << ", but the sequence's elements are " << type_name(have.type));
}

TensorInfo sequence_of(TensorInfo element) { return TensorInfo::wrap(ValueKind::kSequence, std::move(element)); }

}  // namespace

void infer_sequence_empty_shape(ShapesContext& ctx, const Node& node) {
  const int64_t dtype = node.int_attribute("dtype", static_cast<int64_t>(DataType::kFloat));
  if (!is_known_type(static_cast<int32_t>(dtype)) || !node.schema().types.contains(static_cast<DataType>(dtype))) {
    fail<TypeError>(ErrorMessage() << node << ": attribute 'dtype' is " << dtype << ", not an element type of a sequence");
  }
  set_output(ctx, node, 0, sequence_of(TensorInfo::of_unknown_rank(static_cast<DataType>(dtype))));
}

void infer_sequence_construct_shape(ShapesContext& ctx, const Node& node) {
  TensorInfo element = element_of(tensor_input(ctx, node, 0));
  for (size_t i = 1; i < node.inputs().size(); ++i) element = add_element(node, element, tensor_input(ctx, node, i), i);
  set_output(ctx, node, 0, sequence_of(std::move(element)));
}

void infer_sequence_insert_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo element = sequence_element(ctx, node, 0);
  const TensorInfo& x = tensor_input(ctx, node, 1);
  check_position(ctx, node, 2);
  set_output(ctx, node, 0, sequence_of(add_element(node, element, x, 1)));
}

void infer_sequence_at_shape(ShapesContext& ctx, const Node& node) {
  TensorInfo element = sequence_element(ctx, node, 0);
  check_position(ctx, node, 1);
  set_output(ctx, node, 0, std::move(element));
}

void infer_sequence_erase_shape(ShapesContext& ctx, const Node& node) {
  TensorInfo element = sequence_element(ctx, node, 0);
  check_position(ctx, node, 1);
  set_output(ctx, node, 0, sequence_of(std::move(element)));
}

void infer_sequence_length_shape(ShapesContext& ctx, const Node& node) {
  sequence_element(ctx, node, 0);
  set_output(ctx, node, 0, TensorInfo::of(DataType::kInt64, {}));
}

// Each element is a slice of the input along 'axis': 1 long without 'split' (the axis kept
// with 'keepdims' 1, the default, else removed); the scalar 'split' long when it divides a
// known axis evenly (the last piece may be shorter otherwise); a 1-D 'split''s length when its
// known lengths are all equal.
void infer_split_to_sequence_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = tensor_input(ctx, node, 0);
  TensorInfo element = TensorInfo::of_unknown_rank(x.type);
  if (has_input(node, 1)) {
    const TensorInfo& split = input_info(ctx, node, 1);
    if (!split.is_tensor()) not_a(node, 1, split, "a tensor");
    check_type(node, split, 1, TypeSet{DataType::kInt32, DataType::kInt64});
  }
  if (x.has_rank()) {
    const int64_t axis = normalize_axis(node, node.int_attribute("axis", 0), x.rank(), "attribute 'axis'");
    Dims dims = *x.shape;
    Dim& d = dims[static_cast<size_t>(axis)];
    if (!has_input(node, 1)) {
      if (node.int_attribute("keepdims", 1) == 0) dims.erase(dims.begin() + axis);
      else d = Dim::of(1);
    } else {
      const std::optional<std::vector<int64_t>> split = input_values(ctx, node, 1);
      const int64_t split_rank = input_info(ctx, node, 1).rank();
      Dim length;
      if (split && !split->empty() && split_rank == 0) {
        if (d.is_value() && (*split)[0] > 0 && d.value() % (*split)[0] == 0) length = Dim::of((*split)[0]);
      } else if (split && !split->empty() && split_rank == 1) {
        bool equal = true;
        for (int64_t v : *split) equal = equal && v == (*split)[0];
        if (equal) length = Dim::of((*split)[0]);
      }
      d = length;
    }
    element.shape = std::move(dims);
  }
  set_output(ctx, node, 0, sequence_of(std::move(element)));
}

// The elements joined along 'axis' (a new axis with 'new_axis' 1): that dim's length is not
// known (the sequence's length is not), the others are the elements'.
void infer_concat_from_sequence_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo element = sequence_element(ctx, node, 0);
  TensorInfo out = TensorInfo::of_unknown_rank(element.type);
  if (element.has_rank()) {
    const bool new_axis = node.int_attribute("new_axis", 0) == 1;
    const int64_t rank = element.rank() + (new_axis ? 1 : 0);
    const int64_t axis = normalize_axis(node, node.int_attribute("axis", 0), rank, "attribute 'axis'");
    Dims dims = *element.shape;
    if (new_axis) dims.insert(dims.begin() + axis, Dim());
    else dims[static_cast<size_t>(axis)] = Dim();
    out.shape = std::move(dims);
  }
  set_output(ctx, node, 0, std::move(out));
}

void infer_optional_shape(ShapesContext& ctx, const Node& node) {
  const Attribute* type = node.find_attribute("type");
  if (has_input(node, 0)) {
    const TensorInfo& x = input_info(ctx, node, 0);
    if (x.is(ValueKind::kOptional)) not_a(node, 0, x, "a tensor or sequence");
    if (type) {
      fail<ValueError>(ErrorMessage() << node << ": attribute 'type' is given with input 0; the input's type is the optional's");
    }
    TensorInfo value = x;
    if (x.is_tensor()) value = element_of(x);
    set_output(ctx, node, 0, TensorInfo::wrap(ValueKind::kOptional, std::move(value)));
    return;
  }
  if (!type) {
    fail<ValueError>(ErrorMessage() << node << ": attribute 'type' is required when input 0 is omitted (an empty optional)");
  }
  set_output(ctx, node, 0, TensorInfo::wrap(ValueKind::kOptional, info_from_type_bytes(type->s)));
}

void infer_optional_has_element_shape(ShapesContext& ctx, const Node& node) {
  if (has_input(node, 0)) {
    const TensorInfo& x = input_info(ctx, node, 0);
    const bool optional = x.is(ValueKind::kOptional);
    if (node.schema().since_version < 18 && !optional && !nothing_known(x)) not_a(node, 0, x, "an optional");
  }
  set_output(ctx, node, 0, TensorInfo::of(DataType::kBool, {}));
}

void infer_optional_get_element_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  const bool optional = x.is(ValueKind::kOptional);
  if (optional) {
    set_output(ctx, node, 0, x.element());
    return;
  }
  if (node.schema().since_version < 18 && !nothing_known(x)) not_a(node, 0, x, "an optional");
  set_output(ctx, node, 0, x);  // 18: a tensor or sequence is its own value
}

}  // namespace orw
