// Reading and writing files (ir/base/file_io.h): every failure is a message, never a throw.
#include "ir/base/file_io.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

namespace rlx {
namespace {

namespace fs = std::filesystem;

class FileIo : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() /
           ("rlx_file_io_" + std::to_string(::getpid()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(FileIo, ReadsAFileAndRefusesFoldersMissingFilesAndOversizedOnes) {
  std::ofstream(dir_ / "a.txt") << "hello";
  std::string text, error;
  ASSERT_TRUE(ReadWholeFile((dir_ / "a.txt").string(), &text, &error)) << error;
  EXPECT_EQ(text, "hello");
  EXPECT_FALSE(ReadWholeFile(dir_.string(), &text, &error));
  EXPECT_NE(error.find("cannot read"), std::string::npos) << error;
  EXPECT_NE(error.find("directory"), std::string::npos) << error;
  EXPECT_FALSE(ReadWholeFile((dir_ / "missing").string(), &text, &error));
  EXPECT_NE(error.find("No such file"), std::string::npos) << error;
  EXPECT_FALSE(ReadWholeFile((dir_ / "a.txt").string(), &text, &error, 4));
  EXPECT_NE(error.find("larger than the limit of 4 bytes"), std::string::npos) << error;
  EXPECT_TRUE(ReadWholeFile((dir_ / "a.txt").string(), &text, &error, 5)) << error;
  // A file that never ends is refused after the limit, not read until memory runs out.
  EXPECT_FALSE(ReadWholeFile("/dev/zero", &text, &error, 1 << 20));
  EXPECT_NE(error.find("larger than the limit"), std::string::npos) << error;
}

TEST_F(FileIo, ReplacingAFileKeepsItsModeAndLeavesItWholeOnFailure) {
  const fs::path f = dir_ / "f.py";
  std::ofstream(f) << "old";
  fs::permissions(f, fs::perms(0640));
  std::string error;
  ASSERT_TRUE(ReplaceFileAtomically(f.string(), "new text", &error)) << error;
  std::string text;
  ASSERT_TRUE(ReadWholeFile(f.string(), &text, &error));
  EXPECT_EQ(text, "new text");
  EXPECT_EQ(fs::status(f).permissions() & fs::perms::all, fs::perms(0640));
  EXPECT_EQ(std::distance(fs::directory_iterator(dir_), fs::directory_iterator()),
            1);  // no temporary left
  // A folder cannot be replaced; a file in a missing folder cannot be written.
  EXPECT_FALSE(ReplaceFileAtomically(dir_.string(), "x", &error));
  EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
  EXPECT_FALSE(ReplaceFileAtomically((dir_ / "no/such/file").string(), "x", &error));
  EXPECT_FALSE(WriteWholeFile((dir_ / "no/such/file").string(), "x", &error));
  EXPECT_NE(error.find("cannot write"), std::string::npos) << error;
  // A full device: the error is reported (at write or at close).
  if (fs::exists("/dev/full")) {
    EXPECT_FALSE(WriteWholeFile("/dev/full", "x", &error));
    EXPECT_NE(error.find("No space left"), std::string::npos) << error;
  }
}

}  // namespace
}  // namespace rlx
