#include "ir/base/file_io.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>

namespace rlx {
namespace {

std::string Why(const std::string& verb, const std::string& path, int err) {
  return "cannot " + verb + " '" + path + "': " + std::strerror(err);
}

// Every byte of `data` to `fd`, retrying short writes and interrupts.
bool WriteAll(int fd, const char* data, size_t n, int* err) {
  while (n > 0) {
    ssize_t w = ::write(fd, data, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      *err = errno;
      return false;
    }
    data += w;
    n -= static_cast<size_t>(w);
  }
  return true;
}

}  // namespace

FileReader::~FileReader() {
  if (owned_ && fd_ >= 0) ::close(fd_);
}

bool FileReader::Open(const std::string& path, std::string* error) {
  path_ = path;
  if (path == "-") {
    fd_ = STDIN_FILENO;
    owned_ = false;
  } else {
    fd_ = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd_ < 0) {
      *error = Why("read", path, errno);
      return false;
    }
    owned_ = true;
  }
  struct stat st;
  if (::fstat(fd_, &st) == 0 && S_ISDIR(st.st_mode)) {
    *error = Why("read", path, EISDIR);
    return false;
  }
  return true;
}

bool FileReader::Read(size_t n, std::string* out, std::string* error) {
  // Grow as bytes arrive, not by `n` up front: a short file with a huge declared size costs
  // only what it holds.
  constexpr size_t kChunk = size_t{1} << 20;
  while (n > 0) {
    const size_t want = n < kChunk ? n : kChunk;
    const size_t at = out->size();
    out->resize(at + want);
    ssize_t r = ::read(fd_, out->data() + at, want);
    if (r < 0 && errno == EINTR) {
      out->resize(at);
      continue;
    }
    if (r < 0) {
      const int err = errno;
      out->resize(at);
      *error = Why("read", path_, err);
      return false;
    }
    out->resize(at + static_cast<size_t>(r));
    if (r == 0) return true;  // the end of the file
    n -= static_cast<size_t>(r);
  }
  return true;
}

bool FileReader::AtEnd(std::string* error) {
  std::string one;
  if (!Read(1, &one, error)) return false;
  return one.empty();
}

bool ReadWholeFile(const std::string& path, std::string* out, std::string* error,
                   uint64_t max_bytes) {
  FileReader in;
  if (!in.Open(path, error)) return false;
  out->clear();
  const size_t limit = max_bytes >= SIZE_MAX ? SIZE_MAX - 1 : static_cast<size_t>(max_bytes);
  if (!in.Read(limit + 1, out, error)) return false;
  if (out->size() > limit) {
    out->clear();
    out->shrink_to_fit();
    *error = "cannot read '" + path + "': larger than the limit of " + std::to_string(max_bytes) +
             " bytes";
    return false;
  }
  return true;
}

bool WriteWholeFile(const std::string& path, const std::string& contents, std::string* error) {
  int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
  if (fd < 0) {
    *error = Why("write", path, errno);
    return false;
  }
  int err = 0;
  bool ok = WriteAll(fd, contents.data(), contents.size(), &err);
  if (::close(fd) != 0 && ok) {
    err = errno;
    ok = false;
  }
  if (!ok) *error = Why("write", path, err);
  return ok;
}

bool ReplaceFileAtomically(const std::string& path, const std::string& contents,
                           std::string* error) {
  // Replace the file a symbolic link names, not the link.
  std::string target = path;
  if (char* real = ::realpath(path.c_str(), nullptr)) {
    target = real;
    std::free(real);
  }
  struct stat st;
  if (::stat(target.c_str(), &st) != 0) return WriteWholeFile(path, contents, error);  // a new file
  if (S_ISDIR(st.st_mode)) {
    *error = Why("write", path, EISDIR);
    return false;
  }
  const size_t slash = target.rfind('/');
  const std::string dir = slash == std::string::npos ? "." : target.substr(0, slash + 1);
  const std::string base = slash == std::string::npos ? target : target.substr(slash + 1);
  std::string temp =
      (slash == std::string::npos ? std::string() : dir) + "." + base + ".rlx-XXXXXX";
  int fd = ::mkstemp(temp.data());
  if (fd < 0) {
    *error = Why("write", path, errno) + " (creating a temporary file in its folder)";
    return false;
  }
  int err = 0;
  bool ok = true;
  if (::fchmod(fd, st.st_mode & 07777) != 0) ok = false, err = errno;
  if (ok) ok = WriteAll(fd, contents.data(), contents.size(), &err);
  if (ok && ::fsync(fd) != 0) ok = false, err = errno;
  if (::close(fd) != 0 && ok) ok = false, err = errno;
  if (ok && ::rename(temp.c_str(), target.c_str()) != 0) ok = false, err = errno;
  if (!ok) {
    ::unlink(temp.c_str());
    *error = Why("write", path, err) + " (the file is unchanged)";
  }
  return ok;
}

}  // namespace rlx
