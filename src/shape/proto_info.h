// TensorInfo from ONNX protobuf messages: a graph input's type (ValueInfo), an initializer or
// a Constant's tensor. Small integer tensors (int32/int64, rank <= 1, at most
// kMaxShapeValues elements) also get their values (ValueAsShape).
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "shape/tensor_info.h"

namespace onnx {
class NodeProto;
class TensorProto;
class TypeProto;
}  // namespace onnx

namespace orw {

constexpr size_t kMaxShapeValues = 16;

// A tensor type: elem_type, and per dim dim_value, dim_param or unknown; no shape gives an
// unknown rank. A sequence or optional type wraps its element's (TensorInfo::wrap); other
// types (map, sparse tensor) give TensorInfo::unknown().
TensorInfo info_from_type(const onnx::TypeProto& type);
// The same from a serialized TypeProto (an attribute of type TYPE_PROTO); unknown when the
// bytes do not parse.
TensorInfo info_from_type_bytes(const std::string& bytes);

// A TensorProto's type and dims, and its values when it is a small integer tensor stored in
// the model (int64_data, int32_data or little-endian raw_data; external data is not read).
// Throws ParseError, prefixed with `what`, for a negative dim or stored data whose length
// does not match the dims, and SizeError (as checked_element_count) for a dim beyond 2^53 - 1
// or an element count beyond int64.
TensorInfo info_from_tensor(const onnx::TensorProto& tensor, const std::string& what);

// A Constant node's output: from attribute `value`, or from the value_* shorthands (opset
// 12+); unknown for sparse_value or a Constant without a value. Throws as info_from_tensor.
TensorInfo info_from_constant(const onnx::NodeProto& node);

// `values` as ValueAsShape entries, or nullopt when there are more than kMaxShapeValues.
std::optional<Dims> shape_values(const std::vector<int64_t>& values);

}  // namespace orw
