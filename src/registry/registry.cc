#include "registry/registry.h"

#include "core/errors.h"
#include "ops/elementwise_ops.h"
#include "ops/operators.h"
#include "shape/elementwise_shape.h"
#include "shape/shape_fns.h"
#include "core/names.h"

namespace orw {
namespace {

using DT = DataType;

// Type lists per the ONNX operator docs and changelog.
const TypeSet kReduceV1Types = {DT::kUint32, DT::kUint64, DT::kInt32, DT::kInt64, DT::kFloat16, DT::kFloat, DT::kDouble};
const TypeSet kMinMaxV12Types = kReduceV1Types.with(DT::kInt8).with(DT::kUint8);
const TypeSet kReduceV13Types = kReduceV1Types.with(DT::kBfloat16);
const TypeSet kMinMaxV13Types = kMinMaxV12Types.with(DT::kBfloat16);
const TypeSet kMinMaxV20Types = kMinMaxV13Types.with(DT::kBool);
const TypeSet kCumSumV11Types = {DT::kUint32, DT::kUint64, DT::kInt32, DT::kInt64, DT::kFloat, DT::kDouble};
const TypeSet kScanV14Types = kCumSumV11Types.with(DT::kFloat16).with(DT::kBfloat16);

const AttrSpec kKeepdims{"keepdims", AttrType::kInt, true};
const AttrSpec kAxesAttr{"axes", AttrType::kInts};
const AttrSpec kNoop{"noop_with_empty_axes", AttrType::kInt, true};

// A Reduce op version whose axes are an attribute.
OpSchema reduce_with_axes_attribute(const char* op, int since, TypeSet types, kernels::ReduceOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, {{"data"}}, {kAxesAttr, kKeepdims}};
  s.axes_from = AxesFrom::kAttribute;
  s.reduce_op = kernel;
  s.run = run_reduce;
  s.shape = infer_reduce_shape;
  return s;
}

// A Reduce op version whose axes are an optional second input.
OpSchema reduce_with_axes_input(const char* op, int since, TypeSet types, kernels::ReduceOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, {{"data"}, {"axes", true}}, {kKeepdims, kNoop}};
  s.axes_from = AxesFrom::kInput;
  s.reduce_op = kernel;
  s.run = run_reduce;
  s.shape = infer_reduce_shape;
  return s;
}

OpSchema scan_op(const char* op, int since, TypeSet types, kernels::ScanOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, {{"x"}, {"axis"}},
             {{"exclusive", AttrType::kInt, true}, {"reverse", AttrType::kInt, true}}};
  s.scan_op = kernel;
  s.run = run_scan;
  s.shape = infer_scan_shape;
  return s;
}

// The common history of most Reduce ops: 1, 11 (the spec allows negative axes; accepted at 1 too,
// as ONNX's own shape inference, onnxruntime and the reference evaluator do), 13 (bfloat16),
// 18 (axes become an input).
void add_reduce_history(std::vector<OpSchema>& t, const char* op, kernels::ReduceOp k) {
  t.push_back(reduce_with_axes_attribute(op, 1, kReduceV1Types, k));
  t.push_back(reduce_with_axes_attribute(op, 11, kReduceV1Types, k));
  t.push_back(reduce_with_axes_attribute(op, 13, kReduceV13Types, k));
  t.push_back(reduce_with_axes_input(op, 18, kReduceV13Types, k));
}

// ReduceMax / ReduceMin add 12 (int8, uint8) and 20 (bool).
void add_min_max_history(std::vector<OpSchema>& t, const char* op, kernels::ReduceOp k) {
  t.push_back(reduce_with_axes_attribute(op, 1, kReduceV1Types, k));
  t.push_back(reduce_with_axes_attribute(op, 11, kReduceV1Types, k));
  t.push_back(reduce_with_axes_attribute(op, 12, kMinMaxV12Types, k));
  t.push_back(reduce_with_axes_attribute(op, 13, kMinMaxV13Types, k));
  t.push_back(reduce_with_axes_input(op, 18, kMinMaxV13Types, k));
  t.push_back(reduce_with_axes_input(op, 20, kMinMaxV20Types, k));
}

// ---- element-wise ops (the ops of the Reduce ops' ONNX function bodies) -----------------
const TypeSet kFloatTypes = {DT::kFloat16, DT::kFloat, DT::kDouble};
const TypeSet kFloatV13Types = kFloatTypes.with(DT::kBfloat16);
const TypeSet kAllNumericTypes = {DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64, DT::kInt8, DT::kInt16,
                                  DT::kInt32, DT::kInt64, DT::kFloat16, DT::kFloat, DT::kDouble};
// Cast/CastLike: the package's types of each version (ONNX adds string, float8, int4, float4,
// int2 later; the 'to' check names them as unsupported).
const TypeSet kCastTypes = kAllNumericTypes.with(DT::kBool);
const TypeSet kCastV13Types = kCastTypes.with(DT::kBfloat16);
const AttrSpec kConsumedInputs{"consumed_inputs", AttrType::kInts};  // legacy hint of versions 1-5, ignored

