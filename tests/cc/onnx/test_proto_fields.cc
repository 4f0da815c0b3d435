// The package is built with a trimmed onnx.proto (cmake/onnx-proto-keep.txt). A model written
// with ONNX's full schema (package orw_full_onnx, tests only), carrying every field of every
// message, must parse and run the same: protobuf-lite skips the fields the trimmed schema
// leaves out.
#include <catch2/catch.hpp>

#include <string>

#include "onnx/model.h"
#include "orw_full/onnx_full.pb.h"
#include "runtime/session.h"

using namespace orw;
namespace full = orw_full_onnx;

namespace {

constexpr int kFloat = full::TensorProto::FLOAT;
constexpr int kInt64 = full::TensorProto::INT64;

void fill_entry(full::StringStringEntryProto* e, const std::string& key) {
  e->set_key(key);
  e->set_value("v");
}

// A tensor with every field set (never read by the model's node).
void fill_tensor(full::TensorProto* t) {
  t->add_dims(2);
  t->set_data_type(kFloat);
  t->mutable_segment()->set_begin(0);
  t->mutable_segment()->set_end(2);
  t->add_float_data(1);
  t->add_int32_data(2);
  t->add_string_data("s");
  t->add_int64_data(3);
  t->set_name("unused_tensor");
  t->set_doc_string("doc");
  t->set_raw_data(std::string(8, '\0'));
  fill_entry(t->add_external_data(), "location");
  t->set_data_location(full::TensorProto::DEFAULT);
  t->add_double_data(4);
  t->add_uint64_data(5);
}

void fill_sparse(full::SparseTensorProto* s) {
  fill_tensor(s->mutable_values());
  fill_tensor(s->mutable_indices());
  s->add_dims(4);
}

// One ValueInfo per TypeProto kind, each with its denotations.
void fill_value_infos(full::GraphProto* g) {
  auto add = [&](const char* name) {
    auto* v = g->add_value_info();
    v->set_name(name);
    v->set_doc_string("doc");
    v->mutable_type()->set_denotation("TENSOR");
    return v->mutable_type();
  };
  auto* tensor = add("vi_tensor")->mutable_tensor_type();
  tensor->set_elem_type(kFloat);
  auto* dim = tensor->mutable_shape()->add_dim();
  dim->set_dim_param("n");
  dim->set_denotation("DATA_BATCH");
  tensor->mutable_shape()->add_dim()->set_dim_value(3);
  add("vi_sequence")->mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(kFloat);
  auto* map = add("vi_map")->mutable_map_type();
  map->set_key_type(kInt64);
  map->mutable_value_type()->mutable_tensor_type()->set_elem_type(kFloat);
  add("vi_optional")->mutable_optional_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(kFloat);
  auto* sparse = add("vi_sparse")->mutable_sparse_tensor_type();
  sparse->set_elem_type(kFloat);
  sparse->mutable_shape()->add_dim()->set_dim_value(4);
}

// An attribute with every field set, on a node of a graph the model never runs.
void fill_attribute(full::AttributeProto* a) {
  a->set_name("every_field");
  a->set_ref_attr_name("ref");
  a->set_doc_string("doc");
  a->set_type(full::AttributeProto::INTS);
  a->set_f(1);
  a->set_i(2);
  a->set_s("s");
  fill_tensor(a->mutable_t());
  a->mutable_g()->set_name("g");
  fill_sparse(a->mutable_sparse_tensor());
  a->mutable_tp()->mutable_tensor_type()->set_elem_type(kFloat);
  a->add_floats(3);
  a->add_ints(4);
  a->add_strings("t");
  fill_tensor(a->add_tensors());
  a->add_graphs()->set_name("h");
  fill_sparse(a->add_sparse_tensors());
  a->add_type_protos()->mutable_tensor_type()->set_elem_type(kFloat);
}

void fill_side_graph(full::GraphProto* g, const char* name) {
  g->set_name(name);
  auto* n = g->add_node();
  n->set_op_type("Identity");
  n->add_input("a");
  n->add_output("b");
  fill_attribute(n->add_attribute());
}

// ReduceSum over axis 1 of X (float [2,3]) into Y (keepdims 0). With `every_field`, every other
// field of every message is set too.
std::string reduce_sum_model(bool every_field) {
  full::ModelProto m;
  m.set_ir_version(8);
  auto* opset = m.add_opset_import();
  opset->set_domain("");
  opset->set_version(18);
  auto* g = m.mutable_graph();
  auto* node = g->add_node();
  node->set_op_type("ReduceSum");
  node->add_input("X");
  node->add_input("axes");
  node->add_output("Y");
  auto* keepdims = node->add_attribute();
  keepdims->set_name("keepdims");
  keepdims->set_type(full::AttributeProto::INT);
  keepdims->set_i(0);
  auto* axes = g->add_initializer();
  axes->set_name("axes");
  axes->set_data_type(kInt64);
  axes->add_dims(1);
  axes->add_int64_data(1);
  auto* x = g->add_input();
  x->set_name("X");
  x->mutable_type()->mutable_tensor_type()->set_elem_type(kFloat);
  x->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(2);
  x->mutable_type()->mutable_tensor_type()->mutable_shape()->add_dim()->set_dim_value(3);
  auto* y = g->add_output();
  y->set_name("Y");
  y->mutable_type()->mutable_tensor_type()->set_elem_type(kFloat);
  if (every_field) {
    m.set_producer_name("test");
    m.set_producer_version("1");
    m.set_domain("ai.test");
    m.set_model_version(7);
    m.set_doc_string("doc");
    fill_entry(m.add_metadata_props(), "author");
    auto* training = m.add_training_info();
    fill_side_graph(training->mutable_initialization(), "init");
    fill_side_graph(training->mutable_algorithm(), "algo");
    fill_entry(training->add_initialization_binding(), "a");
    fill_entry(training->add_update_binding(), "b");
    auto* fn = m.add_functions();
    fn->set_name("F");
    fn->set_domain("ai.test");
    fn->add_input("a");
    fn->add_output("b");
    fn->add_attribute("alpha");
    fn->set_doc_string("doc");
    fn->add_opset_import()->set_version(18);
    fill_side_graph(m.mutable_training_info(0)->mutable_algorithm(), "algo");
    *fn->add_node() = m.training_info(0).algorithm().node(0);
    node->set_name("reduce");
    node->set_domain("");
    node->set_doc_string("doc");
    keepdims->set_doc_string("doc");
    g->set_name("main");
    g->set_doc_string("doc");
    fill_sparse(g->add_sparse_initializer());
    g->mutable_sparse_initializer(0)->mutable_values()->set_name("sparse_init");
    x->set_doc_string("doc");
    x->mutable_type()->set_denotation("TENSOR");
    fill_value_infos(g);
    auto* annotation = g->add_quantization_annotation();
    annotation->set_tensor_name("Y");
    fill_entry(annotation->add_quant_parameter_tensor_names(), "SCALE_TENSOR");
    axes->set_doc_string("doc");
  }
  return m.SerializeAsString();
}

Tensor run_model(const std::string& bytes, const float* x) {
  Session session(Model::parse(bytes.data(), bytes.size()));
  Tensor in(DataType::kFloat, {2, 3});
  std::copy(x, x + 6, in.mutable_data<float>());
  return session.run({{"X", in}}).at("Y");
}

}  // namespace

TEST_CASE("ProtoFields/a model carrying every field of onnx.proto runs like the plain one", "[proto]") {
  const float x[6] = {1, 2, 3, 4, 5, 6.5f};
  const Tensor plain = run_model(reduce_sum_model(false), x);
  const Tensor every = run_model(reduce_sum_model(true), x);
  REQUIRE(every.dims() == Shape{2});
  CHECK(every.data<float>()[0] == x[0] + x[1] + x[2]);
  CHECK(every.data<float>()[1] == x[3] + x[4] + x[5]);
  CHECK(plain.dims() == every.dims());
  CHECK(plain.data<float>()[0] == every.data<float>()[0]);
  CHECK(plain.data<float>()[1] == every.data<float>()[1]);
}
