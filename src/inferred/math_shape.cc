// MatMul (numpy matmul over symbolic dims), Gemm, Einsum.
#include <map>

#include "core/errors.h"
#include "elementwise/elementwise_shape.h"
#include "inferred/inferred.h"
#include "onnx/node_inputs.h"

namespace orw {
namespace {

// Two dims that must be equal (a contraction): a known pair that differs is an error.
void check_same_dim(const Node& node, const Dim& a, const Dim& b, const TensorInfo& ia, const TensorInfo& ib) {
  if (a.is_value() && b.is_value() && a.value() != b.value()) {
    fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << ia << " and " << InputLabel{node, 1}
                                    << ' ' << ib << " do not match for a matrix product (" << a << " vs " << b << ')');
  }
}

std::optional<Dims> matmul_dims(const Node& node, const TensorInfo& a, const TensorInfo& b) {
  if (!a.has_rank() || !b.has_rank()) return std::nullopt;
  if (a.rank() == 0 || b.rank() == 0) {
    fail<ValueError>(ErrorMessage() << node << ": the inputs of a matrix product must have rank 1 or more");
  }
  Dims sa = *a.shape, sb = *b.shape;
  const bool a_vector = sa.size() == 1, b_vector = sb.size() == 1;
  if (a_vector) sa.insert(sa.begin(), Dim::of(1));
  if (b_vector) sb.push_back(Dim::of(1));
  check_same_dim(node, sa.back(), sb[sb.size() - 2], a, b);
  const TensorInfo batch_a = TensorInfo::of(a.type, Dims(sa.begin(), sa.end() - 2));
  const TensorInfo batch_b = TensorInfo::of(b.type, Dims(sb.begin(), sb.end() - 2));
  Dims out = broadcast_dims(node, batch_a, batch_b);
  if (!a_vector) out.push_back(sa[sa.size() - 2]);
  if (!b_vector) out.push_back(sb.back());
  return out;
}

}  // namespace

void infer_matmul_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& a = input_info(ctx, node, 0);
  const TensorInfo& b = input_info(ctx, node, 1);
  check_type(node, a, 0, node.schema().types);
  check_type(node, b, 1, node.schema().types);
  set_output(ctx, node, 0, {a.type != DataType::kUndefined ? a.type : b.type, matmul_dims(node, a, b), std::nullopt});
}

void infer_matmul_integer_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& a = input_info(ctx, node, 0);
  check_type(node, a, 0, node.schema().types);
  set_output(ctx, node, 0, {DataType::kInt32, matmul_dims(node, a, input_info(ctx, node, 1)), std::nullopt});
}

void infer_gemm_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& a = input_info(ctx, node, 0);
  const TensorInfo& b = input_info(ctx, node, 1);
  check_type(node, a, 0, node.schema().types);
  TensorInfo out = TensorInfo::of_unknown_rank(a.type != DataType::kUndefined ? a.type : b.type);
  if (a.has_rank() && b.has_rank()) {
    if (a.rank() != 2 || b.rank() != 2) {
      fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << a << " and " << InputLabel{node, 1}
                                      << ' ' << b << " must both have rank 2");
    }
    const bool ta = node.int_attribute("transA", 0) != 0, tb = node.int_attribute("transB", 0) != 0;
    const Dims& sa = *a.shape;
    const Dims& sb = *b.shape;
    check_same_dim(node, sa[ta ? 0 : 1], sb[tb ? 1 : 0], a, b);
    out.shape = Dims{sa[ta ? 1 : 0], sb[tb ? 0 : 1]};
  }
  set_output(ctx, node, 0, std::move(out));
}

