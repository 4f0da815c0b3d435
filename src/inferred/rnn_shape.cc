// LSTM, GRU, RNN: Y [seq, directions, batch, hidden] (layout 1: [batch, seq, directions,
// hidden]), Y_h and Y_c [directions, batch, hidden] (layout 1: [batch, directions, hidden]).
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {

void infer_recurrent_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  const std::string direction = string_attribute(node, "direction", "forward");
  const Dim directions = Dim::of(direction == "bidirectional" ? 2 : 1);
  const Attribute* hidden_attr = node.find_attribute("hidden_size");
  Dim hidden = hidden_attr ? Dim::of(hidden_attr->i) : Dim();
  if (!hidden_attr) {
    // The recurrence weights R are [directions, gates * hidden, hidden].
    const TensorInfo& r = input_info(ctx, node, 2);
    if (r.has_rank() && r.rank() == 3) hidden = (*r.shape)[2];
  }
  const bool batch_first = node.int_attribute("layout", 0) != 0;
  Dim seq, batch;
  if (x.has_rank()) {
    if (x.rank() != 3) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << x << " must have rank 3");
    }
    seq = (*x.shape)[batch_first ? 1 : 0];
    batch = (*x.shape)[batch_first ? 0 : 1];
  }
  const bool known = x.has_rank();
  const auto info = [&](Dims dims) { return known ? TensorInfo::of(x.type, std::move(dims)) : TensorInfo::of_unknown_rank(x.type); };
  set_output(ctx, node, 0, info(batch_first ? Dims{batch, seq, directions, hidden} : Dims{seq, directions, batch, hidden}));
  const TensorInfo state = info(batch_first ? Dims{batch, directions, hidden} : Dims{directions, batch, hidden});
  set_output(ctx, node, 1, state);
  set_output(ctx, node, 2, state);
}

}  // namespace orw
