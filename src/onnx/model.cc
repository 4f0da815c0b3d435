#include "onnx/model.h"

#include <climits>
#include <set>
#include <stdexcept>

#include "core/errors.h"
#include "onnx/model_checks.h"
#include "onnx/tensor_proto.h"
#include "orw_proto/onnx.pb.h"
#include "core/names.h"

namespace orw {
namespace {

ValueInfo decode_value_info(const onnx::ValueInfoProto& v) {
  ValueInfo info;
  info.name = v.name();
  if (!v.type().has_tensor_type()) return info;
  const auto& tt = v.type().tensor_type();
  info.type = static_cast<DataType>(tt.elem_type());
  if (!tt.has_shape()) return info;
  info.has_shape = true;
  for (const auto& d : tt.shape().dim()) {
    DeclaredDim dim;
    if (d.has_dim_value()) dim.value = d.dim_value();
    else if (d.has_dim_param()) dim.symbol = d.dim_param();
    info.dims.push_back(dim);
  }
  return info;
}

}  // namespace

void check_graph_limits(const onnx::GraphProto& g) {
  if (g.node_size() > kMaxGraphNodes) {
    fail<ValueError>(ErrorMessage() << "model: the graph has " << g.node_size()
                                               << " nodes, more than the limit of " << kMaxGraphNodes);
  }
  int64_t values = int64_t{g.input_size()} + g.output_size() + g.initializer_size() + g.value_info_size();
  for (const auto& node : g.node()) values += node.input_size() + node.output_size();
  if (values > kMaxGraphValues) {
    fail<ValueError>(ErrorMessage() << "model: the graph names " << values
                                               << " values (inputs, outputs, initializers, value_info, node inputs and "
                                                  "outputs), more than the limit of "
                                               << kMaxGraphValues);
  }
}

int64_t Model::opset(const std::string& domain) const {
  auto it = opsets_.find(canonical_domain(domain));
  return it == opsets_.end() ? 0 : it->second;
}

Model Model::parse(const void* bytes, size_t size) {
  onnx::ModelProto proto;
  parse_model_proto(bytes, size, &proto);
  check_model_proto(proto);
  if (proto.graph().output_size() == 0) {
    fail<ValueError>("model: the graph has no outputs, so a session of it would compute nothing");
  }
  Model m;
  m.ir_version_ = proto.ir_version();
  m.opsets_ = imported_opsets(proto);

  const auto& g = proto.graph();
  for (const auto& init : g.initializer()) {
    ErrorMessage what;
    what << "initializer '" << Printable{init.name()} << '\'';
    m.initializers_.emplace(init.name(), tensor_from_proto(init, what.text()));
  }
  for (const auto& in : g.input()) {
    if (!m.initializers_.count(in.name())) m.inputs_.push_back(decode_value_info(in));
  }
  for (const auto& out : g.output()) m.outputs_.push_back(decode_value_info(out));

  // Topological order (ONNX requires it, but sort anyway and reject cycles / dangling uses).
  std::set<std::string> available = {""};  // "" names an omitted optional input
  for (const auto& in : m.inputs_) available.insert(in.name);
  for (const auto& kv : m.initializers_) available.insert(kv.first);
  std::vector<uint8_t> done(static_cast<size_t>(g.node_size()), 0);  // not vector<bool>: see ReductionPlan
  for (size_t placed = 0; placed < done.size();) {
    bool progress = false;
    for (int i = 0; i < g.node_size(); ++i) {
      if (done[i]) continue;
      const auto& np = g.node(i);
      bool ready = true;
      for (const auto& in : np.input()) ready = ready && available.count(in);
      if (!ready) continue;
      const int64_t opset = m.opset(np.domain());
      Node node = Node::from_proto(np, opset);
      if (node.schema().family == Family::kInferred) {
        fail<UnsupportedError>(ErrorMessage() << node << ": operator '" << Printable{node.op_type()}
                                              << "' is not supported for running; the package only infers its "
                                                 "shapes (inferModelShapes)");
      }
      for (const auto& out : np.output()) {
        if (out.empty()) continue;  // an omitted optional output
        if (!available.insert(out).second) {
          fail<ValueError>(ErrorMessage() << node << ": output '" << Printable{out}
                                                     << "' is already produced elsewhere in the graph");
        }
      }
      m.nodes_.push_back(std::move(node));
      done[i] = true;
      ++placed;
      progress = true;
    }
    if (!progress) {
      for (int i = 0; i < g.node_size(); ++i) {
        if (done[i]) continue;
        for (const auto& in : g.node(i).input()) {
          if (!available.count(in)) {
            fail<ValueError>(ErrorMessage()
                                        << "model: node " << i << " (" << Printable{g.node(i).op_type()} << ") uses '"
                                        << Printable{in}
                                        << "', which no graph input, initializer or node produces (or a cycle)");
          }
        }
      }
    }
  }
  for (const auto& out : m.outputs_) {
    if (!available.count(out.name)) {
      fail<ValueError>(ErrorMessage() << "model: graph output '" << Printable{out.name}
                                                 << "' is not produced by any node, input or initializer");
    }
  }
  return m;
}

}  // namespace orw
