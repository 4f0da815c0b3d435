// Attention (opset 23+): Y, present_key, present_value and qk_matmul_output from the query,
// key, value and past shapes, 3-D (heads folded into the hidden size, 'q_num_heads' and
// 'kv_num_heads' attributes) or 4-D (batch, heads, sequence, head size).
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {
namespace {

// Input `index`'s dims when its rank is known: 3 or 4 (nullptr when omitted or unknown).
const Dims* attention_dims(const ShapesContext& ctx, const Node& node, size_t index) {
  const TensorInfo* info = optional_info(ctx, node, index);
  if (!info || !info->has_rank()) return nullptr;
  if (info->rank() != 3 && info->rank() != 4) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, index} << ' ' << *info << " must have rank 3 or 4");
  }
  return &*info->shape;
}

int64_t heads_attribute(const Node& node, const char* name) {
  if (!node.find_attribute(name)) {
    fail<ValueError>(ErrorMessage() << node << ": 3-D inputs need attribute '" << name << "'");
  }
  const int64_t heads = node.int_attribute(name, 0);
  if (heads <= 0) fail<ValueError>(ErrorMessage() << node << ": attribute '" << name << "' must be positive, got " << heads);
  return heads;
}

}  // namespace

void infer_attention_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& q_info = data_input(ctx, node);
  const Dims* q = attention_dims(ctx, node, 0);
  attention_dims(ctx, node, 1);
  const Dims* v = attention_dims(ctx, node, 2);
  TensorInfo y = TensorInfo::of_unknown_rank(q_info.type);
  TensorInfo qk = TensorInfo::of_unknown_rank(q_info.type);
  Dim kv_sequence;  // the new keys' and values' sequence length
  if (q && q->size() == 3) {
    const int64_t q_heads = heads_attribute(node, "q_num_heads"), kv_heads = heads_attribute(node, "kv_num_heads");
    if (v && v->size() == 3) {
      kv_sequence = (*v)[1];
      y.shape = Dims{(*q)[0], (*q)[1], dim_mul(dim_div_exact(node, (*v)[2], kv_heads, "value's hidden size"), Dim::of(q_heads))};
      qk.shape = Dims{(*q)[0], Dim::of(q_heads), (*q)[1], kv_sequence};
    }
  } else if (q && v && v->size() == 4) {
    kv_sequence = (*v)[2];
    y.shape = Dims{(*q)[0], (*q)[1], (*q)[2], (*v)[3]};
    qk.shape = Dims{(*q)[0], (*q)[1], (*q)[2], kv_sequence};
  }
  // The present key and value: the past ones with the new sequence appended.
  const TensorInfo* past_key = optional_info(ctx, node, 4);
  const TensorInfo* past_value = optional_info(ctx, node, 5);
  for (size_t i = 0; i < 2; ++i) {
    const TensorInfo* past = i == 0 ? past_key : past_value;
    if (!past) continue;
    TensorInfo present = TensorInfo::of_unknown_rank(past->type);
    if (past->has_rank()) {
      if (past->rank() != 4) {
        fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 4 + i} << ' ' << *past << " must have rank 4");
      }
      present.shape = *past->shape;
      (*present.shape)[2] = dim_add((*past->shape)[2], kv_sequence);
      if (qk.shape && i == 0) (*qk.shape)[3] = (*present.shape)[2];
    }
    set_output(ctx, node, 1 + i, std::move(present));
  }
  set_output(ctx, node, 0, std::move(y));
  set_output(ctx, node, 3, std::move(qk));
}

}  // namespace orw
