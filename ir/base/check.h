// Internal invariants. A failed check is a bug in rlx, never a user mistake: it throws
// InternalError, which the CLI reports as "internal error" with exit code 3.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>

namespace rlx {

/// Thrown when an internal invariant fails (a bug in rlx).
class InternalError : public std::logic_error {
 public:
  using std::logic_error::logic_error;
};

namespace detail {
class CheckFailure {
 public:
  CheckFailure(const char* file, int line, const char* cond) {
    os_ << file << ":" << line << ": check failed: " << cond << ": ";
  }
  template <class T>
  CheckFailure& operator<<(const T& v) {
    os_ << v;
    return *this;
  }
  ~CheckFailure() noexcept(false) { throw InternalError(os_.str()); }

 private:
  std::ostringstream os_;
};
/// Throws InternalError for code that must not be reached.
[[noreturn]] inline void Unreachable(const char* file, int line, const std::string& what) {
  throw InternalError(std::string(file) + ":" + std::to_string(line) + ": unreachable: " + what);
}
}  // namespace detail

}  // namespace rlx

/// RLX_UNREACHABLE("why"): an internal error; the compiler knows control does not go on.
#define RLX_UNREACHABLE(what) ::rlx::detail::Unreachable(__FILE__, __LINE__, what)

/// RLX_CHECK(cond) << "context"; throws rlx::InternalError when cond is false.
#define RLX_CHECK(cond) \
  if (cond) {           \
  } else                \
    ::rlx::detail::CheckFailure(__FILE__, __LINE__, #cond)
