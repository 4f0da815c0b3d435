#include "onnx/model_checks.h"

#include <climits>
#include <map>
#include <set>
#include <string>

#include "core/errors.h"
#include "core/names.h"
#include "core/tensor.h"
#include "onnx/model.h"
#include "orw_proto/onnx.pb.h"
#include "schema/op_schema.h"

namespace orw {
namespace {

// Names must be present and unique within their list (ONNX's checker rules; with a repeated
// name, which of the two a run would use is a guess).
template <class List>
void check_names(const List& list, const char* role) {
  std::set<std::string> seen;  // (the type model.cc already uses: no new instance)
  int index = 0;
  for (const auto& item : list) {
    if (item.name().empty()) fail<ValueError>(ErrorMessage() << "model: " << role << ' ' << index << " has an empty name");
    ++index;
    if (!seen.insert(item.name()).second) {
      fail<ValueError>(ErrorMessage() << "model: " << role << " '" << Printable{item.name()} << "' is listed twice");
    }
  }
}

// A declared dim above kMaxDim could not reach JS exactly (inputMetadata, inferModelShapes).
void check_declared_dims(const onnx::ValueInfoProto& v, const char* role) {
  if (!v.type().has_tensor_type() || !v.type().tensor_type().has_shape()) return;
  const auto& dims = v.type().tensor_type().shape().dim();
  for (int i = 0; i < dims.size(); ++i) {
    const int64_t d = dims[i].dim_value();
    if (dims[i].has_dim_value() && (d > kMaxDim || d < -kMaxDim)) {
      fail<SizeError>(ErrorMessage() << "model: " << role << " '" << Printable{v.name()} << "' declares dim " << i
                                     << " = " << d << ", beyond 2^53 - 1 (the largest integer a JS number holds exactly)");
    }
  }
}

// "float [N,3]" for a declared type: symbols by name, unknown dims as '?'.
ErrorMessage& append_declared(ErrorMessage& m, const onnx::TypeProto_Tensor& tt) {
  m << (tt.elem_type() == 0 ? std::string("(any type)") : type_name(static_cast<DataType>(tt.elem_type())));
  if (!tt.has_shape()) return m;
  m << " [";
  for (int i = 0; i < tt.shape().dim_size(); ++i) {
    const auto& d = tt.shape().dim(i);
    if (i) m << ',';
    if (d.has_dim_value()) m << d.dim_value();
    else if (d.has_dim_param()) m << Printable{d.dim_param()};
    else m << '?';
  }
  return m << ']';
}

// An initializer named like a graph input is the value the run uses, so it must be one the
// input's declaration allows: otherwise the shapes inferred from the declaration and the run
// would disagree.
void check_shadowing(const onnx::TensorProto& init, const onnx::ValueInfoProto& input) {
  if (!input.type().has_tensor_type()) return;
  const auto& tt = input.type().tensor_type();
  bool ok = tt.elem_type() == 0 || tt.elem_type() == init.data_type();
  if (ok && tt.has_shape()) {
    ok = tt.shape().dim_size() == init.dims_size();
    for (int i = 0; ok && i < init.dims_size(); ++i) {
      const auto& d = tt.shape().dim(i);
      ok = !d.has_dim_value() || d.dim_value() == init.dims(i);
    }
  }
  if (ok) return;
  ErrorMessage m;
  m << "model: initializer '" << Printable{init.name()} << "' is "
    << type_name(static_cast<DataType>(init.data_type())) << " " << ShapeText{Shape(init.dims().begin(), init.dims().end())}
    << ", but the graph input of that name is declared ";
  append_declared(m, tt) << ": they must agree (the run uses the initializer)";
  fail<ValueError>(m);
}

}  // namespace

void parse_model_proto(const void* bytes, size_t size, onnx::ModelProto* proto) {
  if (size > static_cast<size_t>(INT_MAX) || !proto->ParseFromArray(bytes, static_cast<int>(size))) {
    fail<ParseError>(ErrorMessage() << "ModelProto: the " << size
                                    << " bytes are not a valid serialized onnx.ModelProto "
                                       "(truncated, malformed, or nested more than 100 messages deep)");
  }
  // Empty bytes and most other messages' bytes decode as a ModelProto without a graph.
  if (!proto->has_graph()) {
    fail<ParseError>(ErrorMessage() << "ModelProto: no graph was found in the " << size
                                    << " bytes (empty, or not a model: a NodeProto's or TensorProto's bytes?)");
  }
}

void check_model_proto(const onnx::ModelProto& proto) {
  const auto& g = proto.graph();
  check_graph_limits(g);
  if (g.output_size() == 0 && g.node_size() == 0 && g.input_size() == 0 && g.initializer_size() == 0) {
    fail<ValueError>("model: the graph is empty (no inputs, initializers, nodes or outputs)");
  }
  check_names(g.input(), "graph input");
  check_names(g.output(), "graph output");
  check_names(g.initializer(), "initializer");
  for (const auto& v : g.input()) check_declared_dims(v, "graph input");
  for (const auto& v : g.output()) check_declared_dims(v, "graph output");
  for (const auto& v : g.value_info()) check_declared_dims(v, "value_info");
  // Inputs by name (unique, checked above): one lookup per initializer, not a scan of the
  // inputs (a graph at the limits names thousands of each).
  // (map<string, int64_t>: the type imported_opsets already instantiates, no new code for it)
  std::map<std::string, int64_t> input_at;
  for (int i = 0; i < g.input_size(); ++i) input_at.emplace(g.input(i).name(), i);
  for (const auto& init : g.initializer()) {
    auto it = input_at.find(init.name());
    if (it != input_at.end()) check_shadowing(init, g.input(static_cast<int>(it->second)));
  }

  std::set<std::string> domains;
  for (const auto& imp : proto.opset_import()) {
    if (!domains.insert(canonical_domain(imp.domain())).second) {
      fail<ValueError>(ErrorMessage() << "model: opset_import lists domain '" << Printable{canonical_domain(imp.domain())}
                                      << "' twice");
    }
  }
  if (domains.empty() && proto.ir_version() >= 3) {
    fail<ValueError>(ErrorMessage() << "model: opset_import is empty: a model of IR version " << proto.ir_version()
                                    << " must import the ai.onnx opset it is written for");
  }
  const auto opsets = imported_opsets(proto);
  for (int i = 0; i < g.node_size(); ++i) {
    const std::string domain = canonical_domain(g.node(i).domain());
    if (!opsets.count(domain)) {
      fail<ValueError>(ErrorMessage() << "model: node " << i << " (" << Printable{g.node(i).op_type()}
                                      << ") is in domain '" << Printable{domain}
                                      << "', which opset_import does not list");
    }
  }
}

std::map<std::string, int64_t> imported_opsets(const onnx::ModelProto& proto) {
  std::map<std::string, int64_t> opsets;
  for (const auto& imp : proto.opset_import()) opsets.emplace(canonical_domain(imp.domain()), imp.version());
  // Before IR version 3, a model without imports meant ai.onnx opset 1 (check_model_proto
  // refuses one without imports from version 3 on).
  if (opsets.empty()) opsets.emplace(kOnnxDomain, 1);
  return opsets;
}

}  // namespace orw
