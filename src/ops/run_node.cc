#include <new>
#include <stdexcept>

#include "core/errors.h"

#include "ops/inputs.h"
#include "ops/operators.h"

namespace orw {

std::vector<Tensor> run_node(const Node& node, const std::vector<const Tensor*>& inputs) {
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
  try {
    return s.run(node, inputs);
  } catch (const AllocationError& e) {
    fail<AllocationError>(ErrorMessage() << node << ": " << e.what());
  } catch (const std::bad_alloc&) {
    fail<AllocationError>(ErrorMessage() << node << ": out of memory");
  }
}

}  // namespace orw
