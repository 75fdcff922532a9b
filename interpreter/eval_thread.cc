#include "interpreter/eval_thread.h"

namespace rlx::interp {

std::unique_ptr<EvalThread> EvalThread::Start(size_t stack_bytes) {
  std::unique_ptr<EvalThread> t(new EvalThread());
  t->stack_bytes_ = stack_bytes;
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return nullptr;
  const bool started = pthread_attr_setstacksize(&attr, stack_bytes) == 0 &&
                       pthread_create(&t->thread_, &attr, &EvalThread::Main, t.get()) == 0;
  pthread_attr_destroy(&attr);
  if (!started) return nullptr;
  return t;
}

EvalThread::~EvalThread() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stop_ = true;
  }
  wake_.notify_one();
  pthread_join(thread_, nullptr);
}

void EvalThread::Run(void (*job)(void*), void* arg) {
  std::unique_lock<std::mutex> lock(mutex_);
  job_ = job;
  arg_ = arg;
  wake_.notify_one();
  done_.wait(lock, [&] { return job_ == nullptr; });
}

void* EvalThread::Main(void* self) {
  auto& t = *static_cast<EvalThread*>(self);
  std::unique_lock<std::mutex> lock(t.mutex_);
  for (;;) {
    t.wake_.wait(lock, [&] { return t.stop_ || t.job_ != nullptr; });
    if (t.job_ == nullptr) return nullptr;  // stopped
    void (*job)(void*) = t.job_;
    lock.unlock();
    job(t.arg_);
    lock.lock();
    t.job_ = nullptr;
    t.done_.notify_one();
  }
}

}  // namespace rlx::interp
