// Kernel benchmark: ReduceProd/Sum/Max, ArgMax, CumProd/CumSum, LogSumExp (rows of 4 to 256) and
// TopK (the logits shapes of text generation and classifiers, K from 1 to 256, each way of
// selecting: a sorted buffer, a candidate buffer)
// on wasm-resident (or native) buffers, on one thread or --threads N (the kernels' pool; a
// build without threads runs one and says so).
// Prints GB/s of input read, median of timed runs after warm-up, for the SIMD kernels, the
// scalar instance of the same templates, and the whole operator (run_node: validation, plan,
// output allocation). A plain memcpy of the scans' 16 MiB input gives the scale of a pass over memory.
// Usage: orw_bench_kernels [--runs N] [--threads N] [--json] [--filter TEXT] (only the cases whose name contains TEXT)
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "arg/arg_kernels.h"
#include "core/parallel.h"
#include "reduce/reduce_kernels.h"
#include "scan/scan_kernels.h"
#include "topk/topk_kernels.h"
#include "onnx/node.h"
#include "runtime/run_node.h"
#include "plan/reduction_plan.h"

using namespace orw;

namespace {

double now_ms() {
  using namespace std::chrono;
  return duration<double, std::milli>(steady_clock::now().time_since_epoch()).count();
}

template <class F>
double median_ms(int runs, F&& f) {
  // Warm-up: at least 3 runs and 200 ms, so the engine's optimized code (compiled in the
  // background after the first calls) is in place before timing. With 3 runs alone, the first
  // case of a process sometimes timed the baseline code (ReduceProd axes [2]: 13 vs 34 GB/s).
  const double warm_until = now_ms() + 200;
  for (int i = 0; i < 3 || now_ms() < warm_until; ++i) f();
  std::vector<double> t;
  for (int i = 0; i < runs; ++i) {
    const double t0 = now_ms();
    f();
    t.push_back(now_ms() - t0);
  }
  std::sort(t.begin(), t.end());
  return t[t.size() / 2];
}

struct Row {
  std::string name;
  double bytes, simd_ms, scalar_ms, op_ms;
};

}  // namespace