OpSchema elementwise_op(const char* op, int since, TypeSet types, std::vector<InputSpec> inputs,
                        std::vector<AttrSpec> attrs, RunFn run, ShapeFn shape, CheckFn check = nullptr) {
  OpSchema s{kOnnxDomain, op, since, types, std::move(inputs), std::move(attrs)};
  s.run = run;
  s.shape = shape;
  s.check = check;
  return s;
}

// Exp, Log, Sqrt: 1 (consumed_inputs), 6, 13 (bfloat16). Abs widens to every numeric type in 6.
void add_unary_history(std::vector<OpSchema>& t, const char* op, const char* input, RunFn run, TypeSet v6_types) {
  t.push_back(elementwise_op(op, 1, kFloatTypes, {{input}}, {kConsumedInputs}, run, infer_unary_shape));
  t.push_back(elementwise_op(op, 6, v6_types, {{input}}, {}, run, infer_unary_shape));
  t.push_back(elementwise_op(op, 13, v6_types.with(DT::kBfloat16), {{input}}, {}, run, infer_unary_shape));
}

void add_elementwise_ops(std::vector<OpSchema>& t) {
  add_unary_history(t, "Abs", "X", run_abs, kAllNumericTypes);
  add_unary_history(t, "Exp", "input", run_exp, kFloatTypes);
  add_unary_history(t, "Log", "input", run_log, kFloatTypes);
  add_unary_history(t, "Sqrt", "X", run_sqrt, kFloatTypes);

  const std::vector<InputSpec> ab = {{"A"}, {"B"}};
  const AttrSpec broadcast{"broadcast", AttrType::kInt, true}, axis{"axis", AttrType::kInt};
  t.push_back(elementwise_op("Mul", 1, kFloatTypes, ab, {broadcast, axis, kConsumedInputs}, run_mul, infer_mul_shape));
  t.push_back(elementwise_op("Mul", 6, kReduceV1Types, ab, {broadcast, axis}, run_mul, infer_mul_shape));
  t.push_back(elementwise_op("Mul", 7, kReduceV1Types, ab, {}, run_mul, infer_mul_shape));
  t.push_back(elementwise_op("Mul", 13, kReduceV13Types, ab, {}, run_mul, infer_mul_shape));
  t.push_back(elementwise_op("Mul", 14, kAllNumericTypes.with(DT::kBfloat16), ab, {}, run_mul, infer_mul_shape));

  // Cast: 'to' is a type name in 1, an int from 6; 9 adds string, 13 bfloat16, 19 float8 and
  // 'saturate', 21 int4, 23 float4, 24 float8e8m0 and 'round_mode', 25 int2.
  const AttrSpec to_int{"to", AttrType::kInt}, saturate{"saturate", AttrType::kInt, true};
  const AttrSpec round_mode{"round_mode", AttrType::kString};
  t.push_back(elementwise_op("Cast", 1, kCastTypes, {{"input"}}, {{"to", AttrType::kString}}, run_cast, infer_cast_shape, check_cast_node));
  for (int since : {6, 9}) t.push_back(elementwise_op("Cast", since, kCastTypes, {{"input"}}, {to_int}, run_cast, infer_cast_shape, check_cast_node));
  t.push_back(elementwise_op("Cast", 13, kCastV13Types, {{"input"}}, {to_int}, run_cast, infer_cast_shape, check_cast_node));
  for (int since : {19, 21, 23}) {
    t.push_back(elementwise_op("Cast", since, kCastV13Types, {{"input"}}, {to_int, saturate}, run_cast, infer_cast_shape, check_cast_node));
  }
  for (int since : {24, 25}) {
    t.push_back(elementwise_op("Cast", since, kCastV13Types, {{"input"}}, {to_int, saturate, round_mode}, run_cast,
                               infer_cast_shape, check_cast_node));
  }
  // CastLike: 15, then the same steps as Cast from 19.
  const std::vector<InputSpec> like = {{"input"}, {"target_type"}};
  t.push_back(elementwise_op("CastLike", 15, kCastV13Types, like, {}, run_cast_like, infer_cast_like_shape));
  for (int since : {19, 21, 23}) {
    t.push_back(elementwise_op("CastLike", since, kCastV13Types, like, {saturate}, run_cast_like, infer_cast_like_shape));
  }
  for (int since : {24, 25}) {
    t.push_back(elementwise_op("CastLike", since, kCastV13Types, like, {saturate, round_mode}, run_cast_like,
                               infer_cast_like_shape, check_round_mode));
  }
}

