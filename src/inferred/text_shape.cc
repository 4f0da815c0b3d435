// Compress, Unique, Upsample, and the string ops StringNormalizer, TfIdfVectorizer and StringSplit.
#include <algorithm>
#include <cmath>

#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {

// Compress: 1-D of unknown length without 'axis'; with it, that dim unknown.
void infer_compress_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo out = TensorInfo::of(x.type, {Dim()});
  if (node.find_attribute("axis")) {
    out.shape.reset();
    if (x.has_rank()) {
      Dims dims = *x.shape;
      dims[static_cast<size_t>(normalize_axis(node, node.int_attribute("axis", 0), x.rank(), "attribute 'axis'"))] = Dim();
      out.shape = dims;
    }
  }
  set_output(ctx, node, 0, std::move(out));
}

// Unique: Y 1-D (or the input with the 'axis' dim unknown); indices, inverse_indices and counts
// int64 1-D.
void infer_unique_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo y = TensorInfo::of(x.type, {Dim()});
  Dim inverse;
  if (node.find_attribute("axis")) {
    y.shape.reset();
    if (x.has_rank()) {
      Dims dims = *x.shape;
      const size_t axis = static_cast<size_t>(normalize_axis(node, node.int_attribute("axis", 0), x.rank(), "attribute 'axis'"));
      inverse = dims[axis];
      dims[axis] = Dim();
      y.shape = dims;
    }
  } else if (x.has_rank()) {
    inverse = Dim::of(1);
    for (const Dim& d : *x.shape) inverse = dim_mul(inverse, d);
  }
  set_output(ctx, node, 0, std::move(y));
  set_output(ctx, node, 1, TensorInfo::of(DataType::kInt64, {Dim()}));
  set_output(ctx, node, 2, TensorInfo::of(DataType::kInt64, {inverse}));
  set_output(ctx, node, 3, TensorInfo::of(DataType::kInt64, {Dim()}));
}

// Upsample: the input's rank; dims from the 'scales' attribute (versions before 9).
void infer_upsample_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    out.shape = Dims(x.shape->size());
    std::optional<std::vector<double>> scales;  // 7: an attribute; 9: an input
    if (const Attribute* a = node.find_attribute("scales")) scales.emplace(a->floats.begin(), a->floats.end());
    if (const TensorInfo* s = node.since_version() >= 9 ? optional_info(ctx, node, 1) : nullptr) scales = s->real_values;
    if (!scales || scales->size() != x.shape->size()) return;
    for (size_t d = 0; d < scales->size(); ++d) {
      const Dim& in = (*x.shape)[d];
      const double s = (*scales)[d];
      if (s == 1.0) (*out.shape)[d] = in;
      else if (in.is_value() && s > 0 && s < 1e15) (*out.shape)[d] = wide_dim(static_cast<__int128>(std::floor(static_cast<double>(in.value()) * s)));
    }
  });
}

// StringNormalizer: strings of the input's shape, except that stopwords can empty [C] to [1]
// or shorten [1, C]: the last dim unknown.
void infer_string_normalizer_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  TensorInfo out = TensorInfo::of_unknown_rank(DataType::kString);
  if (x.has_rank() && x.rank() >= 1) {
    Dims dims = *x.shape;
    dims.back() = Dim();
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

// TfIdfVectorizer: float, the input's dims with the last one the n-gram count (the largest of
// 'ngram_indexes' plus one).
void infer_tf_idf_vectorizer_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = input_info(ctx, node, 0);
  TensorInfo out = TensorInfo::of_unknown_rank(DataType::kFloat);
  int64_t width = 0;
  for (int64_t i : ints_attribute(node, "ngram_indexes")) width = std::max(width, i + 1);
  if (x.has_rank() && (x.rank() == 1 || x.rank() == 2)) {
    out.shape = x.rank() == 1 ? Dims{Dim::of(width)} : Dims{(*x.shape)[0], Dim::of(width)};
  }
  set_output(ctx, node, 0, std::move(out));
}

// StringSplit: the substrings, string [input dims..., unknown], and their counts, int64 in the
// input's shape.
void infer_string_split_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  TensorInfo parts = TensorInfo::of_unknown_rank(DataType::kString);
  if (x.has_rank()) {
    parts.shape = *x.shape;
    parts.shape->push_back(Dim());
  }
  set_output(ctx, node, 0, std::move(parts));
  set_output(ctx, node, 1, {DataType::kInt64, x.shape, std::nullopt});
}

}  // namespace orw
