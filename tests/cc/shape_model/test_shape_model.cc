// Model-level shape inference (infer_model_shapes) on ModelProtos built here: graph inputs,
// initializers and Constant nodes as ValueAsShape, dynamic axes, symbolic batch dims,
// unsupported ops, opset imports and errors; plus the data model (TensorInfo text form,
// ShapesContext) and the registry's shape functions.
#include <catch2/catch.hpp>

#include <cstring>

#include "core/errors.h"
#include "runtime/run_node.h"
#include "orw_full/onnx_full.pb.h"
#include "schema/op_schema.h"
#include "elementwise/elementwise_shape.h"
#include "arg/arg.h"
#include "constant/constant.h"
#include "inferred/inferred.h"
#include "layout/layout.h"
#include "normalize/normalize.h"
#include "reduce/reduce.h"
#include "registry/families.h"
#include "scan/scan.h"
#include "topk/topk.h"
#include "test_shape_helpers.h"

using namespace orw;
using namespace shape_test;
using Catch::Matchers::Message;

namespace {

// A model importing `opset` of ai.onnx.
onnx::ModelProto make_model(int64_t opset, int64_t ir_version = 8) {
  onnx::ModelProto m;
  m.set_ir_version(ir_version);
  auto* import = m.add_opset_import();
  import->set_domain("");
  import->set_version(opset);
  return m;
}

// A graph input; each dim is a number (dim_value), "?" (unset) or a name (dim_param).
void add_input(onnx::ModelProto& m, const std::string& name, int elem_type, const std::vector<std::string>& dims) {
  auto* input = m.mutable_graph()->add_input();
  input->set_name(name);
  auto* tt = input->mutable_type()->mutable_tensor_type();
  tt->set_elem_type(elem_type);
  auto* shape = tt->mutable_shape();
  for (const std::string& d : dims) {
    auto* dim = shape->add_dim();
    if (d == "?") continue;
    if (isdigit(static_cast<unsigned char>(d[0]))) dim->set_dim_value(std::stoll(d));
    else dim->set_dim_param(d);
  }
}

enum class Storage { kTyped, kRaw };

// An int32/int64 TensorProto holding `values`, in int32_data/int64_data or little-endian raw_data.
onnx::TensorProto int_tensor(const std::string& name, DataType type, const std::vector<int64_t>& dims,
                             const std::vector<int64_t>& values, Storage storage = Storage::kTyped) {
  onnx::TensorProto t;
  t.set_name(name);
  t.set_data_type(static_cast<int32_t>(type));
  for (int64_t d : dims) t.add_dims(d);
  const size_t width = type == DataType::kInt64 ? 8 : 4;
  std::string raw;
  for (int64_t v : values) {
    if (storage == Storage::kRaw) {
      for (size_t b = 0; b < width; ++b) raw += static_cast<char>(static_cast<uint64_t>(v) >> (8 * b) & 0xFF);
    } else if (type == DataType::kInt64) {
      t.add_int64_data(v);
    } else {
      t.add_int32_data(static_cast<int32_t>(v));
    }
  }
  if (storage == Storage::kRaw) t.set_raw_data(raw);
  return t;
}

onnx::NodeProto& add_node(onnx::ModelProto& m, const onnx::NodeProto& n) {
  return *m.mutable_graph()->add_node() = n;
}

onnx::NodeProto constant(const std::string& output, const onnx::AttributeProto& value) {
  onnx::NodeProto n = make_node("Constant", {}, {output});
  *n.add_attribute() = value;
  return n;
}

onnx::AttributeProto tensor_attr(const std::string& name, const onnx::TensorProto& t) {
  onnx::AttributeProto a;
  a.set_name(name);
  a.set_type(onnx::AttributeProto::TENSOR);
  *a.mutable_t() = t;
  return a;
}

std::string inferred(const onnx::ModelProto& m, const std::string& value) { return to_string(infer_model(m).at(value)); }

constexpr int kFloat = 1, kInt64 = 7;

}  // namespace

// ---- the issue's model ------------------------------------------------------------------

