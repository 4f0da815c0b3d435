// The machine's read bandwidth, for scale: a plain float sum (built -O3 -march=native
// -ffast-math, so the compiler vectorizes it; no SIMD wrapper, no pool) over a buffer of --mib
// MiB on --threads std::threads (started per run), each summing its own contiguous part; with --flush a 64 MiB write before every timed run, so the buffer comes
// from DRAM, not from the last-level cache (as bench/threads.mjs flushes). Prints the median
// of --runs runs in GB/s. Native builds only.
//   orw_bench_bandwidth [--mib N (16)] [--threads N (1)] [--runs N (21)] [--flush]
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

namespace {

float sum_part(const float* x, size_t n) {
  float a = 0, b = 0, c = 0, d = 0;
  size_t i = 0;
  for (; i + 4 <= n; i += 4) a += x[i], b += x[i + 1], c += x[i + 2], d += x[i + 3];
  for (; i < n; ++i) a += x[i];
  return (a + b) + (c + d);
}

}  // namespace

int main(int argc, char** argv) {
  size_t mib = 16, threads = 1, runs = 21;
  bool flush = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--mib") && i + 1 < argc) mib = std::strtoul(argv[++i], nullptr, 10);
    else if (!std::strcmp(argv[i], "--threads") && i + 1 < argc) threads = std::max<size_t>(1, std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::max<size_t>(1, std::strtoul(argv[++i], nullptr, 10));
    else if (!std::strcmp(argv[i], "--flush")) flush = true;
  }
  const size_t n = mib * (size_t{1} << 20) / sizeof(float);
  std::vector<float> x(n, 1.0f);
  std::vector<char> scratch(size_t{64} << 20);
  std::vector<double> seconds;
  volatile float sink = 0;
  for (size_t r = 0; r < runs + 2; ++r) {
    if (flush) std::memset(scratch.data(), static_cast<int>(r), scratch.size());
    std::vector<float> partial(threads);
    const auto t0 = std::chrono::steady_clock::now();
    std::vector<std::thread> pool;
    for (size_t t = 1; t < threads; ++t) pool.emplace_back([&, t] { partial[t] = sum_part(x.data() + t * n / threads, (t + 1) * n / threads - t * n / threads); });
    partial[0] = sum_part(x.data(), n / threads);
    for (std::thread& th : pool) th.join();
    const auto t1 = std::chrono::steady_clock::now();
    for (float p : partial) sink = sink + p;
    if (r >= 2) seconds.push_back(std::chrono::duration<double>(t1 - t0).count());  // 2 warm-up runs
  }
  std::sort(seconds.begin(), seconds.end());
  const double s = seconds[seconds.size() / 2];
  std::printf("plain float sum, %zu MiB, %zu thread(s)%s: %.1f GB/s (%.3f ms, median of %zu)\n", mib, threads,
              flush ? ", cache flushed" : "", static_cast<double>(n * sizeof(float)) / s / 1e9, s * 1e3, runs);
  return 0;
}
