// TopK microkernels. Every element becomes an unsigned key whose order is the element order
// (order_key; a NaN the largest key, -0 equal to +0), flipped for largest = 0, so one pair of
// kernels per key width (uint32, uint64) serves every type. Two ways to select a row's K best
// while reading it once: select_row keeps a sorted buffer of the K best (each entry that
// enters shifts the ones it beats: cheap for small K), select_candidates collects, in index
// order, the entries at or above a lower bound of the K-th best (from the best of K groups),
// cutting them back when too many, and sorts the survivors once by key, stably (radix). Both
// compare a vector of elements against the K-th best so far and skip it when no lane beats it:
// on long rows almost every vector. Entries order by key, larger first, then by index, lower
// first: ties keep the lower index first in either direction, NaNs included (all NaNs share
// one key).
#pragma once
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <functional>
#include <type_traits>

#include "arg/arg_microkernels.h"  // lane_bits
#include "simd/order_keys.h"     // order_key
#include "simd/simd.h"

namespace orw::kernels {

template <class K>
struct TopKEntry {
  K key;
  int64_t index;
};

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
template <class T, class S, class K = OrderKey<T>>
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

// Sorts entries[0..count) by key, larger first, stably (entries pushed in index order keep
// it among equal keys: the output order), a byte of the key at a time from the lowest (LSD
// radix sort, no comparisons: a comparison sort mispredicts about every other branch on
// random keys), skipping the bytes that every key shares; spare holds count entries. Returns
// the array that holds the result (entries or spare).
template <class K>
ORW_INLINE TopKEntry<K>* radix_sort_descending(TopKEntry<K>* entries, TopKEntry<K>* spare, int64_t count) {
  for (unsigned shift = 0; shift < 8 * sizeof(K); shift += 8) {
    uint32_t at[256] = {};
    for (int64_t i = 0; i < count; ++i) ++at[255 - static_cast<unsigned>((entries[i].key >> shift) & 255)];
    if (at[255 - static_cast<unsigned>((entries[0].key >> shift) & 255)] == count) continue;  // one byte value
    uint32_t sum = 0;
    for (uint32_t& a : at) {
      const uint32_t c = a;
      a = sum, sum += c;
    }
    for (int64_t i = 0; i < count; ++i) spare[at[255 - static_cast<unsigned>((entries[i].key >> shift) & 255)]++] = entries[i];
    std::swap(entries, spare);
  }
  return entries;
}

// The same order by insertion, for a few entries (the radix sort's byte passes cost more).
template <class K>
ORW_INLINE void insertion_sort_descending(TopKEntry<K>* entries, int64_t count) {
  for (int64_t i = 1; i < count; ++i) insert_entry(entries, i, entries[i].key, entries[i].index);
}

// The candidate buffer of the select_candidates kernels: entries that beat `threshold` go in,
// in index order, until it holds `cap`; then it is cut to its k best, still in index order
// (the k-th best key by nth_element over a copy of the keys; every entry above it, and the
// first ones equal to it), and that key is the threshold from then on (an equal key comes
// later in the row, so it loses). Between cuts the threshold lags behind the true k-th best,
// which only lets more entries in. The first threshold is a lower bound of the k-th best key
// that the caller found (group_bound), or none: then every entry goes in until the first cut.
// At the end the survivors, in index order, are sorted stably by key. k <= cap <= n; the
// buffer and `spare` hold cap entries each.
template <class K>
struct Candidates {
  TopKEntry<K>* entries;
  TopKEntry<K>* spare;
  int64_t k, cap, count = 0;
  K threshold = 0;
  int64_t threshold_index = 0;  // after a cut: an element whose key is the threshold
  bool any = true;              // no threshold yet: every entry goes in
  bool was_cut = false;

