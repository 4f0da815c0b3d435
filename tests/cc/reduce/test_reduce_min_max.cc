// ReduceMax and ReduceMin (versions 1, 11, 12, 13, 18, 20): known values, NaN propagation in every
// position (unlike onnxruntime-web, which drops NaN), infinities, the extremes of every integer
// type (unsigned compares, 64-bit lanes), int8/uint8 from version 12, bool from version 20, and
// float16/bfloat16. Shared behaviours (empty sets: -inf / type minimum / false and +inf / type
// maximum / true, noop, patterns...) are in test_reduce_family.cc.
#include <catch2/catch.hpp>

#include <cmath>
#include <cstring>
#include <limits>

#include "helpers.h"

using namespace orw;
using namespace orw_test;
using Catch::Contains;

namespace {



// Rows of length n (KR: NaN or `special` on the diagonal, so every position of a row is hit) and
// the same as columns (RK), for every length around the vector widths.
void check_special_everywhere(const std::string& op, DataType type, double special, double filler, double expected) {
  for (int64_t n = 1; n <= 70; n += (n < 36 ? 1 : 11)) {
    std::vector<double> v(static_cast<size_t>(n * n), filler);
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i * n + i)] = special;
    const Tensor x = make_tensor(type, {n, n}, v);
    INFO(op << ", type " << type_name(type) << ", n " << n << ", special " << special);
    const std::vector<double> e(static_cast<size_t>(n), expected);
    CHECK(tensor_mismatch(reduce(op, 20, x, std::vector<int64_t>{1}, {keepdims_attr(0)}), type, {n}, e) == "");
    CHECK(tensor_mismatch(reduce(op, 18, x, std::vector<int64_t>{0}, {keepdims_attr(0)}), type, {n}, e) == "");
  }
}

// Max and min of every row and column of a random [r, k] matrix of T against std::max/min.
template <class T>
void check_extremes(const std::string& op, DataType type, int64_t opset) {
  std::mt19937 rng(77);
  for (size_t r : {1u, 2u, 3u, 17u, 40u}) {
    for (size_t k : {1u, 3u, 16u, 17u, 33u, 130u}) {
      std::vector<T> v(r * k);
      for (T& e : v) {
        uint64_t b = rand_u64(rng);
        if (type == DataType::kBool) b &= 1;
        std::memcpy(&e, &b, sizeof(T));
      }
      std::vector<T> rows(r), cols(k);
      for (size_t i = 0; i < r; ++i) {
        for (size_t j = 0; j < k; ++j) {
          const T e = v[i * k + j];
          const bool first_row = i == 0, first_col = j == 0;
          if (first_col) rows[i] = e;
          if (first_row) cols[j] = e;
          rows[i] = op == "ReduceMax" ? std::max(rows[i], e) : std::min(rows[i], e);
          cols[j] = op == "ReduceMax" ? std::max(cols[j], e) : std::min(cols[j], e);
        }
      }
      INFO(op << " opset " << opset << ", type " << type_name(type) << ", shape [" << r << "," << k << "]");
      const Tensor x = make_typed<T>(type, {static_cast<int64_t>(r), static_cast<int64_t>(k)}, v);
      CHECK(to_vector<T>(reduce(op, opset, x, std::vector<int64_t>{1}, {keepdims_attr(0)})) == rows);
      CHECK(to_vector<T>(reduce(op, opset, x, std::vector<int64_t>{0}, {keepdims_attr(0)})) == cols);
    }
  }
}

}  // namespace

TEST_CASE("ReduceMax/known values over each axis", "[reduce][ReduceMax]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, -2, 3, -4, 5, -6});
  for (int64_t opset : {1, 11, 12, 13, 18, 20}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce("ReduceMax", opset, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1}, {3, 5}) == "");
    CHECK(tensor_mismatch(reduce("ReduceMax", opset, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 3}, {1, 5, 3}) == "");
  }
}

TEST_CASE("ReduceMin/known values over each axis", "[reduce][ReduceMin]") {
  const Tensor x = make_tensor(DataType::kFloat, {2, 3}, {1, -2, 3, -4, 5, -6});
  for (int64_t opset : {1, 11, 12, 13, 18, 20}) {
    INFO("opset " << opset);
    CHECK(tensor_mismatch(reduce("ReduceMin", opset, x, std::vector<int64_t>{1}), DataType::kFloat, {2, 1}, {-2, -6}) == "");
    CHECK(tensor_mismatch(reduce("ReduceMin", opset, x, std::vector<int64_t>{0}), DataType::kFloat, {1, 3}, {-4, -2, -6}) ==
          "");
  }
}

