// The one registry of supported operators: one row per (domain, op type, since-version) saying
// where axes come from, which element types, inputs and attributes that version has, and what
// runs it. Opset rules live here as data, never as op-name compares in shared code.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/dtype.h"
#include "core/tensor.h"
#include "reduce/reduce_kernels.h"
#include "core/attribute.h"

namespace orw {

class Node;
class ShapesContext;

// The newest ai.onnx opset whose operator versions this registry knows. Newer opsets are
// rejected: an op may have changed in them.
constexpr int64_t kMaxOpset = 26;
constexpr const char* kOnnxDomain = "ai.onnx";

enum class AxesFrom : uint8_t { kNone, kAttribute, kInput };

struct AttrSpec {
  const char* name;
  AttrType type;
  bool boolean = false;  // an int that must be 0 or 1
};

struct InputSpec {
  const char* name;
  bool optional = false;
};

// Shape inference for one node (src/shape): reads input infos from ctx, stores the outputs'.
using ShapeFn = void (*)(ShapesContext& ctx, const Node& node);

using RunFn = std::vector<Tensor> (*)(const Node& node, const std::vector<const Tensor*>& inputs);

// Extra checks of a node's attributes beyond their names and types (e.g. Cast's 'to'); throws
// as Node::parse does.
using CheckFn = void (*)(const Node& node);

// A fixed list in static storage: an op version's inputs or attributes, the registry's rows.
template <class T>
class StaticList {
 public:
  constexpr StaticList() = default;
  template <size_t N>
  constexpr StaticList(const T (&items)[N]) : items_(items), size_(N) {}  // NOLINT: implicit on purpose
  constexpr size_t size() const { return size_; }
  constexpr bool empty() const { return size_ == 0; }
  constexpr const T& operator[](size_t i) const { return items_[i]; }
  constexpr const T* begin() const { return items_; }
  constexpr const T* end() const { return items_ + size_; }

 private:
  const T* items_ = nullptr;
  size_t size_ = 0;
};

struct OpSchema {
  const char* domain;
  const char* op_type;
  int since_version;
  TypeSet types;                  // element types of the data input (and the output; ArgMax/ArgMin: int64)
  StaticList<InputSpec> inputs;  // positional
  StaticList<AttrSpec> attributes;
  AxesFrom axes_from = AxesFrom::kNone;
  kernels::ReduceOp reduce_op = kernels::ReduceOp::kProd;  // for the reduce family
  kernels::ScanOp scan_op = kernels::ScanOp::kProd;        // for scans
  RunFn run = nullptr;
  ShapeFn shape = nullptr;
  CheckFn check = nullptr;  // run at the end of Node validation when set
};

// "" and "ai.onnx" both name the default domain; returns the canonical name.
std::string canonical_domain(const std::string& domain);

// The version of (domain, op_type) in force at `opset`: the row with the largest
// since_version <= opset. Throws UnsupportedError naming the op, domain and opset when the
// op, the domain or that opset is not supported.
const OpSchema& resolve_op(const std::string& domain, const std::string& op_type, int64_t opset);

// Every row, grouped by op, since-versions ascending (a constant table: no start-up code).
StaticList<OpSchema> all_ops();

}  // namespace orw
