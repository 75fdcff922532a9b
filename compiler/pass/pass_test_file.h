// Before/after test files of passes (compiler/tests/passes/, docs/writing-a-pass.md): the input
// module, the passes to run, and the expected output inline, as comment lines, so the whole
// file is still a module rlx reads. `rlx opt --update FILE...` rewrites the expectations; the
// change is reviewed as a diff.
//
//   # RUN: --passes=to-non-dataflow
//   @I.ir_module
//   class Module: ...
//   # EXPECT:
//   # @I.ir_module
//   # class Module: ...
#pragma once

#include <string>

namespace rlx::compiler {

/// A pass test file, split.
struct PassTestFile {
  std::string passes;    // the RUN line's --passes= list
  std::string input;     // the text before the EXPECT line
  std::string expected;  // the EXPECT block without its "# " prefixes
  bool has_expect = false;
};

/// Splits a test file; false (with `error`) when the RUN line is missing.
bool ParsePassTestFile(const std::string& text, PassTestFile* file, std::string* error);

/// What the file's passes make of its input (with --verify-each): the printed module, or the
/// error ("error: ...") when the input does not check or a pass breaks its contract.
std::string RunPassTest(const PassTestFile& file);

/// The file's text with `actual` as its EXPECT block.
std::string WithExpectation(const PassTestFile& file, const std::string& actual);

}  // namespace rlx::compiler
