#include "runtime/session.h"

#include <stdexcept>

#include "core/errors.h"
#include "runtime/run_node.h"

namespace orw {
namespace {

void check_feed(const ValueInfo& info, const Tensor& t, std::map<std::string, int64_t>& symbols) {
  // The start of an error message about this feed: "input 'X'".
  auto what = [&] {
    ErrorMessage m;
    m << "input '" << Printable{info.name} << '\'';
    return m;
  };
  if (info.type != DataType::kUndefined && t.type() != info.type) {
    fail<TypeError>(what() << ": expected element type " << type_name(info.type) << ", got " << type_name(t.type()));
  }
  if (!info.has_shape) return;
  if (t.rank() != static_cast<int64_t>(info.dims.size())) {
    fail<ValueError>(what() << ": expected rank " << info.dims.size() << ", got shape "
                                       << ShapeText{t.dims()});
  }
  for (size_t d = 0; d < info.dims.size(); ++d) {
    const DeclaredDim& dim = info.dims[d];
    const int64_t got = t.dims()[d];
    if (dim.value >= 0 && got != dim.value) {
      fail<ValueError>(what() << ": dim " << d << " must be " << dim.value << ", got shape "
                                         << ShapeText{t.dims()});
    }
    if (!dim.symbol.empty()) {
      auto [it, fresh] = symbols.emplace(dim.symbol, got);
      if (!fresh && it->second != got) {
        fail<ValueError>(what()
                                    << ": dim " << d << " ('" << Printable{dim.symbol} << "') is " << got
                                    << ", but another input gives '" << Printable{dim.symbol} << "' = " << it->second);
      }
    }
  }
}

// Appends " (in the graph: data = 'X', axes = 'A')": which values fed the node, so an error
// about "input 1 'axes'" can be traced to the model's value names.
struct GraphContext {
  const Node& node;
};
ErrorMessage& operator<<(ErrorMessage& m, GraphContext context) {
  const Node& node = context.node;
  const auto& specs = node.schema().inputs;
  m << " (in the graph: ";
  bool first = true;
  for (size_t i = 0; i < node.inputs().size() && i < specs.size(); ++i) {
    if (node.inputs()[i].empty()) continue;
    if (!first) m << ", ";
    first = false;
    m << specs[i].name << " = '" << Printable{node.inputs()[i]} << '\'';
  }
  return m << ')';
}

// Runs f (a node's run or start), adding the graph's value names to any library error (its
// kind is kept).
template <class F>
auto with_graph_context(const Node& node, F&& f) {
  try {
    return f();
  } catch (const Error& e) {
    fail_as(e.kind(), ErrorMessage() << e.message() << GraphContext{node});
  }
}

}  // namespace

Session::Session(Model model) : model_(std::move(model)) {
  for (const auto& in : model_.inputs()) input_names_.push_back(in.name);
  for (const auto& out : model_.outputs()) output_names_.push_back(out.name);
  std::map<std::string, int> slots;
  auto slot = [&](const std::string& name) {
    auto [it, fresh] = slots.emplace(name, static_cast<int>(slot_names_.size()));
    if (fresh) slot_names_.push_back(name), initial_.push_back(nullptr);
    return it->second;
  };
  for (const auto& kv : model_.initializers()) initial_[static_cast<size_t>(slot(kv.first))] = &kv.second;
  for (const auto& name : input_names_) feed_slots_.push_back(slot(name));
  for (const Node& node : model_.nodes()) {
    Step step;
    for (const auto& name : node.inputs()) step.inputs.push_back(name.empty() ? -1 : slot(name));
    for (const auto& name : node.outputs()) step.outputs.push_back(name.empty() ? -1 : slot(name));
    steps_.push_back(std::move(step));
  }
  for (const auto& name : output_names_) output_slots_.push_back(slot(name));
  memos_.resize(steps_.size());
}

std::vector<Tensor> Session::run_positional(const std::vector<const Tensor*>& feeds) const {
  std::map<std::string, int64_t> symbols;
  for (size_t i = 0; i < input_names_.size(); ++i) {
    if (i >= feeds.size() || !feeds[i]) {
      fail<ValueError>(ErrorMessage() << "input '" << Printable{input_names_[i]} << "' is missing from the feeds");
    }
    check_feed(model_.inputs()[i], *feeds[i], symbols);
  }
  std::vector<const Tensor*> where(initial_);
  for (size_t i = 0; i < input_names_.size(); ++i) where[static_cast<size_t>(feed_slots_[i])] = feeds[i];
  std::vector<Tensor> produced(where.size());
  auto value = [&](int s) {
    const Tensor* t = where[static_cast<size_t>(s)];
    if (!t) {
      fail<LookupError>(ErrorMessage() << "value '" << Printable{slot_names_[static_cast<size_t>(s)]}
                                             << "' is used before any node produces it");
    }
    return t;
  };
  std::vector<const Tensor*> inputs;
  for (size_t k = 0; k < steps_.size(); ++k) {
    const Node& node = model_.nodes()[k];
    inputs.clear();
    for (int s : steps_[k].inputs) inputs.push_back(s < 0 ? nullptr : value(s));
    std::vector<Tensor> outs = with_graph_context(node, [&] { return run_node(node, inputs, memos_[k]); });
    const auto& out_slots = steps_[k].outputs;
    for (size_t i = 0; i < outs.size() && i < out_slots.size(); ++i) {
      if (out_slots[i] < 0) continue;
      const auto s = static_cast<size_t>(out_slots[i]);
      produced[s] = std::move(outs[i]);
      where[s] = &produced[s];
    }
  }
  // Reshape, Squeeze, Identity ... hand on their input's bytes. A graph output whose bytes are
  // a feed's, an initializer's or an earlier output's is copied, so that outputs never alias
  // what the caller fed, what the model holds, or one another.
  std::vector<Tensor> result;
  result.reserve(output_slots_.size());
  auto aliased = [&](const Tensor& t) {
    bool same = false;
    for (const Tensor* f : feeds) same = same || (f && f->raw() == t.raw());
    for (const Tensor* i : initial_) same = same || (i && i->raw() == t.raw());
    for (const Tensor& r : result) same = same || r.raw() == t.raw();
    return same && t.byte_size() > 0;
  };
  for (int s : output_slots_) {
    const Tensor& t = *value(s);
    result.push_back(aliased(t) ? t.copy() : t);
  }
  return result;
}

// Checks the feeds: only graph inputs, all of them, each matching its declaration.
void check_feeds(const Model& model, const std::vector<std::string>& input_names,
                 const std::map<std::string, Tensor>& feeds) {
  for (const auto& kv : feeds) {
    bool known = false;
    for (const auto& n : input_names) known = known || n == kv.first;
    if (!known) {
      ErrorMessage m;
      m << "feed '" << Printable{kv.first} << "' is not a graph input (inputs: ";
      for (size_t i = 0; i < input_names.size(); ++i) m << (i == 0 ? "'" : ", '") << Printable{input_names[i]} << '\'';
      fail<ValueError>(m << ')');
    }
  }
  std::map<std::string, int64_t> symbols;
  for (const auto& info : model.inputs()) {
    auto it = feeds.find(info.name);
    if (it == feeds.end()) {
      fail<ValueError>(ErrorMessage() << "input '" << Printable{info.name} << "' is missing from the feeds");
    }
    check_feed(info, it->second, symbols);
  }
}

std::unique_ptr<StreamedRun> Session::start_stream(const std::map<std::string, Tensor>& feeds) const {
  if (model_.nodes().size() != 1 || input_names_.empty()) return nullptr;
  const Node& node = model_.nodes()[0];
  if (node.inputs().empty() || node.inputs()[0] != input_names_[0]) return nullptr;
  // The stream's outputs come in the node's order: the graph must list exactly those.
  if (output_names_ != node.outputs()) return nullptr;
  check_feeds(model_, input_names_, feeds);
  std::vector<const Tensor*> inputs;
  for (const auto& name : node.inputs()) {
    auto fed = feeds.find(name);
    auto init = model_.initializers().find(name);
    inputs.push_back(name.empty() ? nullptr : fed != feeds.end() ? &fed->second : &init->second);
  }
  return with_graph_context(node, [&] { return start_streamed_run(node, inputs); });
}

std::map<std::string, Tensor> Session::run(const std::map<std::string, Tensor>& feeds) const {
  check_feeds(model_, input_names_, feeds);
  std::vector<const Tensor*> positional;
  for (const auto& name : input_names_) positional.push_back(&feeds.at(name));
  std::vector<Tensor> outs = run_positional(positional);
  std::map<std::string, Tensor> result;
  for (size_t i = 0; i < outs.size(); ++i) result[output_names_[i]] = std::move(outs[i]);
  return result;
}

}  // namespace orw
