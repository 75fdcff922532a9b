// The thread an interpreter evaluates on (interpreter.cc): a stack sized for the depth limit,
// kept for the interpreter's life. A thread per run mapped its stack (512 MiB or more), faulted
// in the pages it touched and unmapped them again, every run: a fifth of a small program's run
// time went to page faults and unmapping.
#pragma once

#include <pthread.h>

#include <condition_variable>
#include <cstddef>
#include <memory>
#include <mutex>

namespace rlx::interp {

class EvalThread {
 public:
  /// A thread with `stack_bytes` of stack, waiting for jobs; nullptr when the system refuses one.
  static std::unique_ptr<EvalThread> Start(size_t stack_bytes);
  ~EvalThread();  // the thread ends (it is idle: Run waits for its job)
  EvalThread(const EvalThread&) = delete;
  EvalThread& operator=(const EvalThread&) = delete;

  /// Runs job(arg) on the thread and returns when it is done. One job at a time.
  void Run(void (*job)(void*), void* arg);
  size_t stack_bytes() const { return stack_bytes_; }

 private:
  EvalThread() = default;
  static void* Main(void* self);

  pthread_t thread_{};
  size_t stack_bytes_ = 0;
  std::mutex mutex_;
  std::condition_variable wake_, done_;
  void (*job_)(void*) = nullptr;
  void* arg_ = nullptr;
  bool stop_ = false;
};

}  // namespace rlx::interp
