#include "fuzz/driver/regression_file.h"

#include <sstream>

#include "fuzz/oracles/fuzz_case.h"
#include "runtime/format.h"
#include "runtime/io/value_text.h"
#include "ir/text/printer.h"

namespace rlx::fuzz {
namespace {

std::string Tags(const std::vector<std::string>& rules) {
  std::string t = "[";
  for (size_t i = 0; i < rules.size(); ++i) t += (i ? " " : "") + rules[i];
  return t + "]";
}

// The body lines of a run assertion: arguments, the fuzz limits, the printed lines.
std::string RunBody(const std::vector<runtime::Value>& args, const Outcome& o, bool* ok) {
  std::string body;
  for (const auto& a : args) {
    auto t = runtime::ValueText(a);
    if (!t) {
      *ok = false;
      return "";
    }
    body += "arg " + *t + "\n";
  }
  runtime::Limits l = FuzzLimits();
  body += "limit max_steps=" + std::to_string(l.max_steps) + "\n";
  body += "limit max_call_depth=" + std::to_string(l.max_call_depth) + "\n";
  body += "limit max_tensor_bytes=" + std::to_string(l.max_tensor_bytes) + "\n";
  body += "limit max_live_bytes=" + std::to_string(l.max_live_bytes) + "\n";
  std::istringstream printed(o.printed);
  for (std::string line; std::getline(printed, line);) body += line.empty() ? "print\n" : "print " + line + "\n";
  *ok = true;
  return body;
}

// assert_return / assert_error / assert_exhaustion of outcome `o` for `args`.
std::string RunAssertion(const std::string& name, const Outcome& o, const std::vector<runtime::Value>& args,
                         const std::vector<std::string>& rules) {
  bool ok = false;
  std::string body = RunBody(args, o, &ok);
  if (!ok) return "";
  if (o.ok) {
    return "%% assert_return " + name + " main " + Tags(rules) + "\n" + body + "expect_text " + runtime::FormatValue(o.value) +
           "\n\n";
  }
  const char* verb = o.error_code.rfind("E09", 0) == 0 ? "assert_exhaustion" : "assert_error";
  return std::string("%% ") + verb + " " + name + " main " + o.error_code + " " + Tags(rules) + "\n" + body + "\n";
}

}  // namespace

std::string RegressionFile(uint64_t seed, const std::string& oracle, const Verdict& verdict, const Reproducer& r) {
  std::string name = "fuzz_" + std::to_string(seed);
  std::vector<std::string> rules = verdict.rules.empty() ? std::vector<std::string>{"eval.checked"} : verdict.rules;
  std::string out;
  out += "%# Found by `rlx fuzz`, oracle " + oracle + ", seed " + std::to_string(seed) + ":\n";
  std::string msg = verdict.message.substr(0, 300);
  for (auto& ch : msg) {
    if (ch == '\n') ch = ' ';
  }
  out += "%#   " + msg + "\n";
  out += "%# Reproduce: rlx fuzz --seed " + std::to_string(seed) + " --count 1 --oracle " + oracle + "\n";
  if (!verdict.assertion.empty()) return out + "\n" + verdict.assertion;
  out += "%# Shrunk by the reducer; the expectations are what rlx did when the file was saved.\n\n";
  out += "%% module " + name + " " + Tags({"eval.checked"}) + "\n" + text::PrintModule(*r.module) + "\n";
  if (oracle == "roundtrip") {
    // Printing the parsed text gives the text back (text.print.round-trip).
    out += "%% assert_canonical " + name + " [text.print.round-trip]\n" + text::PrintModule(*r.module) + "\n";
  }
  Outcome original = Interpret(r.module, r.args);
  out += RunAssertion(name, original, r.args, rules);
  if (verdict.witness && !verdict.expected_code.empty()) {
    out += "%# The negative program: it must be rejected.\n";
    out += "%% assert_ill_formed " + verdict.expected_code + " " + rules[0] + " " + Tags(rules) + "\n" +
           text::PrintModule(*verdict.witness) + "\n";
  } else if (verdict.witness) {
    std::string w = name + "_witness";
    out += "%# " + (verdict.witness_note.empty() ? std::string("The rewritten program: it must do what the original does.") : verdict.witness_note) + "\n";
    out += "%% module " + w + " " + Tags({"eval.checked"}) + "\n" + text::PrintModule(*verdict.witness) + "\n";
    out += RunAssertion(w, original, r.args, rules);
  }
  return out;
}

}  // namespace rlx::fuzz
