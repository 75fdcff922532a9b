// The op table enforced (docs/contributing.md, "Adding an op"): every op of ops.def has its
// section in its family's file of spec chapter 5 and its conformance file in its family's
// folder, tagged with the op. (Its struct-info rule and its kernel are enforced by the build:
// checker/ops/op_registry.cc and interpreter/kernels/kernel_registry.cc list every op.)
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "ir/op_table.h"

namespace rlx {
namespace {

namespace fs = std::filesystem;

std::string Read(const fs::path& p) {
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string Escaped(const std::string& name) { return std::regex_replace(name, std::regex(R"(\.)"), R"(\.)"); }

fs::path SpecFile(OpFamily f) {
  return fs::path(RLX_SOURCE_DIR) / "spec" / "5-operators" /
         (std::string(OpFamilySection(f)) + "-" + std::string(OpFamilyName(f)) + ".md");
}

TEST(OpTable, EveryOpHasItsSpecSection) {
  for (const OpInfo& op : AllOps()) {
    std::string spec = Read(SpecFile(op.family));
    ASSERT_FALSE(spec.empty()) << SpecFile(op.family) << " is missing";
    std::regex section("\n### R\\." + Escaped(op.name) + "( |\n)");
    EXPECT_TRUE(std::regex_search(spec, section))
        << "R." << op.name << " has no '### R." << op.name << "' section in " << SpecFile(op.family);
  }
}

// The op's section of its family's spec file (up to the next section), or "".
std::string OpSection(const std::string& spec, const OpInfo& op) {
  std::smatch m;
  if (!std::regex_search(spec, m, std::regex("\n### R\\." + Escaped(op.name) + "( |\n)"))) return "";
  size_t start = static_cast<size_t>(m.position(0)) + 1;
  size_t end = spec.find("\n### ", start);
  return spec.substr(start, end == std::string::npos ? std::string::npos : end - start);
}

// An op whose section names a run-time trap (E3005 to E3012) is marked `traps` (or `impure`)
// in ops.def, so that no pass removes or moves a call that can trap (pass.dead-code-elimination).
TEST(OpTable, EveryOpThatTrapsAtRunTimeIsMarked) {
  for (const OpInfo& op : AllOps()) {
    std::string section = OpSection(Read(SpecFile(op.family)), op);
    if (!std::regex_search(section, std::regex("E30(0[5-9]|1[0-2])"))) continue;
    EXPECT_TRUE(op.may_trap) << "R." << op.name << "'s spec section names a run-time trap, but ops.def marks it `pure`"
                             << " rather than `traps`";
  }
}

TEST(OpTable, EveryOpHasItsConformanceFile) {
  for (const OpInfo& op : AllOps()) {
    fs::path file = fs::path(RLX_SOURCE_DIR) / "conformance" / "suite" / "5-operators" /
                    std::string(OpFamilyName(op.family)) / (op.name + ".rlxt");
    std::string text = Read(file);
    EXPECT_FALSE(text.empty()) << "R." << op.name << " has no conformance file " << file;
    if (text.empty()) continue;
    std::regex tag("[\\[ ]op\\." + Escaped(op.name) + "(\\.c[0-9]+)?[\\] ]");
    EXPECT_TRUE(std::regex_search(text, tag)) << file << " has no assertion tagged op." << op.name;
  }
}

}  // namespace
}  // namespace rlx
