// An implementation behind a command that speaks the adapter protocol (conformance/ADAPTER.md):
// a long-lived `CMD --serve` process when it answers hello, else one `CMD REQUEST.json` process
// per request. The command is run by /bin/sh, so it may carry arguments and quotes.
#pragma once

#include <string>
#include <sys/types.h>

#include "conformance/runner/implementation.h"

namespace rlx::conform {

class ExternalImplementation : public Implementation {
 public:
  /// `timeout_s`: how long one request may take before the adapter is restarted.
  /// `show_stderr`: pass the adapter's standard error through (else it is discarded).
  ExternalImplementation(std::string command, int timeout_s, bool show_stderr);
  ~ExternalImplementation() override;
  ExternalImplementation(const ExternalImplementation&) = delete;
  ExternalImplementation& operator=(const ExternalImplementation&) = delete;

  Response Handle(const Request& request) override;
  /// Says hello (serve first, then per call); false with `why` when the command answers in
  /// neither mode, so a run can stop before failing every assertion.
  bool Probe(std::string* why);
  std::string ReproOptions() const override;
  /// "serve" or "per call", after the first request.
  std::string Mode() const { return serve_ ? "serve" : "per call"; }

 private:
  bool StartServer();
  void StopServer();
  Response ServeRequest(const Request& request);
  Response PerCallRequest(const Request& request);

  std::string command_;
  int timeout_s_;
  bool show_stderr_;
  bool probed_ = false;  // hello tried
  bool serve_ = false;
  pid_t pid_ = -1;
  int to_child_ = -1, from_child_ = -1;
  std::string buffer_;  // read ahead from the server
};

}  // namespace rlx::conform