TEST_CASE("Model/initializer axes, Constant axes, dynamic axes input and a symbolic batch dim", "[shape]") {
  onnx::ModelProto m = make_model(18);
  add_input(m, "X", kFloat, {"N", "3", "4"});
  add_input(m, "dyn", kInt64, {"2"});
  *m.mutable_graph()->add_initializer() = int_tensor("A_init", DataType::kInt64, {1}, {1});
  add_node(m, constant("A_const", tensor_attr("value", int_tensor("", DataType::kInt64, {1}, {-1}, Storage::kRaw))));
  add_node(m, constant("axis", int_attr("value_int", 0)));
  add_node(m, make_node("ReduceSum", {"X", "A_init"}, {"Y_init"}));
  add_node(m, make_node("ReduceMean", {"X", "A_const"}, {"Y_const"}, {int_attr("keepdims", 0)}));
  add_node(m, make_node("ReduceMax", {"X", "dyn"}, {"Y_dyn"}));
  add_node(m, make_node("ReduceMax", {"X", "dyn"}, {"Y_dyn0"}, {int_attr("keepdims", 0)}));
  add_node(m, make_node("ReduceL2", {"Y_init"}, {"Y_all"}, {int_attr("keepdims", 0)}));
  add_node(m, make_node("CumSum", {"Y_init", "axis"}, {"Y_cum"}));

  const auto shapes = infer_model(m);
  std::map<std::string, std::string> text;
  for (const auto& kv : shapes) text[kv.first] = to_string(kv.second);
  const std::map<std::string, std::string> expected = {
      {"X", "float32[N,3,4]"},
      {"dyn", "int64[2]"},
      {"A_init", "int64[1]={1}"},
      {"A_const", "int64[1]={-1}"},
      {"axis", "int64[]={0}"},
      {"Y_init", "float32[N,1,4]"},
      {"Y_const", "float32[N,3]"},
      {"Y_dyn", "float32[Y_dyn_d0,Y_dyn_d1,Y_dyn_d2]"},
      {"Y_dyn0", "float32[Y_dyn0_d0]"},
      {"Y_all", "float32[]"},
      {"Y_cum", "float32[N,1,4]"},
  };
  CHECK(text == expected);
}

TEST_CASE("Model/ops without a shape function give unknown outputs without failing the model", "[shape]") {
  onnx::ModelProto m = make_model(20);
  auto* ms = m.add_opset_import();
  ms->set_domain("com.microsoft");
  ms->set_version(1);
  add_input(m, "X", kFloat, {"N", "3"});
  add_node(m, make_node("Relu", {"X"}, {"R"}));  // inferred, not run
  add_node(m, make_node("ReduceSum", {"R"}, {"S"}, {int_attr("keepdims", 0)}));
  add_node(m, make_node("ReduceSum", {"R"}, {"S1"}));
  add_node(m, make_node("Split", {"X"}, {"P", "", "Q"}));
  onnx::NodeProto custom = make_node("ReduceSum", {"X"}, {"C"});
  custom.set_domain("com.microsoft");
  add_node(m, custom);
  add_node(m, make_node("CumProd", {"X", "X"}, {"CP"}));  // CumProd has no version in opset 20
  add_node(m, make_node("NoSuchOp", {"X"}, {"G"}));       // an op ai.onnx does not have
  add_node(m, make_node("ReduceSum", {"G"}, {"GS"}, {int_attr("keepdims", 0)}));

  const auto shapes = infer_model(m);
  CHECK(to_string(shapes.at("R")) == "float32[N,3]");
  CHECK(to_string(shapes.at("S")) == "float32[]");
  CHECK(to_string(shapes.at("S1")) == "float32[1,1]");
  CHECK(to_string(shapes.at("P")) == "float32[?,3]");
  CHECK(to_string(shapes.at("Q")) == "float32[?,3]");
  CHECK(shapes.count("") == 0);
  CHECK(to_string(shapes.at("C")) == "?[*]");
  CHECK(to_string(shapes.at("CP")) == "?[*]");
  CHECK(to_string(shapes.at("G")) == "?[*]");
  CHECK(to_string(shapes.at("GS")) == "?[]");  // keepdims=0 over all axes: rank 0 whatever the input
}

