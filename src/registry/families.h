// What runs each operator version: the entry points of its family (src/reduce, src/arg,
// src/scan, src/elementwise), chosen by the row's Family and op (schema/op_schema.h). The
// only place that knows every family; runtime/ and the bindings reach the families through it.
#pragma once
#include <memory>
#include <vector>

#include "core/tensor.h"
#include "onnx/node.h"
#include "plan/run_memo.h"
#include "plan/streamed_run.h"
#include "schema/op_schema.h"
#include "shape/context.h"

namespace orw {

// Runs a node on positional inputs (checked for count and presence by run_node); the memo
// is the node's own, kept by the caller between runs; `placed` holds the caller's buffers for
// this run's outputs (PlacedOutputs::output gives each output its buffer).
using RunFn = std::vector<Tensor> (*)(const Node& node, const std::vector<const Tensor*>& inputs,
                                   RunMemo& memo, const PlacedOutputs& placed);
// Starts the run with input 0 fed in pieces; nullptr when the run cannot stream.
using StreamFn = std::unique_ptr<StreamedRun> (*)(const Node& node, const std::vector<const Tensor*>& inputs);
// Shape inference for one node: reads input infos from ctx, stores the output's.
using ShapeFn = void (*)(ShapesContext& ctx, const Node& node);

struct OpEntry {
  RunFn run;
  ShapeFn shape;
  StreamFn stream;  // nullptr: the family does not stream (it runs on whole inputs)
};

// The entry points of a row's family and op.
const OpEntry& entry_of(const OpSchema& schema);

}  // namespace orw