TEST_CASE("ReduceMax/NaN in any position of a row or column propagates", "[reduce][ReduceMax]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    check_special_everywhere("ReduceMax", type, kNaN, 1, kNaN);
    check_special_everywhere("ReduceMax", type, kNaN, kInf, kNaN);  // NaN beats +inf
    check_special_everywhere("ReduceMax", type, kNaN, -kInf, kNaN);
  }
}

TEST_CASE("ReduceMin/NaN in any position of a row or column propagates", "[reduce][ReduceMin]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    check_special_everywhere("ReduceMin", type, kNaN, 1, kNaN);
    check_special_everywhere("ReduceMin", type, kNaN, -kInf, kNaN);  // NaN beats -inf
    check_special_everywhere("ReduceMin", type, kNaN, kInf, kNaN);
  }
}

static void check_nan_among_infinities(const std::string& op) {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    for (int64_t n : {2, 5, 33, 131, 4100}) {
      for (int64_t p : {int64_t{0}, n / 2, n - 1}) {
        std::vector<double> v(static_cast<size_t>(n));
        for (size_t i = 0; i < v.size(); ++i) v[i] = i % 2 ? kInf : -kInf;
        v[static_cast<size_t>(p)] = kNaN;
        INFO(op << ", type " << type_name(type) << ", n " << n << ", NaN at " << p);
        CHECK(tensor_mismatch(reduce(op, 18, make_tensor(type, {n}, v), std::nullopt, {keepdims_attr(0)}), type, {},
                              {kNaN}) == "");
      }
    }
  }
}

TEST_CASE("ReduceMax/NaN first, last or among infinities in a long row propagates", "[reduce][ReduceMax]") {
  check_nan_among_infinities("ReduceMax");
}

TEST_CASE("ReduceMin/NaN first, last or among infinities in a long row propagates", "[reduce][ReduceMin]") {
  check_nan_among_infinities("ReduceMin");
}

// A NaN result has every bit set, whatever NaN the slice held, however long the slice (scalar
// tail, vector lanes, pairwise halves) and along either axis (rows: R and KR; columns: RK).
template <class T, class Bits>
static void check_one_nan(const std::string& op, DataType type, Bits payload_nan) {
  T nan;
  std::memcpy(&nan, &payload_nan, sizeof nan);
  for (int64_t n = 1; n <= 4100; n += n < 40 ? 1 : 397) {
    for (int64_t p : {int64_t{0}, n / 2, n - 1}) {
      std::vector<T> v(static_cast<size_t>(n), T(1));
      v[static_cast<size_t>(p)] = nan;
      INFO(op << ", type " << type_name(type) << ", n " << n << ", NaN at " << p);
      for (int64_t axis : {0, 1}) {
        const Shape dims = axis == 1 ? Shape{1, n} : Shape{n, 1};
        const auto out = to_vector<Bits>(reduce(op, 18, make_typed<T>(type, dims, v), std::vector<int64_t>{axis}, {keepdims_attr(0)}));
        REQUIRE(out.size() == 1);
        CHECK(out[0] == static_cast<Bits>(~Bits{0}));
      }
    }
  }
}

TEST_CASE("ReduceMax/a NaN result is the all-ones NaN whatever the slice length", "[reduce][ReduceMax]") {
  check_one_nan<float, uint32_t>("ReduceMax", DataType::kFloat, 0x7FC00001u);
  check_one_nan<float, uint32_t>("ReduceMax", DataType::kFloat, 0xFF800123u);
  check_one_nan<double, uint64_t>("ReduceMax", DataType::kDouble, 0x7FF8000000000001ull);
}

TEST_CASE("ReduceMin/a NaN result is the all-ones NaN whatever the slice length", "[reduce][ReduceMin]") {
  check_one_nan<float, uint32_t>("ReduceMin", DataType::kFloat, 0x7FC00001u);
  check_one_nan<double, uint64_t>("ReduceMin", DataType::kDouble, 0x7FF8000000000001ull);
}

TEST_CASE("ReduceMax/+inf anywhere wins; -inf only when everything is -inf", "[reduce][ReduceMax]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    check_special_everywhere("ReduceMax", type, kInf, 1, kInf);
    check_special_everywhere("ReduceMax", type, 3, -kInf, 3);
    check_special_everywhere("ReduceMax", type, -kInf, -kInf, -kInf);
  }
}

