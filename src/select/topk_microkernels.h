// TopK microkernels. Every element becomes an unsigned key whose order is the element order
// (order_key; a NaN the largest key, -0 equal to +0), flipped for largest = 0, so one pair of
// kernels per key width (uint32, uint64) serves every type: select_row keeps a sorted buffer
// of the K best entries while reading the row once (small K), sort_row partially sorts every
// entry (large K). Entries order by key, larger first, then by index, lower first: ties keep
// the lower index first in either direction, NaNs included (all NaNs share one key).
#pragma once
#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>

#include "arg/arg_microkernels.h"  // widened_key (the order-preserving int32 keys of halves), lane_bits
#include "simd/simd.h"

namespace orw::kernels {

template <class T> using TopKKey = std::conditional_t<sizeof(T) == 8, uint64_t, uint32_t>;

// The key of x: larger element, larger key. Floats: the IEEE bits made monotonic (negatives
// inverted, positives above them), every NaN the all-ones key, -0 the key of +0. Halves (bits
// read as int16, kHalfMask their exponent mask) go through ArgMax's widened_key. Integers:
// signed ones with the sign bit flipped, unsigned ones as they are (exact for 64 bits).
template <class T, uint16_t kHalfMask = 0>
ORW_INLINE TopKKey<T> order_key(T x) {
  using K = TopKKey<T>;
  constexpr K kSign = K{1} << (sizeof(K) * 8 - 1);
  if constexpr (std::is_floating_point_v<T>) {
    if (x != x) return ~K{0};
    if (x == 0) return kSign;
    K u;
    std::memcpy(&u, &x, sizeof u);
    return (u & kSign) ? ~u : (u | kSign);
  } else if constexpr (kHalfMask != 0) {
    return static_cast<K>(widened_key<T, kHalfMask, INT32_MAX>(x)) ^ kSign;
  } else if constexpr (std::is_signed_v<T>) {
    return static_cast<K>(static_cast<std::make_signed_t<K>>(x)) ^ kSign;
  } else {
    return static_cast<K>(x);
  }
}

template <class K>
struct TopKEntry {
  K key;
  int64_t index;
};

// The output order: larger key first, then lower index.
template <class K>
ORW_INLINE bool comes_before(const TopKEntry<K>& a, const TopKEntry<K>& b) {
  return a.key > b.key || (a.key == b.key && a.index < b.index);
}

// Places (key, index) into best[0..last], which is sorted, shifting the entries it beats one
// down (best[last] is overwritten). The new index is larger than every one in the buffer, so
// it goes after equal keys.
template <class K>
ORW_INLINE void insert_entry(TopKEntry<K>* best, int64_t last, K key, int64_t index) {
  int64_t p = last;
  for (; p > 0 && best[p - 1].key < key; --p) best[p] = best[p - 1];
  best[p] = {key, index};
}

// Offers (key, index) to the full buffer best[0..k), whose last key is `threshold`; returns
// the threshold after it (an equal key has a larger index and loses).
template <class K>
ORW_INLINE K offer_entry(TopKEntry<K>* best, int64_t k, K threshold, K key, int64_t index) {
  if (key <= threshold) return threshold;
  insert_entry(best, k - 1, key, index);
  return best[k - 1].key;
}

// best[0..k) = the k first entries of keys[0..n) in output order (1 <= k <= n). Once the
// buffer is full, an element enters only with a key above the k-th one (an equal key has a
// larger index and loses), so the SIMD instance compares a vector of keys against that
// threshold and skips the vector when no lane beats it: on long rows almost every vector.
template <class S, class K = typename S::Lane>
ORW_KERNEL void select_row(const K* keys, int64_t n, int64_t k, TopKEntry<K>* best) {
  for (int64_t i = 0; i < k; ++i) insert_entry(best, i, keys[i], i);
  K threshold = best[k - 1].key;
  int64_t i = k;
  if constexpr (S::kLanes > 1) {
    constexpr auto kLanes = static_cast<int64_t>(S::kLanes);
    for (; i + kLanes <= n; i += kLanes) {
      if (lane_bits(simd::greater(S::load(keys + i), S::splat(threshold))) == 0) continue;
      for (int64_t j = i; j < i + kLanes; ++j) threshold = offer_entry(best, k, threshold, keys[j], j);
    }
  }
  for (; i < n; ++i) threshold = offer_entry(best, k, threshold, keys[i], i);
}

// select_row for a contiguous row of floats, S a vector of float: no key buffer. Four
// vectors per step go through a filter in float order that never misses an element whose key
// beats the threshold t's: with `largest`, x beats t unless x <= t (a NaN x always passes);
// without, only x < t can (a NaN x never does). Only the lanes that pass in a step that passes
// are keyed and offered, which settles the rare false hit (-0 against +0, anything against a
// NaN threshold with `largest`). Without `largest` the threshold is a NaN only while the
// buffer holds NaNs, which every number beats: those first elements go one by one.
template <class T, class S, class K = TopKKey<T>>
ORW_KERNEL void select_contiguous(const T* x, int64_t n, int64_t k, bool largest, TopKEntry<K>* best) {
  constexpr auto kStep = static_cast<int64_t>(4 * S::kLanes);
  const K flip = largest ? K{0} : ~K{0};
  for (int64_t i = 0; i < k; ++i) insert_entry(best, i, order_key<T>(x[i]) ^ flip, i);
  K threshold = best[k - 1].key;
  int64_t i = k;
  if (!largest) {
    for (; i < n && x[best[k - 1].index] != x[best[k - 1].index]; ++i) {
      threshold = offer_entry(best, k, threshold, order_key<T>(x[i]) ^ flip, i);
    }
  }
  for (; i + kStep <= n; i += kStep) {
    const auto tv = S::splat(x[best[k - 1].index]);
    const auto a = S::load(x + i), b = S::load(x + i + S::kLanes), c = S::load(x + i + 2 * S::kLanes),
               d = S::load(x + i + 3 * S::kLanes);
    const bool pass = largest ? !all_lanes((a <= tv) & (b <= tv) & (c <= tv) & (d <= tv))
                              : any_lane((a < tv) | (b < tv) | (c < tv) | (d < tv));
    if (!pass) continue;
    // Then vector by vector against the threshold as it rises (early in a row most steps
    // pass, and offering all 16 elements made rows of 1000 a third slower).
    // Only its lanes that pass are offered (the threshold only rises, so a lane that fails
    // now would fail when offered).
    for (int64_t v = i; v < i + kStep; v += S::kLanes) {
      const auto e = S::load(x + v), t = S::splat(x[best[k - 1].index]);
      uint32_t lanes = largest ? ~lane_bits(e <= t) & ((1u << S::kLanes) - 1) : lane_bits(e < t);
      for (; lanes != 0; lanes &= lanes - 1) {
        const int64_t j = v + __builtin_ctz(lanes);
        threshold = offer_entry(best, k, threshold, order_key<T>(x[j]) ^ flip, j);
      }
    }
  }
  for (; i < n; ++i) threshold = offer_entry(best, k, threshold, order_key<T>(x[i]) ^ flip, i);
}

// all[0..k) = the k first entries of keys[0..n) in output order; all holds n entries.
template <class K>
ORW_KERNEL void sort_row(const K* keys, int64_t n, int64_t k, TopKEntry<K>* all) {
  for (int64_t i = 0; i < n; ++i) all[i] = {keys[i], i};
  // The order is total (indices differ), so neither sort needs to be stable.
  if (k == n) std::sort(all, all + n, comes_before<K>);
  else std::partial_sort(all, all + k, all + n, comes_before<K>);
}

}  // namespace orw::kernels