// ArgMax / ArgMin: 1 (every numeric type), 11 (negative axis in the spec; accepted at 1 too),
// 12 (select_last_index), 13 (bfloat16). reduce_op says which extreme.
const TypeSet kArgV1Types = {DT::kUint8, DT::kUint16, DT::kUint32, DT::kUint64, DT::kInt8, DT::kInt16,
                             DT::kInt32, DT::kInt64, DT::kFloat16, DT::kFloat, DT::kDouble};

void add_arg_history(std::vector<OpSchema>& t, const char* op, kernels::ReduceOp extreme) {
  const AttrSpec axis{"axis", AttrType::kInt};
  const AttrSpec last{"select_last_index", AttrType::kInt, true};
  const std::pair<int, std::vector<AttrSpec>> versions[] = {
      {1, {axis, kKeepdims}}, {11, {axis, kKeepdims}}, {12, {axis, kKeepdims, last}}, {13, {axis, kKeepdims, last}}};
  for (const auto& [since, attributes] : versions) {
    OpSchema s{kOnnxDomain, op, since, since >= 13 ? kArgV1Types.with(DT::kBfloat16) : kArgV1Types, {{"data"}}, attributes};
    s.reduce_op = extreme;
    s.run = run_arg;
    s.shape = infer_arg_shape;
    t.push_back(s);
  }
}

std::vector<OpSchema> build_table() {
  using kernels::ReduceOp;
  using kernels::ScanOp;
  std::vector<OpSchema> t;
  add_reduce_history(t, "ReduceProd", ReduceOp::kProd);
  add_reduce_history(t, "ReduceMean", ReduceOp::kMean);
  add_reduce_history(t, "ReduceSumSquare", ReduceOp::kSumSquare);
  add_reduce_history(t, "ReduceL1", ReduceOp::kL1);
  add_reduce_history(t, "ReduceL2", ReduceOp::kL2);
  add_reduce_history(t, "ReduceLogSum", ReduceOp::kLogSum);
  add_reduce_history(t, "ReduceLogSumExp", ReduceOp::kLogSumExp);
  // ReduceSum moved its axes to an input already in 13.
  t.push_back(reduce_with_axes_attribute("ReduceSum", 1, kReduceV1Types, ReduceOp::kSum));
  t.push_back(reduce_with_axes_attribute("ReduceSum", 11, kReduceV1Types, ReduceOp::kSum));
  t.push_back(reduce_with_axes_input("ReduceSum", 13, kReduceV13Types, ReduceOp::kSum));
  add_min_max_history(t, "ReduceMax", ReduceOp::kMax);
  add_min_max_history(t, "ReduceMin", ReduceOp::kMin);
  t.push_back(scan_op("CumSum", 11, kCumSumV11Types, ScanOp::kSum));
  t.push_back(scan_op("CumSum", 14, kScanV14Types, ScanOp::kSum));
  t.push_back(scan_op("CumProd", 26, kScanV14Types, ScanOp::kProd));
  add_elementwise_ops(t);
  add_arg_history(t, "ArgMax", ReduceOp::kMax);
  add_arg_history(t, "ArgMin", ReduceOp::kMin);
  return t;
}

}  // namespace

const std::vector<OpSchema>& all_ops() {
  static const std::vector<OpSchema> table = build_table();
  return table;
}

std::string canonical_domain(const std::string& domain) { return domain.empty() ? kOnnxDomain : domain; }

const OpSchema& resolve_op(const std::string& domain, const std::string& op_type, int64_t opset) {
  const std::string dom = canonical_domain(domain);
  const OpSchema* best = nullptr;
  const OpSchema* first = nullptr;
  bool domain_known = false;
  for (const OpSchema& s : all_ops()) {
    if (dom != s.domain) continue;
    domain_known = true;
    if (op_type != s.op_type) continue;
    if (!first) first = &s;
    if (s.since_version <= opset) best = &s;
  }
  if (domain_known && first && opset >= 1 && opset <= kMaxOpset && best) return *best;

  ErrorMessage m;
  m << Printable{op_type} << " (domain '" << Printable{dom} << "', opset " << opset << "): ";
  if (!domain_known) fail<UnsupportedError>(m << "domain '" << Printable{dom} << "' is not supported (only ai.onnx)");
  if (!first) {
    m << "operator '" << Printable{op_type} << "' is not supported (supported: ";
    const char* previous = nullptr;
    for (const OpSchema& s : all_ops()) {  // rows of one op are adjacent
      if (previous && std::string_view(previous) != s.op_type) m << ", ";
      if (!previous || std::string_view(previous) != s.op_type) m << s.op_type;
      previous = s.op_type;
    }
    fail<UnsupportedError>(m << ')');
  }
  if (opset < 1 || opset > kMaxOpset) {
    fail<UnsupportedError>(m << "opset " << opset << " is outside the supported range 1.." << kMaxOpset);
  }
  fail<UnsupportedError>(m << Printable{op_type} << " does not exist in opset " << opset
                           << " (it first appears in opset " << first->since_version << ')');
}

}  // namespace orw
