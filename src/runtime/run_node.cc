#include "runtime/run_node.h"

#include <new>
#include <stdexcept>

#include "core/errors.h"
#include "onnx/node_inputs.h"
#include "registry/families.h"

namespace orw {
namespace {

// The checks every run shares: input count, and every required input present.
void check_input_count(const Node& node, const std::vector<const Tensor*>& inputs) {
  const OpSchema& s = node.schema();
  if (inputs.size() > s.inputs.size()) {
    fail<ValueError>(ErrorMessage() << node << ": got " << inputs.size()
                                               << " inputs, but this version takes at most " << s.inputs.size());
  }
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    if (!s.inputs[i].optional && !optional_input(inputs, i)) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, i} << " is required but missing");
    }
  }
}

// f(), its allocation failures named after the node (the tensor code below the operators does
// not know which op asked).
template <class F>
auto naming_allocations(const Node& node, F&& f) {
  try {
    return f();
  } catch (const AllocationError& e) {
    fail<AllocationError>(ErrorMessage() << node << ": " << e.what());
  } catch (const std::bad_alloc&) {
    fail<AllocationError>(ErrorMessage() << node << ": out of memory");
  }
}

}  // namespace

std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs,
                             RunMemo& memo, const PlacedOutputs& placed) {
  check_input_count(node, inputs);
  return naming_allocations(node, [&] { return entry_of(node.schema()).run(node, inputs, memo, placed); });
}

std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs) {
  RunMemo memo;
  return run_node(node, inputs, memo);
}

std::unique_ptr<StreamedRun> start_streamed_run(const Node& node, const std::vector<const Tensor*>& inputs) {
  check_input_count(node, inputs);
  const StreamFn stream = entry_of(node.schema()).stream;
  return stream ? naming_allocations(node, [&] { return stream(node, inputs); }) : nullptr;
}

}  // namespace orw
