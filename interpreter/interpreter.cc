#include "interpreter/interpreter.h"

#include <pthread.h>

#include <new>

#include "interpreter/evaluator.h"

namespace rlx::interp {
namespace {

// Evaluation recurses once per nested expression and call; it runs on a thread with a large
// stack so that the depth limit (eval.limit.depth), not the C++ stack, bounds recursion.
constexpr size_t kEvalStackBytes = size_t{512} << 20;

struct RunJob {
  Evaluator* evaluator;
  const std::string* entry;
  std::vector<Value>* args;
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

void* RunJobThread(void* arg) {
  RunJobBody(*static_cast<RunJob*>(arg));
  return nullptr;
}

}  // namespace

Interpreter::Interpreter(Ref<IRModule> module, InterpreterOptions options)
    : evaluator_(std::make_unique<Evaluator>(std::move(module), options)) {}

Interpreter::~Interpreter() = default;

Allocator& Interpreter::allocator() { return evaluator_->allocator(); }

RunResult Interpreter::Run(const std::string& entry, std::vector<Value> args) {
  RunJob job{evaluator_.get(), &entry, &args, {}};
  pthread_attr_t attr;
  pthread_t thread;
  bool started = pthread_attr_init(&attr) == 0 &&
                 pthread_attr_setstacksize(&attr, kEvalStackBytes) == 0 &&
                 pthread_create(&thread, &attr, RunJobThread, &job) == 0;
  pthread_attr_destroy(&attr);
  if (started) {
    pthread_join(thread, nullptr);
  } else {
    RunJobBody(job);  // no thread available: run here, with the caller's stack
  }
  return std::move(job.result);
}

}  // namespace rlx::interp
