// A node attribute, decoded from onnx.AttributeProto into plain C++ values.
#pragma once
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/tensor.h"

namespace orw {

// Numbered as onnx.AttributeProto.AttributeType.
enum class AttrType : int32_t {
  kUndefined = 0,
  kFloat = 1,
  kInt = 2,
  kString = 3,
  kTensor = 4,
  kGraph = 5,
  kFloats = 6,
  kInts = 7,
  kStrings = 8,
  kTensors = 9,
  kGraphs = 10,
  kSparseTensor = 11,
  kSparseTensors = 12,
  kTypeProto = 13,
  kTypeProtos = 14,
};

// "int", "ints", "float", ... ("type <n>" for unknown values).
std::string attr_type_name(AttrType t);

struct Attribute {
  std::string name;
  AttrType type = AttrType::kUndefined;
  int64_t i = 0;
  float f = 0;
  std::string s;  // kString; kTypeProto: the serialized onnx.TypeProto (Optional's 'type')
  std::vector<int64_t> ints;
  std::vector<float> floats;
  std::vector<std::string> strings;
  std::shared_ptr<const Tensor> tensor;  // kTensor (Constant's 'value'), decoded when the node is

  static Attribute of_int(std::string name, int64_t v);
  static Attribute of_ints(std::string name, std::vector<int64_t> v);
  static Attribute of_float(std::string name, float v);
  static Attribute of_string(std::string name, std::string v);
};

}  // namespace orw
