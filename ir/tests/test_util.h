// Helpers shared by the ir tests: parse a text, print a module, collect repository programs.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "ir/base/diagnostic.h"
#include "ir/module.h"
#include "ir/text/printer.h"
#include "ir/text/relax_parser.h"

namespace rlx::testing_util {

/// A parse with its own sources and diagnostics, kept alive for inspection.
struct Parsed {
  std::unique_ptr<SourceManager> sources = std::make_unique<SourceManager>();
  std::unique_ptr<DiagnosticEngine> diags = std::make_unique<DiagnosticEngine>(*sources);
  Ref<IRModule> module;
};

inline Parsed Parse(const std::string& text, const text::ParseOptions& options = {}) {
  Parsed p;
  p.module = text::ParseModuleText(text, "test.py", *p.sources, *p.diags, options);
  return p;
}

/// Parses text that must be valid; fails the test with the diagnostics otherwise.
inline Ref<IRModule> ParseOk(const std::string& text, const text::ParseOptions& options = {}) {
  Parsed p = Parse(text, options);
  EXPECT_NE(p.module, nullptr) << p.diags->RenderAll() << "\n" << text;
  return p.module;
}

inline std::string ReadText(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Every TVMScript program in the repository (examples/, the test program folders and the
/// TIR samples of TVM's legalize tests).
inline std::vector<std::filesystem::path> RepositoryPrograms() {
  std::vector<std::filesystem::path> files;
  std::filesystem::path root(RLX_SOURCE_DIR);
  for (const char* dir : {"examples", "ir/tests/programs", "ir/tests/tir_samples"}) {
    if (!std::filesystem::exists(root / dir)) continue;
    for (const auto& e : std::filesystem::recursive_directory_iterator(root / dir)) {
      if (e.path().extension() == ".py") files.push_back(e.path());
    }
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace rlx::testing_util
