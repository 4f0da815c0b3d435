// The shape functions of the ops the package infers but does not run (ShapeFn signature, as
// registry/families.h), by ONNX's categories; registry/inferred_rules.cc maps each ShapeRule to
// one. The rules many ops share are in inferred/rules.h. A run row added for one of these ops
// later names the same function.
#pragma once

#include "inferred/rules.h"

namespace orw {

// math_shape.cc
void infer_matmul_shape(ShapesContext& ctx, const Node& node);
void infer_matmul_integer_shape(ShapesContext& ctx, const Node& node);
void infer_gemm_shape(ShapesContext& ctx, const Node& node);
void infer_einsum_shape(ShapesContext& ctx, const Node& node);

// nn_shape.cc
void infer_conv_shape(ShapesContext& ctx, const Node& node);
void infer_conv_integer_shape(ShapesContext& ctx, const Node& node);
void infer_conv_transpose_shape(ShapesContext& ctx, const Node& node);
void infer_pool_shape(ShapesContext& ctx, const Node& node);
void infer_global_pool_shape(ShapesContext& ctx, const Node& node);
void infer_batch_normalization_shape(ShapesContext& ctx, const Node& node);
void infer_layer_normalization_shape(ShapesContext& ctx, const Node& node);
void infer_dropout_shape(ShapesContext& ctx, const Node& node);

// tensor_shape.cc
void infer_flatten_shape(ShapesContext& ctx, const Node& node);
void infer_reshape_shape(ShapesContext& ctx, const Node& node);
void infer_transpose_shape(ShapesContext& ctx, const Node& node);
void infer_squeeze_shape(ShapesContext& ctx, const Node& node);
void infer_unsqueeze_shape(ShapesContext& ctx, const Node& node);
void infer_concat_shape(ShapesContext& ctx, const Node& node);
void infer_split_shape(ShapesContext& ctx, const Node& node);
void infer_shape_shape(ShapesContext& ctx, const Node& node);
void infer_size_shape(ShapesContext& ctx, const Node& node);
void infer_expand_shape(ShapesContext& ctx, const Node& node);
void infer_tile_shape(ShapesContext& ctx, const Node& node);
void infer_pad_shape(ShapesContext& ctx, const Node& node);
void infer_depth_to_space_shape(ShapesContext& ctx, const Node& node);
void infer_space_to_depth_shape(ShapesContext& ctx, const Node& node);
void infer_eye_like_shape(ShapesContext& ctx, const Node& node);

// tensor_index_shape.cc
void infer_slice_shape(ShapesContext& ctx, const Node& node);
void infer_gather_shape(ShapesContext& ctx, const Node& node);
void infer_gather_elements_shape(ShapesContext& ctx, const Node& node);
void infer_gather_nd_shape(ShapesContext& ctx, const Node& node);
void infer_non_zero_shape(ShapesContext& ctx, const Node& node);
void infer_one_hot_shape(ShapesContext& ctx, const Node& node);
void infer_resize_shape(ShapesContext& ctx, const Node& node);

// generator_shape.cc (and quantization, object detection)
void infer_range_shape(ShapesContext& ctx, const Node& node);
void infer_constant_of_shape_shape(ShapesContext& ctx, const Node& node);
void infer_quantize_linear_shape(ShapesContext& ctx, const Node& node);
void infer_dequantize_linear_shape(ShapesContext& ctx, const Node& node);
void infer_dynamic_quantize_linear_shape(ShapesContext& ctx, const Node& node);
void infer_non_max_suppression_shape(ShapesContext& ctx, const Node& node);
void infer_random_shape(ShapesContext& ctx, const Node& node);
void infer_random_like_shape(ShapesContext& ctx, const Node& node);
void infer_multinomial_shape(ShapesContext& ctx, const Node& node);

// math_shape.cc
void infer_qlinear_matmul_shape(ShapesContext& ctx, const Node& node);
void infer_det_shape(ShapesContext& ctx, const Node& node);
void infer_loss_shape(ShapesContext& ctx, const Node& node);

// rnn_shape.cc
void infer_recurrent_shape(ShapesContext& ctx, const Node& node);

// signal_shape.cc
void infer_dft_shape(ShapesContext& ctx, const Node& node);
void infer_stft_shape(ShapesContext& ctx, const Node& node);
void infer_window_shape(ShapesContext& ctx, const Node& node);
void infer_mel_weight_matrix_shape(ShapesContext& ctx, const Node& node);

// nn_shape.cc, nn_region_shape.cc
void infer_qlinear_conv_shape(ShapesContext& ctx, const Node& node);
void infer_max_unpool_shape(ShapesContext& ctx, const Node& node);
void infer_roi_pool_shape(ShapesContext& ctx, const Node& node);
void infer_grid_sample_shape(ShapesContext& ctx, const Node& node);
void infer_col2im_shape(ShapesContext& ctx, const Node& node);

// text_shape.cc
void infer_compress_shape(ShapesContext& ctx, const Node& node);
void infer_unique_shape(ShapesContext& ctx, const Node& node);
void infer_upsample_shape(ShapesContext& ctx, const Node& node);
void infer_string_normalizer_shape(ShapesContext& ctx, const Node& node);
void infer_tf_idf_vectorizer_shape(ShapesContext& ctx, const Node& node);
void infer_string_split_shape(ShapesContext& ctx, const Node& node);

// newer_tensor_shape.cc
void infer_affine_grid_shape(ShapesContext& ctx, const Node& node);
void infer_center_crop_pad_shape(ShapesContext& ctx, const Node& node);
void infer_bit_cast_shape(ShapesContext& ctx, const Node& node);
// attention_shape.cc
void infer_attention_shape(ShapesContext& ctx, const Node& node);
// image_shape.cc
void infer_image_decoder_shape(ShapesContext& ctx, const Node& node);
// training_shape.cc (ai.onnx.preview.training)
void infer_one_state_optimizer_shape(ShapesContext& ctx, const Node& node);
void infer_two_state_optimizer_shape(ShapesContext& ctx, const Node& node);
void infer_gradient_shape(ShapesContext& ctx, const Node& node);
// sequence_shape.cc (sequences and optionals)
void infer_sequence_empty_shape(ShapesContext& ctx, const Node& node);
void infer_sequence_construct_shape(ShapesContext& ctx, const Node& node);
void infer_sequence_insert_shape(ShapesContext& ctx, const Node& node);
void infer_sequence_at_shape(ShapesContext& ctx, const Node& node);
void infer_sequence_erase_shape(ShapesContext& ctx, const Node& node);
void infer_sequence_length_shape(ShapesContext& ctx, const Node& node);
void infer_split_to_sequence_shape(ShapesContext& ctx, const Node& node);
void infer_concat_from_sequence_shape(ShapesContext& ctx, const Node& node);
void infer_optional_shape(ShapesContext& ctx, const Node& node);
void infer_optional_has_element_shape(ShapesContext& ctx, const Node& node);
void infer_optional_get_element_shape(ShapesContext& ctx, const Node& node);
// rules.cc: If, Loop, Scan alone (their subgraphs are not in a Node): an UnsupportedError
// saying whole-model inference infers them (runtime/subgraph_shapes.h)
void infer_subgraphs_shape(ShapesContext& ctx, const Node& node);

}  // namespace orw
