// .npy reading and writing against files numpy wrote (interpreter/tests/npy: gen_npy.py,
// manifest.txt): every dtype, both byte orders, C and Fortran order, versions 1-3, and
// malformed files; files rlx writes are read back unchanged by numpy.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "interpreter/io/npy.h"
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

}  // namespace
}  // namespace rlx::interp::testing
