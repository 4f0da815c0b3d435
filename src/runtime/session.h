// A session runs a validated Model: feeds by graph-input name in, graph outputs by name out.
#pragma once
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "core/tensor.h"
#include "onnx/model.h"
#include "runtime/run_node.h"

namespace orw {

class Session {
 public:
  explicit Session(Model model);

  const Model& model() const { return model_; }
  const std::vector<std::string>& input_names() const { return input_names_; }
  const std::vector<std::string>& output_names() const { return output_names_; }

  // Runs every node in topological order. Every graph input must be fed (and nothing else);
  // each feed must match its declared element type, rank and fixed dims, and a symbol
  // (dim_param) must have one value across all feeds. Throws ValueError naming the
  // input for a missing, unknown or mis-shaped feed, TypeError for a wrong element type, and
  // whatever a node's run throws (see run_node). Feeds are only read.
  std::map<std::string, Tensor> run(const std::map<std::string, Tensor>& feeds) const;

  // As run(), with the feeds positional in input_names() order (nullptr or a missing trailing
  // entry: not fed) and the outputs in output_names() order. Where each value lives was worked
  // out once, when the session was made: no name lookups per run.
  std::vector<Tensor> run_positional(const std::vector<const Tensor*>& feeds) const;

  // For a model that is one Reduce/scan node whose inputs are the graph inputs: checks the feeds as
  // run() does and starts a StreamedRun, whose data input (the feed of graph input 0, which
  // may view null data) then arrives in pieces; its output is the graph's output. nullptr
  // when the model or the run cannot stream (use run()).
  std::unique_ptr<StreamedRun> start_stream(const std::map<std::string, Tensor>& feeds) const;

 private:
  Model model_;
  std::vector<std::string> input_names_, output_names_;
  // Every value of the graph has a slot; a run fills them in node order.
  struct Step {
    std::vector<int> inputs, outputs;  // slots; -1: an omitted input / unused output
  };
  std::vector<Step> steps_;                 // per node
  std::vector<const Tensor*> initial_;      // per slot: its initializer, or nullptr
  std::vector<int> feed_slots_, output_slots_;
  std::vector<std::string> slot_names_;     // for errors
  mutable std::vector<RunMemo> memos_;      // per node: its run memo
};

}  // namespace orw
