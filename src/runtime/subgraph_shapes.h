// If, Loop, Scan and SequenceMap: their outputs inferred through their subgraphs (attributes of type GRAPH)
// as ONNX's shape inference does, each subgraph in a copy of the enclosing context, so the
// outer graph's values are visible inside.
#pragma once
#include "runtime/function_shapes.h"
#include "shape/context.h"

namespace onnx {
class NodeProto;
}  // namespace onnx

namespace orw {

// True for the ai.onnx ops whose outputs come from a subgraph: If, Loop, Scan, SequenceMap.
bool is_control_flow(const onnx::NodeProto& node);

// Stores `node`'s outputs in ctx:
// - If: the union of then_branch's and else_branch's outputs (the same element type; a dim
//   where the branches differ is unknown, ranks that differ give an unknown rank);
// - Loop: each loop-carried value the union of its initial value and the body's output (the
//   body's inputs: iteration number, condition, the carried values with unknown shapes; an
//   optional initial value of the body's kind, Loop 16's, stands for its element), each
//   scan output the body's output under a new first dim of unknown length;
// - Scan (8: batch dim first, then the sequence; 9 on: 'scan_input_axes',
//   'scan_output_axes'): the state outputs merged from the initial state and the body's
//   outputs, the scan outputs the body's outputs with the sequence length inserted.
// - SequenceMap: each output the sequence of the body's output, the body's inputs the
//   elements of the sequence inputs and the tensor inputs as they are.
// Body nodes are inferred as function bodies are (infer_nested_node); the first error is
// thrown as its class, prefixed "subgraph '<attribute>': ".
void infer_control_flow(ShapesContext& ctx, const onnx::NodeProto& node, const ModelFunctions& functions, int depth);

}  // namespace orw