int main(int argc, char** argv) {
  int runs = 30;
  bool json = false;
  const char* filter = "";
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::atoi(argv[++i]);
    else if (!std::strcmp(argv[i], "--json")) json = true;
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) set_thread_count(static_cast<size_t>(std::atoi(argv[++i])));
    else if (!std::strcmp(argv[i], "--filter") && i + 1 < argc) filter = argv[++i];
  }
  auto wanted = [filter](const std::string& name) { return name.find(filter) != std::string::npos; };
  std::mt19937 rng(7);
  std::uniform_real_distribution<float> near_one(0.999f, 1.001f);  // keeps products normal
  std::vector<Row> rows;
  double copy_ms = 0;

  {
    const Shape dims = {64, 256, 256};
    std::vector<float> x(64 * 256 * 256);
    for (float& v : x) v = near_one(rng);
    const Tensor xt = Tensor::view(DataType::kFloat, dims, x.data());
    const std::vector<std::pair<const char*, std::vector<int64_t>>> patterns = {
        {"axes [2]", {2}}, {"axes [0]", {0}}, {"axes [1]", {1}}, {"all", {0, 1, 2}}};
    const std::vector<std::pair<const char*, kernels::ReduceOp>> ops = {
        {"ReduceProd", kernels::ReduceOp::kProd}, {"ReduceSum", kernels::ReduceOp::kSum}, {"ReduceMax", kernels::ReduceOp::kMax}};
    for (const auto& [op_name, op] : ops) {
      for (const auto& [label, axes] : patterns) {
        const ReductionPlan plan = make_reduction_plan(dims, axes);
        std::vector<float> out(static_cast<size_t>(plan.output_count));
        const Node node = Node::make(op_name, "", 11, {Attribute::of_ints("axes", axes)});
        Row r{std::string(op_name) + " f32 [64,256,256] " + label, x.size() * 4.0, 0, 0, 0};
        if (!wanted(r.name)) continue;
        r.simd_ms = median_ms(runs, [&, op = op] { kernels::reduce(op, DataType::kFloat, plan, x.data(), out.data()); });
        r.scalar_ms = median_ms(runs, [&, op = op] {
          kernels::reduce(op, DataType::kFloat, plan, x.data(), out.data(), kernels::Variant::kScalar);
        });
        r.op_ms = median_ms(runs, [&] { run_node(node, {&xt}); });
        rows.push_back(r);
      }
    }
    for (int64_t axis : {2, 0, 1}) {  // ArgMax: int64 indices out
      const ReductionPlan plan = make_reduction_plan(dims, {axis});
      std::vector<int64_t> out(static_cast<size_t>(plan.output_count));
      const Node node = Node::make("ArgMax", "", 13, {Attribute::of_int("axis", axis)});
      Row r{"ArgMax f32 [64,256,256] axis " + std::to_string(axis), x.size() * 4.0, 0, 0, 0};
      if (!wanted(r.name)) continue;
      r.simd_ms = median_ms(runs, [&] { kernels::arg_reduce(true, false, DataType::kFloat, plan, x.data(), out.data()); });
      r.scalar_ms = median_ms(runs, [&] {
        kernels::arg_reduce(true, false, DataType::kFloat, plan, x.data(), out.data(), kernels::Variant::kScalar);
      });
      r.op_ms = median_ms(runs, [&] { run_node(node, {&xt}); });
      rows.push_back(r);
    }
  }
  {
    const Shape dims = {1024, 4096};
    std::vector<float> x(1024 * 4096), out(x.size());
    for (float& v : x) v = near_one(rng);
    const Tensor xt = Tensor::view(DataType::kFloat, dims, x.data());
    for (const auto& [op_name, op] : {std::pair{"CumProd", kernels::ScanOp::kProd}, std::pair{"CumSum", kernels::ScanOp::kSum}}) {
      const Node node = Node::make(op_name, "", 26, {});
      for (int64_t axis : {1, 0}) {
        const AxisExtent extent = make_axis_extent(dims, axis);
        int64_t axis_v = axis;
        const Tensor at = Tensor::view(DataType::kInt64, {}, &axis_v);
        Row r{std::string(op_name) + " f32 [1024,4096] axis " + std::to_string(axis), x.size() * 4.0, 0, 0, 0};
        if (!wanted(r.name)) continue;
        r.simd_ms = median_ms(runs, [&, op = op] {
          kernels::scan(op, DataType::kFloat, extent, false, false, x.data(), out.data());
        });
        r.scalar_ms = median_ms(runs, [&, op = op] {
          kernels::scan(op, DataType::kFloat, extent, false, false, x.data(), out.data(), kernels::Variant::kScalar);
        });
        r.op_ms = median_ms(runs, [&] { run_node(node, {&xt, &at}); });
        rows.push_back(r);
      }
    }
    // For scale: the scans read 16 MiB and write 16 MiB; so does this copy.
    copy_ms = median_ms(runs, [&] { std::memcpy(out.data(), x.data(), x.size() * sizeof(float)); });
  }

  {
    // LogSumExp over rows of r of the same 4M floats in [-20, 20]: a fixed cost per row shows
    // at small r (the per-row max, the exp sum's setup and the log).
    std::vector<float> x(size_t{1} << 22);
    std::uniform_real_distribution<float> wide(-20.0f, 20.0f);
    for (float& v : x) v = wide(rng);
    for (int64_t r : {4, 16, 64, 256}) {
      const Shape dims = {static_cast<int64_t>(x.size()) / r, r};
      const ReductionPlan plan = make_reduction_plan(dims, {1});
      std::vector<float> out(static_cast<size_t>(plan.output_count));
      const Tensor xt = Tensor::view(DataType::kFloat, dims, x.data());
      const Node node = Node::make("ReduceLogSumExp", "", 13, {Attribute::of_ints("axes", {1})});
      Row row{"ReduceLogSumExp f32 [4M/" + std::to_string(r) + "," + std::to_string(r) + "] axes [1]", x.size() * 4.0, 0, 0, 0};
      if (!wanted(row.name)) continue;
      row.simd_ms = median_ms(runs, [&] { kernels::reduce(kernels::ReduceOp::kLogSumExp, DataType::kFloat, plan, x.data(), out.data()); });
      row.scalar_ms = median_ms(runs, [&] {
        kernels::reduce(kernels::ReduceOp::kLogSumExp, DataType::kFloat, plan, x.data(), out.data(), kernels::Variant::kScalar);
      });
      row.op_ms = median_ms(runs, [&] { run_node(node, {&xt}); });
      rows.push_back(row);
    }
  }

  {
    // TopK along the last axis of logits-like rows (normal values), both ways of selecting.
    std::normal_distribution<float> logits(0.0f, 3.0f);
    const std::vector<Shape> shapes = {{1, 32000}, {64, 1000}, {1, 152064}, {512, 32000}};
    const std::vector<std::pair<const char*, kernels::TopKMethod>> methods = {
        {"sorted", kernels::TopKMethod::kSorted}, {"candidates", kernels::TopKMethod::kCandidates}};
    for (const Shape& dims : shapes) {
      std::vector<float> x(static_cast<size_t>(dims[0] * dims[1]));
      for (float& v : x) v = logits(rng);
      const Tensor xt = Tensor::view(DataType::kFloat, dims, x.data());
      const AxisExtent extent = make_axis_extent(dims, 1);
      const Node node = Node::make("TopK", "", 11, {});
      for (int64_t k : {1, 5, 16, 50, 256}) {
        const Tensor kt = Tensor::view(DataType::kInt64, {1}, &k);
        std::vector<float> values(static_cast<size_t>(dims[0] * k));
        std::vector<int64_t> indices(values.size());
        for (const auto& [label, method] : methods) {
          Row r{"TopK f32 [" + std::to_string(dims[0]) + "," + std::to_string(dims[1]) + "] k " + std::to_string(k) +
                    " " + label,
                x.size() * 4.0, 0, 0, 0};
          if (!wanted(r.name)) continue;
          r.simd_ms = median_ms(runs, [&, m = method] {
            kernels::topk(DataType::kFloat, extent, k, true, x.data(), values.data(), indices.data(),
                          kernels::Variant::kSimd, m);
          });
          r.scalar_ms = median_ms(runs, [&, m = method] {
            kernels::topk(DataType::kFloat, extent, k, true, x.data(), values.data(), indices.data(),
                          kernels::Variant::kScalar, m);
          });
          r.op_ms = median_ms(runs, [&] { run_node(node, {&xt, &kt}); });
          rows.push_back(r);
        }
      }
    }
  }

  // Per-call cost of the operator on a tiny input (validation, plan, allocation, kernel).
  double tiny_us = 0;
  {
    std::vector<float> v(128, 1.0f);
    int64_t axis = 1;
    const Tensor x = Tensor::view(DataType::kFloat, {8, 16}, v.data());
    const Tensor a = Tensor::view(DataType::kInt64, {1}, &axis);
    const Node node = Node::make("ReduceSum", "", 18, {});
    constexpr int kCalls = 20000;
    tiny_us = median_ms(runs, [&] {
      for (int i = 0; i < kCalls; ++i) run_node(node, {&x, &a});
    }) * 1000.0 / kCalls;
  }

  if (json) {
    std::printf("[\n");
    for (size_t i = 0; i < rows.size(); ++i) {
      const Row& r = rows[i];
      std::printf("  {\"case\": \"%s\", \"bytes\": %.0f, \"simd_ms\": %.4f, \"scalar_ms\": %.4f, \"op_ms\": %.4f, "
                  "\"simd_gbps\": %.2f, \"scalar_gbps\": %.2f, \"op_gbps\": %.2f}%s\n",
                  r.name.c_str(), r.bytes, r.simd_ms, r.scalar_ms, r.op_ms, r.bytes / r.simd_ms / 1e6,
                  r.bytes / r.scalar_ms / 1e6, r.bytes / r.op_ms / 1e6, i + 1 < rows.size() ? "," : "");
    }
    std::printf("]\n");
    return 0;
  }
  std::printf("threads: %zu\n", thread_count());
  std::printf("%-40s %10s %10s %10s %9s %9s\n", "case (median of runs)", "SIMD GB/s", "scalar", "operator", "SIMD ms", "op ms");
  for (const Row& r : rows) {
    std::printf("%-40s %10.2f %10.2f %10.2f %9.3f %9.3f\n", r.name.c_str(), r.bytes / r.simd_ms / 1e6,
                r.bytes / r.scalar_ms / 1e6, r.bytes / r.op_ms / 1e6, r.simd_ms, r.op_ms);
  }
  std::printf("memcpy f32 [1024,4096] (for scale): %.2f GB/s, %.3f ms\n", 16777216.0 / copy_ms / 1e6, copy_ms);
  std::printf("run_node ReduceSum f32 [8,16] axis 1: %.3f us per call\n", tiny_us);
  return 0;
}
