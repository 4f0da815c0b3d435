// Tensor sizes (core/tensor.h): element counts and byte sizes are checked, never wrap.
#include <catch2/catch.hpp>

#include <cstddef>
#include <limits>

#include "helpers.h"

using namespace orw;
using Catch::Contains;
using Catch::Matchers::Message;

namespace {
constexpr int64_t kMax64 = std::numeric_limits<int64_t>::max();
const uint64_t kPtrdiffMax = static_cast<uint64_t>(std::numeric_limits<std::ptrdiff_t>::max());
}  // namespace

TEST_CASE("Tensor/element count is the product of the dims") {
  CHECK(checked_element_count({}, "t") == 1);
  CHECK(checked_element_count({7}, "t") == 7);
  CHECK(checked_element_count({2, 3, 4}, "t") == 24);
  CHECK(checked_element_count({1, 1, 5, 1}, "t") == 5);
  CHECK(checked_element_count({kMaxDim}, "t") == kMaxDim);
  CHECK(checked_element_count({1, kMaxDim, 1}, "t") == kMaxDim);
}

TEST_CASE("Tensor/a dim above 2^53 - 1 is a SizeError, even in an empty shape") {
  // JS numbers hold integers exactly only up to 2^53 - 1: such a dim could not be given back.
  CHECK_THROWS_AS(checked_element_count({kMaxDim + 1}, "t"), SizeError);
  CHECK_THROWS_WITH(checked_element_count({0, kMax64}, "x"),
                    Contains("x: dim 1 is 9223372036854775807, beyond 2^53 - 1"));
}

TEST_CASE("Tensor/a negative dim is a SizeError naming the dim and shape") {
  CHECK_THROWS_AS(checked_element_count({2, -3, 4}, "ReduceProd: input 'data'"), SizeError);
  CHECK_THROWS_WITH(checked_element_count({2, -3, 4}, "ReduceProd: input 'data'"),
                    Contains("ReduceProd: input 'data'") && Contains("dim 1") && Contains("negative") &&
                        Contains("[2,-3,4]"));
  CHECK_THROWS_AS(checked_element_count({-1}, "t"), SizeError);
  CHECK_THROWS_AS(checked_element_count({0, -1}, "t"), SizeError);  // empty does not excuse it
}

TEST_CASE("Tensor/a negative dim after an overflow and a zero dim is still a SizeError") {
  // The overflow path looks ahead for a zero dim; it must not skip the negative-dim check.
  const int64_t big = int64_t(1) << 40;
  CHECK_THROWS_AS(checked_element_count({big, big, 0, -1}, "t"), SizeError);
  CHECK_THROWS_AS(checked_element_count({big, big, -1, 0}, "t"), SizeError);
}

TEST_CASE("Tensor/an element count overflowing int64 is a SizeError") {
  const int64_t big = int64_t(1) << 32;
  CHECK_THROWS_AS(checked_element_count({big, big}, "t"), SizeError);
  CHECK_THROWS_WITH(checked_element_count({big, big}, "x"), Contains("overflows int64") && Contains("[4294967296,4294967296]"));
  CHECK_THROWS_AS(checked_element_count({kMax64, 2}, "t"), SizeError);
  CHECK_THROWS_AS(checked_element_count({2, 3, kMax64 / 5}, "t"), SizeError);
  CHECK(checked_element_count({512, kMaxDim}, "t") == 512 * kMaxDim);  // just below 2^62
}

TEST_CASE("Tensor/a zero dim makes the count 0 whatever the other dims") {
  const int64_t big = int64_t(1) << 40;
  CHECK(checked_element_count({0}, "t") == 0);
  CHECK(checked_element_count({2, 0, 4}, "t") == 0);
  CHECK(checked_element_count({0, kMaxDim, kMaxDim}, "t") == 0);
  CHECK(checked_element_count({big, big, 0}, "t") == 0);     // would overflow before the zero
  CHECK(checked_element_count({kMaxDim, kMaxDim, 3, 0, 5}, "t") == 0);
}

TEST_CASE("Tensor/byte size is count times element size") {
  CHECK(checked_byte_size(DataType::kFloat, 6, "t") == 24);
  CHECK(checked_byte_size(DataType::kDouble, 3, "t") == 24);
  CHECK(checked_byte_size(DataType::kFloat16, 5, "t") == 10);
  CHECK(checked_byte_size(DataType::kBfloat16, 5, "t") == 10);
  CHECK(checked_byte_size(DataType::kInt8, 5, "t") == 5);
  CHECK(checked_byte_size(DataType::kUint64, 0, "t") == 0);
}

