#include "interpreter/runtime_names.h"
#include "interpreter/interpreter.h"

#include <pthread.h>

#include <new>


#include "interpreter/eval_thread.h"
#include "interpreter/evaluator.h"

namespace rlx::interp {
namespace {

// Evaluation recurses once per nested expression and call; it runs on a thread whose stack is
// sized for the depth limit (eval.limit.depth), so that the limit, not the C++ stack, bounds
// recursion. A call of a function whose body nests few expressions takes about 5 KiB of stack
// in a release build (EvalLimits.StackPerCallFitsTheReservation in interpreter/tests measures
// it); kStackPerCall leaves room for sanitizer builds and for more nesting. Deeper nesting than the
// stack can hold is stopped by the evaluator's stack guard (E0908), never by a crash.
constexpr size_t kStackPerCall = size_t{32} << 10;
constexpr size_t kMinEvalStackBytes = size_t{512} << 20;
constexpr size_t kMinFallbackStackBytes = size_t{16} << 20;
// Kept free below the guard: kernels, struct-info matching and the C library run there.
constexpr size_t kStackGuardMargin = size_t{1} << 20;

size_t EvalStackBytes(int max_call_depth) {
  size_t want = static_cast<size_t>(max_call_depth < 0 ? 0 : max_call_depth) * kStackPerCall +
                (size_t{64} << 20);
  return want < kMinEvalStackBytes ? kMinEvalStackBytes : want;
}

struct RunJob {
  Evaluator* evaluator;
  const std::string* entry;
  std::vector<Value>* args;
  size_t stack_bytes;  // of the thread that runs the job; 0: unknown (the caller's)
  RunResult result;
};

RuntimeError FromTrap(const Trap& t) {
  RuntimeError e;
  e.code = t.code();
  e.rule = t.rule();
  e.message = t.message();
  e.span = t.span;
  e.stack = t.stack;
  return e;
}

void RunJobBody(RunJob& job) {
  if (job.stack_bytes > kStackGuardMargin) {
    // The thread starts near the top of its stack: everything below this frame is free.
    job.evaluator->SetStackGuard(static_cast<const char*>(__builtin_frame_address(0)) -
                                 (job.stack_bytes - kStackGuardMargin));
  }
  try {
    job.result.value = job.evaluator->RunEntry(*job.entry, std::move(*job.args));
  } catch (const Trap& t) {
    job.result.error = FromTrap(t);
  } catch (const std::bad_alloc&) {
    job.result.error = FromTrap(Trap(ErrorCode::kMemoryExhausted, "out of memory"));
  } catch (const std::exception& e) {
    job.result.error = FromTrap(Trap(ErrorCode::kInvalidValue, std::string("internal error: ") + e.what()));
  }
}

void RunJobOnThread(void* arg) { RunJobBody(*static_cast<RunJob*>(arg)); }

}  // namespace

Interpreter::Interpreter(Ref<IRModule> module, InterpreterOptions options)
    : evaluator_(std::make_unique<Evaluator>(std::move(module), options)) {}

Interpreter::~Interpreter() = default;

Allocator& Interpreter::allocator() { return evaluator_->allocator(); }

RunResult Interpreter::Run(const std::string& entry, std::vector<Value> args) {
  RunJob job{evaluator_.get(), &entry, &args, 0, {}};
  // The stack the depth limit needs; when the system refuses it, a smaller one (the stack guard
  // then ends a deep recursion with E0908 before the stack does).
  for (size_t bytes = EvalStackBytes(evaluator_->limits().max_call_depth); !thread_ && bytes >= kMinFallbackStackBytes;
       bytes /= 2) {
    thread_ = EvalThread::Start(bytes);
  }
  const bool started = thread_ != nullptr;
  if (started) {
    job.stack_bytes = thread_->stack_bytes();
    thread_->Run(&RunJobOnThread, &job);
  } else {
    // No thread available: run here, guarded by what is left of the caller's stack.
    job.stack_bytes = 0;
    pthread_attr_t attr;
    void* low = nullptr;
    size_t size = 0;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      if (pthread_attr_getstack(&attr, &low, &size) == 0 && size > 2 * kStackGuardMargin) {
        evaluator_->SetStackGuard(static_cast<const char*>(low) + kStackGuardMargin);
      }
      pthread_attr_destroy(&attr);
    }
    RunJobBody(job);
  }
  return std::move(job.result);
}

}  // namespace rlx::interp
