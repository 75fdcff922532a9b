#include "conformance/runner/report.h"

#include <map>
#include <sstream>

#include "ir/base/diagnostic.h"
#include "ir/op_table.h"

namespace rlx::conform {
namespace {

std::string OneLine(std::string s) {
  for (char& c : s) {
    if (c == '\n' || c == '\r' || c == '\t') c = ' ';
  }
  return s;
}

std::string XmlEscape(const std::string& s) {
  std::string out;
  for (char c : s) {
    switch (c) {
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '&': out += "&amp;"; break;
      case '"': out += "&quot;"; break;
      default:
        if (static_cast<unsigned char>(c) < 0x20 && c != '\n' && c != '\t') out += ' ';
        else out += c;
    }
  }
  return out;
}

std::string Pad(const std::string& s, size_t w) { return s.size() >= w ? s : s + std::string(w - s.size(), ' '); }
std::string PadLeft(const std::string& s, size_t w) { return s.size() >= w ? s : std::string(w - s.size(), ' ') + s; }

struct Counts {
  int pass = 0, fail = 0, skip = 0, xfail = 0, xpass = 0, unsupported = 0;
  void Add(Outcome o) {
    switch (o) {
      case Outcome::kPass: ++pass; break;
      case Outcome::kFail: ++fail; break;
      case Outcome::kSkip: ++skip; break;
      case Outcome::kXFail:
      case Outcome::kUnsupportedExpected: ++xfail; break;
      case Outcome::kXPass: ++xpass; break;
      case Outcome::kUnsupported: ++unsupported; break;
    }
  }
  int total() const { return pass + fail + skip + xfail + xpass + unsupported; }
};

}  // namespace

std::string FailureLine(const AssertionResult& r, const std::string& rerun_prefix) {
  if (!IsFailure(r.outcome)) return "";
  std::string tag = r.outcome == Outcome::kFail ? "FAIL" : r.outcome == Outcome::kXPass ? "XPASS" : "UNSUPPORTED";
  std::string tags;
  for (const auto& t : r.ref.command->tags) tags += (tags.empty() ? "" : " ") + t;
  return tag + " " + r.ref.id + " " + r.ref.command->verb + (tags.empty() ? "" : " [" + tags + "]") + ": " +
         OneLine(r.reason) + "  (rerun: " + rerun_prefix + r.ref.id + ")";
}

void PrintSummary(const std::vector<AssertionResult>& results, MatchMode match, std::ostream& out) {
  std::map<std::string, Counts> by_chapter;
  Counts all, acceptance, behaviour;
  int phase_only = 0;  // failures by code that pass by phase (or passes by phase that fail by code)
  for (const auto& r : results) {
    by_chapter[r.ref.chapter].Add(r.outcome);
    all.Add(r.outcome);
    (IsAcceptanceCommand(r.ref.command->verb) ? acceptance : behaviour).Add(r.outcome);
    phase_only += r.phase_only && (r.outcome == Outcome::kPass || r.outcome == Outcome::kFail);
  }
  out << "\n" << Pad("chapter", 22) << PadLeft("passed", 8) << PadLeft("failed", 8) << PadLeft("skipped", 9)
      << PadLeft("xfail", 7) << PadLeft("total", 8) << "\n";
  auto row = [&](const std::string& name, const Counts& c) {
    out << Pad(name, 22) << PadLeft(std::to_string(c.pass), 8)
        << PadLeft(std::to_string(c.fail + c.xpass + c.unsupported), 8) << PadLeft(std::to_string(c.skip), 9)
        << PadLeft(std::to_string(c.xfail), 7) << PadLeft(std::to_string(c.total()), 8) << "\n";
  };
  for (const auto& [chapter, c] : by_chapter) row(chapter, c);
  row("all", all);
  out << "\n" << all.pass << " passed, " << (all.fail + all.xpass + all.unsupported) << " failed, " << all.skip
      << " skipped";
  if (all.xfail) out << ", " << all.xfail << " expected failures";
  if (all.xpass) out << " (" << all.xpass << " unexpected passes)";
  if (all.unsupported) out << " (" << all.unsupported << " unsupported)";
  out << "\n";
  out << "behavioural assertions: " << behaviour.pass << " of " << behaviour.total()
      << " passed; module acceptance (module, assert_valid): " << acceptance.pass << " of " << acceptance.total()
      << " passed\n";
  // Both figures of graded matching, whichever mode decided the outcomes.
  if (match == MatchMode::kCode) {
    out << "matching errors by phase only (--match phase): " << all.pass + phase_only << " passed";
    if (phase_only) out << " (" << phase_only << " rejected at the right phase with another code)";
  } else {
    out << "matching errors by code (--match code): " << all.pass - phase_only << " passed";
    if (phase_only) out << " (" << phase_only << " passed by phase with another code)";
  }
  out << "\n";
}

void WriteJUnit(const std::vector<AssertionResult>& results, const std::string& impl_name, std::ostream& out) {
  std::map<std::string, std::vector<const AssertionResult*>> by_file;
  int failures = 0, skipped = 0;
  for (const auto& r : results) {
    by_file[r.ref.file->rel].push_back(&r);
    failures += IsFailure(r.outcome);
    skipped += r.outcome == Outcome::kSkip || r.outcome == Outcome::kXFail || r.outcome == Outcome::kUnsupportedExpected;
  }
  out << "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"rlx conformance: " << XmlEscape(impl_name)
      << "\" tests=\"" << results.size() << "\" failures=\"" << failures << "\" skipped=\"" << skipped << "\">\n";
  for (const auto& [file, rs] : by_file) {
    int f = 0;
    for (const auto* r : rs) f += IsFailure(r->outcome);
    out << "  <testsuite name=\"" << XmlEscape(file) << "\" tests=\"" << rs.size() << "\" failures=\"" << f << "\">\n";
    for (const auto* r : rs) {
      std::string tags;
      for (const auto& t : r->ref.command->tags) tags += (tags.empty() ? "" : " ") + t;
      out << "    <testcase classname=\"" << XmlEscape(file) << "\" name=\"" << XmlEscape(r->ref.id + " " + r->ref.command->verb)
          << "\">";
      if (IsFailure(r->outcome)) {
        out << "<failure message=\"" << XmlEscape(OneLine(r->reason)) << "\">" << XmlEscape("rules: " + tags) << "</failure>";
      } else if (r->outcome != Outcome::kPass) {
        out << "<skipped message=\"" << XmlEscape(std::string(OutcomeName(r->outcome)) + ": " + OneLine(r->reason)) << "\"/>";
      }
      out << "</testcase>\n";
    }
    out << "  </testsuite>\n";
  }
  out << "</testsuites>\n";
}

void WriteJsonLines(const std::vector<AssertionResult>& results, std::ostream& out) {
  for (const auto& r : results) {
    out << "{\"id\":\"" << JsonEscape(r.ref.id) << "\",\"kind\":\"" << JsonEscape(r.ref.command->verb) << "\",\"rules\":[";
    for (size_t i = 0; i < r.ref.command->tags.size(); ++i) {
      out << (i ? "," : "") << "\"" << JsonEscape(r.ref.command->tags[i]) << "\"";
    }
    out << "],\"status\":\"" << OutcomeName(r.outcome) << "\",\"reason\":\"" << JsonEscape(r.reason) << "\"}\n";
  }
}

std::map<std::string, Exemption> ReadExemptions(const std::string& text, const RuleIndex& rules,
                                                std::vector<std::string>* errors) {
  std::map<std::string, Exemption> out;
  std::istringstream in(text);
  std::string line;
  for (int n = 1; std::getline(in, line); ++n) {
    std::istringstream words(line);
    std::string rule, kind, reason;
    if (!(words >> rule) || rule[0] == '#') continue;
    words >> kind;
    std::getline(words, reason);
    if (!rules.IsRule(rule)) errors->push_back("line " + std::to_string(n) + ": '" + rule + "' is not a spec rule");
    else if (kind != "missing" && kind != "negative") errors->push_back("line " + std::to_string(n) + ": expected missing or negative");
    else out[rule] = {kind, reason.substr(std::min(reason.size(), reason.find_first_not_of(' ')))};
  }
  return out;
}

int PrintCoverage(const Suite& suite, const RuleIndex& rules, const std::map<std::string, Exemption>& exempt,
                  std::ostream& out) {
  std::map<std::string, std::pair<int, int>> count;  // rule -> (assertions, negative assertions)
  for (const auto& a : suite.Assertions()) {
    for (const auto& t : a.command->tags) {
      auto& c = count[t];
      ++c.first;
      c.second += IsNegativeVerb(a.command->verb);
    }
  }
  int bad = 0, covered = 0, exempted = 0;
  out << Pad("rule", 44) << Pad("chapter", 9) << PadLeft("assertions", 11) << PadLeft("negative", 10) << "  status\n";
  for (const auto& [rule, chapter] : rules.rules()) {
    auto [n, neg] = count.count(rule) ? count[rule] : std::make_pair(0, 0);
    bool error_rule = rules.IsErrorRule(rule);
    std::string status = n == 0 ? "MISSING" : (error_rule && neg == 0) ? "MISSING-NEGATIVE" : "ok";
    auto e = exempt.find(rule);
    if (e != exempt.end()) {
      bool applies = (e->second.kind == "missing" && status == "MISSING") ||
                     (e->second.kind == "negative" && status == "MISSING-NEGATIVE");
      status = applies ? "exempt: " + e->second.reason : "STALE EXEMPTION (the rule is covered; remove it)";
      if (applies) ++exempted;
      else ++bad;
    } else if (status == "ok") {
      ++covered;
    } else {
      ++bad;
    }
    out << Pad(rule, 44) << Pad(chapter, 9) << PadLeft(std::to_string(n), 11)
        << PadLeft(error_rule ? std::to_string(neg) : "-", 10) << "  " << status << "\n";
  }
  out << "\n" << covered << " of " << rules.rules().size() << " rules covered, " << exempted
      << " exempt (conformance/coverage-exemptions.txt)";
  if (bad) out << "; " << bad << " without an assertion (or, for an error rule, without a negative one) or with a stale exemption";
  out << "\n";
  return bad;
}

void PrintOpStatus(const Suite& suite, const RuleIndex& rules, std::ostream& out) {
  std::map<std::string, int> tagged;  // op -> assertions tagged with op.NAME or op.NAME.cN
  std::map<std::string, int> constraints;
  for (const auto& [rule, chapter] : rules.rules()) {
    size_t c = rule.rfind(".c");
    if (rule.rfind("op.", 0) == 0 && c != std::string::npos) ++constraints[rule.substr(3, c - 3)];
  }
  for (const auto& a : suite.Assertions()) {
    std::set<std::string> ops;
    for (const auto& t : a.command->tags) {
      if (t.rfind("op.", 0) != 0) continue;
      std::string name = t.substr(3);
      if (!FindOp(name)) name = name.substr(0, name.rfind(".c"));
      if (FindOp(name)) ops.insert(name);
    }
    for (const auto& op : ops) ++tagged[op];
  }
  out << "# Conformance status per op\n\n"
      << "Generated by `rlx conform --op-status > docs/conformance-status.md` (a test keeps it current). For\n"
      << "each op of the op table: its family (its section of spec chapter 5 and its conformance folder),\n"
      << "whether the spec has its section, how many constraints `op.<name>.cN` it defines, and how many\n"
      << "conformance assertions are tagged with the op or one of its constraints. Every op has its\n"
      << "struct-info rule and its reference kernel: the build enforces both (docs/contributing.md).\n\n";
  out << "| op | family | spec section | constraints | conformance assertions |\n"
      << "| --- | --- | --- | ---: | ---: |\n";
  for (const OpInfo& op : AllOps()) {
    std::string name(op.name);
    out << "| `R." << name << "` | " << OpFamilySection(op.family) << " " << OpFamilyName(op.family) << " | " << (rules.HasOpSection(name) ? "yes" : "**no**")
        << " | " << constraints[name] << " | " << tagged[name] << " |\n";
  }
}

}  // namespace rlx::conform
