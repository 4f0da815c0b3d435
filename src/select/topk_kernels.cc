// TopK: each element type mapped to keys of its width (topk_microkernels.h), one row along
// the axis at a time; only the keying is per type. A row is gathered into a key buffer as it
// is keyed (contiguous when the axis is innermost, `inner` apart otherwise), so no transpose
// of the tensor is needed; the values are copied back from x by index, bit for bit.
#include <memory>
#include <vector>

#include "select/topk_kernels.h"

#include "arg/arg_kernels.h"
#include "core/half.h"
#include "select/topk_microkernels.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// The keys of one row: n elements `inner` apart, flipped by `flip` (all ones for largest = 0:
// the order reversed, a NaN then the smallest key). One per element type; the rest of the
// work below depends only on the key and element widths.
template <class T, TopKKey<T> (*kKey)(T)>
void key_row(const void* row, int64_t n, int64_t inner, TopKKey<T> flip, TopKKey<T>* keys) {
  const T* x = static_cast<const T*>(row);
  for (int64_t i = 0; i < n; ++i) keys[i] = kKey(x[i * inner]) ^ flip;
}
template <class K> using KeyRowFn = void (*)(const void*, int64_t, int64_t, K, K*);

// Every row: keyed, selected or sorted, then written out (values copied as bits U of the
// element's width).
template <class U, class K, class S>
void topk_rows(const TopKGeometry& g, int64_t k, bool largest, TopKMethod method, KeyRowFn<K> keys_of, const U* x,
               U* values, int64_t* indices) {
  const int64_t n = g.axis, inner = g.inner;
  const K flip = largest ? K{0} : ~K{0};
  const bool select =
      method == TopKMethod::kSelect || (method == TopKMethod::kAuto && k <= kTopKSelectLimit && k < n);
  std::vector<K> keys(static_cast<size_t>(n));
  std::vector<TopKEntry<K>> entries(static_cast<size_t>(select ? k : n));
  for (int64_t o = 0; o < g.outer; ++o) {
    for (int64_t c = 0; c < inner; ++c) {
      const U* row = x + o * n * inner + c;
      keys_of(row, n, inner, flip, keys.data());
      if (select) select_row<S>(keys.data(), n, k, entries.data());
      else sort_row(keys.data(), n, k, entries.data());
      U* vo = values + o * k * inner + c;
      int64_t* io = indices + o * k * inner + c;
      for (int64_t j = 0; j < k; ++j) {
        io[j * inner] = entries[j].index;
        vo[j * inner] = row[entries[j].index * inner];
      }
    }
  }
}

template <size_t kBytes> struct BitsOf;
template <> struct BitsOf<1> { using type = uint8_t; };
template <> struct BitsOf<2> { using type = uint16_t; };
template <> struct BitsOf<4> { using type = uint32_t; };
template <> struct BitsOf<8> { using type = uint64_t; };

template <class T, uint16_t kHalfMask = 0>
void typed(const TopKGeometry& g, int64_t k, bool largest, const void* x, void* values, int64_t* indices, Variant v,
           TopKMethod m) {
  using K = TopKKey<T>;
  using U = typename BitsOf<sizeof(T)>::type;
  const KeyRowFn<K> keys_of = key_row<T, order_key<T, kHalfMask>>;
  const U* in = static_cast<const U*>(x);
  U* out = static_cast<U*>(values);
  if (use_simd(v)) topk_rows<U, K, simd::Vec128<K>>(g, k, largest, m, keys_of, in, out, indices);
  else topk_rows<U, K, simd::Scalar<K>>(g, k, largest, m, keys_of, in, out, indices);
}

}  // namespace

TypeSet topk_types() { return arg_types(); }  // the same list: the keys reuse ArgMax's

void topk(DataType type, const TopKGeometry& g, int64_t k, bool largest, const void* x, void* values,
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