TEST_CASE("Tensor/byte size above PTRDIFF_MAX is a SizeError") {
  const int64_t max_floats = static_cast<int64_t>(kPtrdiffMax / 4);
  CHECK(checked_byte_size(DataType::kFloat, max_floats, "t") == static_cast<size_t>(max_floats) * 4);
  CHECK_THROWS_AS(checked_byte_size(DataType::kFloat, max_floats + 1, "t"), SizeError);
  CHECK_THROWS_WITH(checked_byte_size(DataType::kFloat, max_floats + 1, "CumProd: input 'x'"),
                    Contains("CumProd: input 'x'") && Contains("float") && Contains(std::to_string(max_floats + 1)));
  const int64_t max_bytes = static_cast<int64_t>(kPtrdiffMax);
  CHECK(checked_byte_size(DataType::kUint8, max_bytes, "t") == kPtrdiffMax);
  CHECK_THROWS_AS(checked_byte_size(DataType::kDouble, max_bytes / 8 + 1, "t"), SizeError);
  CHECK_THROWS_AS(checked_byte_size(DataType::kInt64, kMax64, "t"), SizeError);
  CHECK_THROWS_AS(checked_byte_size(DataType::kFloat, -1, "t"), SizeError);
}

TEST_CASE("Tensor/byte size of a type without fixed-size storage is a TypeError") {
  CHECK_THROWS_AS(checked_byte_size(DataType::kString, 1, "t"), TypeError);
  CHECK_THROWS_WITH(checked_byte_size(DataType::kString, 1, "t"), Contains("string"));
  CHECK_THROWS_AS(checked_byte_size(DataType::kUndefined, 1, "t"), TypeError);
}

TEST_CASE("Tensor/the types known to shape inference only are refused by name") {
  CHECK_THROWS_MATCHES(Tensor(DataType::kInt4, {2}), TypeError,
                       Message("tensor: element type int4 is not supported (known to shape inference only)"));
  CHECK_THROWS_MATCHES(Tensor(DataType::kFloat8E4M3FN, {}), TypeError,
                       Message("tensor: element type float8e4m3fn is not supported (known to shape inference only)"));
  CHECK_THROWS_MATCHES(Tensor(DataType::kComplex64, {1}), TypeError,
                       Message("tensor: element type complex64 is not supported (known to shape inference only)"));
  CHECK_THROWS_MATCHES(Tensor(DataType::kString, {1}), TypeError, Message("tensor: element type string is not supported"));
  for (int v = 17; v <= 26; ++v) CHECK(element_size(static_cast<DataType>(v)) == 0);
}

TEST_CASE("Tensor/shape_to_string") {
  CHECK(shape_to_string({}) == "[]");
  CHECK(shape_to_string({0}) == "[0]");
  CHECK(shape_to_string({2, 3, 4}) == "[2,3,4]");
  CHECK(shape_to_string({-1, 5}) == "[-1,5]");
  CHECK(shape_to_string({kMax64}) == "[9223372036854775807]");
}

TEST_CASE("Tensor/owned tensors are zero-filled and report their shape and sizes") {
  Tensor t(DataType::kInt32, {2, 3});
  CHECK(t.type() == DataType::kInt32);
  CHECK(t.dims() == Shape{2, 3});
  CHECK(t.rank() == 2);
  CHECK(t.size() == 6);
  CHECK(t.byte_size() == 24);
  REQUIRE(t.raw() != nullptr);
  for (int i = 0; i < 6; ++i) CHECK(t.data<int32_t>()[i] == 0);
  Tensor scalar(DataType::kDouble, {});
  CHECK(scalar.rank() == 0);
  CHECK(scalar.size() == 1);
  Tensor empty(DataType::kFloat, {3, 0});
  CHECK(empty.size() == 0);
  CHECK(empty.byte_size() == 0);
}

TEST_CASE("Tensor/copies share the buffer") {
  Tensor a(DataType::kFloat, {4});
  Tensor b = a;
  a.mutable_data<float>()[2] = 7.5f;
  CHECK(b.data<float>()[2] == 7.5f);
  CHECK(b.raw() == a.raw());
}

TEST_CASE("Tensor/a view points at the caller's memory without copying") {
  std::vector<uint16_t> buf = {1, 2, 3, 4, 5, 6};
  Tensor v = Tensor::view(DataType::kFloat16, {2, 3}, buf.data());
  CHECK(v.raw() == buf.data());
  CHECK(v.size() == 6);
  CHECK(v.byte_size() == 12);
  buf[5] = 99;
  CHECK(v.data<uint16_t>()[5] == 99);
}

TEST_CASE("Tensor/constructing or viewing an oversized or invalid shape throws before allocating") {
  const int64_t too_many = static_cast<int64_t>(kPtrdiffMax / 4) + 1;
  CHECK_THROWS_AS(Tensor(DataType::kFloat, {too_many}), SizeError);
  CHECK_THROWS_AS(Tensor::uninitialized(DataType::kFloat, {too_many}), SizeError);
  CHECK_THROWS_AS(Tensor::view(DataType::kFloat, {too_many}, nullptr), SizeError);
  CHECK_THROWS_AS(Tensor(DataType::kFloat, {2, -2}), SizeError);
  CHECK_THROWS_AS(Tensor::view(DataType::kInt64, {int64_t(1) << 32, int64_t(1) << 32}, nullptr), SizeError);
  CHECK_THROWS_AS(Tensor(DataType::kString, {2}), TypeError);
}
