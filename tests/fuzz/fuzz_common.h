// Shared by the libFuzzer harnesses: what counts as a clean rejection, and how inputs are
// derived from a few bytes.
#pragma once
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>
#include <vector>

#include "core/errors.h"
#include "core/tensor.h"
#include "runtime/run_node.h"

namespace orw::fuzz {

// A rejection must carry a message users can read: not empty, no raw control bytes (names
// from the bytes are escaped), not unbounded. Anything else aborts (a finding).
inline void check_message(const char* what) {
  const size_t n = std::strlen(what);
  bool ok = n > 0 && n < 4096;
  for (size_t i = 0; ok && i < n; ++i) ok = static_cast<unsigned char>(what[i]) >= 0x20;
  if (!ok) {
    std::fprintf(stderr, "bad error message (%zu bytes): '%s'\n", n, what);
    std::abort();
  }
}

// Runs f; the library's documented rejections (std::invalid_argument and its subclasses,
// std::out_of_range for a missing value in shape inference) are fine when their message is;
// anything else (bad_alloc, logic_error, ...) propagates and libFuzzer reports it.
template <class F>
bool accepted(F&& f) {
  try {
    f();
    return true;
  } catch (const std::invalid_argument& e) {
    check_message(e.what());
  } catch (const std::out_of_range& e) {
    check_message(e.what());
  }
  return false;
}

// xorshift64: deterministic bytes for tensor contents.
struct Bits {
  uint64_t state;
  explicit Bits(uint64_t seed) : state(seed * 0x9E3779B97F4A7C15ull + 1) {}
  uint64_t next() {
    state ^= state << 13;
    state ^= state >> 7;
    state ^= state << 17;
    return state;
  }
  void fill(Tensor& t) {
    auto* p = static_cast<unsigned char*>(t.mutable_raw());
    for (size_t i = 0; i < t.byte_size(); ++i) p[i] = static_cast<unsigned char>(next());
  }
};

// Writes small integers in [lo, hi] (e.g. axes) into an int32/int64 tensor; other types are
// left as they are.
inline void fill_small_ints(Tensor& t, Bits& bits, int64_t lo, int64_t hi) {
  const uint64_t span = static_cast<uint64_t>(hi - lo + 1);
  for (int64_t i = 0; i < t.size(); ++i) {
    const int64_t v = lo + static_cast<int64_t>(bits.next() % span);
    if (t.type() == DataType::kInt64) t.mutable_data<int64_t>()[i] = v;
    if (t.type() == DataType::kInt32) t.mutable_data<int32_t>()[i] = static_cast<int32_t>(v);
  }
}

// Same type, dims and bytes; NaNs compare equal whatever their payload.
inline bool same_values(const Tensor& a, const Tensor& b) {
  if (a.type() != b.type() || a.dims() != b.dims()) return false;
  if (std::memcmp(a.raw(), b.raw(), a.byte_size()) == 0) return true;
  for (int64_t i = 0; i < a.size(); ++i) {
    if (a.type() == DataType::kFloat) {
      const float x = a.data<float>()[i], y = b.data<float>()[i];
      if (std::memcmp(&x, &y, 4) != 0 && !(x != x && y != y)) return false;
    } else if (a.type() == DataType::kDouble) {
      const double x = a.data<double>()[i], y = b.data<double>()[i];
      if (std::memcmp(&x, &y, 8) != 0 && !(x != x && y != y)) return false;
    } else {
      return false;
    }
  }
  return true;
}

// The same outputs, one by one (same_values).
inline bool same_outputs(const std::vector<Tensor>& a, const std::vector<Tensor>& b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (!same_values(a[i], b[i])) return false;
  }
  return true;
}

// Feeds input 0 of `s` in pieces from x (as the JS layer does); returns the outputs.
inline std::vector<Tensor> stream_all(StreamedRun& s, const Tensor& x) {
  const auto* src = static_cast<const char*>(x.raw());
  const size_t es = s.element_size();
  Tensor assembled = Tensor::uninitialized(x.type(), x.dims());
  std::vector<char> in, out;
  for (StreamedRun::Piece p; (p = s.next()).count != 0;) {
    in.assign(src + p.offset * es, src + (p.offset + p.count) * es);
    out.assign(p.count * es, 0);
    s.feed(in.data(), out.data());
    if (s.output_in_pieces()) std::memcpy(static_cast<char*>(assembled.mutable_raw()) + p.offset * es, out.data(), out.size());
  }
  std::vector<Tensor> result = s.finish();
  return s.output_in_pieces() ? std::vector<Tensor>{assembled} : result;
}

}  // namespace orw::fuzz
