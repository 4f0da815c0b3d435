// TopK: each element type mapped to keys of its width (topk_microkernels.h), one row along
// the axis at a time. A row is gathered into a key buffer as it is keyed (contiguous when the
// axis is innermost, `inner` apart otherwise), so no transpose of the tensor is needed; the
// values are copied back from x by index, bit for bit.
#include <memory>
#include <type_traits>

#include "topk/topk_kernels.h"

#include "arg/arg_kernels.h"
#include "core/buffer.h"
#include "core/half.h"
#include "topk/topk_microkernels.h"
#include "simd/simd.h"
#include "simd/storage.h"

namespace orw::kernels {
namespace {

using namespace detail;

// A row's keys, keys[i] = order_key(row[i * inner]) ^ flip: the only loop that depends on the
// element type (one small instance per type); everything else below depends on the key
// width alone, so the row walk is built twice, not once per type.
template <class T, uint16_t kHalfMask = 0>
ORW_KERNEL void row_keys(const void* row, int64_t n, int64_t inner, OrderKey<T> flip, OrderKey<T>* keys) {
  const T* r = static_cast<const T*>(row);
  for (int64_t i = 0; i < n; ++i) keys[i] = order_key<T, kHalfMask>(r[i * inner]) ^ flip;
}

template <class K>
using RowKeys = void (*)(const void* row, int64_t n, int64_t inner, K flip, K* keys);

// vo[j * inner] = row[best[j].index * inner] for j < k, elements of `Bits` (bit for bit).
template <class Bits, class K>
ORW_KERNEL void copy_values(const void* row, int64_t inner, const TopKEntry<K>* best, int64_t k, void* vo) {
  const Bits* r = static_cast<const Bits*>(row);
  Bits* out = static_cast<Bits*>(vo);
  for (int64_t j = 0; j < k; ++j) out[j * inner] = r[best[j].index * inner];
}

template <class K>
void copy_row_values(size_t element_bytes, const void* row, int64_t inner, const TopKEntry<K>* best, int64_t k,
                     void* vo) {
  switch (element_bytes) {
    case 1: return copy_values<uint8_t>(row, inner, best, k, vo);
    case 2: return copy_values<uint16_t>(row, inner, best, k, vo);
    case 4: return copy_values<uint32_t>(row, inner, best, k, vo);
    default: return copy_values<uint64_t>(row, inner, best, k, vo);
  }
}

// Every row of one tensor: keyed (row_keys) then selected, or, for a contiguous float row,
// filtered a vector at a time with no keys (`floats`). Small K keeps a sorted buffer
// (select_row), larger K a candidate buffer (select_candidates).
template <class K>
ORW_KERNEL void topk_rows(const AxisExtent& extent, int64_t k, bool largest, TopKMethod method, size_t element_bytes,
                          RowKeys<K> make_keys, bool floats, bool simd, const void* x, void* values,
                          int64_t* indices) {
  const int64_t n = extent.n, inner = extent.inner;
  const K flip = largest ? K{0} : ~K{0};  // largest = 0: the order reversed, NaN now the smallest key
  const bool sorted = method == TopKMethod::kSorted || (method == TopKMethod::kAuto && sorted_buffer_pays(n, k));
  // Uninitialized and made only when needed: zero-filling (and, at -Oz, destroying element by
  // element) a std::vector of a whole row cost more than selecting from it.
  ByteBuffer key_buffer;  // a row's keys: not needed when the row is filtered as it is
  K* keys = nullptr;
  const int64_t entry_count = sorted ? k : 2 * candidate_capacity(n, k);
  const ByteBuffer entry_buffer = byte_buffer(static_cast<size_t>(entry_count) * sizeof(TopKEntry<K>));
  auto* entries = reinterpret_cast<TopKEntry<K>*>(entry_buffer.get());
  const auto* in = static_cast<const char*>(x);
  auto* out = static_cast<char*>(values);
  for (int64_t o = 0; o < extent.outer; ++o) {
    for (int64_t c = 0; c < inner; ++c) {
      const char* row = in + static_cast<size_t>(o * n * inner + c) * element_bytes;
      // A contiguous float row (the common case: logits) is filtered a vector at a time;
      // every other case keys the row first. (Only float: each further type's instance costs
      // ~0.5 KB gzipped.)
      bool filtered = false;
      if constexpr (sizeof(K) == 4) {
        if (floats && simd && inner == 1) {
          const auto* xf = reinterpret_cast<const float*>(row);
          if (sorted) select_contiguous<float, simd::Vec128<float>>(xf, n, k, largest, entries);
          else select_contiguous_candidates<simd::Vec128<float>>(xf, n, k, largest, entries);
          filtered = true;
        }
      }
      if (!filtered) {
        if (!keys) {
          key_buffer = byte_buffer(static_cast<size_t>(n) * sizeof(K));
          keys = reinterpret_cast<K*>(key_buffer.get());
        }
        make_keys(row, n, inner, flip, keys);
        if (simd || !kWithScalarVariant) {
          if (sorted) select_row<simd::Vec128<K>>(keys, n, k, entries);
          else select_candidates<simd::Vec128<K>>(keys, n, k, entries);
        } else {
          if (sorted) select_row<simd::Scalar<K>>(keys, n, k, entries);
          else select_candidates<simd::Scalar<K>>(keys, n, k, entries);
        }
      }
      const int64_t first = o * k * inner + c;
      copy_row_values(element_bytes, row, inner, entries, k, out + static_cast<size_t>(first) * element_bytes);
      for (int64_t j = 0; j < k; ++j) indices[first + j * inner] = entries[j].index;
    }
  }
}

template <class T, uint16_t kHalfMask = 0>
void typed(const AxisExtent& extent, int64_t k, bool largest, const void* x, void* values, int64_t* indices, Variant v,
           TopKMethod m) {
  topk_rows<OrderKey<T>>(extent, k, largest, m, sizeof(T), row_keys<T, kHalfMask>, std::is_same_v<T, float>, use_simd(v),
                         x, values, indices);
}

}  // namespace

TypeSet topk_types() { return arg_types(); }  // the same list: the keys reuse ArgMax's

void topk(DataType type, const AxisExtent& extent, int64_t k, bool largest, const void* x, void* values,
          int64_t* indices, Variant v, TopKMethod m) {
  check_type(topk_types(), type, "kernels::topk");
  switch (type) {
    case DataType::kFloat16: return typed<int16_t, kFloat16ExponentBits>(extent, k, largest, x, values, indices, v, m);
    case DataType::kBfloat16:
      return typed<int16_t, kBfloat16ExponentBits>(extent, k, largest, x, values, indices, v, m);
    case DataType::kInt8: return typed<int8_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kUint8: return typed<uint8_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kInt16: return typed<int16_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kUint16: return typed<uint16_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kInt32: return typed<int32_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kUint32: return typed<uint32_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kInt64: return typed<int64_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kUint64: return typed<uint64_t>(extent, k, largest, x, values, indices, v, m);
    case DataType::kFloat: return typed<float>(extent, k, largest, x, values, indices, v, m);
    default: return typed<double>(extent, k, largest, x, values, indices, v, m);
  }
}

}  // namespace orw::kernels