TEST_CASE("ReduceMin/-inf anywhere wins; +inf only when everything is +inf", "[reduce][ReduceMin]") {
  for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kFloat16, DataType::kBfloat16}) {
    check_special_everywhere("ReduceMin", type, -kInf, 1, -kInf);
    check_special_everywhere("ReduceMin", type, -3, kInf, -3);
    check_special_everywhere("ReduceMin", type, kInf, kInf, kInf);
  }
}

// check_extremes for every integer type, each at a version that accepts it.
static void check_extremes_every_integer_type(const std::string& op) {
  check_extremes<int32_t>(op, DataType::kInt32, 1);
  check_extremes<uint32_t>(op, DataType::kUint32, 11);
  check_extremes<int64_t>(op, DataType::kInt64, 13);
  check_extremes<uint64_t>(op, DataType::kUint64, 18);
  check_extremes<int8_t>(op, DataType::kInt8, 12);
  check_extremes<uint8_t>(op, DataType::kUint8, 20);
}

TEST_CASE("ReduceMax/the extremes of every integer type compare correctly", "[reduce][ReduceMax]") {
  // Random bits: unsigned values >= 2^31 / 2^63 and negative signed ones in every lane.
  check_extremes_every_integer_type("ReduceMax");
  // The values next to the boundaries, in a row long enough for the vector lanes.
  std::vector<uint64_t> u(37, uint64_t{1} << 63);
  u[20] = ~uint64_t{0};
  u[3] = 0;
  const Tensor x = make_typed<uint64_t>(DataType::kUint64, {37}, u);
  CHECK(to_vector<uint64_t>(reduce("ReduceMax", 18, x, std::nullopt, {keepdims_attr(0)})) ==
        std::vector<uint64_t>{~uint64_t{0}});
}

TEST_CASE("ReduceMin/the extremes of every integer type compare correctly", "[reduce][ReduceMin]") {
  check_extremes_every_integer_type("ReduceMin");
  std::vector<uint64_t> u(37, (uint64_t{1} << 63) + 5);
  u[20] = uint64_t{1} << 63;
  const Tensor x = make_typed<uint64_t>(DataType::kUint64, {37}, u);
  CHECK(to_vector<uint64_t>(reduce("ReduceMin", 18, x, std::nullopt, {keepdims_attr(0)})) ==
        std::vector<uint64_t>{uint64_t{1} << 63});
}

static void check_int8_uint8_from_12(const std::string& op) {
  const Tensor i8 = make_typed<int8_t>(DataType::kInt8, {4}, {-128, 127, -1, 0});
  const Tensor u8 = make_typed<uint8_t>(DataType::kUint8, {4}, {255, 0, 128, 127});
  for (int64_t opset : {1, 11}) {
    INFO(op << " opset " << opset);
    CHECK_THROWS_AS(reduce(op, opset, i8, std::nullopt), TypeError);
    CHECK_THROWS_WITH(reduce(op, opset, u8, std::nullopt), Contains(op) && Contains("uint8") && Contains("'data'"));
  }
  const bool is_max = op == "ReduceMax";
  for (int64_t opset : {12, 13, 18, 20}) {
    INFO(op << " opset " << opset);
    CHECK(to_vector<int8_t>(reduce(op, opset, i8, std::nullopt, {keepdims_attr(0)})) ==
          std::vector<int8_t>{static_cast<int8_t>(is_max ? 127 : -128)});
    CHECK(to_vector<uint8_t>(reduce(op, opset, u8, std::nullopt, {keepdims_attr(0)})) ==
          std::vector<uint8_t>{static_cast<uint8_t>(is_max ? 255 : 0)});
  }
}

TEST_CASE("ReduceMax/int8 and uint8 are accepted from version 12", "[reduce][ReduceMax]") {
  check_int8_uint8_from_12("ReduceMax");
}

TEST_CASE("ReduceMin/int8 and uint8 are accepted from version 12", "[reduce][ReduceMin]") {
  check_int8_uint8_from_12("ReduceMin");
}

// Long rows and columns of bools (version 20), each with a single `d` on the diagonal among
// !d: that one element decides every row and column (Max: a single true; Min: a single false).
static void check_bool_diagonal(const std::string& op, uint8_t d) {
  for (int64_t n : {1, 15, 16, 17, 129, 300}) {
    std::vector<uint8_t> v(static_cast<size_t>(n * n), static_cast<uint8_t>(1 - d));
    for (int64_t i = 0; i < n; ++i) v[static_cast<size_t>(i * n + i)] = d;
    const Tensor x = make_typed<uint8_t>(DataType::kBool, {n, n}, v);
    INFO(op << ", n " << n);
    CHECK(to_vector<uint8_t>(reduce(op, 20, x, std::vector<int64_t>{1}, {keepdims_attr(0)})) ==
          std::vector<uint8_t>(static_cast<size_t>(n), d));
    CHECK(to_vector<uint8_t>(reduce(op, 20, x, std::vector<int64_t>{0}, {keepdims_attr(0)})) ==
          std::vector<uint8_t>(static_cast<size_t>(n), d));
  }
}

