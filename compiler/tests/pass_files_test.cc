// The before/after files of every pass (compiler/tests/passes/<pass>/*.rlx): each file's passes,
// run with --verify-each on its input, print exactly its EXPECT block. Refresh them with
// `rlx opt --update compiler/tests/passes/*/*.rlx` and review the diff.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "compiler/pass/pass.h"
#include "compiler/pass/pass_test_file.h"

namespace rlx::compiler {
namespace {

namespace fs = std::filesystem;

fs::path PassTestDir() { return fs::path(RLX_SOURCE_DIR) / "compiler" / "tests" / "passes"; }

std::vector<std::string> TestFiles() {
  std::vector<std::string> files;
  for (const auto& e : fs::recursive_directory_iterator(PassTestDir())) {
    if (e.path().extension() == ".rlx") files.push_back(fs::relative(e.path(), PassTestDir()).string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

std::string Read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class PassFile : public ::testing::TestWithParam<std::string> {};

TEST_P(PassFile, GivesItsExpectation) {
  PassTestFile file;
  std::string error;
  ASSERT_TRUE(ParsePassTestFile(Read(PassTestDir() / GetParam()), &file, &error)) << error;
  ASSERT_TRUE(file.has_expect) << "no '# EXPECT:' block (rlx opt --update writes it)";
  std::string actual = RunPassTest(file);
  EXPECT_EQ(actual, file.expected) << "rlx opt --update compiler/tests/passes/" << GetParam();
}

INSTANTIATE_TEST_SUITE_P(Passes, PassFile, ::testing::ValuesIn(TestFiles()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string n = info.param;
                           for (char& c : n) c = isalnum(static_cast<unsigned char>(c)) ? c : '_';
                           return n;
                         });

// Every registered pass has its folder of before/after files, and each file runs the pass
// whose folder it is in.
TEST(PassFiles, EveryPassHasBeforeAfterFiles) {
  for (const auto& pass : AllPasses()) {
    fs::path dir = PassTestDir() / pass.name;
    int files = 0;
    if (fs::is_directory(dir)) {
      for (const auto& e : fs::directory_iterator(dir)) {
        if (e.path().extension() != ".rlx") continue;
        ++files;
        PassTestFile file;
        std::string error;
        ASSERT_TRUE(ParsePassTestFile(Read(e.path()), &file, &error)) << e.path() << ": " << error;
        EXPECT_NE(("," + file.passes + ",").find(std::string(",") + pass.name + ","), std::string::npos)
            << e.path() << " does not run " << pass.name;
      }
    }
    EXPECT_GT(files, 0) << "no before/after files in " << dir;
  }
}

}  // namespace
}  // namespace rlx::compiler
