// Signal ops: DFT, STFT, the windows, MelWeightMatrix.
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {

// DFT: the input [..., 1 or 2]; the transformed axis becomes dft_length (onesided: half + 1),
// the last dim 2 (complex).
void infer_dft_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    if (x.rank() < 2) fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << x << " must have rank 2 or more");
    Dims dims = *x.shape;
    // Version 20 takes the axis as input 2 (default -2: the last axis is the complex one).
    int64_t given = node.int_attribute("axis", 1);
    if (node.since_version() >= 20) {
      const auto axis_input = input_values(ctx, node, 2);
      if (has_input(node, 2) && !axis_input) {
        out.shape = Dims(dims.size());  // the axis is not known
        return;
      }
      given = axis_input && axis_input->size() == 1 ? (*axis_input)[0] : -2;
      if (given < 0) given += x.rank();
    }
    const size_t axis = static_cast<size_t>(normalize_axis(node, given, x.rank() - 1, "the axis"));
    if (has_input(node, 1)) {
      const auto length = input_values(ctx, node, 1);
      dims[axis] = length && length->size() == 1 ? Dim::of((*length)[0]) : Dim();
    }
    if (node.int_attribute("onesided", 0) != 0) {
      dims[axis] = dims[axis].is_value() ? Dim::of(dims[axis].value() / 2 + 1) : Dim();
    }
    dims.back() = Dim::of(2);
    out.shape = dims;
  });
}

// STFT: [batch, frames, bins, 2] with frames = (length - frame_length) / frame_step + 1.
void infer_stft_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& signal = input_info(ctx, node, 0);
  check_type(node, signal, 0, node.schema().types);
  Dim batch, frames, bins;
  const auto step = input_values(ctx, node, 1);
  std::optional<int64_t> frame_length;
  if (const auto given = input_values(ctx, node, 3); given && given->size() == 1) frame_length = (*given)[0];
  if (const TensorInfo* window = optional_info(ctx, node, 2); !frame_length && window && window->has_rank() &&
                                                              window->rank() == 1 && (*window->shape)[0].is_value()) {
    frame_length = (*window->shape)[0].value();
  }
  if (signal.has_rank() && signal.rank() >= 2) {
    batch = (*signal.shape)[0];
    const Dim& length = (*signal.shape)[1];
    if (length.is_value() && frame_length && step && step->size() == 1 && (*step)[0] > 0) {
      frames = wide_dim((__int128{length.value()} - *frame_length) / (*step)[0] + 1);
    }
  }
  if (frame_length) bins = wide_dim(node.int_attribute("onesided", 1) != 0 ? *frame_length / 2 + 1 : *frame_length);
  set_output(ctx, node, 0, TensorInfo::of(signal.type, {batch, frames, bins, Dim::of(2)}));
}

// HannWindow, HammingWindow, BlackmanWindow: 1-D of 'size' elements, 'output_datatype'.
void infer_window_shape(ShapesContext& ctx, const Node& node) {
  const auto size = input_values(ctx, node, 0);
  const auto type = static_cast<DataType>(node.int_attribute("output_datatype", 1));
  set_output(ctx, node, 0, TensorInfo::of(type, {size && size->size() == 1 ? Dim::of((*size)[0]) : Dim()}));
}

// MelWeightMatrix: [dft_length / 2 + 1, num_mel_bins], 'output_datatype'.
void infer_mel_weight_matrix_shape(ShapesContext& ctx, const Node& node) {
  const auto bins = input_values(ctx, node, 0), length = input_values(ctx, node, 1);
  const auto type = static_cast<DataType>(node.int_attribute("output_datatype", 1));
  set_output(ctx, node, 0, TensorInfo::of(type, {length && length->size() == 1 ? Dim::of((*length)[0] / 2 + 1) : Dim(),
                                                 bins && bins->size() == 1 ? Dim::of((*bins)[0]) : Dim()}));
}

}  // namespace orw
