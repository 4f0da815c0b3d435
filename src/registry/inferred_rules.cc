#include "registry/inferred_rules.h"

#include "core/errors.h"
#include "inferred/inferred.h"

namespace orw {
namespace {

[[noreturn]] std::vector<Tensor> run_inferred_only(const Node& node, const std::vector<const Tensor*>&,
                                                   RunMemo&, const PlacedOutputs&) {
  fail<UnsupportedError>(ErrorMessage() << node << ": the package infers the shapes of " << Printable{node.op_type()}
                                        << " but does not run it");
}

// Indexed by ShapeRule.
constexpr ShapeFn kRules[] = {
    nullptr,  // kNone: a run row's family
    infer_same_as_input_shape, infer_same_shape_bool_shape, infer_broadcast_shape, infer_broadcast_to_bool_shape,
    infer_where_shape,
    infer_matmul_shape, infer_matmul_integer_shape, infer_gemm_shape, infer_einsum_shape,
    infer_conv_shape, infer_conv_integer_shape, infer_conv_transpose_shape, infer_pool_shape, infer_global_pool_shape,
    infer_batch_normalization_shape, infer_layer_normalization_shape, infer_dropout_shape,
    infer_flatten_shape, infer_reshape_shape, infer_transpose_shape, infer_squeeze_shape, infer_unsqueeze_shape,
    infer_concat_shape, infer_split_shape, infer_slice_shape, infer_gather_shape, infer_gather_elements_shape,
    infer_gather_nd_shape, infer_shape_shape, infer_size_shape, infer_expand_shape, infer_tile_shape, infer_pad_shape,
    infer_depth_to_space_shape, infer_space_to_depth_shape, infer_non_zero_shape, infer_one_hot_shape,
    infer_resize_shape, infer_eye_like_shape,
    infer_range_shape, infer_constant_of_shape_shape,
    infer_quantize_linear_shape, infer_dequantize_linear_shape, infer_dynamic_quantize_linear_shape,
    infer_non_max_suppression_shape,
    infer_recurrent_shape, infer_dft_shape, infer_stft_shape, infer_window_shape, infer_mel_weight_matrix_shape,
    infer_qlinear_matmul_shape, infer_det_shape, infer_loss_shape, infer_random_shape, infer_random_like_shape,
    infer_multinomial_shape, infer_qlinear_conv_shape, infer_max_unpool_shape, infer_roi_pool_shape,
    infer_grid_sample_shape, infer_compress_shape, infer_unique_shape, infer_upsample_shape,
    infer_string_normalizer_shape, infer_tf_idf_vectorizer_shape, infer_col2im_shape,
    infer_affine_grid_shape, infer_center_crop_pad_shape, infer_bit_cast_shape, infer_attention_shape,
    infer_image_decoder_shape, infer_string_split_shape,
    infer_one_state_optimizer_shape, infer_two_state_optimizer_shape, infer_gradient_shape,
    infer_sequence_empty_shape, infer_sequence_construct_shape, infer_sequence_insert_shape, infer_sequence_at_shape,
    infer_sequence_erase_shape, infer_sequence_length_shape, infer_split_to_sequence_shape,
    infer_concat_from_sequence_shape, infer_optional_shape, infer_optional_has_element_shape,
    infer_optional_get_element_shape,
    infer_subgraphs_shape,
};
static_assert(sizeof kRules / sizeof kRules[0] == static_cast<size_t>(ShapeRule::kCount), "one function per ShapeRule");

// One entry per rule (a constant table).
struct Entries {
  OpEntry items[static_cast<size_t>(ShapeRule::kCount)];
  constexpr Entries() : items() {
    for (size_t i = 0; i < static_cast<size_t>(ShapeRule::kCount); ++i) items[i] = {run_inferred_only, kRules[i], nullptr};
  }
};
constexpr Entries kEntries;

}  // namespace

const OpEntry& inferred_entry(const OpSchema& schema) { return kEntries.items[static_cast<size_t>(schema.shape_rule)]; }

}  // namespace orw
