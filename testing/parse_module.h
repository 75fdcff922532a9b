// Parsing a module a test writes inline: nullptr when it does not parse (the test then fails on
// its own assertion). The source text stays alive for the diagnostics of later checks.
#pragma once

#include "ir/base/diagnostic.h"
#include "ir/text/relax_parser.h"

namespace rlx::testing {

inline Ref<IRModule> ParseModule(const char* text) {
  static SourceManager sources;
  DiagnosticEngine diags(sources);
  return text::ParseModuleText(text, "test", sources, diags);
}

}  // namespace rlx::testing
