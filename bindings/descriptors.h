// The input/output ABI between JS and wasm: float64 descriptors JS writes for a run's inputs
// and reads for its outputs, and the hand-off of the last serialized message (Node.toBytes,
// a TensorProto's name).
#pragma once
#include <cstdint>
#include <vector>

#include "core/tensor.h"

namespace orw::bindings {

// The float64 descriptors JS and wasm exchange; JS reads these offsets from the module at
// init (layout() in bindings/interface.cc), so they are written here only.
// An input: kInSlots values, then `rank` dims.
enum InputSlot : int { kInPresent, kInType, kInRank, kInData, kInSlots };
// The outputs: their count, then per output kOutSlots values and `rank` dims.
enum OutputSlot : int { kOutType, kOutRank, kOutData, kOutBytes, kOutSlots };

// Fills glue().output_desc from glue().outputs, for JS to read in one go: count, then per
// output the OutputSlot values (ONNX element type, rank, data pointer, byte size) and `rank`
// dims (float64).
void describe_outputs();

// Reads `n` positional input tensors described at `desc_ptr` (float64 values per input: the
// InputSlot values (present 0/1, ONNX element type, rank, data pointer), then `rank` dims) as
// views into wasm memory. Absent inputs are nullptr in `ptrs`.
void read_inputs(uintptr_t desc_ptr, int n, std::vector<Tensor>& tensors, std::vector<const Tensor*>& ptrs);

}  // namespace orw::bindings
