#include "conformance/runner/external.h"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

namespace rlx::conform {
namespace {

// Starts `/bin/sh -c "exec COMMAND"` with pipes for stdin and stdout.
pid_t Spawn(const std::string& command, bool show_stderr, int* to_child, int* from_child) {
  int in[2], out[2];
  if (pipe(in) != 0) return -1;
  if (pipe(out) != 0) {
    close(in[0]);
    close(in[1]);
    return -1;
  }
  pid_t pid = fork();
  if (pid == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    if (!show_stderr) {
      int null = open("/dev/null", O_WRONLY);
      if (null >= 0) dup2(null, 2);
    }
    close(in[0]); close(in[1]); close(out[0]); close(out[1]);
    std::string script = "exec " + command;
    execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  close(in[0]);
  close(out[1]);
  if (pid < 0) {
    close(in[1]);
    close(out[0]);
    return -1;
  }
  fcntl(in[1], F_SETFD, FD_CLOEXEC);
  fcntl(out[0], F_SETFD, FD_CLOEXEC);
  *to_child = in[1];
  *from_child = out[0];
  return pid;
}

bool WriteAll(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    ssize_t n = write(fd, s.data() + done, s.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<size_t>(n);
  }
  return true;
}

Response AdapterError(const std::string& message) { return Response::Error("adapter", "", "", message); }

enum class ReadStatus { kLine, kTimeout, kEnd };

// One line from `fd` within the timeout, reading ahead into `buffer`: kTimeout when none came in
// time, kEnd when the output ended (the adapter exited or crashed).
ReadStatus ReadLine(int fd, std::string* buffer, std::string* line, int timeout_ms) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  while (true) {
    size_t nl = buffer->find('\n');
    if (nl != std::string::npos) {
      *line = buffer->substr(0, nl);
      buffer->erase(0, nl + 1);
      return ReadStatus::kLine;
    }
    auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return ReadStatus::kTimeout;
    pollfd p{fd, POLLIN, 0};
    int ready = poll(&p, 1, static_cast<int>(left));
    if (ready < 0 && errno == EINTR) continue;
    if (ready == 0) return ReadStatus::kTimeout;
    if (ready < 0) return ReadStatus::kEnd;
    char chunk[65536];
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return ReadStatus::kEnd;
    buffer->append(chunk, static_cast<size_t>(n));
  }
}

// How an adapter whose output ended finished: "exited with status 3", "was killed by signal 11
// (Segmentation fault)". Waits up to 2 s for it to end, then kills it.
std::string Reap(pid_t pid) {
  int status = 0;
  for (int i = 0; i < 200; ++i) {
    pid_t r = waitpid(pid, &status, WNOHANG);
    if (r < 0) return "ended";
    if (r == pid) {
      if (WIFSIGNALED(status)) {
        return "was killed by signal " + std::to_string(WTERMSIG(status)) + " (" + strsignal(WTERMSIG(status)) + ")";
      }
      return "exited with status " + std::to_string(WEXITSTATUS(status));
    }
    usleep(10000);
  }
  kill(pid, SIGKILL);
  waitpid(pid, nullptr, 0);
  return "closed its output";
}

}  // namespace

ExternalImplementation::ExternalImplementation(std::string command, int timeout_s, bool show_stderr)
    : command_(std::move(command)), timeout_s_(timeout_s), show_stderr_(show_stderr) {
  signal(SIGPIPE, SIG_IGN);  // a dead adapter must not kill the runner
}

ExternalImplementation::~ExternalImplementation() { StopServer(); }

std::string ExternalImplementation::ReproOptions() const {
  std::string quoted;
  for (char c : command_) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return " --impl '" + quoted + "'";
}

bool ExternalImplementation::StartServer() {
  buffer_.clear();
  pid_ = Spawn(command_ + " --serve", show_stderr_, &to_child_, &from_child_);
  return pid_ > 0;
}

void ExternalImplementation::StopServer() {
  if (pid_ <= 0) return;
  close(to_child_);
  close(from_child_);
  // Give it a moment to exit on end of input, then insist.
  for (int i = 0; i < 20; ++i) {
    if (waitpid(pid_, nullptr, WNOHANG) == pid_) {
      pid_ = -1;
      return;
    }
    usleep(10000);
  }
  kill(pid_, SIGKILL);
  waitpid(pid_, nullptr, 0);
  pid_ = -1;
}

Response ExternalImplementation::ServeRequest(const Request& request) {
  if (pid_ <= 0 && !StartServer()) return AdapterError("cannot start '" + command_ + " --serve'");
  std::string line;
  const bool sent = WriteAll(to_child_, RequestToJson(request) + "\n");
  const ReadStatus got = sent ? ReadLine(from_child_, &buffer_, &line, timeout_s_ * 1000) : ReadStatus::kEnd;
  if (got == ReadStatus::kTimeout) {
    StopServer();  // hung: the next request starts a fresh one
    return AdapterError("the adapter gave no response within " + std::to_string(timeout_s_) + " s");
  }
  if (got == ReadStatus::kEnd) {
    // It crashed or exited: say how, not "timeout"; the next request starts a fresh one.
    close(to_child_);
    close(from_child_);
    std::string how = Reap(pid_);
    pid_ = -1;
    return AdapterError("the adapter " + how + " before answering (a crash of the implementation)");
  }
  int64_t id = -1;
  std::string error;
  auto r = ResponseFromJson(line, &id, &error);
  if (!r) {
    StopServer();
    return AdapterError("malformed response: " + error + ": " + line.substr(0, 200));
  }
  if (id != request.id) {
    StopServer();
    return AdapterError("response id " + std::to_string(id) + " for request " + std::to_string(request.id));
  }
  return *r;
}

Response ExternalImplementation::PerCallRequest(const Request& request) {
  char path[] = "/tmp/rlx-conform-XXXXXX.json";
  int fd = mkstemps(path, 5);
  if (fd < 0) return AdapterError("cannot create a request file");
  bool wrote = WriteAll(fd, RequestToJson(request) + "\n");
  close(fd);
  if (!wrote) {
    unlink(path);
    return AdapterError("cannot write a request file");
  }
  int to = -1, from = -1;
  pid_t pid = Spawn(command_ + " " + path, show_stderr_, &to, &from);
  if (pid <= 0) {
    unlink(path);
    return AdapterError("cannot start '" + command_ + "'");
  }
  close(to);
  std::string buffer, line, all;
  ReadStatus got;
  while ((got = ReadLine(from, &buffer, &line, timeout_s_ * 1000)) == ReadStatus::kLine) {
    if (line.find_first_not_of(" \t\r") == std::string::npos) continue;
    all = line;
    break;
  }
  close(from);
  std::string how;
  if (got == ReadStatus::kEnd) {
    how = Reap(pid);
  } else {
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
  }
  unlink(path);
  if (got == ReadStatus::kTimeout) {
    return AdapterError("the adapter gave no response within " + std::to_string(timeout_s_) + " s");
  }
  if (got == ReadStatus::kEnd) return AdapterError("the adapter " + how + " without a response");
  int64_t id = -1;
  std::string error;
  auto r = ResponseFromJson(all, &id, &error);
  if (!r) return AdapterError("malformed response: " + error + ": " + all.substr(0, 200));
  return *r;
}

bool ExternalImplementation::Probe(std::string* why) {
  Request hello;
  hello.verb = Verb::kHello;
  Response r = Handle(hello);
  if (r.status == Response::Status::kError && r.phase == "adapter") {
    *why = "'" + command_ + "' answers neither '" + command_ + " --serve' nor '" + command_ +
           " REQUEST.json': " + r.message;
    return false;
  }
  return true;
}

Response ExternalImplementation::Handle(const Request& request) {
  if (!probed_) {
    probed_ = true;
    Request hello;
    hello.id = 0;
    hello.verb = Verb::kHello;
    if (StartServer()) {
      std::string line;
      int64_t id = -1;
      std::string error;
      if (WriteAll(to_child_, RequestToJson(hello) + "\n") &&
          ReadLine(from_child_, &buffer_, &line, timeout_s_ * 1000) == ReadStatus::kLine) {
        auto r = ResponseFromJson(line, &id, &error);
        serve_ = r && r->status == Response::Status::kOk && id == 0;
      }
      if (!serve_) StopServer();
    }
  }
  return serve_ ? ServeRequest(request) : PerCallRequest(request);
}

}  // namespace rlx::conform
