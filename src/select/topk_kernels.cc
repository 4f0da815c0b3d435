// TopK: each element type mapped to keys of its width (topk_microkernels.h), one row along
// the axis at a time. A row is gathered into a key buffer as it is keyed (contiguous when the
// axis is innermost, `inner` apart otherwise), so no transpose of the tensor is needed; the
// values are copied back from x by index, bit for bit.
#include <memory>
#include <type_traits>

#include "select/topk_kernels.h"

#include "arg/arg_kernels.h"
#include "core/buffer.h"
#include "core/half.h"
#include "select/topk_microkernels.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

template <class T, TopKKey<T> (*kKey)(T), class S>
void topk_rows(const AxisExtent& g, int64_t k, bool largest, TopKMethod method, const T* x, T* values,
               int64_t* indices) {
  using K = TopKKey<T>;
  const int64_t n = g.n, inner = g.inner;
  const K flip = largest ? K{0} : ~K{0};  // largest = 0: the order reversed, NaN now the smallest key
  const bool select =
      method == TopKMethod::kSelect || (method == TopKMethod::kAuto && k <= kTopKSelectLimit && k < n);
  // Uninitialized and made only when needed: zero-filling (and, at -Oz, destroying element by
  // element) a std::vector of a whole row cost more than selecting from it.
  ByteBuffer key_buffer;  // a row's keys: not needed when the row is filtered as it is
  K* keys = nullptr;
  const ByteBuffer entry_buffer = byte_buffer(static_cast<size_t>(select ? k : n) * sizeof(TopKEntry<K>));
  auto* entries = reinterpret_cast<TopKEntry<K>*>(entry_buffer.get());
  for (int64_t o = 0; o < g.outer; ++o) {
    for (int64_t c = 0; c < inner; ++c) {
      const T* row = x + o * n * inner + c;
      // Small K over a contiguous float row (the common case: logits) is filtered a vector at
      // a time; every other case keys the row first. (Only float: each further type's
      // instance costs ~0.5 KB gzipped. Written inline: as a helper function the choice cost
      // 1 KB gzipped more.)
      bool done = false;
      if constexpr (S::kLanes > 1 && std::is_same_v<T, float>) {
        if (inner == 1 && select) {
          select_contiguous<T, simd::Vec128<T>>(row, n, k, largest, entries);
          done = true;
        }
      }
      if (!done) {
        if (!keys) {
          key_buffer = byte_buffer(static_cast<size_t>(n) * sizeof(K));
          keys = reinterpret_cast<K*>(key_buffer.get());
        }
        for (int64_t i = 0; i < n; ++i) keys[i] = kKey(row[i * inner]) ^ flip;
        if (select) select_row<S>(keys, n, k, entries);
        else sort_row(keys, n, k, entries);
      }
      T* vo = values + o * k * inner + c;
      int64_t* io = indices + o * k * inner + c;
      for (int64_t j = 0; j < k; ++j) {
        io[j * inner] = entries[j].index;
        vo[j * inner] = row[entries[j].index * inner];
      }
    }
  }
}

template <class T, uint16_t kHalfMask = 0>
void typed(const AxisExtent& g, int64_t k, bool largest, const void* x, void* values, int64_t* indices, Variant v,
           TopKMethod m) {
  using K = TopKKey<T>;
  const T* in = static_cast<const T*>(x);
  T* out = static_cast<T*>(values);
  if (use_simd(v)) topk_rows<T, order_key<T, kHalfMask>, simd::Vec128<K>>(g, k, largest, m, in, out, indices);
  else topk_rows<T, order_key<T, kHalfMask>, simd::Scalar<K>>(g, k, largest, m, in, out, indices);
}

}  // namespace

TypeSet topk_types() { return arg_types(); }  // the same list: the keys reuse ArgMax's

void topk(DataType type, const AxisExtent& g, int64_t k, bool largest, const void* x, void* values,
          int64_t* indices, Variant v, TopKMethod m) {
  check_type(topk_types(), type, "kernels::topk");
  switch (type) {
    case DataType::kFloat16: return typed<int16_t, kFloat16ExponentBits>(g, k, largest, x, values, indices, v, m);
    case DataType::kBfloat16: return typed<int16_t, kBfloat16ExponentBits>(g, k, largest, x, values, indices, v, m);
    case DataType::kInt8: return typed<int8_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kUint8: return typed<uint8_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kInt16: return typed<int16_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kUint16: return typed<uint16_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kInt32: return typed<int32_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kUint32: return typed<uint32_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kInt64: return typed<int64_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kUint64: return typed<uint64_t>(g, k, largest, x, values, indices, v, m);
    case DataType::kFloat: return typed<float>(g, k, largest, x, values, indices, v, m);
    default: return typed<double>(g, k, largest, x, values, indices, v, m);
  }
}

}  // namespace orw::kernels
