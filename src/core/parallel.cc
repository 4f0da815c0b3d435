#include "core/parallel.h"

#if ORW_THREADS
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>
#endif

namespace orw {

#if ORW_THREADS
namespace {

// True on a thread while it runs a task: a parallel_for from inside a task runs inline.
thread_local bool t_in_task = false;

// How long a thread that waits for a job (or for a job's end) checks before it sleeps. Waking
// a sleeping thread costs tens of microseconds (a futex; in wasm, Atomics.wait/notify), a
// tenth of a 16 MiB run; a short spin catches back-to-back runs and leaves the core soon
// after the last one (a longer one costs the other side of a shared machine).
constexpr auto kSpin = std::chrono::microseconds(50);

// Checks done() until it is true or kSpin has passed; returns its last answer.
template <class Done>
bool spin_until(Done done) {
  const auto until = std::chrono::steady_clock::now() + kSpin;
  for (;;) {
    for (int i = 0; i < 256; ++i) {
      if (done()) return true;
    }
    if (std::chrono::steady_clock::now() >= until) return done();
  }
}

// n - 1 pool threads asleep on a condition variable between jobs. A job is one parallel_for:
// its tasks are taken from a shared counter by the caller and every pool thread; the caller
// returns once each pool thread has left the job (so the next job can reuse the fields).
class Pool {
 public:
  ~Pool() { resize(1); }

  size_t size() const { return threads_.size() + 1; }

  void resize(size_t n) {
    std::lock_guard<std::mutex> run(run_);
    {
      std::lock_guard<std::mutex> lock(m_);
      stop_ = true;
    }
    wake_.notify_all();
    for (auto& t : threads_) t.join();
    threads_.clear();
    stop_ = false;
    // Each thread starts from the generation of now: a job posted before it first looks must
    // still be seen as new.
    for (size_t i = 1; i < n; ++i) threads_.emplace_back([this, g = generation_.load()] { work(g); });
  }

  void run(size_t tasks, TaskFn fn, void* context) {
    std::lock_guard<std::mutex> run(run_);  // one job at a time, whoever calls
    post(tasks, fn, context);
    drain(job_);
    finish();
  }

 private:
  void post(size_t tasks, TaskFn fn, void* context) {
    {
      std::lock_guard<std::mutex> lock(m_);
      job_ = Job{fn, context, tasks};
      next_.store(0, std::memory_order_relaxed);
      error_ = nullptr;
      busy_ = threads_.size();
      ++generation_;
    }
    wake_.notify_all();
  }
  void finish() {
    spin_until([this] { return busy_.load() == 0; });
    std::unique_lock<std::mutex> lock(m_);
    idle_.wait(lock, [this] { return busy_ == 0; });
    if (error_) std::rethrow_exception(error_);
  }

  struct Job {
    TaskFn fn = nullptr;
    void* context = nullptr;
    size_t tasks = 0;
  };

  void work(uint64_t seen) {
    for (;;) {
      Job job;
      spin_until([&] { return stop_.load() || generation_.load() != seen; });
      {
        std::unique_lock<std::mutex> lock(m_);
        wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
        if (stop_) return;
        seen = generation_.load();
        job = job_;
      }
      drain(job);
      std::lock_guard<std::mutex> lock(m_);
      if (--busy_ == 0) idle_.notify_one();
    }
  }

  // Runs the job's tasks until none is left. A task that throws ends the job early (no new
  // tasks start); the first exception reaches the caller.
  void drain(const Job& job) {
    t_in_task = true;
    for (size_t i; (i = next_.fetch_add(1, std::memory_order_relaxed)) < job.tasks;) {
      try {
        job.fn(job.context, i);
      } catch (...) {
        std::lock_guard<std::mutex> lock(m_);
        if (!error_) error_ = std::current_exception();
        next_.store(job.tasks, std::memory_order_relaxed);
      }
    }
    t_in_task = false;
  }

  std::mutex run_;  // held for a whole job (and while resizing)
  std::mutex m_;    // guards the fields below but next_
  std::condition_variable wake_, idle_;
  std::vector<std::thread> threads_;
  Job job_;
  std::atomic<size_t> next_{0};
  std::exception_ptr error_;
  // Written under m_; atomic so that waiting threads can spin on them before they sleep.
  std::atomic<uint64_t> generation_{0};
  std::atomic<size_t> busy_{0};  // pool threads still inside the current job
  std::atomic<bool> stop_{false};
};

Pool& pool() {
  static Pool p;
  return p;
}

}  // namespace

size_t set_thread_count(size_t n) {
  if (n < 1) n = 1;
  if (n > kMaxThreads) n = kMaxThreads;
  if (n != pool().size()) pool().resize(n);
  return pool().size();
}

size_t thread_count() { return pool().size(); }

void parallel_for(size_t tasks, TaskFn fn, void* context) {
  if (tasks == 0) return;
  if (tasks == 1 || t_in_task || pool().size() == 1) {
    for (size_t i = 0; i < tasks; ++i) fn(context, i);
    return;
  }
  pool().run(tasks, fn, context);
}

#else  // no threads in this build

size_t set_thread_count(size_t) { return 1; }

void parallel_for(size_t tasks, TaskFn fn, void* context) {
  for (size_t i = 0; i < tasks; ++i) fn(context, i);
}


#endif

}  // namespace orw
