// libFuzzer harness (a): NodeProto bytes + control bytes -> Node::parse -> shape inference of
// inputs derived from the control bytes -> run_node on them (and the streamed run, which must
// agree). Layout: the NodeProto bytes, then 8 control bytes at the end; the last is the opset.
#include <fuzzer/FuzzedDataProvider.h>

#include <cstdint>
#include <optional>
#include <set>
#include <vector>

#include "fuzz_common.h"
#include "onnx/node.h"
#include "runtime/run_node.h"
#include "registry/compute_shape.h"
#include "shape/context.h"

using namespace orw;

namespace {

constexpr DataType kTypes[] = {DataType::kFloat,  DataType::kDouble, DataType::kFloat16, DataType::kBfloat16,
                               DataType::kInt32,  DataType::kInt64,  DataType::kUint32,  DataType::kUint64,
                               DataType::kInt8,   DataType::kUint8,  DataType::kInt16,   DataType::kUint16,
                               DataType::kBool};

struct Controls {
  uint8_t b[8];  // b[0] is the last byte of the input (the opset)
};

// Input i of the node: input 0 is the data (type, rank <= 4, dims <= 3 from the controls,
// random bits); later inputs are small int64/int32 tensors of rank 0 or 1 holding small
// integers (axes), or absent.
bool derive_input(const Controls& c, size_t i, fuzz::Bits& bits, Tensor& out) {
  if (i == 0) {
    const DataType type = kTypes[c.b[1] % (sizeof kTypes / sizeof kTypes[0])];
    Shape dims(c.b[2] % 5);
    for (size_t d = 0; d < dims.size(); ++d) dims[d] = (c.b[3] >> (2 * d)) & 3;
    out = Tensor(type, dims);
    bits.fill(out);
    return true;
  }
  const uint8_t k = static_cast<uint8_t>(c.b[4] >> (4 * (i - 1)));
  if (k & 8) return false;
  const DataType type = (k & 1) ? DataType::kInt32 : DataType::kInt64;
  const Shape dims = (k & 2) ? Shape{} : Shape{(c.b[5] >> (2 * (i - 1))) & 3};
  out = Tensor(type, dims);
  fuzz::fill_small_ints(out, bits, -5, 4);
  return true;
}

TensorInfo info_of(const Tensor& t) {
  Dims dims;
  for (int64_t d : t.dims()) dims.push_back(Dim::of(d));
  TensorInfo info = TensorInfo::of(t.type(), dims);
  if ((t.type() == DataType::kInt64 || t.type() == DataType::kInt32) && t.rank() <= 1) {
    Dims values;
    for (int64_t i = 0; i < t.size(); ++i) {
      values.push_back(Dim::of(t.type() == DataType::kInt64 ? t.data<int64_t>()[i] : t.data<int32_t>()[i]));
    }
    info.values = values;
  }
  return info;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  FuzzedDataProvider provider(data, size);
  Controls c;
  for (uint8_t& b : c.b) b = provider.ConsumeIntegral<uint8_t>();
  const std::vector<uint8_t> node_bytes = provider.ConsumeRemainingBytes<uint8_t>();
  const int64_t opset = c.b[0] % 28;

  std::optional<Node> parsed;
  if (!fuzz::accepted([&] { parsed = Node::parse(node_bytes.data(), node_bytes.size(), opset); })) return 0;
  const Node& node = *parsed;

  fuzz::Bits bits(c.b[6] | (c.b[7] << 8));
  std::vector<Tensor> tensors(node.inputs().size());
  std::vector<const Tensor*> inputs(node.inputs().size(), nullptr);
  ShapesContext ctx(opset);
  std::set<std::string> names;
  bool distinct = true;
  for (size_t i = 0; i < node.inputs().size(); ++i) {
    const std::string& name = node.inputs()[i];
    if (name.empty() || !derive_input(c, i, bits, tensors[i])) continue;
    inputs[i] = &tensors[i];
    distinct = names.insert(name).second && distinct;
    ctx.set(name, info_of(tensors[i]));
  }
  const bool inferred = fuzz::accepted([&] { infer_shapes(ctx, node); });

  std::vector<Tensor> outputs;
  if (!fuzz::accepted([&] { outputs = run_node(node, inputs); })) return 0;
  if (outputs.size() != 1) std::abort();

  // What shape inference said must be what the run gave.
  const TensorInfo* info = inferred && distinct ? ctx.find(node.outputs()[0]) : nullptr;
  if (info && info->shape) {
    bool same = info->shape->size() == outputs[0].dims().size() && info->type == outputs[0].type();
    for (size_t d = 0; same && d < info->shape->size(); ++d) {
      same = !(*info->shape)[d].is_value() || (*info->shape)[d].value() == outputs[0].dims()[d];
    }
    if (!same) {
      std::fprintf(stderr, "inferred %s, run gave %s%s\n", to_string(*info).c_str(), type_name(outputs[0].type()).c_str(),
                   shape_to_string(outputs[0].dims()).c_str());
      std::abort();
    }
  }

  // The streamed run (when it applies) gives the same values.
  std::unique_ptr<StreamedRun> stream = start_streamed_run(node, inputs);
  if (stream && !fuzz::same_outputs(fuzz::stream_all(*stream, *inputs[0]), outputs)) {
    std::fprintf(stderr, "streamed run differs from run_node\n");
    std::abort();
  }
  return 0;
}
