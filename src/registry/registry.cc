#include "registry/registry.h"

#include "core/errors.h"
#include "ops/operators.h"
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
OpSchema reduce_with_axes_attribute(const char* op, int since, TypeSet types, bool negative_axes,
                                    kernels::ReduceOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, {{"data"}}, {kAxesAttr, kKeepdims}};
  s.axes_from = AxesFrom::kAttribute;
  s.negative_axes = negative_axes;
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

// The common history of most Reduce ops: 1 (axes >= 0), 11 (negative axes), 13 (bfloat16),
// 18 (axes become an input).
void add_reduce_history(std::vector<OpSchema>& t, const char* op, kernels::ReduceOp k) {
  t.push_back(reduce_with_axes_attribute(op, 1, kReduceV1Types, false, k));
  t.push_back(reduce_with_axes_attribute(op, 11, kReduceV1Types, true, k));
  t.push_back(reduce_with_axes_attribute(op, 13, kReduceV13Types, true, k));
  t.push_back(reduce_with_axes_input(op, 18, kReduceV13Types, k));
}

// ReduceMax / ReduceMin add 12 (int8, uint8) and 20 (bool).
void add_min_max_history(std::vector<OpSchema>& t, const char* op, kernels::ReduceOp k) {
  t.push_back(reduce_with_axes_attribute(op, 1, kReduceV1Types, false, k));
  t.push_back(reduce_with_axes_attribute(op, 11, kReduceV1Types, true, k));
  t.push_back(reduce_with_axes_attribute(op, 12, kMinMaxV12Types, true, k));
  t.push_back(reduce_with_axes_attribute(op, 13, kMinMaxV13Types, true, k));
  t.push_back(reduce_with_axes_input(op, 18, kMinMaxV13Types, k));
  t.push_back(reduce_with_axes_input(op, 20, kMinMaxV20Types, k));
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
  t.push_back(reduce_with_axes_attribute("ReduceSum", 1, kReduceV1Types, false, ReduceOp::kSum));
  t.push_back(reduce_with_axes_attribute("ReduceSum", 11, kReduceV1Types, true, ReduceOp::kSum));
  t.push_back(reduce_with_axes_input("ReduceSum", 13, kReduceV13Types, ReduceOp::kSum));
  add_min_max_history(t, "ReduceMax", ReduceOp::kMax);
  add_min_max_history(t, "ReduceMin", ReduceOp::kMin);
  t.push_back(scan_op("CumSum", 11, kCumSumV11Types, ScanOp::kSum));
  t.push_back(scan_op("CumSum", 14, kScanV14Types, ScanOp::kSum));
  t.push_back(scan_op("CumProd", 26, kScanV14Types, ScanOp::kProd));
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
  const std::string what = printable(op_type) + " (domain '" + printable(dom) + "', opset " + std::to_string(opset) + ")";
  if (!domain_known) throw UnsupportedError(what + ": domain '" + printable(dom) + "' is not supported (only ai.onnx)");
  if (!first) {
    std::string known;
    const char* previous = "";
    for (const OpSchema& s : all_ops()) {  // rows of one op are adjacent
      if (std::string(previous) != s.op_type) known += std::string(known.empty() ? "" : ", ") + s.op_type;
      previous = s.op_type;
    }
    throw UnsupportedError(what + ": operator '" + printable(op_type) + "' is not supported (supported: " + known + ")");
  }
  if (opset < 1 || opset > kMaxOpset) {
    throw UnsupportedError(what + ": opset " + std::to_string(opset) + " is outside the supported range 1.." +
                           std::to_string(kMaxOpset));
  }
  if (!best) {
    throw UnsupportedError(what + ": " + printable(op_type) + " does not exist in opset " + std::to_string(opset) +
                           " (it first appears in opset " + std::to_string(first->since_version) + ")");
  }
  return *best;
}

}  // namespace orw
