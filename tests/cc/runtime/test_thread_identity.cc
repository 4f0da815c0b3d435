// Any thread count gives the bits of one thread: random shapes x axes x types for every family
// that splits its work (Reduce*, ArgMax/ArgMin, CumSum/CumProd, the normalize ops, TopK, the
// element-wise ops), run with 1 thread and again with 2, 3 and 4. Inputs are large enough to
// hold several pieces, so the work is really split. Built only with threads (thread_counts.h):
// without them the comparison would be of one thread with one.
#include <catch2/catch.hpp>

#include <cstring>
#include <random>
#include <sstream>

#include "core/parallel.h"
#include "helpers.h"
#include "thread_counts.h"
#include "onnx/node.h"
#include "runtime/run_node.h"

using namespace orw;
using namespace orw_test;

#if ORW_THREADS
namespace {

struct Case {
  std::string op;
  int64_t opset;
  std::vector<Attribute> attrs;
  std::vector<Tensor> extra;  // inputs after the data input
  std::vector<DataType> types;
};

// A shape of rank 1-4 with about `target` elements, its dims chosen at random.
Shape random_shape(std::mt19937& rng, size_t target) {
  const auto rank = static_cast<size_t>(rand_int(rng, 1, 4));
  Shape dims(rank, 1);
  size_t left = target;
  for (size_t d = 0; d + 1 < rank; ++d) {
    const int64_t hi = std::max<int64_t>(2, static_cast<int64_t>(std::pow(static_cast<double>(left), 1.0 / static_cast<double>(rank - d))) * 2);
    dims[d] = rand_int(rng, 1, hi);
    left = std::max<size_t>(1, left / static_cast<size_t>(dims[d]));
  }
  dims[rank - 1] = static_cast<int64_t>(left);
  return dims;
}

Tensor random_tensor(std::mt19937& rng, DataType type, const Shape& dims) {
  Tensor t = Tensor::uninitialized(type, dims);
  const size_t n = static_cast<size_t>(t.size());
  for (size_t i = 0; i < n; ++i) {
    const double u = rand_unit(rng) * 2 - 1;
    // Near 1 so long products stay finite; integers small so sums of many stay exact.
    store_value(type, t.mutable_raw(), i, is_floating(type) ? 1 + u * 0.01 : static_cast<double>(rand_int(rng, -3, 3)));
  }
  return t;
}

bool same_bits(const Tensor& a, const Tensor& b) {
  return a.type() == b.type() && a.dims() == b.dims() && std::memcmp(a.raw(), b.raw(), a.byte_size()) == 0;
}

std::vector<int64_t> random_axes(std::mt19937& rng, size_t rank) {
  std::vector<int64_t> axes;
  for (size_t d = 0; d < rank; ++d) {
    if (rng() % 2) axes.push_back(static_cast<int64_t>(d));
  }
  if (axes.empty()) axes.push_back(rand_int(rng, 0, static_cast<int64_t>(rank) - 1));
  return axes;
}

}  // namespace

