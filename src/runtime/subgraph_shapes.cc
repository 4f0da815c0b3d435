#include "runtime/subgraph_shapes.h"

#include <algorithm>
#include <string>
#include <vector>

#include "core/errors.h"
#include "orw_proto/onnx.pb.h"
#include "schema/op_schema.h"
#include "shape/declared.h"
#include "shape/proto_info.h"

namespace orw {
namespace {

class ControlFlow {
 public:
  ControlFlow(ShapesContext& ctx, const onnx::NodeProto& node, const ModelFunctions& functions, int depth)
      : ctx_(ctx), node_(node), functions_(functions), depth_(depth), opset_(ctx.opset(node.domain())) {}

  [[noreturn]] void fail_here(ErrorKind kind, ErrorMessage& reason) const {
    ErrorMessage m;
    append_node_proto(m, node_, opset_) << ": " << reason.text();
    fail_as(kind, m);
  }

  const onnx::GraphProto& graph(const char* name) const {
    for (const auto& a : node_.attribute()) {
      if (a.name() == name && a.has_g()) return a.g();
    }
    ErrorMessage m;
    fail_here(ErrorKind::kValue, m << "attribute '" << name << "' (a graph) is required");
  }

  int64_t int_attribute(const char* name, int64_t fallback) const {
    for (const auto& a : node_.attribute()) {
      if (a.name() == name) return a.i();
    }
    return fallback;
  }

  std::vector<int64_t> ints_attribute(const char* name, size_t count, int64_t fallback) const {
    for (const auto& a : node_.attribute()) {
      if (a.name() != name) continue;
      if (static_cast<size_t>(a.ints_size()) != count) {
        ErrorMessage m;
        fail_here(ErrorKind::kValue, m << "attribute '" << name << "' has " << a.ints_size() << " values for " << count
                                       << (count == 1 ? " scan input or output" : " scan inputs or outputs"));
      }
      return {a.ints().begin(), a.ints().end()};
    }
    return std::vector<int64_t>(count, fallback);
  }

  // Input `i`'s info (unknown when omitted or past the node's inputs).
  TensorInfo input(int i) const {
    if (i >= node_.input_size() || node_.input(i).empty()) return TensorInfo::unknown();
    const TensorInfo* info = ctx_.find(node_.input(i));
    return info ? *info : TensorInfo::unknown();
  }

  // The outputs of subgraph `name` inferred with `inputs` for its inputs (each merged with the
  // subgraph's declaration of it), in a copy of the enclosing context.
  std::vector<TensorInfo> infer_subgraph(const char* name, const std::vector<TensorInfo>& inputs) const {
    const onnx::GraphProto& g = graph(name);
    if (static_cast<size_t>(g.input_size()) != inputs.size()) {
      ErrorMessage m;
      fail_here(ErrorKind::kValue, m << "subgraph '" << name << "' has " << g.input_size() << " inputs, "
                                     << Printable{node_.op_type()} << " gives it " << inputs.size());
    }
    ShapesContext inner = ctx_;
    std::vector<TensorInfo> outputs;
    try {
      for (int i = 0; i < g.input_size(); ++i) inner.set(g.input(i).name(), declared(inputs[i], g.input(i), "input"));
      for (const auto& init : g.initializer()) {
        ErrorMessage what;
        what << "initializer '" << Printable{init.name()} << '\'';
        inner.set(init.name(), info_from_tensor(init, what.text()));
      }
      for (const auto& n : g.node()) infer_nested_node(inner, n, functions_, depth_);
      for (const auto& out : g.output()) {
        const TensorInfo* info = inner.find(out.name());
        outputs.push_back(declared(info ? *info : TensorInfo::unknown(), out, "output"));
      }
    } catch (const Error& e) {
      ErrorMessage m;
      fail_here(e.kind(), m << "subgraph '" << name << "': " << e.message());
    }
    return outputs;
  }

  void set_output(int i, TensorInfo info) {
    if (i < node_.output_size() && !node_.output(i).empty()) ctx_.set(node_.output(i), std::move(info));
  }

  void check_count(const char* what, size_t have, size_t want) const {
    if (have == want) return;
    ErrorMessage m;
    fail_here(ErrorKind::kValue, m << what << ' ' << have << " outputs for the node's " << want);
  }

  ShapesContext& ctx_;
  const onnx::NodeProto& node_;
  const ModelFunctions& functions_;
  int depth_;
  int64_t opset_;