TEST_CASE("Model/ops are resolved with the model's opset imports", "[shape]") {
  for (int64_t opset : {17, 18}) {
    INFO("opset " << opset);
    onnx::ModelProto attr_form = make_model(opset);
    add_input(attr_form, "X", kFloat, {"N", "3", "4"});
    add_node(attr_form, make_node("ReduceMax", {"X"}, {"Y"}, {ints_attr("axes", {1})}));
    onnx::ModelProto input_form = make_model(opset);
    add_input(input_form, "X", kFloat, {"N", "3", "4"});
    *input_form.mutable_graph()->add_initializer() = int_tensor("A", DataType::kInt64, {1}, {1});
    add_node(input_form, make_node("ReduceMax", {"X", "A"}, {"Y"}));
    if (opset == 17) {
      CHECK(inferred(attr_form, "Y") == "float32[N,1,4]");
      CHECK_THROWS_MATCHES(infer_model(input_form), std::invalid_argument,
                           Message("ReduceMax (opset 17): has 2 inputs, expected 1"));
    } else {
      CHECK(inferred(input_form, "Y") == "float32[N,1,4]");
      CHECK_THROWS_AS(infer_model(attr_form), std::invalid_argument);
    }
  }
  // "ai.onnx" names the default domain too.
  onnx::ModelProto named = make_model(13);
  named.mutable_opset_import(0)->set_domain("ai.onnx");
  add_input(named, "X", kFloat, {"2", "3"});
  add_node(named, make_node("ReduceSum", {"X"}, {"Y"}));
  CHECK(inferred(named, "Y") == "float32[1,1]");
}

// ---- graph inputs, initializers, Constants ----------------------------------------------

TEST_CASE("Model/graph inputs from ValueInfo: dim_value, dim_param, unset dims, no shape, non-tensor types", "[shape]") {
  onnx::ModelProto m = make_model(18);
  add_input(m, "X", kFloat, {"batch", "?", "0", "5"});
  auto* no_shape = m.mutable_graph()->add_input();
  no_shape->set_name("U");
  no_shape->mutable_type()->mutable_tensor_type()->set_elem_type(kFloat);
  auto* seq = m.mutable_graph()->add_input();
  seq->set_name("S");
  // Written with the full schema (as a model from python-onnx).
  orw_full_onnx::TypeProto seq_type;
  seq_type.mutable_sequence_type()->mutable_elem_type()->mutable_tensor_type()->set_elem_type(kFloat);
  REQUIRE(seq->mutable_type()->ParseFromString(seq_type.SerializeAsString()));
  auto* map = m.mutable_graph()->add_input();
  map->set_name("M");
  orw_full_onnx::TypeProto map_type;  // maps are not in the trimmed schema: an unknown value
  map_type.mutable_map_type()->set_key_type(7);
  map_type.mutable_map_type()->mutable_value_type()->mutable_tensor_type()->set_elem_type(kFloat);
  REQUIRE(map->mutable_type()->ParseFromString(map_type.SerializeAsString()));
  add_input(m, "T", 0, {"2"});
  const auto shapes = infer_model(m);
  CHECK(to_string(shapes.at("X")) == "float32[batch,?,0,5]");
  CHECK(to_string(shapes.at("U")) == "float32[*]");
  CHECK(to_string(shapes.at("S")) == "seq(float32[*])");
  CHECK(to_string(shapes.at("M")) == "?[*]");
  CHECK(to_string(shapes.at("T")) == "?[2]");
}

