// libFuzzer harness (b): ModelProto bytes -> Model::parse and Session -> infer_model_shapes ->
// run with generated inputs for every graph input (and the streamed run, which must agree).
#include <cstdint>
#include <map>
#include <optional>
#include <string>

#include "fuzz_common.h"
#include "runtime/session.h"
#include "runtime/model_shapes.h"

using namespace orw;

namespace {

// A feed for a graph input: its declared type (float when undeclared or without fixed-size
// storage), declared dims (unknown dims 2, each symbol one value in 1..3, an undeclared shape
// [2,3]); small integers for int tensors of rank <= 1 (axes). nullopt when larger than 4096
// elements.
std::optional<Tensor> feed_for(const ValueInfo& info, std::map<std::string, int64_t>& symbols, fuzz::Bits& bits) {
  DataType type = info.type;
  if (element_size(type) == 0) type = DataType::kFloat;
  Shape dims = {2, 3};
  if (info.has_shape) {
    dims.clear();
    int64_t count = 1;
    for (const DeclaredDim& d : info.dims) {
      int64_t v = 2;
      if (d.value >= 0) v = d.value;
      else if (!d.symbol.empty()) v = symbols.emplace(d.symbol, 1 + static_cast<int64_t>(symbols.size() % 3)).first->second;
      if (v > 4096 || (v > 0 && count > 4096 / v) || dims.size() >= 8) return std::nullopt;
      count *= v;
      dims.push_back(v);
    }
  }
  Tensor t(type, dims);
  bits.fill(t);
  if (t.rank() <= 1) fuzz::fill_small_ints(t, bits, -4, 3);
  return t;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  fuzz::accepted([&] { infer_model_shapes(data, size); });

  std::optional<Session> session;
  if (!fuzz::accepted([&] { session.emplace(Model::parse(data, size)); })) return 0;

  fuzz::Bits bits(size);
  std::map<std::string, int64_t> symbols;
  std::map<std::string, Tensor> feeds;
  for (const ValueInfo& in : session->model().inputs()) {
    std::optional<Tensor> t = feed_for(in, symbols, bits);
    if (!t) return 0;
    feeds[in.name] = *t;
  }
  std::map<std::string, Tensor> outputs;
  if (!fuzz::accepted([&] { outputs = session->run(feeds); })) return 0;
  if (outputs.size() != session->output_names().size()) std::abort();

  // The streamed run of a one-node model (when it applies) gives the same values.
  std::unique_ptr<StreamedRun> stream = session->start_stream(feeds);
  if (stream) {
    const std::vector<Tensor> streamed = fuzz::stream_all(*stream, feeds.at(session->input_names()[0]));
    std::vector<Tensor> run;
    for (const std::string& name : session->output_names()) run.push_back(outputs.at(name));
    if (!fuzz::same_outputs(streamed, run)) {
      std::fprintf(stderr, "streamed run differs from Session::run\n");
      std::abort();
    }
  }
  return 0;
}