 private:
  // `info` with the subgraph's declaration of value `v` merged in; a conflict is an error.
  static TensorInfo declared(TensorInfo info, const onnx::ValueInfoProto& v, const char* role) {
    const std::string reason = merge_declared(info, info_from_type(v.type()));
    if (!reason.empty()) {
      fail<ValueError>(ErrorMessage() << role << " '" << Printable{v.name()} << "' is " << reason);
    }
    return info;
  }
};

// What is true of a value that is either `a` or `b`: the element type they share (an error
// when both are known and differ), each dim where they agree, unknown elsewhere.
TensorInfo union_info(const ControlFlow& cf, const TensorInfo& a, const TensorInfo& b, int output) {
  if (std::optional<TensorInfo> u = union_of(a, b)) return *u;
  ErrorMessage m;
  cf.fail_here(ErrorKind::kType, m << "output " << output << " is " << a << " or " << b << ": their "
                                   << (a.containers == b.containers ? "element types" : "kinds") << " differ");
}

void infer_if(ControlFlow& cf) {
  const std::vector<TensorInfo> then_out = cf.infer_subgraph("then_branch", {});
  const std::vector<TensorInfo> else_out = cf.infer_subgraph("else_branch", {});
  const size_t outputs = static_cast<size_t>(cf.node_.output_size());
  cf.check_count("then_branch has", then_out.size(), outputs);
  cf.check_count("else_branch has", else_out.size(), outputs);
  for (size_t i = 0; i < outputs; ++i) cf.set_output(static_cast<int>(i), union_info(cf, then_out[i], else_out[i], static_cast<int>(i)));
}

void infer_loop(ControlFlow& cf) {
  const int carried = std::max(0, cf.node_.input_size() - 2);
  std::vector<TensorInfo> body_inputs{TensorInfo::of_unknown_rank(DataType::kInt64), cf.input(1)};
  for (int i = 0; i < carried; ++i) {
    TensorInfo v = TensorInfo::of_unknown_rank(cf.input(2 + i).type);
    v.containers = cf.input(2 + i).containers;  // a carried sequence stays one
    body_inputs.push_back(std::move(v));
  }
  const std::vector<TensorInfo> body = cf.infer_subgraph("body", body_inputs);
  const size_t outputs = static_cast<size_t>(cf.node_.output_size());
  cf.check_count("subgraph 'body' has 1 condition and", body.empty() ? 0 : body.size() - 1, outputs);
  for (size_t i = 0; i < outputs; ++i) {
    const TensorInfo& b = body[i + 1];
    TensorInfo out = TensorInfo::of_unknown_rank(b.type);
    if (i < static_cast<size_t>(carried)) {
      TensorInfo initial = cf.input(2 + static_cast<int>(i));
      // An optional initial value whose element is what the body gives (Loop 16's carried
      // optional, empty at first): the carried value is that element.
      if (initial.is(ValueKind::kOptional) && initial.element().containers == b.containers) {
        initial = initial.element();
      }
      out = union_info(cf, initial, b, static_cast<int>(i));
    } else if (b.has_rank()) {
      out.shape = Dims{Dim()};
      out.shape->insert(out.shape->end(), b.shape->begin(), b.shape->end());
    }
    cf.set_output(static_cast<int>(i), std::move(out));
  }
}

// `info` without its dim `axis` (nullopt rank stays unknown).
TensorInfo without_dim(const TensorInfo& info, size_t axis) {
  TensorInfo out = TensorInfo::of_unknown_rank(info.type);
  if (info.has_rank() && axis < info.shape->size()) {
    out.shape = *info.shape;
    out.shape->erase(out.shape->begin() + static_cast<std::ptrdiff_t>(axis));
  }
  return out;
}

// The first known of two dims (the sequence length or batch size of several inputs).
Dim first_known(const Dim& have, const Dim& next) { return have.is_unknown() ? next : have; }

void infer_scan(ControlFlow& cf) {
  const bool v8 = cf.opset_ < 9;
  const int first = v8 ? 1 : 0;  // Scan 8's input 0 is sequence_lens
  const int scan_inputs = static_cast<int>(cf.int_attribute("num_scan_inputs", -1));
  const int state = cf.node_.input_size() - first - scan_inputs;
  const int outputs = cf.node_.output_size();
  if (scan_inputs < 0 || state < 0 || state > outputs) {
    ErrorMessage m;
    cf.fail_here(ErrorKind::kValue, m << "attribute 'num_scan_inputs' (" << scan_inputs << ") does not fit "
                                      << cf.node_.input_size() << " inputs and " << outputs << " outputs");
  }
  const std::vector<int64_t> in_axes = v8 ? std::vector<int64_t>(scan_inputs, 1) : cf.ints_attribute("scan_input_axes", scan_inputs, 0);
  const std::vector<int64_t> out_axes = cf.ints_attribute("scan_output_axes", v8 ? 0 : outputs - state, 0);
  Dim batch, sequence;
  std::vector<TensorInfo> body_inputs;
  for (int i = 0; i < state + scan_inputs; ++i) {
    const TensorInfo x = cf.input(first + i);
    if (i < state) {
      body_inputs.push_back(v8 ? without_dim(x, 0) : x);
      continue;
    }
    if (v8) {
      if (x.has_rank() && x.rank() > 2) batch = first_known(batch, (*x.shape)[0]), sequence = first_known(sequence, (*x.shape)[1]);
      body_inputs.push_back(without_dim(without_dim(x, 0), 0));
      continue;
    }
    int64_t axis = in_axes[static_cast<size_t>(i - state)];
    if (x.has_rank()) {
      if (axis < -x.rank() || axis >= x.rank()) {
        ErrorMessage m;
        cf.fail_here(ErrorKind::kValue, m << "scan_input_axes value " << axis << " is out of range for input "
                                          << first + i << ' ' << x);
      }
      if (axis < 0) axis += x.rank();
      sequence = first_known(sequence, (*x.shape)[static_cast<size_t>(axis)]);
    }
    body_inputs.push_back(without_dim(x, static_cast<size_t>(std::max<int64_t>(axis, 0))));
  }
  const std::vector<TensorInfo> body = cf.infer_subgraph("body", body_inputs);
  cf.check_count("subgraph 'body' has", body.size(), static_cast<size_t>(outputs));
  for (int i = 0; i < outputs; ++i) {
    const TensorInfo& b = body[static_cast<size_t>(i)];
    TensorInfo out = TensorInfo::of_unknown_rank(b.type);
    if (b.has_rank()) {
      out.shape = *b.shape;
      Dims& dims = *out.shape;
      if (v8) {
        if (i >= state) dims.insert(dims.begin(), sequence);
        dims.insert(dims.begin(), batch);
      } else if (i >= state) {
        int64_t axis = out_axes[static_cast<size_t>(i - state)];
        const int64_t rank = b.rank() + 1;
        if (axis < -rank || axis >= rank) {
          ErrorMessage m;
          cf.fail_here(ErrorKind::kValue, m << "scan_output_axes value " << axis << " is out of range for output " << i
                                            << " of rank " << rank);
        }
        dims.insert(dims.begin() + (axis < 0 ? axis + rank : axis), sequence);
      }
    }
    if (i < state) merge_declared(out, cf.input(first + i));  // the initial state fills in
    cf.set_output(i, std::move(out));
  }
}

// SequenceMap: the body runs on each position of the sequences: its inputs are the element of
// input 0, then each additional input's element (a sequence) or itself (a tensor); each output
// is the sequence of the body's output.
void infer_sequence_map(ControlFlow& cf) {
  std::vector<TensorInfo> body_inputs;
  for (int i = 0; i < cf.node_.input_size(); ++i) {
    const TensorInfo x = cf.input(i);
    const bool sequence = x.is(ValueKind::kSequence);
    if (i == 0 && !sequence && x != TensorInfo::unknown()) {
      ErrorMessage m;
      cf.fail_here(ErrorKind::kType, m << "input 0 'input_sequence' is " << x << ", not a sequence");
    }
    body_inputs.push_back(sequence ? x.element() : x);
  }
  const std::vector<TensorInfo> body = cf.infer_subgraph("body", body_inputs);
  cf.check_count("subgraph 'body' has", body.size(), static_cast<size_t>(cf.node_.output_size()));
  for (size_t i = 0; i < body.size(); ++i) cf.set_output(static_cast<int>(i), TensorInfo::wrap(ValueKind::kSequence, body[i]));
}

}  // namespace

bool is_control_flow(const onnx::NodeProto& node) {
  if (canonical_domain(node.domain()) != kOnnxDomain) return false;
  const std::string& op = node.op_type();
  return op == "If" || op == "Loop" || op == "Scan" || op == "SequenceMap";
}

void infer_control_flow(ShapesContext& ctx, const onnx::NodeProto& node, const ModelFunctions& functions, int depth) {
  ControlFlow cf(ctx, node, functions, depth);
  if (depth >= kMaxFunctionDepth) {
    ErrorMessage m;
    cf.fail_here(ErrorKind::kValue, m << "subgraphs and function calls are nested too deeply");
  }
  // An op the opset does not have yet (Scan before 8) is reported as any such op is.
  resolve_op(node.domain(), node.op_type(), cf.opset_);
  if (node.op_type() == "If") infer_if(cf);
  else if (node.op_type() == "Loop") infer_loop(cf);
  else if (node.op_type() == "SequenceMap") infer_sequence_map(cf);
  else infer_scan(cf);
}

}  // namespace orw