TEST_CASE("Model/initializers give ValueAsShape for int32/int64 tensors of rank <= 1 and <= 16 elements", "[shape]") {
  onnx::ModelProto m = make_model(18);
  auto add = [&](const onnx::TensorProto& t) { *m.mutable_graph()->add_initializer() = t; };
  add(int_tensor("i64", DataType::kInt64, {3}, {0, -1, 1LL << 40}));
  add(int_tensor("i64raw", DataType::kInt64, {2}, {-2, 1LL << 40}, Storage::kRaw));
  add(int_tensor("i32", DataType::kInt32, {2}, {-5, 7}));
  add(int_tensor("i32raw", DataType::kInt32, {2}, {-5, 7}, Storage::kRaw));
  add(int_tensor("scalar", DataType::kInt64, {}, {4}));
  add(int_tensor("empty", DataType::kInt64, {0}, {}));
  add(int_tensor("sixteen", DataType::kInt64, {16}, std::vector<int64_t>(16, 1)));
  add(int_tensor("seventeen", DataType::kInt64, {17}, std::vector<int64_t>(17, 1)));
  add(int_tensor("rank2", DataType::kInt64, {1, 2}, {0, 1}));
  onnx::TensorProto f;
  f.set_name("f");
  f.set_data_type(kFloat);
  f.add_dims(2);
  f.add_float_data(1);
  f.add_float_data(2);
  add(f);
  onnx::TensorProto external = int_tensor("external", DataType::kInt64, {2}, {});
  external.set_data_location(onnx::TensorProto::EXTERNAL);
  add(external);

  const auto shapes = infer_model(m);
  CHECK(to_string(shapes.at("i64")) == "int64[3]={0,-1,1099511627776}");
  CHECK(to_string(shapes.at("i64raw")) == "int64[2]={-2,1099511627776}");
  CHECK(to_string(shapes.at("i32")) == "int32[2]={-5,7}");
  CHECK(to_string(shapes.at("i32raw")) == "int32[2]={-5,7}");
  CHECK(to_string(shapes.at("scalar")) == "int64[]={4}");
  CHECK(to_string(shapes.at("empty")) == "int64[0]={}");
  CHECK(to_string(shapes.at("sixteen")) == "int64[16]={1,1,1,1,1,1,1,1,1,1,1,1,1,1,1,1}");
  CHECK(to_string(shapes.at("seventeen")) == "int64[17]");
  CHECK(to_string(shapes.at("rank2")) == "int64[1,2]");
  CHECK(to_string(shapes.at("f")) == "float32[2]");
  CHECK(to_string(shapes.at("external")) == "int64[2]");
}

TEST_CASE("Model/an initializer that is also a graph input gives its value at every IR version", "[shape]") {
  // The run uses the initializer (the input cannot be fed), so the shapes do too.
  for (int64_t ir : {3, 4}) {
    INFO("IR version " << ir);
    onnx::ModelProto m = make_model(18, ir);
    add_input(m, "X", kFloat, {"N", "3", "4"});
    add_input(m, "A", kInt64, {"1"});
    *m.mutable_graph()->add_initializer() = int_tensor("A", DataType::kInt64, {1}, {1});
    add_node(m, make_node("ReduceSum", {"X", "A"}, {"Y"}));
    const auto shapes = infer_model(m);
    CHECK(to_string(shapes.at("A")) == "int64[1]={1}");
    CHECK(to_string(shapes.at("Y")) == "float32[N,1,4]");
  }
}

TEST_CASE("Model/Constant nodes: value, value_int, value_ints, value_float(s), value_string(s), sparse", "[shape]") {
  onnx::ModelProto m = make_model(18);
  add_node(m, constant("v", tensor_attr("value", int_tensor("", DataType::kInt32, {2}, {3, -4}))));
  add_node(m, constant("vi", int_attr("value_int", -7)));
  add_node(m, constant("vis", ints_attr("value_ints", {1, 2, 3})));
  add_node(m, constant("big", ints_attr("value_ints", std::vector<int64_t>(17, 0))));
  onnx::AttributeProto floats;
  floats.set_name("value_floats");
  floats.set_type(onnx::AttributeProto::FLOATS);
  floats.add_floats(1);
  floats.add_floats(2);
  add_node(m, constant("vf", floats));
  onnx::AttributeProto str;
  str.set_name("value_string");
  str.set_type(onnx::AttributeProto::STRING);
  str.set_s("hi");
  add_node(m, constant("vs", str));
  // Sparse tensors are not in the trimmed schema: written with the full one.
  orw_full_onnx::AttributeProto sparse_full;
  sparse_full.set_name("sparse_value");
  sparse_full.set_type(orw_full_onnx::AttributeProto::SPARSE_TENSOR);
  sparse_full.mutable_sparse_tensor()->add_dims(4);
  onnx::AttributeProto sparse;
  REQUIRE(sparse.ParseFromString(sparse_full.SerializeAsString()));
  add_node(m, constant("sp", sparse));
  const auto shapes = infer_model(m);
  CHECK(to_string(shapes.at("v")) == "int32[2]={3,-4}");
  CHECK(to_string(shapes.at("vi")) == "int64[]={-7}");
  CHECK(to_string(shapes.at("vis")) == "int64[3]={1,2,3}");
  CHECK(to_string(shapes.at("big")) == "int64[17]");
  CHECK(to_string(shapes.at("vf")) == "float32[2]");
  CHECK(to_string(shapes.at("vs")) == "string[]");
  CHECK(to_string(shapes.at("sp")) == "?[*]");
}

