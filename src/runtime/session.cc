#include "runtime/session.h"

#include <stdexcept>

#include "core/errors.h"
#include "ops/operators.h"
#include "core/names.h"

namespace orw {
namespace {

void check_feed(const ValueInfo& info, const Tensor& t, std::map<std::string, int64_t>& symbols) {
  const std::string what = "input '" + printable(info.name) + "'";
  if (info.type != DataType::kUndefined && t.type() != info.type) {
    throw TypeError(what + ": expected element type " + type_name(info.type) + ", got " + type_name(t.type()));
  }
  if (!info.has_shape) return;
  if (t.rank() != static_cast<int64_t>(info.dims.size())) {
    throw std::invalid_argument(what + ": expected rank " + std::to_string(info.dims.size()) + ", got shape " +
                                shape_to_string(t.dims()));
  }
  for (size_t d = 0; d < info.dims.size(); ++d) {
    const DeclaredDim& dim = info.dims[d];
    const int64_t got = t.dims()[d];
    if (dim.value >= 0 && got != dim.value) {
      throw std::invalid_argument(what + ": dim " + std::to_string(d) + " must be " + std::to_string(dim.value) +
                                  ", got shape " + shape_to_string(t.dims()));
    }
    if (!dim.symbol.empty()) {
      auto [it, fresh] = symbols.emplace(dim.symbol, got);
      if (!fresh && it->second != got) {
        throw std::invalid_argument(what + ": dim " + std::to_string(d) + " ('" + printable(dim.symbol) + "') is " + std::to_string(got) +
                                    ", but another input gives '" + printable(dim.symbol) + "' = " + std::to_string(it->second));
      }
    }
  }
}

// " (in the graph: data = 'X', axes = 'A')": which values fed the node, so an error about
// "input 1 'axes'" can be traced to the model's value names.
std::string graph_context(const Node& node) {
  std::string s;
  const auto& specs = node.schema().inputs;
  for (size_t i = 0; i < node.inputs().size() && i < specs.size(); ++i) {
    if (node.inputs()[i].empty()) continue;
    s += std::string(s.empty() ? "" : ", ") + specs[i].name + " = '" + printable(node.inputs()[i]) + "'";
  }
  return " (in the graph: " + s + ")";
}

// Runs f (a node's run or start), adding the graph's value names to any error (the error
// type is kept).
template <class F>
auto with_graph_context(const Node& node, F&& f) {
  try {
    return f();
  } catch (const TypeError& e) {
    throw TypeError(e.what() + graph_context(node));
  } catch (const SizeError& e) {
    throw SizeError(e.what() + graph_context(node));
  } catch (const UnsupportedError& e) {
    throw UnsupportedError(e.what() + graph_context(node));
  } catch (const std::invalid_argument& e) {
    throw std::invalid_argument(e.what() + graph_context(node));
  }
}

}  // namespace

Session::Session(Model model) : model_(std::move(model)) {
  for (const auto& in : model_.inputs()) input_names_.push_back(in.name);
  for (const auto& out : model_.outputs()) output_names_.push_back(out.name);
}

// Checks the feeds: only graph inputs, all of them, each matching its declaration.
void check_feeds(const Model& model, const std::vector<std::string>& input_names,
                 const std::map<std::string, Tensor>& feeds) {
  for (const auto& kv : feeds) {
    bool known = false;
    for (const auto& n : input_names) known = known || n == kv.first;
    if (!known) {
      std::string names;
      for (const auto& n : input_names) names += (names.empty() ? "'" : ", '") + n + "'";
      throw std::invalid_argument("feed '" + printable(kv.first) + "' is not a graph input (inputs: " + names + ")");
    }
  }
  std::map<std::string, int64_t> symbols;
  for (const auto& info : model.inputs()) {
    auto it = feeds.find(info.name);
    if (it == feeds.end()) throw std::invalid_argument("input '" + printable(info.name) + "' is missing from the feeds");
    check_feed(info, it->second, symbols);
  }
}

std::unique_ptr<StreamedRun> Session::start_stream(const std::map<std::string, Tensor>& feeds) const {
  if (model_.nodes().size() != 1 || input_names_.empty()) return nullptr;
  const Node& node = model_.nodes()[0];
  if (node.inputs().empty() || node.inputs()[0] != input_names_[0]) return nullptr;
  if (output_names_.size() != 1 || node.outputs()[0] != output_names_[0]) return nullptr;
  check_feeds(model_, input_names_, feeds);
  std::vector<const Tensor*> inputs;
  for (const auto& name : node.inputs()) {
    auto fed = feeds.find(name);
    auto init = model_.initializers().find(name);
    inputs.push_back(name.empty() ? nullptr : fed != feeds.end() ? &fed->second : &init->second);
  }
  return with_graph_context(node, [&] { return StreamedRun::start(node, inputs); });
}

std::map<std::string, Tensor> Session::run(const std::map<std::string, Tensor>& feeds) const {
  check_feeds(model_, input_names_, feeds);
  std::map<std::string, Tensor> values = model_.initializers();
  for (const auto& kv : feeds) values[kv.first] = kv.second;
  for (const Node& node : model_.nodes()) {
    std::vector<const Tensor*> inputs;
    for (const auto& name : node.inputs()) inputs.push_back(name.empty() ? nullptr : &values.at(name));
    std::vector<Tensor> outs = with_graph_context(node, [&] { return run_node(node, inputs); });
    for (size_t i = 0; i < outs.size() && i < node.outputs().size(); ++i) {
      if (!node.outputs()[i].empty()) values[node.outputs()[i]] = std::move(outs[i]);
    }
  }
  std::map<std::string, Tensor> result;
  for (const auto& name : output_names_) result[name] = values.at(name);
  return result;
}

}  // namespace orw
