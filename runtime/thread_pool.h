// The runtime's thread pool, on which compiled kernels run the iterations of parallel loops
// (spec codegen.cpu.parallel). One pool per process, started on first use; the thread that asks
// runs tasks too. Only one parallel region runs on the pool at a time: a region that finds the
// pool busy (another thread's kernel, or a region nested inside one) runs its tasks in order on
// the calling thread, which gives the same results.
#pragma once

#include <cstdint>
#include <functional>

namespace rlx::runtime {

struct ParallelSettings {
  /// Threads a region may use, the caller included; 1 runs every region in order. 0: the
  /// default, the CPUs this process may run on, or the environment variable RLX_NUM_THREADS.
  int threads = 0;
  /// A region whose loop iterations (the parallel loop's and its inner loops', as tir.eval.work
  /// counts them) are fewer runs in order: starting threads would cost more than it saves.
  /// -1: the default, 2^14, or the environment variable RLX_PARALLEL_MIN_WORK.
  int64_t min_work = -1;
};

/// The settings in force (defaults resolved).
ParallelSettings GetParallelSettings();
/// Replaces the settings (`{}` restores the defaults).
void SetParallelSettings(ParallelSettings s);

/// Runs task(i) for every i in [0, count) and returns when all have returned: on the pool's
/// threads and the caller's when the pool is free, else in order on the caller's. Tasks must
/// not throw. Returns true when the tasks ran on more than one thread.
bool ParallelFor(int64_t count, const std::function<void(int64_t)>& task);

/// The number of regions that ran on more than one thread since the process started (for
/// tests that check a loop went parallel).
int64_t ParallelRegionsRun();

}  // namespace rlx::runtime
