// ImageDecoder: a uint8 image of unknown height, width and channels from encoded bytes.
#include "core/errors.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {

void infer_image_decoder_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& x = data_input(ctx, node);
  if (x.has_rank() && x.rank() != 1) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << x << " must have rank 1 (the encoded bytes)");
  }
  set_output(ctx, node, 0, TensorInfo::of(DataType::kUint8, {Dim(), Dim(), Dim()}));
}

}  // namespace orw