// ---- errors -----------------------------------------------------------------------------

TEST_CASE("Model/bytes that do not decode are a ParseError", "[shape]") {
  const std::string junk = "\xff\xff\xff\xff not a model";
  CHECK_THROWS_MATCHES(infer_model_shapes(junk.data(), junk.size()), ParseError,
                       Message("ModelProto: the " + std::to_string(junk.size()) +
                               " bytes are not a valid serialized onnx.ModelProto "
                               "(truncated, malformed, or nested more than 100 messages deep)"));
}

TEST_CASE("Model/an initializer whose stored data does not match its dims is a ParseError", "[shape]") {
  onnx::ModelProto raw = make_model(18);
  onnx::TensorProto t = int_tensor("A", DataType::kInt64, {2}, {1, 2}, Storage::kRaw);
  t.mutable_raw_data()->pop_back();
  *raw.mutable_graph()->add_initializer() = t;
  CHECK_THROWS_MATCHES(infer_model(raw), ParseError,
                       Message("initializer 'A': raw_data holds 15 bytes, but 2 elements of int64 need 16"));
  onnx::ModelProto typed = make_model(18);
  *typed.mutable_graph()->add_initializer() = int_tensor("A", DataType::kInt32, {3}, {1, 2});
  CHECK_THROWS_MATCHES(infer_model(typed), ParseError, Message("initializer 'A': holds 2 values, but its dims need 3"));
  onnx::ModelProto negative = make_model(18);
  *negative.mutable_graph()->add_initializer() = int_tensor("A", DataType::kInt64, {-1}, {});
  CHECK_THROWS_MATCHES(infer_model(negative), ParseError, Message("initializer 'A': dim -1 is negative"));
}

TEST_CASE("Model/an invalid node of a supported op fails the model with its message", "[shape]") {
  onnx::ModelProto m = make_model(18);
  add_input(m, "X", kFloat, {"N", "3"});
  *m.mutable_graph()->add_initializer() = int_tensor("A", DataType::kInt64, {1}, {2});
  onnx::NodeProto n = make_node("ReduceSum", {"X", "A"}, {"Y"});
  n.set_name("sum1");
  add_node(m, n);
  CHECK_THROWS_MATCHES(infer_model(m), std::invalid_argument,
                       Message("ReduceSum \"sum1\" (opset 18): input 'axes': axis 2 is out of range for rank 2 (valid "
                               "range [-2, 1])"));
}

TEST_CASE("Model/a repeated axis fails the model naming the axis", "[shape]") {
  onnx::ModelProto m = make_model(18);
  add_input(m, "X", kFloat, {"N", "3"});
  *m.mutable_graph()->add_initializer() = int_tensor("A", DataType::kInt64, {2}, {1, -1});
  add_node(m, make_node("ReduceSum", {"X", "A"}, {"Y"}));
  CHECK_THROWS_MATCHES(infer_model(m), std::invalid_argument,
                       Message("ReduceSum (opset 18): input 'axes': axis 1 is repeated (as 1 and -1); each axis may "
                               "appear once"));
}

TEST_CASE("Model/a node input nothing provides is std::out_of_range", "[shape]") {
  onnx::ModelProto m = make_model(18);
  add_node(m, make_node("ReduceSum", {"nowhere"}, {"Y"}));
  CHECK_THROWS_MATCHES(infer_model(m), std::out_of_range,
                       Message("ReduceSum (opset 18): input 0 'data' is the value 'nowhere', which the shapes context "
                               "does not hold"));
}

// ---- the data model and the registry ----------------------------------------------------