// Einsum: each input's letters (and "..." for the broadcast dims) name its dims; the output
// is "->"'s letters, or without "->" every letter used once, in alphabetical order, after the
// broadcast dims.
void infer_einsum_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& first = input_info(ctx, node, 0);
  check_type(node, first, 0, node.schema().types);
  std::string equation;
  for (char c : string_attribute(node, "equation", "")) {
    if (c != ' ') equation += c;
  }
  const size_t arrow = equation.find("->");
  const std::string lhs = equation.substr(0, arrow);
  std::vector<std::string> terms(1);
  for (char c : lhs) {
    if (c == ',') terms.emplace_back();
    else terms.back() += c;
  }
  if (terms.size() != node.inputs().size()) {
    fail<ValueError>(ErrorMessage() << node << ": equation '" << Printable{equation} << "' has " << terms.size()
                                    << " operands, the node " << node.inputs().size() << " inputs");
  }
  std::map<char, Dim> letters;
  std::map<char, int> uses;
  std::optional<Dims> ellipsis = Dims{};
  bool known = true;
  for (size_t t = 0; t < terms.size(); ++t) {
    const TensorInfo& in = input_info(ctx, node, t);
    std::string term = terms[t];
    const size_t dots = term.find("...");
    const size_t named = term.size() - (dots == std::string::npos ? 0 : 3);
    if (!in.has_rank()) {
      known = false;
      for (char c : term) if (c != '.') ++uses[c];
      continue;
    }
    if ((dots == std::string::npos && static_cast<size_t>(in.rank()) != named) || static_cast<size_t>(in.rank()) < named) {
      fail<ValueError>(ErrorMessage() << node << ": operand " << t << " '" << Printable{term} << "' does not fit "
                                      << InputLabel{node, t} << ' ' << in);
    }
    const size_t broadcast = static_cast<size_t>(in.rank()) - named;
    size_t d = 0;
    for (size_t k = 0; k < term.size(); ++k) {
      if (term[k] == '.') {
        const Dims part(in.shape->begin() + static_cast<std::ptrdiff_t>(d),
                        in.shape->begin() + static_cast<std::ptrdiff_t>(d + broadcast));
        if (ellipsis) ellipsis = broadcast_dims(node, TensorInfo::of(in.type, *ellipsis), TensorInfo::of(in.type, part), 0, t);
        d += broadcast;
        k += 2;
        continue;
      }
      const Dim& dim = (*in.shape)[d++];
      ++uses[term[k]];
      auto [it, inserted] = letters.emplace(term[k], dim);
      if (!inserted && (it->second.is(1) || it->second.is_unknown())) it->second = dim;  // a 1 broadcasts
    }
  }
  std::string out_letters;
  bool with_ellipsis = lhs.find("...") != std::string::npos;
  if (arrow != std::string::npos) {
    out_letters = equation.substr(arrow + 2);
    with_ellipsis = out_letters.find("...") != std::string::npos;
  } else {
    for (const auto& [c, n] : uses) {
      if (n == 1) out_letters += c;
    }
    if (with_ellipsis) out_letters = "..." + out_letters;
  }
  TensorInfo out = TensorInfo::of_unknown_rank(first.type);
  if (known) {
    Dims dims;
    for (size_t k = 0; k < out_letters.size(); ++k) {
      if (out_letters[k] == '.') {
        dims.insert(dims.end(), ellipsis->begin(), ellipsis->end());
        k += 2;
      } else if (letters.count(out_letters[k]) != 0) {
        dims.push_back(letters[out_letters[k]]);
      } else {
        fail<ValueError>(ErrorMessage() << node << ": output letter '" << out_letters[k] << "' is not in any operand");
      }
    }
    out.shape = dims;
  }
  set_output(ctx, node, 0, std::move(out));
}

}  // namespace orw

namespace orw {

// QLinearMatMul: the product of inputs 0 and 3, in y_zero_point's type.
void infer_qlinear_matmul_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& a = input_info(ctx, node, 0);
  check_type(node, a, 0, node.schema().types);
  set_output(ctx, node, 0, {input_info(ctx, node, 7).type, matmul_dims(node, a, input_info(ctx, node, 3)), std::nullopt});
}

// Det: the input's dims but the last two.
void infer_det_shape(ShapesContext& ctx, const Node& node) {
  infer_from_input(ctx, node, [&](const TensorInfo& x, TensorInfo& out) {
    if (x.rank() < 2) fail<ValueError>(ErrorMessage() << node << ": " << InputLabel{node, 0} << ' ' << x << " must have rank 2 or more");
    out.shape = Dims(x.shape->begin(), x.shape->end() - 2);
  });
}

// NegativeLogLikelihoodLoss, SoftmaxCrossEntropyLoss: reduction 'none' gives the target's
// shape, 'mean' and 'sum' a scalar; SoftmaxCrossEntropyLoss's log_prob is as the scores.
void infer_loss_shape(ShapesContext& ctx, const Node& node) {
  const TensorInfo& scores = input_info(ctx, node, 0);
  check_type(node, scores, 0, node.schema().types);
  if (string_attribute(node, "reduction", "mean") == "none") {
    set_output(ctx, node, 0, {scores.type, input_info(ctx, node, 1).shape, std::nullopt});
  } else {
    set_output(ctx, node, 0, TensorInfo::of(scores.type, {}));
  }
  set_output(ctx, node, 1, {scores.type, scores.shape, std::nullopt});
}

}  // namespace orw
