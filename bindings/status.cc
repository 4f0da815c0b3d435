#include "status.h"

#include <emscripten/bind.h>

#include <malloc.h>

#include <exception>
#include <new>
#include <stdexcept>

#include "core/errors.h"

namespace orw::bindings {

GlueState& glue() {
  static GlueState s;
  return s;
}

void record_current_exception() {
  GlueState& s = glue();
  try {
    throw;
  } catch (const TypeError& e) {
    s.error_kind = kTypeError, s.error = e.what();
  } catch (const ParseError& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (const UnsupportedError& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (const std::invalid_argument& e) {
    s.error_kind = kRangeError, s.error = e.what();
  } catch (const std::out_of_range& e) {
    s.error_kind = kRangeError, s.error = e.what();
  } catch (const std::bad_alloc&) {
    s.error_kind = kRangeError, s.error = "out of memory";
  } catch (const std::exception& e) {
    s.error_kind = kError, s.error = e.what();
  } catch (...) {
    s.error_kind = kError, s.error = "unknown error";
  }
}

void read_inputs(uintptr_t desc_ptr, int n, std::vector<Tensor>& tensors, std::vector<const Tensor*>& ptrs) {
  const double* d = reinterpret_cast<const double*>(desc_ptr);
  tensors.assign(static_cast<size_t>(n), Tensor());
  ptrs.assign(static_cast<size_t>(n), nullptr);
  for (int i = 0; i < n; ++i) {
    const bool present = *d++ != 0;
    const auto type = static_cast<DataType>(static_cast<int32_t>(*d++));
    const auto rank = static_cast<size_t>(*d++);
    const auto data = static_cast<uintptr_t>(*d++);
    Shape dims(d, d + rank);
    d += rank;
    if (!present) continue;
    tensors[i] = Tensor::view(type, std::move(dims), reinterpret_cast<const void*>(data));
    ptrs[i] = &tensors[i];
  }
}

namespace {

int output_count() { return static_cast<int>(glue().outputs.size()); }
int output_type(int i) { return static_cast<int>(glue().outputs.at(i).type()); }
int output_rank(int i) { return static_cast<int>(glue().outputs.at(i).rank()); }
double output_dim(int i, int d) { return static_cast<double>(glue().outputs.at(i).dims().at(d)); }
uintptr_t output_data(int i) { return reinterpret_cast<uintptr_t>(glue().outputs.at(i).raw()); }
size_t output_byte_size(int i) { return glue().outputs.at(i).byte_size(); }
void release_outputs() { glue().outputs.clear(); }
uintptr_t last_bytes_ptr() { return reinterpret_cast<uintptr_t>(glue().bytes.data()); }
size_t last_bytes_length() { return glue().bytes.size(); }
std::string last_error() { return glue().error; }
int last_error_kind() { return glue().error_kind; }
// Bytes of wasm heap in use by live allocations (for leak checks and monitoring).
double heap_used() { return static_cast<double>(mallinfo().uordblks); }

}  // namespace
}  // namespace orw::bindings

EMSCRIPTEN_BINDINGS(orw_status) {
  using namespace orw::bindings;
  using emscripten::function;
  function("outputCount", &output_count);
  function("outputType", &output_type);
  function("outputRank", &output_rank);
  function("outputDim", &output_dim);
  function("outputData", &output_data);
  function("outputByteSize", &output_byte_size);
  function("releaseOutputs", &release_outputs);
  function("lastBytesPtr", &last_bytes_ptr);
  function("lastBytesLength", &last_bytes_length);
  function("lastError", &last_error);
  function("lastErrorKind", &last_error_kind);
  function("heapUsed", &heap_used);
}
