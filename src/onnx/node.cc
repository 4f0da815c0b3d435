#include "onnx/node.h"

#include "onnx/attribute_rules.h"
#include "onnx/tensor_proto.h"

#include <algorithm>
#include <climits>
#include <string_view>

#include "core/errors.h"
#include "core/names.h"
#include "orw_proto/onnx.pb.h"

namespace orw {
namespace {

// Old producers leave AttributeProto.type unset; take the type from the field that is set.
AttrType attribute_type(const onnx::AttributeProto& a) {
  if (a.type() != onnx::AttributeProto::UNDEFINED) return static_cast<AttrType>(a.type());
  if (a.ints_size() > 0) return AttrType::kInts;
  if (a.floats_size() > 0) return AttrType::kFloats;
  if (a.strings_size() > 0) return AttrType::kStrings;
  if (a.has_i()) return AttrType::kInt;
  if (a.has_f()) return AttrType::kFloat;
  if (a.has_s()) return AttrType::kString;
  if (a.has_t()) return AttrType::kTensor;
  if (a.has_g()) return AttrType::kGraph;
  return AttrType::kUndefined;
}

// How errors name a node before it is validated (and start naming it after): its op type, or
// "node".
ErrorMessage& append_op_type(ErrorMessage& m, const std::string& op_type) {
  if (op_type.empty()) return m << "node";
  return m << Printable{op_type};
}

// `op_type` names the node in the errors of a tensor value that does not decode.
Attribute decode_attribute(const onnx::AttributeProto& a, const std::string& op_type) {
  Attribute out;
  out.name = a.name();
  out.type = attribute_type(a);
  out.i = a.i();
  out.f = a.f();
  out.s = a.s();
  out.ints.assign(a.ints().begin(), a.ints().end());
  out.floats.assign(a.floats().begin(), a.floats().end());
  out.strings.assign(a.strings().begin(), a.strings().end());
  if (out.type == AttrType::kTypeProto) out.s = a.tp().SerializeAsString();
  if (out.type == AttrType::kTensor) {
    // Both names come from the bytes: escaped like every other name in a message.
    ErrorMessage what;
    append_op_type(what, op_type) << ": attribute '" << Printable{a.name()} << '\'';
    out.tensor = std::make_shared<const Tensor>(tensor_from_proto(a.t(), what.text()));
  }
  return out;
}

void encode_attribute(const Attribute& a, onnx::AttributeProto* p) {
  p->set_name(a.name);
  p->set_type(static_cast<onnx::AttributeProto::AttributeType>(a.type));
  switch (a.type) {
    case AttrType::kInt: p->set_i(a.i); break;
    case AttrType::kFloat: p->set_f(a.f); break;
    case AttrType::kString: p->set_s(a.s); break;
    case AttrType::kTypeProto: p->mutable_tp()->ParseFromString(a.s); break;
    case AttrType::kInts: for (int64_t v : a.ints) p->add_ints(v); break;
    case AttrType::kFloats: for (float v : a.floats) p->add_floats(v); break;
    case AttrType::kStrings: for (const auto& v : a.strings) p->add_strings(v); break;
    case AttrType::kTensor: if (a.tensor) tensor_to_proto(*a.tensor, p->mutable_t()); break;
    default: break;
  }
}

}  // namespace

Node Node::parse(const void* bytes, size_t size, int64_t opset, bool default_io) {
  if (size > static_cast<size_t>(INT_MAX)) {
    fail<ParseError>(ErrorMessage() << "NodeProto: " << size << " bytes is too large");
  }
  onnx::NodeProto proto;
  if (!proto.ParseFromArray(bytes, static_cast<int>(size))) {
    fail<ParseError>(ErrorMessage() << "NodeProto: the " << size
                                    << " bytes are not a valid serialized onnx.NodeProto "
                                       "(truncated, malformed, or nested more than 100 messages deep)");
  }
  return from_proto(proto, opset, default_io);
}

Node Node::from_proto(const onnx::NodeProto& proto, int64_t opset, bool default_io) {
  Node node;
  node.op_type_ = proto.op_type();
  node.domain_ = proto.domain();
  node.name_ = proto.name();
  node.opset_ = opset;
  node.inputs_.assign(proto.input().begin(), proto.input().end());
  node.outputs_.assign(proto.output().begin(), proto.output().end());
  for (const auto& a : proto.attribute()) {
    ErrorMessage m;
    if (!a.ref_attr_name().empty()) {
      fail<UnsupportedError>(append_op_type(m, node.op_type_)
                             << ": attribute '" << Printable{a.name()} << "' refers to a function attribute ('"
                             << Printable{a.ref_attr_name()} << "'); only plain attribute values are supported");
    }
    if (a.has_g() || a.graphs_size() > 0) {
      fail<UnsupportedError>(append_op_type(m, node.op_type_)
                             << ": attribute '" << Printable{a.name()}
                             << "' holds a subgraph; nested graphs are not supported");
    }
    node.attributes_.push_back(decode_attribute(a, node.op_type_));
  }
  if (default_io) node.fill_default_outputs();
  node.validate();
  if (default_io) node.fill_default_io();
  bool requires_input = false;  // Optional and OptionalHasElement 18 may have none
  for (const InputSpec& in : node.schema_->inputs) requires_input = requires_input || !in.optional;
  if (node.inputs_.empty() && requires_input) {
    fail<ValueError>(ErrorMessage() << node << ": the NodeProto lists no inputs");
  }
  return node;
}

Node Node::make(std::string op_type, std::string domain, int64_t opset, std::vector<Attribute> attributes,
                std::vector<std::string> inputs, std::vector<std::string> outputs, std::string name) {
  Node node;
  node.op_type_ = std::move(op_type);
  node.domain_ = std::move(domain);
  node.opset_ = opset;
  node.attributes_ = std::move(attributes);
  node.inputs_ = std::move(inputs);
  node.outputs_ = std::move(outputs);
  node.name_ = std::move(name);
  node.fill_default_outputs();
  node.validate();
  node.fill_default_io();
  return node;
}

// Names the row's outputs "output0", "output1", ... when none are listed (an unknown op is
// left for validate() to report).
void Node::fill_default_outputs() {
  if (!outputs_.empty()) return;
  size_t count = 1;
  if (!op_type_.empty()) {
    const OpSchema& s = resolve_op(domain_, op_type_, opset_);
    count = s.min_outputs != 0 ? s.min_outputs : s.output_count;
  }
  for (size_t i = 0; i < count; ++i) outputs_.push_back("output" + std::to_string(i));
}

void Node::fill_default_io() {
  if (!inputs_.empty()) return;
  for (size_t i = 0; i < schema_->inputs.size(); ++i) inputs_.push_back("input" + std::to_string(i));
}

std::string Node::serialize() const {
  onnx::NodeProto proto;
  proto.set_op_type(op_type_);
  if (!domain_.empty()) proto.set_domain(domain_);
  if (!name_.empty()) proto.set_name(name_);
  for (const auto& i : inputs_) proto.add_input(i);
  for (const auto& o : outputs_) proto.add_output(o);
  for (const auto& a : attributes_) encode_attribute(a, proto.add_attribute());
  return proto.SerializeAsString();
}

const Attribute* Node::find_attribute(const std::string& name) const {
  for (const auto& a : attributes_) {
    if (a.name == name) return &a;
  }
  return nullptr;
}

int64_t Node::int_attribute(const std::string& name, int64_t fallback) const {
  const Attribute* a = find_attribute(name);
  return a ? a->i : fallback;  // validate() checked the type
}

std::string Node::where() const { return text_of(*this); }

ErrorMessage& operator<<(ErrorMessage& m, const Node& node) {
  append_op_type(m, node.op_type());
  if (!node.name().empty()) m << " \"" << Printable{node.name()} << '"';
  return m << " (opset " << node.opset() << ')';
}

void Node::validate() {
  if (op_type_.empty()) fail<ValueError>("node: op_type is empty");
  schema_ = &resolve_op(domain_, op_type_, opset_);
  const OpSchema& s = *schema_;

  for (size_t i = 0; i < attributes_.size(); ++i) {
    const Attribute& a = attributes_[i];
    for (size_t j = 0; j < i; ++j) {
      if (attributes_[j].name == a.name) {
        fail<ValueError>(ErrorMessage()
                                    << *this << ": attribute '" << Printable{a.name} << "' is given twice");
      }
    }
    const AttrSpec* spec = nullptr;
    for (const auto& candidate : s.attributes) {
      if (a.name == candidate.name) spec = &candidate;
    }
    if (!spec) {
      ErrorMessage m;
      m << *this << ": unknown attribute '" << Printable{a.name} << "' (this version has: ";
      for (size_t k = 0; k < s.attributes.size(); ++k) m << (k == 0 ? "" : ", ") << s.attributes[k].name;
      m << ')';
      if (a.name == "axes" && s.axes_from == AxesFrom::kInput) {
        int64_t first = s.since_version;  // the op's first version that takes axes as an input
        for (const OpSchema& r : all_ops()) {
          if (std::string_view(r.domain) == s.domain && std::string_view(r.op_type) == s.op_type &&
              r.axes_from == AxesFrom::kInput) {
            first = std::min<int64_t>(first, r.since_version);
          }
        }
        m << "; from opset " << first << " axes are given as the second input";
      }
      fail<ValueError>(m);
    }
    if (a.type != spec->type) {
      fail<TypeError>(ErrorMessage() << *this << ": attribute '" << Printable{a.name} << "' must be of type "
                                     << attr_type_name(spec->type) << ", got " << attr_type_name(a.type));
    }
    if (spec->rule == AttrRule::kBoolean && a.i != 0 && a.i != 1) {
      fail<ValueError>(ErrorMessage()
                                  << *this << ": attribute '" << Printable{a.name} << "' must be 0 or 1, got " << a.i);
    }
  }

  size_t required = 0;
  for (const auto& in : s.inputs) required += in.optional ? 0 : 1;
  const bool variadic = !s.inputs.empty() && s.inputs[s.inputs.size() - 1].variadic;
  if (!inputs_.empty() && (inputs_.size() < required || (inputs_.size() > s.inputs.size() && !variadic))) {
    ErrorMessage m;
    m << *this << ": has " << inputs_.size() << " inputs, expected ";
    if (variadic) m << "at least ";
    m << required;
    if (required != s.inputs.size() && !variadic) m << " to " << s.inputs.size();
    fail<ValueError>(m);
  }
  for (size_t i = 0; i < inputs_.size(); ++i) {
    const InputSpec& spec = s.inputs[i < s.inputs.size() ? i : s.inputs.size() - 1];
    if (inputs_[i].empty() && !spec.optional) {
      fail<ValueError>(ErrorMessage() << *this << ": input " << i << " '" << spec.name
                                                 << "' is required but its name is empty");
    }
  }
  const size_t min_outputs = s.min_outputs != 0 ? s.min_outputs : s.output_count;
  if (outputs_.size() < min_outputs || (s.output_count != kAnyOutputCount && outputs_.size() > s.output_count)) {
    ErrorMessage m;
    m << *this << ": has " << outputs_.size() << " outputs, expected ";
    if (s.output_count == kAnyOutputCount) m << "at least " << min_outputs;
    else if (min_outputs != s.output_count) m << min_outputs << " to " << static_cast<int>(s.output_count);
    else m << static_cast<int>(s.output_count);
    fail<ValueError>(m);
  }
  check_attribute_rules(*this);
}

}  // namespace orw
