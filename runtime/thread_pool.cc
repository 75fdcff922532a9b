// One process-wide pool of worker threads (thread_pool.h). A region publishes its task and task
// count under the pool's lock and bumps a generation number; workers wake, take task indices
// from an atomic counter, and the caller takes them too. The caller waits until every worker
// that joined the region has left it, so nothing touches the task after ParallelFor returns.
#include "runtime/thread_pool.h"

#include <sched.h>

#include <atomic>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <vector>

namespace rlx::runtime {

namespace {

constexpr int kMaxThreads = 256;

// True on a thread while it runs a region's tasks: a region nested in one runs in order (and
// never try-locks the region mutex its own thread may hold).
thread_local bool in_region = false;

int64_t EnvInt(const char* name, int64_t lo, int64_t hi, int64_t fallback) {
  const char* text = std::getenv(name);
  if (!text || !*text) return fallback;
  char* end = nullptr;
  const long long v = std::strtoll(text, &end, 10);
  return *end == '\0' && v >= lo && v <= hi ? v : fallback;
}

int DefaultThreads() {
  cpu_set_t set;
  int cpus = sched_getaffinity(0, sizeof set, &set) == 0 ? CPU_COUNT(&set) : static_cast<int>(std::thread::hardware_concurrency());
  cpus = std::max(1, std::min(cpus, kMaxThreads));
  return static_cast<int>(EnvInt("RLX_NUM_THREADS", 1, kMaxThreads, cpus));
}

int64_t DefaultMinWork() { return EnvInt("RLX_PARALLEL_MIN_WORK", 0, INT64_MAX, int64_t{1} << 14); }

class Pool {
 public:
  static Pool& Get() {
    static Pool* pool = new Pool;  // never destroyed: its workers may still wait at exit
    return *pool;
  }

  // Read by every parallel loop a kernel starts: atomics, no lock.
  ParallelSettings settings() const {
    return {threads_.load(std::memory_order_relaxed), min_work_.load(std::memory_order_relaxed)};
  }

  void set_settings(ParallelSettings s) {
    threads_.store(s.threads > 0 ? std::min(s.threads, kMaxThreads) : DefaultThreads());
    min_work_.store(s.min_work >= 0 ? s.min_work : DefaultMinWork());
  }

  bool Run(int64_t count, const std::function<void(int64_t)>& task) {
    const int threads = settings().threads;
    if (count <= 1 || threads <= 1 || in_region || !region_.try_lock()) {
      for (int64_t i = 0; i < count; ++i) task(i);
      return false;
    }
    std::unique_lock<std::mutex> region(region_, std::adopt_lock);
    regions_.fetch_add(1, std::memory_order_relaxed);
    {
      std::lock_guard<std::mutex> lock(m_);
      while (static_cast<int>(workers_.size()) < threads - 1) workers_.emplace_back([this] { Work(); });
      task_ = &task;
      count_ = count;
      next_.store(0);
      helpers_left_ = static_cast<int>(std::min<int64_t>(threads - 1, count - 1));
      ++generation_;
    }
    wake_.notify_all();
    TakeTasks(task, count);
    std::unique_lock<std::mutex> lock(m_);
    left_.wait(lock, [&] { return busy_ == 0; });
    task_ = nullptr;
    return true;
  }

  int64_t regions() const { return regions_.load(std::memory_order_relaxed); }

 private:
  Pool() { set_settings({}); }

  void TakeTasks(const std::function<void(int64_t)>& task, int64_t count) {
    in_region = true;
    for (int64_t i = next_.fetch_add(1); i < count; i = next_.fetch_add(1)) task(i);
    in_region = false;
  }

  void Work() {
    uint64_t seen = 0;
    std::unique_lock<std::mutex> lock(m_);
    for (;;) {
      wake_.wait(lock, [&] { return generation_ != seen; });
      seen = generation_;
      if (!task_ || helpers_left_ == 0) continue;
      --helpers_left_;
      ++busy_;
      const std::function<void(int64_t)>* task = task_;
      const int64_t count = count_;
      lock.unlock();
      TakeTasks(*task, count);
      lock.lock();
      if (--busy_ == 0) left_.notify_all();
    }
  }

  std::mutex region_;  // held by the region running on the pool
  std::mutex m_;       // guards everything below but next_ and regions_
  std::condition_variable wake_, left_;
  std::atomic<int> threads_{1};
  std::atomic<int64_t> min_work_{0};
  std::vector<std::thread> workers_;
  const std::function<void(int64_t)>* task_ = nullptr;
  int64_t count_ = 0;
  std::atomic<int64_t> next_{0};
  int helpers_left_ = 0;  // workers that may still join the region
  int busy_ = 0;          // workers inside the region
  uint64_t generation_ = 0;
  std::atomic<int64_t> regions_{0};
};

}  // namespace

ParallelSettings GetParallelSettings() { return Pool::Get().settings(); }

void SetParallelSettings(ParallelSettings s) { Pool::Get().set_settings(s); }

bool ParallelFor(int64_t count, const std::function<void(int64_t)>& task) { return Pool::Get().Run(count, task); }

int64_t ParallelRegionsRun() { return Pool::Get().regions(); }

}  // namespace rlx::runtime