TEST_CASE("every thread count gives the bits of one thread", "[threads]") {
  std::mt19937 rng(20261203);
  const std::vector<DataType> kReduceTypes = {DataType::kFloat, DataType::kDouble, DataType::kInt32, DataType::kInt64,
                                              DataType::kFloat16};
  const std::vector<DataType> kArgTypes = {DataType::kFloat, DataType::kDouble, DataType::kInt32, DataType::kInt64,
                                           DataType::kFloat16, DataType::kUint8, DataType::kInt8};
  const std::vector<DataType> kFloats = {DataType::kFloat, DataType::kDouble, DataType::kFloat16};
  for (int round = 0; round < 60; ++round) {
    const Shape dims = random_shape(rng, static_cast<size_t>(rand_int(rng, 70000, 600000)));
    const auto rank = static_cast<int64_t>(dims.size());
    const int64_t axis = rand_int(rng, 0, rank - 1);
    std::vector<Case> cases;
    for (const char* op : {"ReduceSum", "ReduceProd", "ReduceMax", "ReduceMean", "ReduceL2", "ReduceLogSumExp"}) {
      cases.push_back({op, 11, {Attribute::of_ints("axes", random_axes(rng, dims.size())), keepdims_attr(static_cast<int>(rng() % 2))}, {}, kReduceTypes});
    }
    std::vector<int64_t> every(dims.size());
    for (size_t d = 0; d < dims.size(); ++d) every[d] = static_cast<int64_t>(d);
    // float32 LogSumExp over everything: one long slice (R), its pieces' pairs on the pool
    cases.push_back({"ReduceLogSumExp", 11, {Attribute::of_ints("axes", every)}, {}, {DataType::kFloat}});
    for (const char* op : {"ArgMax", "ArgMin"}) {
      cases.push_back({op, 13, {Attribute::of_int("axis", axis)}, {}, kArgTypes});
    }
    for (const char* op : {"CumSum", "CumProd"}) {
      cases.push_back({op, 26, {Attribute::of_int("exclusive", static_cast<int64_t>(rng() % 2))}, {int64_scalar(axis)}, {DataType::kFloat, DataType::kDouble, DataType::kInt32}});
    }
    for (const char* op : {"Softmax", "LogSoftmax", "Hardmax"}) cases.push_back({op, 13, {Attribute::of_int("axis", axis)}, {}, kFloats});
    cases.push_back({"LpNormalization", 22, {Attribute::of_int("axis", axis), Attribute::of_int("p", 1 + static_cast<int64_t>(rng() % 2))}, {}, kFloats});
    for (int64_t k : {5, 60}) {  // a sorted buffer, a candidate buffer
      cases.push_back({"TopK", 11, {Attribute::of_int("axis", axis)}, {int64_vector({std::min<int64_t>(k, dims[static_cast<size_t>(axis)])})}, kArgTypes});
    }
    for (const char* op : {"Exp", "Abs", "Neg"}) cases.push_back({op, 13, {}, {}, kFloats});
    for (Case& c : cases) {
      const DataType type = c.types[rng() % c.types.size()];
      const Tensor x = random_tensor(rng, type, dims);
      std::vector<const Tensor*> inputs{&x};
      for (const Tensor& e : c.extra) inputs.push_back(&e);
      const Node node = Node::make(c.op, "", c.opset, c.attrs);
      std::ostringstream what;
      what << c.op << " " << type_name(type) << " dims [";
      for (int64_t d : dims) what << d << " ";
      what << "] axis " << axis;
      INFO(what.str());
      use_threads(1);
      const std::vector<Tensor> one = run_node(node, inputs);
      for (size_t threads : {2, 3, 4}) {
        use_threads(threads);
        const std::vector<Tensor> many = run_node(node, inputs);
        REQUIRE(many.size() == one.size());
        for (size_t i = 0; i < one.size(); ++i) REQUIRE(same_bits(one[i], many[i]));
      }
      set_thread_count(1);
    }
  }
}

TEST_CASE("a binary op with broadcasting gives the bits of one thread", "[threads]") {
  std::mt19937 rng(7);
  for (const char* op : {"Add", "Sub", "Mul", "Div"}) {
    for (DataType type : {DataType::kFloat, DataType::kDouble, DataType::kInt32}) {
      const Tensor a = random_tensor(rng, type, {64, 33, 129});
      const Tensor b = random_tensor(rng, type, {33, 1});
      const Tensor c = random_tensor(rng, type, {1, 129});
      const Node node = Node::make(op, "", 14, {});
      for (const Tensor* rhs : {&a, &b, &c}) {
        if (type == DataType::kInt32 && std::string(op) == "Div") continue;  // zeros in the divisor
        use_threads(1);
        const Tensor one = run_node(node, {&a, rhs}).at(0);
        for (size_t threads : {2, 4}) {
          use_threads(threads);
          REQUIRE(same_bits(one, run_node(node, {&a, rhs}).at(0)));
        }
        set_thread_count(1);
      }
    }
  }
}

#else

// What leaves the cases above out of this build: it runs one thread whatever is asked.
TEST_CASE("a build without threads runs one thread whatever is asked, so the [threads] cases are not built", "[parallel]") {
  CHECK_FALSE(threads_supported());
  CHECK(set_thread_count(4) == 1);
  CHECK(thread_count() == 1);
}

#endif
