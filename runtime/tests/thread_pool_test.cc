// The runtime's thread pool (runtime/thread_pool.h): every task runs once, tasks run at once
// when the pool has threads, and a region that finds the pool busy or has one thread runs its
// tasks in order on the caller.
#include "runtime/thread_pool.h"

#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <cstdlib>
#include <thread>
#include <vector>

namespace rlx::runtime {
namespace {

class ThreadPool : public ::testing::Test {
 protected:
  void SetUp() override { saved_ = GetParallelSettings(); }
  void TearDown() override { SetParallelSettings(saved_); }
  ParallelSettings saved_;
};

TEST_F(ThreadPool, EveryTaskRunsExactlyOnce) {
  SetParallelSettings({4, 0});
  for (int64_t count : {0, 1, 2, 3, 1000}) {
    std::vector<std::atomic<int>> runs(count);
    ParallelFor(count, [&](int64_t i) { runs[i].fetch_add(1); });
    for (int64_t i = 0; i < count; ++i) EXPECT_EQ(runs[i].load(), 1) << count << " tasks, task " << i;
  }
}

TEST_F(ThreadPool, TasksRunAtOnce) {
  SetParallelSettings({2, 0});
  // Each task waits for the other to start: on one thread the first would wait for ever.
  std::atomic<int> started{0};
  std::atomic<bool> both{true};
  const int64_t regions = ParallelRegionsRun();
  EXPECT_TRUE(ParallelFor(2, [&](int64_t) {
    started.fetch_add(1);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (started.load() < 2) {
      if (std::chrono::steady_clock::now() > deadline) {
        both = false;
        return;
      }
      std::this_thread::yield();
    }
  }));
  EXPECT_TRUE(both.load());
  EXPECT_EQ(ParallelRegionsRun(), regions + 1);
}

TEST_F(ThreadPool, ANestedRegionRunsInOrderOnItsThread) {
  SetParallelSettings({4, 0});
  std::atomic<int> nested_parallel{0}, tasks{0};
  ParallelFor(4, [&](int64_t) {
    const std::thread::id self = std::this_thread::get_id();
    std::vector<int64_t> order;
    if (ParallelFor(3, [&](int64_t i) {
          EXPECT_EQ(std::this_thread::get_id(), self);
          order.push_back(i);
        })) {
      nested_parallel.fetch_add(1);
    }
    EXPECT_EQ(order, (std::vector<int64_t>{0, 1, 2}));
    tasks.fetch_add(1);
  });
  EXPECT_EQ(nested_parallel.load(), 0);
  EXPECT_EQ(tasks.load(), 4);
}

TEST_F(ThreadPool, OneThreadRunsTasksInOrder) {
  SetParallelSettings({1, 0});
  std::vector<int64_t> order;
  EXPECT_FALSE(ParallelFor(5, [&](int64_t i) { order.push_back(i); }));
  EXPECT_EQ(order, (std::vector<int64_t>{0, 1, 2, 3, 4}));
}

TEST_F(ThreadPool, SettingsResolveTheirDefaults) {
  SetParallelSettings({});
  const ParallelSettings s = GetParallelSettings();
  EXPECT_GE(s.threads, 1);
  if (!std::getenv("RLX_PARALLEL_MIN_WORK")) EXPECT_EQ(s.min_work, int64_t{1} << 14);
  SetParallelSettings({3, 7});
  EXPECT_EQ(GetParallelSettings().threads, 3);
  EXPECT_EQ(GetParallelSettings().min_work, 7);
}

}  // namespace
}  // namespace rlx::runtime