TEST_CASE("TensorInfo/text form of dims, ranks, types and values", "[shape]") {
  CHECK(to_string(TensorInfo::of(DataType::kFloat, {Dim::symbol("N"), Dim::of(1), Dim()})) == "float32[N,1,?]");
  CHECK(to_string(TensorInfo::of(DataType::kFloat, {})) == "float32[]");
  CHECK(to_string(TensorInfo::of_unknown_rank(DataType::kFloat)) == "float32[*]");
  CHECK(to_string(TensorInfo::of(DataType::kFloat, {Dim()})) == "float32[?]");
  CHECK(to_string(TensorInfo::unknown()) == "?[*]");
  TensorInfo v = TensorInfo::of(DataType::kInt64, {Dim::of(2)});
  v.values = Dims{Dim::of(0), Dim::symbol("N")};
  CHECK(to_string(v) == "int64[2]={0,N}");
  CHECK(info("int64[2]={0,N}") == v);
  CHECK(Dim::symbol("").is_unknown());
  CHECK(Dim::of(3).is(3));
  CHECK_FALSE(Dim::symbol("N").is(0));
}

TEST_CASE("ShapesContext/opsets per domain, lookups and fresh symbols", "[shape]") {
  ShapesContext ctx;
  CHECK(ctx.opset("") == 0);
  ctx.set_opset("ai.onnx", 18);
  CHECK(ctx.opset("") == 18);
  ctx.set_opset("com.example", 2);
  CHECK(ctx.opset("com.example") == 2);
  CHECK_THROWS_MATCHES(ctx.at("X"), std::out_of_range, Message("shapes context: no value named 'X'"));
  CHECK(ctx.find("X") == nullptr);
  ctx.set("X", info("float32[s,s_2]"));
  CHECK(ctx.contains("X"));
  CHECK(ctx.fresh_symbol("s") == "s_3");
  CHECK(ctx.fresh_symbol("s") == "s_4");
  CHECK(ctx.fresh_symbol("t") == "t");
}

TEST_CASE("Registry/every registered op row has the shape function of its family", "[shape]") {
  REQUIRE(!all_ops().empty());
  for (const OpSchema& s : all_ops()) {
    INFO(s.op_type << " " << s.since_version);
    const ShapeFn shape = entry_of(s).shape;
    if (s.axes_from != AxesFrom::kNone) CHECK((s.family == Family::kReduce || s.family == Family::kLayout));
    switch (s.family) {
      case Family::kReduce: CHECK(shape == infer_reduce_shape); break;
      case Family::kScan: CHECK(shape == infer_scan_shape); break;
      case Family::kArg: CHECK(shape == infer_arg_shape); break;
      case Family::kNormalize: CHECK(shape == infer_normalize_shape); break;
      case Family::kTopK: CHECK(shape == infer_topk_shape); break;
      case Family::kElementwise: {
        const std::string op = s.op_type;
        if (op == "Add" || op == "Sub" || op == "Mul" || op == "Div") CHECK(shape == infer_arithmetic_shape);
        else if (op == "Cast") CHECK(shape == infer_cast_shape);
        else if (op == "CastLike") CHECK(shape == infer_cast_like_shape);
        else if (op == "Clip") CHECK(shape == infer_clip_shape);
        else CHECK(shape == infer_unary_shape);
        break;
      }
      case Family::kConstant: CHECK(shape == infer_constant_shape); break;
      case Family::kLayout: {
        const std::string op = s.op_type;
        const ShapeFn expected = op == "Reshape" ? infer_reshape_shape : op == "Squeeze" ? infer_squeeze_shape
                                 : op == "Unsqueeze" ? infer_unsqueeze_shape : op == "Flatten" ? infer_flatten_shape
                                 : op == "Shape" ? infer_shape_shape : op == "Expand" ? infer_expand_shape
                                 : infer_identity_shape;
        CHECK(shape == expected);
        break;
      }
    }
  }
}

TEST_CASE("Registry/every registered op but the element-wise ones has a ComputeShape entry point", "[shape]") {
  for (const OpSchema& s : all_ops()) {
    // The element-wise ops, Constant, the normalization and layout ops go through infer_shapes only.
    if (s.family == Family::kElementwise || s.family == Family::kConstant || s.family == Family::kNormalize ||
        s.family == Family::kLayout) {
      continue;
    }
    INFO(s.op_type);
    CHECK_NOTHROW(entry_point(s.op_type));
  }
  CHECK(all_entry_points().size() == 15);
}
