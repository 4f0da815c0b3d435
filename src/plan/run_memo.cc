#include "plan/run_memo.h"

namespace orw {
namespace {

// A valued input larger than this is not memoized (axes lists are tiny).
constexpr int64_t kMaxValued = 64;
// Outputs up to this size are kept for reuse.
constexpr size_t kMaxKeptBytes = size_t{1} << 20;

// Calls emit(word) for each word of the key of `inputs`; stops early when emit returns false.
// Returns false if it stopped, or if a valued input cannot be keyed.
template <class Emit>
bool walk(const std::vector<const Tensor*>& inputs, size_t first_valued, Emit&& emit) {
  if (!emit(static_cast<int64_t>(inputs.size()))) return false;
  for (size_t i = 0; i < inputs.size(); ++i) {
    const Tensor* t = inputs[i];
    if (!t) {
      if (!emit(-1)) return false;
      continue;
    }
    if (!emit(static_cast<int64_t>(t->type())) || !emit(t->rank())) return false;
    for (int64_t d : t->dims()) {
      if (!emit(d)) return false;
    }
    if (i < first_valued) continue;
    if (t->size() > kMaxValued) return false;
    if (t->type() == DataType::kInt64) {
      for (int64_t k = 0; k < t->size(); ++k) {
        if (!emit(t->data<int64_t>()[k])) return false;
      }
    } else if (t->type() == DataType::kInt32) {
      for (int64_t k = 0; k < t->size(); ++k) {
        if (!emit(t->data<int32_t>()[k])) return false;
      }
    } else {
      return false;
    }
  }
  return true;
}

}  // namespace

bool RunKey::matches(const std::vector<const Tensor*>& inputs, size_t first_valued) const {
  if (words_.empty()) return false;
  size_t k = 0;
  const bool same = walk(inputs, first_valued, [&](int64_t w) { return k < words_.size() && words_[k++] == w; });
  return same && k == words_.size();
}

bool RunMemo::stale(RunKey& key, const std::vector<const Tensor*>& inputs, size_t first_valued) {
  if (key.matches(inputs, first_valued)) return false;
  key.clear();
  ++plans_;
  return true;
}

void RunKey::assign(const std::vector<const Tensor*>& inputs, size_t first_valued) {
  words_.clear();
  if (!walk(inputs, first_valued, [&](int64_t w) { words_.push_back(w); return true; })) words_.clear();
}

namespace {

bool overlap(const Tensor& a, const Tensor& b) {
  const auto* a0 = static_cast<const char*>(a.raw());
  const auto* b0 = static_cast<const char*>(b.raw());
  return a.byte_size() && b.byte_size() && a0 < b0 + b.byte_size() && b0 < a0 + a.byte_size();
}

}  // namespace

PlacedOutputs::PlacedOutputs(const Tensor* outputs, size_t count, const std::vector<const Tensor*>& inputs)
    : outputs_(outputs), count_(count < kMaxPlaced ? count : kMaxPlaced) {
  for (size_t i = 0; i < count_; ++i) {
    bool clash = false;
    for (const Tensor* in : inputs) clash = clash || (in && overlap(*in, outputs[i]));
    for (size_t j = 0; j < count; ++j) clash = clash || (j != i && overlap(outputs[j], outputs[i]));
    if (clash) dropped_ |= uint64_t{1} << i;
  }
}

Tensor PlacedOutputs::output(size_t i, DataType type, const Shape& dims, ReusedOutput* reuse) const {
  if (i < count_ && !(dropped_ >> i & 1)) {
    const Tensor& p = outputs_[i];
    if (p.raw() && p.type() == type && p.dims() == dims) return p;
  }
  return reuse ? reuse->take(type, dims) : Tensor::uninitialized(type, dims);
}

Tensor ReusedOutput::take(DataType type, const Shape& dims) {
  if (kept_.sole_owner() && kept_.type() == type && kept_.dims() == dims) return kept_;
  Tensor t = Tensor::uninitialized(type, dims);
  kept_ = t.byte_size() <= kMaxKeptBytes ? t : Tensor();
  return t;
}

}  // namespace orw
