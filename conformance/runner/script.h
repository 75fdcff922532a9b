// Reading conformance scripts (`.rlxt`, conformance/FORMAT.md): a file of commands
// `%% VERB ARGS... [TAGS]`, each with the body lines up to the next command.
#pragma once

#include <optional>
#include <string>
#include <vector>

namespace rlx::conform {

struct Command {
  int line = 0;                    // of the `%%` line, 1-based
  std::string verb;                // module, assert_return, ...
  std::vector<std::string> args;   // the words between the verb and the tags
  std::vector<std::string> tags;   // the rule IDs in [...]
  bool has_tags = false;           // a [...] was written (possibly empty)
  std::vector<std::string> body;   // the lines of the body, trailing blank lines dropped
  std::string BodyText() const;    // the body joined with newlines (ends with one)
};

/// Splits a script into commands. Comment lines (`%#`) are dropped everywhere. Text before the
/// first command other than comments and blank lines is an error (with its line).
std::optional<std::vector<Command>> ParseScript(const std::string& text, std::string* error);

}  // namespace rlx::conform