TEST_CASE("ReduceMax/bool is accepted from version 20 and is a logical or", "[reduce][ReduceMax]") {
  const Tensor b = make_tensor(DataType::kBool, {3, 2}, {0, 0, 0, 1, 1, 1});
  for (int64_t opset : {1, 12, 13, 18}) {
    INFO("opset " << opset);
    CHECK_THROWS_AS(reduce("ReduceMax", opset, b, std::nullopt), TypeError);
    CHECK_THROWS_WITH(reduce("ReduceMax", opset, b, std::nullopt), Contains("ReduceMax") && Contains("bool"));
  }
  const Tensor out = reduce("ReduceMax", 20, b, std::vector<int64_t>{1}, {keepdims_attr(0)});
  CHECK(out.type() == DataType::kBool);
  CHECK(to_vector<uint8_t>(out) == std::vector<uint8_t>{0, 1, 1});
  check_bool_diagonal("ReduceMax", 1);
}

TEST_CASE("ReduceMin/bool is accepted from version 20 and is a logical and", "[reduce][ReduceMin]") {
  const Tensor b = make_tensor(DataType::kBool, {3, 2}, {0, 0, 0, 1, 1, 1});
  for (int64_t opset : {1, 12, 13, 18}) {
    INFO("opset " << opset);
    CHECK_THROWS_AS(reduce("ReduceMin", opset, b, std::nullopt), TypeError);
  }
  const Tensor out = reduce("ReduceMin", 20, b, std::vector<int64_t>{1}, {keepdims_attr(0)});
  CHECK(out.type() == DataType::kBool);
  CHECK(to_vector<uint8_t>(out) == std::vector<uint8_t>{0, 0, 1});
  check_bool_diagonal("ReduceMin", 0);
}

// Neighbouring half values (one ulp apart) and subnormals: no rounding may merge them.
static void check_halves_exact(const std::string& op) {
  const bool is_max = op == "ReduceMax";
  const std::vector<uint16_t> h = {0x3C00, 0x3C01, 0xBC01, 0x0001, 0x8001, 0x7BFF, 0xFBFF, 0x3BFF};
  CHECK(to_vector<uint16_t>(reduce(op, 18, make_typed<uint16_t>(DataType::kFloat16, {8}, h), std::nullopt,
                                   {keepdims_attr(0)})) == std::vector<uint16_t>{static_cast<uint16_t>(is_max ? 0x7BFF : 0xFBFF)});
  const std::vector<uint16_t> tiny = {0x0001, 0x0003, 0x8001, 0x0002};
  CHECK(to_vector<uint16_t>(reduce(op, 13, make_typed<uint16_t>(DataType::kFloat16, {4}, tiny), std::nullopt,
                                   {keepdims_attr(0)})) == std::vector<uint16_t>{static_cast<uint16_t>(is_max ? 0x0003 : 0x8001)});
  const std::vector<uint16_t> b = {0x3F80, 0x3F81, 0xBF81, 0x0001, 0x7F7F, 0xFF7F, 0x3F7F};
  CHECK(to_vector<uint16_t>(reduce(op, 13, make_typed<uint16_t>(DataType::kBfloat16, {7}, b), std::nullopt,
                                   {keepdims_attr(0)})) == std::vector<uint16_t>{static_cast<uint16_t>(is_max ? 0x7F7F : 0xFF7F)});
  const std::vector<uint16_t> bnear = {0x3F81, 0x3F82, 0x3F80};
  CHECK(to_vector<uint16_t>(reduce(op, 20, make_typed<uint16_t>(DataType::kBfloat16, {3}, bnear), std::nullopt,
                                   {keepdims_attr(0)})) == std::vector<uint16_t>{static_cast<uint16_t>(is_max ? 0x3F82 : 0x3F80)});
}

TEST_CASE("ReduceMax/float16 and bfloat16 return one of their inputs exactly", "[reduce][ReduceMax]") {
  check_halves_exact("ReduceMax");
}

TEST_CASE("ReduceMin/float16 and bfloat16 return one of their inputs exactly", "[reduce][ReduceMin]") {
  check_halves_exact("ReduceMin");
}
