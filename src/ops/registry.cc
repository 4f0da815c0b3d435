#include "ops/registry.h"

#include "core/errors.h"
#include "ops/operators.h"

namespace orw {
namespace {

using DT = DataType;

const TypeSet kReduceV1Types = {DT::kUint32, DT::kUint64, DT::kInt32, DT::kInt64, DT::kFloat16, DT::kFloat, DT::kDouble};
const TypeSet kReduceV13Types = kReduceV1Types.with(DT::kBfloat16);
const TypeSet kScanTypes = kReduceV13Types;

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
  return s;
}

// A Reduce op version whose axes are an optional second input.
OpSchema reduce_with_axes_input(const char* op, int since, TypeSet types, kernels::ReduceOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, {{"data"}, {"axes", true}}, {kKeepdims, kNoop}};
  s.axes_from = AxesFrom::kInput;
  s.reduce_op = kernel;
  s.run = run_reduce;
  return s;
}

OpSchema scan_op(const char* op, int since, TypeSet types, kernels::ScanOp kernel) {
  OpSchema s{kOnnxDomain, op, since, types, {{"x"}, {"axis"}},
             {{"exclusive", AttrType::kInt, true}, {"reverse", AttrType::kInt, true}}};
  s.scan_op = kernel;
  s.run = run_scan;
  return s;
}

std::vector<OpSchema> build_table() {
  using kernels::ReduceOp;
  using kernels::ScanOp;
  return {
      reduce_with_axes_attribute("ReduceProd", 1, kReduceV1Types, false, ReduceOp::kProd),
      reduce_with_axes_attribute("ReduceProd", 11, kReduceV1Types, true, ReduceOp::kProd),
      reduce_with_axes_attribute("ReduceProd", 13, kReduceV13Types, true, ReduceOp::kProd),
      reduce_with_axes_input("ReduceProd", 18, kReduceV13Types, ReduceOp::kProd),
      scan_op("CumProd", 26, kScanTypes, ScanOp::kProd),
  };
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
    for (const OpSchema& s : all_ops()) {
      if (known.find(s.op_type) == std::string::npos) known += std::string(known.empty() ? "" : ", ") + s.op_type;
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