  ORW_INLINE bool wanted(K key) const { return any || key > threshold; }
  ORW_INLINE void push(K key, int64_t index) {
    entries[count++] = {key, index};
    if (count == cap) cut();
  }
  void cut() {
    K* keys = reinterpret_cast<K*>(spare);
    for (int64_t i = 0; i < count; ++i) keys[i] = entries[i].key;
    std::nth_element(keys, keys + (k - 1), keys + count, std::greater<K>());
    const K v = keys[k - 1];
    int64_t above = 0;
    for (int64_t i = 0; i < count; ++i) above += entries[i].key > v;
    int64_t equal_left = k - above, kept = 0;
    for (int64_t i = 0; i < count; ++i) {
      const TopKEntry<K> e = entries[i];
      const bool keep = e.key > v || (e.key == v && equal_left > 0);
      if (e.key == v && keep) --equal_left, threshold_index = e.index;
      if (keep) entries[kept++] = e;
    }
    count = kept;  // k
    threshold = v;
    any = false;
    was_cut = true;
  }
  // entries[0..k) = the k best of all pushed, in output order.
  void finish() {
    if (count <= 64) return insertion_sort_descending(entries, count);
    const TopKEntry<K>* sorted = radix_sort_descending(entries, spare, count);
    if (sorted != entries) std::copy(sorted, sorted + k, entries);
  }
};

// Entries a candidate buffer for k holds (at most the row's n): enough that the survivors of
// a bound rarely fill it (with the groups' bound about 4k on random rows; a cut costs a
// comparison sort), and a few k.
inline int64_t candidate_capacity(int64_t n, int64_t k) { return std::min(n, std::max<int64_t>(4 * k + 64, 4096)); }

// A lower bound of the k-th best key of a row: cut the row into k groups of n / k; each
// group's best is a different element, so the worst of the k group bests is at most the k-th
// best of the row. best_of(first, count) gives a group's best key (any key at most it is
// also a bound). Returns 0 (no bound) when groups would be too short to be worth it.
template <class K, class BestOf>
ORW_INLINE K group_bound(int64_t n, int64_t k, BestOf&& best_of) {
  const int64_t size = n / k;
  if (size < 4) return 0;
  K bound = ~K{0};
  for (int64_t g = 0; g < k; ++g) bound = std::min(bound, best_of(g * size, size));
  return bound;
}

// Starts c from a bound: entries need a key >= bound (strictly above bound - 1).
template <class K>
ORW_INLINE void start_from(Candidates<K>& c, K bound) {
  if (bound == 0) return;
  c.threshold = bound - 1;
  c.any = false;
}

// best[0..k) = the k first entries of keys[0..n) in output order, through a candidate buffer
// (best holds 2 * candidate_capacity(n, k) entries), from the groups' bound.
template <class S, class K = typename S::Lane>
ORW_KERNEL void select_candidates(const K* keys, int64_t n, int64_t k, TopKEntry<K>* best) {
  Candidates<K> c{best, best + candidate_capacity(n, k), k, candidate_capacity(n, k)};
  start_from(c, group_bound<K>(n, k, [keys](int64_t first, int64_t count) ORW_INLINE_LAMBDA {
    K m = keys[first];
    for (int64_t i = first + 1; i < first + count; ++i) m = std::max(m, keys[i]);
    return m;
  }));
  int64_t i = 0;
  if constexpr (S::kLanes > 1) {
    constexpr auto kLanes = static_cast<int64_t>(S::kLanes);
    for (; i + kLanes <= n; i += kLanes) {
      const auto v = S::load(keys + i);
      uint32_t lanes = c.any ? (1u << kLanes) - 1 : lane_bits(simd::greater(v, S::splat(c.threshold)));
      for (; lanes != 0; lanes &= lanes - 1) {
        const int64_t j = i + __builtin_ctz(lanes);
        if (c.wanted(keys[j])) c.push(keys[j], j);  // a cut may have raised the threshold
      }
    }
  }
  for (; i < n; ++i) {
    if (c.wanted(keys[i])) c.push(keys[i], i);
  }
  c.finish();
}

// select_candidates for a contiguous row of floats, S a vector of float: no key buffer. Four
// vectors per step go through a filter in float order against t, the float whose key is the
// threshold (the k-th entry's value after a cut; before, the bound's float moved one step
// toward the worse side, so that elements equal to it pass), and the step is skipped when no
// lane can beat it: with `largest`, x beats t unless x <= t; without, unless x >= t (a NaN on
// either side passes). The keys of the lanes that pass decide, which settles the rare false
// hit (-0 against +0, NaNs).
template <class S, class K = uint32_t>
ORW_KERNEL void select_contiguous_candidates(const float* x, int64_t n, int64_t k, bool largest,
                                             TopKEntry<K>* best) {
  constexpr auto kStep = static_cast<int64_t>(4 * S::kLanes);
  const K flip = largest ? K{0} : ~K{0};
  Candidates<K> c{best, best + candidate_capacity(n, k), k, candidate_capacity(n, k)};
  // The groups' best floats (a NaN is skipped, or kept by a lane: either way a bound), as keys.
  float bound_value = 0;  // the float whose key is the bound
  K lowest = ~K{0};
  auto better = [largest](auto e, auto m) ORW_INLINE_LAMBDA { return largest ? e > m : e < m; };
  const K bound = group_bound<K>(n, k, [&](int64_t first, int64_t count) ORW_INLINE_LAMBDA {
    const int64_t end = first + count;
    int64_t i = first + 1;
    float m = x[first];
    if (count >= 4 * static_cast<int64_t>(S::kLanes)) {  // lane-wise bests, then across the lanes
      auto acc = S::load(x + first);
      for (i = first + S::kLanes; i + S::kLanes <= end; i += S::kLanes) {
        const auto e = S::load(x + i);
        acc = better(e, acc) ? e : acc;
      }
      m = S::lane(acc, 0);
      for (size_t l = 1; l < S::kLanes; ++l) m = better(S::lane(acc, l), m) ? S::lane(acc, l) : m;
    }
    for (; i < end; ++i) m = better(x[i], m) ? x[i] : m;
    const K key = order_key<float>(m) ^ flip;
    if (key <= lowest) lowest = key, bound_value = m;
    return key;
  });
  float t0 = 0;
  if (bound != 0 && std::isfinite(bound_value)) {
    start_from(c, bound);
    t0 = std::nextafter(bound_value, largest ? -INFINITY : INFINITY);
  }
  auto beaten = [largest](typename S::V e, typename S::V t) ORW_INLINE_LAMBDA {
    return largest ? e <= t : e >= t;
  };
  auto threshold_value = [&]() ORW_INLINE_LAMBDA { return c.was_cut ? x[c.threshold_index] : t0; };
  int64_t i = 0;
  for (; i + kStep <= n; i += kStep) {
    if (!c.any) {
      const auto tv = S::splat(threshold_value());
      const auto a = S::load(x + i), b = S::load(x + i + S::kLanes), d = S::load(x + i + 2 * S::kLanes),
                 e = S::load(x + i + 3 * S::kLanes);
      if (all_lanes(beaten(a, tv) & beaten(b, tv) & beaten(d, tv) & beaten(e, tv))) continue;
    }
    for (int64_t v = i; v < i + kStep; v += S::kLanes) {
      // Against the threshold as it is now (a cut in the vector before may have raised it).
      uint32_t lanes = (1u << S::kLanes) - 1;
      if (!c.any) lanes &= ~lane_bits(beaten(S::load(x + v), S::splat(threshold_value())));
      for (; lanes != 0; lanes &= lanes - 1) {
        const int64_t j = v + __builtin_ctz(lanes);
        const K key = order_key<float>(x[j]) ^ flip;
        if (c.wanted(key)) c.push(key, j);
      }
    }
  }
  for (; i < n; ++i) {
    const K key = order_key<float>(x[i]) ^ flip;
    if (c.wanted(key)) c.push(key, i);
  }
  c.finish();
}

}  // namespace orw::kernels
