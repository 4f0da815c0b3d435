// Builders of small onnx::ModelProto graphs, for the tests that hand Model::parse or
// infer_model_shapes a model's bytes: the model, its graph inputs and its nodes, so that each
// test spells out only what it is about.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "orw_proto/onnx.pb.h"

namespace model_test {

// An empty graph in a model of IR version 8 importing the default domain at `opset` (the
// import's domain left unset, as most exporters write it).
inline onnx::ModelProto model_importing(int64_t opset) {
  onnx::ModelProto m;
  m.set_ir_version(8);
  m.add_opset_import()->set_version(opset);
  m.mutable_graph();
  return m;
}

// A graph input `name` of element type `elem_type` (ONNX numbering) and static `dims`; with no
// dims the input has no shape at all (rank unknown).
inline void add_tensor_input(onnx::GraphProto* g, const std::string& name, int elem_type,
                             const std::vector<int64_t>& dims = {}) {
  auto* v = g->add_input();
  v->set_name(name);
  auto* t = v->mutable_type()->mutable_tensor_type();
  t->set_elem_type(elem_type);
  for (int64_t d : dims) t->mutable_shape()->add_dim()->set_dim_value(d);
}

// A node op_type(inputs) -> outputs in the default domain (its name and attributes left unset).
inline onnx::NodeProto* add_node(onnx::GraphProto* g, const std::string& op_type,
                                 const std::vector<std::string>& inputs, const std::vector<std::string>& outputs) {
  auto* n = g->add_node();
  n->set_op_type(op_type);
  for (const std::string& i : inputs) n->add_input(i);
  for (const std::string& o : outputs) n->add_output(o);
  return n;
}

}  // namespace model_test
