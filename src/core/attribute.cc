#include "core/attribute.h"

namespace orw {

std::string attr_type_name(AttrType t) {
  switch (t) {
    case AttrType::kFloat: return "float";
    case AttrType::kInt: return "int";
    case AttrType::kString: return "string";
    case AttrType::kTensor: return "tensor";
    case AttrType::kGraph: return "graph";
    case AttrType::kFloats: return "floats";
    case AttrType::kInts: return "ints";
    case AttrType::kStrings: return "strings";
    case AttrType::kTensors: return "tensors";
    case AttrType::kGraphs: return "graphs";
    case AttrType::kSparseTensor: return "sparse_tensor";
    case AttrType::kSparseTensors: return "sparse_tensors";
    case AttrType::kTypeProto: return "type_proto";
    case AttrType::kTypeProtos: return "type_protos";
    default: return "type " + std::to_string(static_cast<int>(t));
  }
}

Attribute Attribute::of_int(std::string name, int64_t v) {
  Attribute a; a.name = std::move(name); a.type = AttrType::kInt; a.i = v; return a;
}
Attribute Attribute::of_ints(std::string name, std::vector<int64_t> v) {
  Attribute a; a.name = std::move(name); a.type = AttrType::kInts; a.ints = std::move(v); return a;
}
Attribute Attribute::of_float(std::string name, float v) {
  Attribute a; a.name = std::move(name); a.type = AttrType::kFloat; a.f = v; return a;
}
Attribute Attribute::of_string(std::string name, std::string v) {
  Attribute a; a.name = std::move(name); a.type = AttrType::kString; a.s = std::move(v); return a;
}

}  // namespace orw
