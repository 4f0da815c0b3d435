#include "registry/registry.h"

#include "core/errors.h"
#include "ops/operators.h"
#include "shape/shape_fns.h"

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
  const std::string what = op_type + " (domain '" + dom + "', opset " + std::to_string(opset) + ")";
  if (!domain_known) throw UnsupportedError(what + ": domain '" + dom + "' is not supported (only ai.onnx)");
  if (!first) {
    std::string known;
    const char* previous = "";
    for (const OpSchema& s : all_ops()) {  // rows of one op are adjacent
      if (std::string(previous) != s.op_type) known += std::string(known.empty() ? "" : ", ") + s.op_type;
      previous = s.op_type;
    }
    throw UnsupportedError(what + ": operator '" + op_type + "' is not supported (supported: " + known + ")");
  }
  if (opset < 1 || opset > kMaxOpset) {
    throw UnsupportedError(what + ": opset " + std::to_string(opset) + " is outside the supported range 1.." +
                           std::to_string(kMaxOpset));
  }
  if (!best) {
    throw UnsupportedError(what + ": " + op_type + " does not exist in opset " + std::to_string(opset) +
                           " (it first appears in opset " + std::to_string(first->since_version) + ")");
  }
  return *best;
}

}  // namespace orw
