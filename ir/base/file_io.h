// Reading and writing files with every failure reported as a message, never thrown: a folder
// given as a file, a device that never ends, a file that vanishes or a full disk is a user's
// problem to be told about (DESIGN.md: bad input is a clear error, never a crash). Every place
// rlx reads or writes a file the user named goes through these.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace rlx {

/// The most bytes ReadWholeFile reads unless told otherwise (1 GiB).
inline constexpr uint64_t kMaxFileBytes = uint64_t{1} << 30;

/// Reads the file at `path` ("-" is standard input) into `out`. False with `error` set
/// ("cannot read 'P': Is a directory") when it cannot be opened, is a folder, fails while being
/// read, or holds more than `max_bytes` bytes (then at most `max_bytes` + 1 bytes are read, so a
/// file that never ends, such as /dev/zero, is refused quickly).
bool ReadWholeFile(const std::string& path, std::string* out, std::string* error,
                   uint64_t max_bytes = kMaxFileBytes);

/// A file opened for reading in pieces: what lets the .npy reader check a header against the
/// limits before it reads the data.
class FileReader {
 public:
  FileReader() = default;
  FileReader(const FileReader&) = delete;
  FileReader& operator=(const FileReader&) = delete;
  ~FileReader();

  /// Opens `path` ("-" is standard input); false with `error` set as ReadWholeFile does.
  bool Open(const std::string& path, std::string* error);
  /// Appends up to `n` bytes to `out`, fewer only at the end of the file; false with `error`
  /// set on a read error.
  bool Read(size_t n, std::string* out, std::string* error);
  /// True when no byte is left to read; false also on a read error (then `error` is set).
  bool AtEnd(std::string* error);
  /// The path as given to Open.
  const std::string& path() const { return path_; }

 private:
  int fd_ = -1;
  bool owned_ = false;
  std::string path_;
};

/// Writes `contents` to `path`, reporting any failure (including one at close, as a full disk
/// gives). The file is created or truncated.
bool WriteWholeFile(const std::string& path, const std::string& contents, std::string* error);

/// Replaces the file at `path` by `contents` without ever leaving it truncated: writes a
/// temporary file in the same folder, with the original's permissions, and renames it over the
/// original. On failure the original is untouched and the temporary file removed. A file that
/// does not exist yet is written as WriteWholeFile does.
bool ReplaceFileAtomically(const std::string& path, const std::string& contents,
                           std::string* error);

}  // namespace rlx
