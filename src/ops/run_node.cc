#include <new>
#include <stdexcept>

#include "core/errors.h"

#include "ops/inputs.h"
#include "ops/operators.h"

namespace orw {

std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs) {
  const OpSchema& s = node.schema();
  if (inputs.size() > s.inputs.size()) {
    throw std::invalid_argument(node.where() + ": got " + std::to_string(inputs.size()) + " inputs, but this version takes at most " +
                                std::to_string(s.inputs.size()));
  }
  for (size_t i = 0; i < s.inputs.size(); ++i) {
    if (!s.inputs[i].optional && !optional_input(inputs, i)) {
      throw std::invalid_argument(node.where() + ": " + input_label(node, i) + " is required but missing");
    }
  }
  try {
    return s.run(node, inputs);
  } catch (const AllocationError& e) {
    throw AllocationError(node.where() + ": " + e.what());
  } catch (const std::bad_alloc&) {
    throw AllocationError(node.where() + ": out of memory");
  }
}

}  // namespace orw
