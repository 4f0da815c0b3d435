// onnx.TensorProto -> Tensor.
#pragma once
#include <cstddef>
#include <string>

#include "core/tensor.h"

namespace onnx {
class TensorProto;
}

namespace orw {

// Decodes a TensorProto (raw_data little-endian, or the typed repeated fields) into an owned
// Tensor. `what` names it in errors. Throws UnsupportedError for string/complex types and
// external data, ValueError when the value count does not match the dims, and
// SizeError for impossible shapes.
Tensor tensor_from_proto(const onnx::TensorProto& proto, const std::string& what);

// Decodes serialized TensorProto bytes (e.g. a backend test's input_0.pb); the tensor's name
// is stored in *name when given. Throws ParseError for bytes that do not decode, and the
// errors of tensor_from_proto.
Tensor tensor_from_bytes(const void* bytes, size_t size, std::string* name = nullptr);

// Writes `tensor` into *proto (dims, data_type, little-endian raw_data); tensor_from_proto
// gives an equal tensor back.
void tensor_to_proto(const Tensor& tensor, onnx::TensorProto* proto);

}  // namespace orw
