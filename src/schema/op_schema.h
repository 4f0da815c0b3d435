// What each supported operator version is: one row per (domain, op type, since-version) saying
// where axes come from, which element types, inputs and attributes that version has, which
// family runs it and with which of the family's ops. Opset rules live here as data, never as
// op-name compares in shared code. Which functions each family runs with is wired on top, in
// registry/families.h.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "core/dtype.h"
#include "core/attribute.h"
#include "schema/shape_rules.h"

namespace orw {

// The newest ai.onnx opset whose operator versions this registry knows. Newer opsets are
// rejected: an op may have changed in them.
constexpr int64_t kMaxOpset = 26;
constexpr const char* kOnnxDomain = "ai.onnx";
// The training ops' domain (Adagrad, Adam, Momentum, Gradient), inferred only; its one opset
// is 1.
constexpr const char* kPreviewTrainingDomain = "ai.onnx.preview.training";
constexpr int64_t kMaxPreviewTrainingOpset = 1;

enum class AxesFrom : uint8_t { kNone, kAttribute, kInput };

// The families of operators: each has its own folder (src/reduce, src/arg, ...) and one entry
// in registry/families.h.
// kInferred: ops the package infers but does not run (their row names a ShapeRule).
enum class Family : uint8_t { kReduce, kArg, kScan, kElementwise, kConstant, kNormalize, kTopK, kLayout, kInferred };

// The ops of each family, as its kernels know them.
enum class ReduceOp : uint8_t { kProd, kSum, kMean, kSumSquare, kL1, kL2, kLogSum, kLogSumExp, kMax, kMin };
// True for the Reduce ops that transform single elements before combining them (SumSquare:
// x^2, L1/L2: |x|, LogSum: log x): over no axes with noop_with_empty_axes they give that
// step's result; every other op gives the input as it is.
constexpr bool has_elementwise_step(ReduceOp op) {
  return op == ReduceOp::kSumSquare || op == ReduceOp::kL1 || op == ReduceOp::kL2 || op == ReduceOp::kLogSum;
}
enum class ScanOp : uint8_t { kProd, kSum };
enum class ElementwiseOp : uint8_t { kAbs, kExp, kLog, kSqrt, kNeg, kReciprocal, kAdd, kSub, kMul, kDiv, kCast, kCastLike, kClip };
enum class NormalizeOp : uint8_t { kSoftmax, kLogSoftmax, kHardmax, kLpNorm };
// The ops that only move or view data (src/layout).
enum class LayoutOp : uint8_t { kReshape, kSqueeze, kUnsqueeze, kFlatten, kIdentity, kShape, kExpand };

// What an attribute's value must be, beyond its type (checked when a node is validated).
enum class AttrRule : uint8_t {
  kAny,
  kBoolean,      // an int that must be 0 or 1
  kElementType,  // required; an element type (TensorProto.DataType: a number, or a name in Cast 1) of the row's types
  kRoundMode,    // "up", "down" or "nearest"
  kNormOrder,    // LpNormalization's p: 1 or 2, the only orders ONNX defines
};

struct AttrSpec {
  const char* name;
  AttrType type;
  AttrRule rule = AttrRule::kAny;
};

struct InputSpec {
  const char* name;
  bool optional = false;
  bool variadic = false;  // the last input only: repeated one or more times (Concat, Sum, ...)
};

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
  uint8_t output_count = 1;       // the most outputs (255: any number); every one required unless min_outputs says
  uint8_t min_outputs = 0;        // 0: output_count (every output required); else the fewest (Dropout: 1 of 2)
  AxesFrom axes_from = AxesFrom::kNone;
  Family family = Family::kReduce;
  ReduceOp reduce_op = ReduceOp::kProd;  // Reduce ops; ArgMax/ArgMin: kMax or kMin
  ScanOp scan_op = ScanOp::kProd;
  ElementwiseOp elementwise_op = ElementwiseOp::kAbs;
  NormalizeOp normalize_op = NormalizeOp::kSoftmax;
  // Softmax-like versions 1 and 11: the input is coerced to 2-D at 'axis' (default 1) and each
  // row of that view normalized; otherwise along the one axis 'axis' (default -1).
  bool coerce_to_2d = false;
  LayoutOp layout_op = LayoutOp::kIdentity;
  ShapeRule shape_rule = ShapeRule::kNone;  // Family::kInferred: the shape function
  // The non-tensor values its inputs may be (kTakesSequences | kTakesOptionals); 0: tensors
  // only, which infer_shapes checks before the shape function runs.
  uint8_t containers = 0;
};

constexpr uint8_t kAnyOutputCount = 255;
constexpr uint8_t kTakesSequences = 1, kTakesOptionals = 2;

// `s` with inputs that may be sequences and/or optionals (`containers`: kTakesSequences, ...).
constexpr OpSchema taking(uint8_t containers, OpSchema s) {
  s.containers = containers;
  return s;
}

// "" and "ai.onnx" both name the default domain; returns the canonical name.
std::string canonical_domain(const std::string& domain);

// The newest opset of a (canonical) domain the registry knows: kMaxOpset for ai.onnx,
// kMaxPreviewTrainingOpset for ai.onnx.preview.training, 0 for any other.
int64_t max_opset(const std::string& domain);

// The version of (domain, op_type) in force at `opset`: the row with the largest
// since_version <= opset. Throws UnsupportedError naming the op, domain and opset when the
// op, the domain or that opset is not supported.
const OpSchema& resolve_op(const std::string& domain, const std::string& op_type, int64_t opset);

// The rows of the ops the package runs, grouped by op, since-versions ascending (a constant
// table: no start-up code).
StaticList<OpSchema> all_ops();

// Every table of rows: all_ops(), then the inferred-only ops' (schema/rows/), one per ONNX
// category, then newer_rows(); an op's rows ascend by since-version in this order.
StaticList<StaticList<OpSchema> (*)()> row_tables();

}  // namespace orw
