// The conformance suite on disk: its scripts, loaded and validated (tags, verbs, arguments),
// and the selection of assertions a run executes (paths, FILE:LINE, --filter, --shard).
#pragma once

#include <string>
#include <vector>

#include "conformance/runner/rule_index.h"
#include "conformance/runner/script.h"

namespace rlx::conform {

/// One script file of the suite.
struct ScriptFile {
  std::string rel;  // relative to the suite root: "5-operators/binary/add.rlxt"
  std::string dir;  // the folder it is in (for .npy files)
  std::vector<Command> commands;
};

/// An assertion: one command of a script (a `module` command counts).
struct AssertionRef {
  const ScriptFile* file = nullptr;
  const Command* command = nullptr;
  std::string id;       // "FILE:LINE"
  std::string chapter;  // the first folder of FILE ("5-operators")
};

class Suite {
 public:
  /// Loads every .rlxt under `root` (sorted by path). Problems with the scripts (unknown verbs,
  /// missing or undefined tags, malformed arguments, unknown modules) are appended to `errors`
  /// as "FILE:LINE: message".
  static Suite Load(const std::string& root, const RuleIndex& rules, std::vector<std::string>* errors);

  const std::string& root() const { return root_; }
  const std::vector<ScriptFile>& files() const { return files_; }
  /// Every assertion, in file and line order.
  std::vector<AssertionRef> Assertions() const;

 private:
  std::string root_;
  std::vector<ScriptFile> files_;
};

/// Which assertions a run executes.
struct Selection {
  std::vector<std::string> paths;  // relative to the suite root: folders, files, FILE:LINE; empty = all
  std::string filter;              // a glob over ids or tags; empty = all
  int shard_index = 1, shard_count = 1;
  bool Selects(const AssertionRef& a, size_t index) const;
};

/// The verbs of assertion commands, and whether each is negative (shows an error).
bool IsKnownVerb(const std::string& verb);
bool IsNegativeVerb(const std::string& verb);

}  // namespace rlx::conform
