// .npy reading and writing against files numpy wrote (interpreter/tests/npy: gen_npy.py,
// manifest.txt): every dtype, both byte orders, C and Fortran order, versions 1-3, and
// malformed files; files rlx writes are read back unchanged by numpy.
#include <fcntl.h>
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <csignal>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <thread>

#include "interpreter/runtime_names.h"
#include "runtime/io/npy.h"
#include "interpreter/tests/op_case_file.h"

namespace rlx::interp::testing {
namespace {

namespace fs = std::filesystem;

std::string ReadBytes(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

const fs::path kDir = fs::path(RLX_SOURCE_DIR) / "interpreter/tests/npy";

struct Entry {
  std::string file;
  bool ok;
  std::string rest;  // "DTYPE (SHAPE) [VALUES]" or the reason
};

std::vector<Entry> Manifest() {
  std::vector<Entry> out;
  std::ifstream in(kDir / "manifest.txt");
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream ss(line);
    Entry e;
    std::string status;
    ss >> e.file >> status;
    e.ok = status == "ok";
    std::getline(ss, e.rest);
    if (!e.rest.empty() && e.rest[0] == ' ') e.rest = e.rest.substr(1);
    out.push_back(e);
  }
  return out;
}

TEST(Npy, ReadsEveryManifestFile) {
  std::vector<Entry> entries = Manifest();
  ASSERT_GT(entries.size(), 60u);
  int ok = 0, rejected = 0;
  for (const Entry& e : entries) {
    std::string error;
    auto t = ReadNpy(ReadBytes(kDir / "files" / e.file), &error);
    // Reading the file in pieces (header first) agrees with reading its bytes whole.
    std::string file_error;
    auto from_file = ReadNpyFile((kDir / "files" / e.file).string(), &file_error);
    EXPECT_EQ(from_file == nullptr, t == nullptr) << e.file << ": " << file_error;
    if (t && from_file) {
      EXPECT_EQ(from_file->shape(), t->shape()) << e.file;
      EXPECT_EQ(std::string(reinterpret_cast<const char*>(from_file->data()), from_file->nbytes()),
                std::string(reinterpret_cast<const char*>(t->data()), t->nbytes()))
          << e.file;
    } else if (!t) {
      EXPECT_NE(file_error.find(error), std::string::npos) << e.file << ": " << file_error << " vs " << error;
    }
    if (!e.ok) {
      EXPECT_EQ(t, nullptr) << e.file << " should be rejected: " << e.rest;
      EXPECT_FALSE(error.empty()) << e.file;
      ++rejected;
      continue;
    }
    ASSERT_NE(t, nullptr) << e.file << ": " << error;
    // The expected values in the op-case format: compare exactly (NaN matches NaN).
    OpCase c;
    c.name = e.file;
    std::string text = "case " + e.file + "\ncall x\nexpect " + e.rest + "\nend\n";
    fs::path tmp = fs::temp_directory_path() / ("rlx_npy_expect_" + std::to_string(::getpid()) + ".cases");
    std::ofstream(tmp) << text;
    std::string read_error;
    auto cases = ReadCaseFile(tmp.string(), &read_error);
    fs::remove(tmp);
    ASSERT_TRUE(read_error.empty() && cases.size() == 1) << e.file << ": " << read_error;
    EXPECT_EQ(CompareResult(cases[0], Value::FromTensor(t)), "") << e.file;
    ++ok;
  }
  EXPECT_GT(ok, 30);
  EXPECT_GT(rejected, 30);
}

TEST(Npy, WrittenFilesReadBackUnchangedByNumpy) {
  if (std::system("/usr/bin/python3 -c 'import numpy' >/dev/null 2>&1") != 0) {
    GTEST_SKIP() << "python3-numpy is not installed";
  }
  fs::path out_dir = fs::temp_directory_path() / ("rlx_npy_out_" + std::to_string(::getpid()));
  fs::create_directories(out_dir);
  int checked = 0;
  for (const Entry& e : Manifest()) {
    if (!e.ok) continue;
    std::string error;
    auto t = ReadNpy(ReadBytes(kDir / "files" / e.file), &error);
    ASSERT_NE(t, nullptr) << e.file << ": " << error;
    fs::path got = out_dir / e.file;
    std::ofstream(got, std::ios::binary) << WriteNpy(*t);
    // numpy reads the written file to the same values; byte order and layout may differ.
    std::string cmd = "/usr/bin/python3 -c \"import numpy as np, sys; a = np.load(sys.argv[1]); "
                      "b = np.load(sys.argv[2]); b = b.astype(b.dtype.newbyteorder('<')); "
                      "sys.exit(0 if a.shape == b.shape and a.dtype == b.dtype and "
                      "np.ascontiguousarray(a).tobytes() == np.ascontiguousarray(b).tobytes() else 1)\" " +
                      got.string() + " " + (kDir / "files" / e.file).string();
    EXPECT_EQ(std::system(cmd.c_str()), 0) << e.file;
    ++checked;
  }
  fs::remove_all(out_dir);
  EXPECT_GT(checked, 30);
}

TEST(Npy, RejectsArraysAboveTheLimit) {
  std::string error;
  TensorData t(DataType::kFloat32, {16});
  EXPECT_EQ(ReadNpy(WriteNpy(t), &error, 32), nullptr);
  EXPECT_NE(error.find("limit"), std::string::npos) << error;
}

// A .npy header of `descr` and `shape` (a Python tuple's text), padded as numpy pads it.
std::string Header(const std::string& descr, const std::string& shape) {
  std::string h = "{'descr': '" + descr + "', 'fortran_order': False, 'shape': " + shape + ", }";
  h += std::string((64 - (10 + h.size() + 1) % 64) % 64, ' ') + "\n";
  return std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(h.size() & 0xff) +
         static_cast<char>(h.size() >> 8) + h;
}

class NpyFile : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("rlx_npy_file_" + std::to_string(::getpid()) + "_" +
                                        ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Write(const std::string& name, const std::string& bytes) {
    std::ofstream(dir_ / name, std::ios::binary) << bytes;
    return (dir_ / name).string();
  }
  fs::path dir_;
};

// A folder, a missing file: "cannot read", never an exception (the CLI's exit 2).
TEST_F(NpyFile, AFolderOrAMissingFileCannotBeRead) {
  std::string error;
  EXPECT_EQ(ReadNpyFile(dir_.string(), &error), nullptr);
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;
  EXPECT_NE(error.find("directory"), std::string::npos) << error;
  error.clear();
  EXPECT_EQ(ReadNpyFile((dir_ / "missing.npy").string(), &error), nullptr);
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;
}

// The header is checked against the limit before any data is read: a 4 GiB array declared in a
// 128-byte file, or data that never ends, is refused at once.
TEST_F(NpyFile, TheHeaderIsCheckedBeforeTheData) {
  std::string error;
  EXPECT_EQ(ReadNpyFile(Write("big.npy", Header("<f4", "(1073741824,)")), &error), nullptr);
  EXPECT_NE(error.find("larger than the limit"), std::string::npos) << error;
  error.clear();
  EXPECT_EQ(ReadNpyFile("/dev/zero", &error), nullptr);
  EXPECT_NE(error.find("bad magic"), std::string::npos) << error;
  error.clear();
  std::string two = Header("<f4", "(2,)") + std::string(8, '\0');
  auto t = ReadNpyFile(Write("two.npy", two), &error);
  ASSERT_NE(t, nullptr) << error;
  EXPECT_EQ(t->num_elements(), 2);
  EXPECT_EQ(ReadNpyFile(Write("short.npy", two.substr(0, two.size() - 1)), &error), nullptr);
  EXPECT_NE(error.find("shorter"), std::string::npos) << error;
  EXPECT_EQ(ReadNpyFile(Write("long.npy", two + std::string(1 << 20, 'x')), &error), nullptr);
  EXPECT_NE(error.find("bytes after the data"), std::string::npos) << error;
  EXPECT_EQ(ReadNpyFile(Write("huge_header.npy", std::string("\x93NUMPY\x02\x00\xff\xff\xff\x7f", 12)), &error),
            nullptr);
  EXPECT_NE(error.find("header is longer"), std::string::npos) << error;
}

// A file whose data never ends (a valid header, then an endless pipe) is refused after the
// declared bytes, not read until memory runs out.
TEST_F(NpyFile, DataThatNeverEndsIsRefused) {
  const fs::path fifo = dir_ / "endless.npy";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  ::signal(SIGPIPE, SIG_IGN);
  std::thread writer([&] {
    int fd = ::open(fifo.c_str(), O_WRONLY);
    if (fd < 0) return;
    std::string bytes = Header("<f4", "(4,)");
    bytes.resize(bytes.size() + 4096, '\0');
    while (::write(fd, bytes.data(), bytes.size()) > 0) bytes.assign(4096, '\0');
    ::close(fd);
  });
  std::string error;
  EXPECT_EQ(ReadNpyFile(fifo.string(), &error), nullptr);
  EXPECT_NE(error.find("bytes after the data"), std::string::npos) << error;
  writer.join();
}

}  // namespace
}  // namespace rlx::interp::testing
