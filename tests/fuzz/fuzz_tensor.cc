// libFuzzer harness (c): TensorProto bytes -> tensor_from_bytes. A decoded tensor's byte size
// must match its type and dims.
#include <cstdint>
#include <string>

#include "fuzz_common.h"
#include "onnx/tensor_proto.h"

using namespace orw;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  Tensor t;
  std::string name;
  if (!fuzz::accepted([&] { t = tensor_from_bytes(data, size, &name); })) return 0;
  if (t.byte_size() != static_cast<size_t>(t.size()) * element_size(t.type())) std::abort();
  if (t.size() > 0 && t.raw() == nullptr) std::abort();
  return 0;
}
