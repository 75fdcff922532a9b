#include "conformance/runner/runner.h"

#include <algorithm>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "checker/claims/claim_file.h"
#include "conformance/runner/invocation.h"
#include "ir/analysis/prim_eval.h"
#include "ir/text/printer.h"

namespace rlx::conform {
namespace {

// `s` on one line, at most 400 characters.
std::string ShortLine(std::string s) {
  for (char& c : s) {
    if (c == '\n' || c == '\r') c = ' ';
  }
  if (s.size() > 400) s = s.substr(0, 397) + "...";
  return s;
}

std::string Describe(const Response& r) {
  switch (r.status) {
    case Response::Status::kOk: return "ok";
    case Response::Status::kUnsupported: return "unsupported (" + ShortLine(r.message) + ")";
    case Response::Status::kError: {
      std::string s = r.phase + " error";
      if (!r.code.empty()) s += " " + r.code;
      if (!r.rule.empty()) s += " [" + r.rule + "]";
      if (!r.message.empty()) s += ": " + ShortLine(r.message);
      return s;
    }
  }
  return "?";
}

bool HasError(const Response& r, const std::string& code, const std::string* rule) {
  if (r.code == code && (!rule || r.rule == *rule)) return true;
  for (const ErrorEntry& e : r.errors) {
    if (e.code == code && (!rule || e.rule == *rule)) return true;
  }
  return false;
}

std::string TrimLines(const std::string& text) {
  std::string out, line;
  for (char c : text + "\n") {
    if (c != '\n') {
      line += c;
      continue;
    }
    while (!line.empty() && (line.back() == ' ' || line.back() == '\r' || line.back() == '\t')) line.pop_back();
    out += line + "\n";
    line.clear();
  }
  while (out.size() >= 2 && out[out.size() - 1] == '\n' && out[out.size() - 2] == '\n') out.pop_back();
  size_t b = out.find_first_not_of('\n');
  return b == std::string::npos ? "" : out.substr(b);
}

std::string PrintDiff(const std::vector<std::string>& want, const std::vector<std::string>& got) {
  if (want == got) return "";
  for (size_t i = 0; i < std::max(want.size(), got.size()); ++i) {
    std::string w = i < want.size() ? "'" + want[i] + "'" : "nothing";
    std::string g = i < got.size() ? "'" + got[i] + "'" : "nothing";
    if (w != g) return "printed line " + std::to_string(i + 1) + " is " + g + ", expected " + w;
  }
  return "";
}

// Checks a counterexample against the claim text with rlx's own claim reader and evaluator:
// "" when it meets every assumption and falsifies the claim.
std::string CheckCounterexample(const std::string& claim_text,
                                const std::vector<std::pair<std::string, int64_t>>& cex) {
  SourceManager sources;
  DiagnosticEngine diags(sources);
  auto claims = checker::ParseClaimFile(sources.Add("claim.py", claim_text), diags);
  if (claims.size() != 1) return "the suite's claim does not parse";
  const checker::Claim& c = claims[0];
  PrimAssignment values;
  for (const auto& v : c.vars) {
    std::string name = text::PrintPrimExpr(v);
    bool found = false;
    for (const auto& [n, value] : cex) {
      if (n == name) {
        values[v.get()] = value;
        found = true;
      }
    }
    if (!found) return "the counterexample has no value for '" + name + "'";
  }
  for (const auto& a : c.assumptions) {
    if (EvalPrim(*a, values) != std::optional<int64_t>(1)) {
      return "the counterexample does not meet the assumption " + text::PrintPrimExpr(a);
    }
  }
  auto r = EvalPrim(*c.claim, values);
  if (!r) return "the claim is undefined at the counterexample (a division by zero or an overflow)";
  if (*r != 0) return "the claim holds at the counterexample";
  return "";
}

class Executor {
 public:
  Executor(Implementation& impl) : impl_(impl) {}

  // "" when the assertion passes; `unsupported` is set when the implementation said so.
  // `phase_only` is set when the answer is an error of the expected phase with another code.
  std::string Execute(const ScriptFile& file, const Command& c, bool* unsupported, bool* phase_only) {
    *unsupported = false;
    *phase_only = false;
    // An error of the expected phase whose code (or rule) differs.
    auto wrong_code = [&](const Response& r, const char* phase, std::string why) {
      *phase_only = r.status == Response::Status::kError && r.phase == phase;
      return why;
    };
    auto ask = [&](Request r) {
      r.id = ++next_id_;
      Response resp = impl_.Handle(r);
      if (resp.status == Response::Status::kUnsupported) *unsupported = true;
      return resp;
    };
    const std::string& v = c.verb;
    if (v == "module") return ModuleState(file, c.args[0], ask);
    if (v == "assert_valid") {
      Response r = ask(ModuleRequest(Verb::kCheck, c.BodyText()));
      return r.status == Response::Status::kOk ? "" : "rejected: " + Describe(r);
    }
    if (v == "assert_malformed") {
      Response r = ask(ModuleRequest(Verb::kParse, c.BodyText()));
      if (r.status == Response::Status::kOk) return "accepted by the parser; expected " + c.args[0];
      if (r.status != Response::Status::kError || r.phase != "parse" || !HasError(r, c.args[0], nullptr)) {
        return wrong_code(r, "parse", "expected a parse error " + c.args[0] + ", got " + Describe(r));
      }
      return "";
    }
    if (v == "assert_ill_formed") {
      Response r = ask(ModuleRequest(Verb::kCheck, c.BodyText()));
      if (r.status == Response::Status::kOk) return "accepted; expected " + c.args[0] + " [" + c.args[1] + "]";
      if (r.status != Response::Status::kError || r.phase != "check" || !HasError(r, c.args[0], &c.args[1])) {
        return wrong_code(r, "check", "expected a check error " + c.args[0] + " [" + c.args[1] + "], got " + Describe(r));
      }
      return "";
    }
    if (v == "assert_proven" || v == "assert_disproven") {
      Request req;
      req.verb = Verb::kProve;
      req.claim = ClaimWithoutAnswer(c.BodyText());
      Response r = ask(req);
      std::string want = v == "assert_proven" ? "proven" : "disproven";
      if (r.status != Response::Status::kOk) return "expected " + want + ", got " + Describe(r);
      // sinfo.prove.minimum: unknown is a conforming answer outside the linear fragment.
      bool required = std::find(c.tags.begin(), c.tags.end(), "sinfo.prove.minimum") != c.tags.end();
      if (r.answer == "unknown" && !required) return "";
      if (r.answer != want) return "answered " + r.answer + ", expected " + want;
      return want == "disproven" ? CheckCounterexample(req.claim, r.counterexample) : "";
    }
    if (v == "assert_not_proven" || v == "assert_not_disproven") {
      // A false claim whose counterexamples are hard to find (or a true one hard to prove):
      // unknown conforms, and so does the one right answer; the wrong one does not. This is
      // what catches a prover that says "proven" too eagerly (sinfo.prove.answers).
      Request req;
      req.verb = Verb::kProve;
      req.claim = ClaimWithoutAnswer(c.BodyText());
      Response r = ask(req);
      if (r.status != Response::Status::kOk) return "expected an answer, got " + Describe(r);
      std::string wrong = v == "assert_not_proven" ? "proven" : "disproven";
      if (r.answer == wrong) return "answered " + wrong + " for a claim that is " + (wrong == "proven" ? "false" : "true");
      if (r.answer == "disproven") return CheckCounterexample(req.claim, r.counterexample);
      return "";
    }
    // The rest are about a module defined above.
    std::string why = ModuleState(file, c.args[0], ask);
    if (!why.empty()) return "module '" + c.args[0] + "' " + why;
    const std::string& text = modules_[Key(file, c.args[0])].text;
    if (v == "assert_struct_info") {
      Request req = ModuleRequest(Verb::kInfer, text);
      req.function = c.args[1];
      req.var = c.args[2];
      Response r = ask(req);
      if (r.status != Response::Status::kOk) return "infer: " + Describe(r);
      std::string want = TrimLines(c.BodyText()), got = TrimLines(r.struct_info);
      if (!want.empty() && want.back() == '\n') want.pop_back();
      if (!got.empty() && got.back() == '\n') got.pop_back();
      return got == want ? "" : "struct info is " + got + ", expected " + want;
    }
    if (v == "assert_canonical") {
      Response r = ask(ModuleRequest(Verb::kPrint, text));
      if (r.status != Response::Status::kOk) return "print: " + Describe(r);
      std::string want = TrimLines(c.BodyText()), got = TrimLines(r.text);
      if (got == want) return "";
      std::istringstream w(want), g(got);
      std::string wl, gl;
      for (int n = 1;; ++n) {
        bool hw = static_cast<bool>(std::getline(w, wl)), hg = static_cast<bool>(std::getline(g, gl));
        if (!hw && !hg) break;
        if (!hw || !hg || wl != gl) {
          return "canonical text differs at line " + std::to_string(n) + ": got '" + (hg ? gl : "<end>") +
                 "', expected '" + (hw ? wl : "<end>") + "'";
        }
      }
      return "canonical text differs";
    }
    // assert_return, assert_error, assert_exhaustion
    std::string error;
    auto inv = ParseInvocation(c, file.dir, &error);
    if (!inv) return "malformed assertion: " + error;
    Request req = ModuleRequest(Verb::kRun, text);
    req.function = c.args[1];
    req.args = inv->args;
    req.limits = inv->limits;
    Response r = ask(req);
    if (v == "assert_return") {
      if (r.status != Response::Status::kOk) return "run: " + Describe(r);
      if (!r.result) return "run: no result";
      std::string diff = CompareResult(*inv, *r.result);
      if (!diff.empty()) return diff;
      return PrintDiff(inv->print, r.print);
    }
    const std::string& code = c.args[2];
    if (r.status == Response::Status::kOk) return "returned normally; expected run error " + code;
    std::string print_diff = PrintDiff(inv->print, r.print);
    if (r.status != Response::Status::kError || r.phase != "run" || !HasError(r, code, nullptr)) {
      std::string why = "expected run error " + code + ", got " + Describe(r);
      return print_diff.empty() ? wrong_code(r, "run", why) : why;
    }
    return print_diff;
  }

 private:
  struct ModuleEntry {
    std::string text;
    std::optional<std::string> verdict;  // "" accepted, else why not; unset until checked
  };

  static std::string Key(const ScriptFile& f, const std::string& name) { return f.rel + "\n" + name; }

  static Request ModuleRequest(Verb verb, std::string text) {
    Request r;
    r.verb = verb;
    r.module = std::move(text);
    return r;
  }

  // Checks a module once (lazily: only modules a selected assertion needs are sent).
  template <typename Ask>
  std::string ModuleState(const ScriptFile& file, const std::string& name, Ask& ask) {
    ModuleEntry& m = modules_[Key(file, name)];
    if (m.text.empty()) {
      for (const Command& c : file.commands) {
        if (c.verb == "module" && c.args.size() == 1 && c.args[0] == name) m.text = c.BodyText();
      }
    }
    if (!m.verdict) {
      Response r = ask(ModuleRequest(Verb::kCheck, m.text));
      m.verdict = r.status == Response::Status::kOk ? "" : "was rejected: " + Describe(r);
    }
    return *m.verdict;
  }

  Implementation& impl_;
  int64_t next_id_ = 0;
  std::map<std::string, ModuleEntry> modules_;
};

}  // namespace

const char* OutcomeName(Outcome o) {
  switch (o) {
    case Outcome::kPass: return "pass";
    case Outcome::kFail: return "fail";
    case Outcome::kSkip: return "skip";
    case Outcome::kXFail: return "xfail";
    case Outcome::kXPass: return "xpass";
    case Outcome::kUnsupported: return "unsupported";
    case Outcome::kUnsupportedExpected: return "unsupported-expected";
  }
  return "?";
}

bool IsFailure(Outcome o) { return o == Outcome::kFail || o == Outcome::kXPass || o == Outcome::kUnsupported; }

bool IsAcceptanceCommand(const std::string& verb) { return verb == "module" || verb == "assert_valid"; }

std::string ClaimWithoutAnswer(const std::string& claim_text) {
  std::istringstream in(claim_text);
  std::string out, line;
  bool in_docstring = false;
  while (std::getline(in, line)) {
    size_t first = line.find_first_not_of(" \t");
    std::string body = first == std::string::npos ? "" : line.substr(first);
    if (in_docstring || body.rfind("\"\"\"", 0) == 0) {
      // A docstring: from its opening to its closing quotes (on the same line or a later one).
      size_t close = body.find("\"\"\"", in_docstring ? 0 : 3);
      in_docstring = close == std::string::npos;
      continue;
    }
    if (body.empty() || body[0] == '#') continue;
    if (body.rfind("@claim", 0) == 0) {
      out += line.substr(0, first) + "@claim\n";
      continue;
    }
    // Claims hold no string literals outside docstrings, so a '#' starts a comment.
    size_t hash = line.find('#');
    if (hash != std::string::npos) line = line.substr(0, hash);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    if (body.rfind("def ", 0) == 0) {
      size_t paren = line.find('(');
      if (paren != std::string::npos) line = line.substr(0, first) + "def claim" + line.substr(paren);
    }
    out += line + "\n";
  }
  return out;
}

namespace {

// The verbs an assertion needs the implementation to have.
std::vector<std::string> VerbsNeeded(const std::string& verb) {
  if (verb == "assert_malformed") return {"parse"};
  if (verb.find("proven") != std::string::npos) return {"prove"};
  if (verb == "assert_struct_info") return {"check", "infer"};
  if (verb == "assert_canonical") return {"check", "print"};
  if (verb == "assert_return" || verb == "assert_error" || verb == "assert_exhaustion") return {"check", "run"};
  return {"check"};
}

// The verbs the implementation declares in its hello response; empty when it declares none
// (then every verb is tried).
std::set<std::string> DeclaredVerbs(Implementation& impl) {
  Request hello;
  hello.verb = Verb::kHello;
  Response r = impl.Handle(hello);
  if (r.status != Response::Status::kOk) return {};
  return std::set<std::string>(r.verbs.begin(), r.verbs.end());
}

}  // namespace

// True when a run assertion sets a limit other than those `kept`.
static bool HasLimits(const Command& c, const std::vector<std::string>& kept) {
  return std::any_of(c.body.begin(), c.body.end(), [&kept](const std::string& l) {
    if (l.rfind("limit ", 0) != 0) return false;
    const std::string name = l.substr(6, l.find('=') == std::string::npos ? std::string::npos : l.find('=') - 6);
    return std::find(kept.begin(), kept.end(), name) == kept.end();
  });
}

std::vector<AssertionResult> RunSuite(const Suite& suite, Implementation& impl, const RunConfig& config) {
  std::vector<AssertionResult> results;
  Executor exec(impl);
  const std::set<std::string> declared = DeclaredVerbs(impl);
  auto undeclared = [&](const std::string& verb) -> std::string {
    if (declared.empty()) return "";
    for (const std::string& v : VerbsNeeded(verb)) {
      if (!declared.count(v)) return v;
    }
    return "";
  };
  std::vector<AssertionRef> all = suite.Assertions();
  int failures = 0;
  for (size_t i = 0; i < all.size(); ++i) {
    if (config.max_failures > 0 && failures >= config.max_failures) break;
    const AssertionRef& a = all[i];
    if (!config.selection.Selects(a, i)) continue;
    AssertionResult res{a, Outcome::kPass, ""};
    const Expectation* e = config.expectations ? config.expectations->Find(a.id) : nullptr;
    const std::string missing_verb = undeclared(a.command->verb);
    if (e && e->kind == Expectation::Kind::kSkip) {
      res.outcome = Outcome::kSkip;
      res.reason = e->reason;
    } else if (config.skip_limits && HasLimits(*a.command, config.limits_kept)) {
      res.outcome = Outcome::kSkip;
      res.reason = "a run with limits (they count the work of the module as written)";
    } else if (!missing_verb.empty()) {
      res.outcome = Outcome::kSkip;
      res.reason = "the implementation does not declare the verb '" + missing_verb + "' (hello)";
    } else {
      bool unsupported = false;
      std::string why = exec.Execute(*a.file, *a.command, &unsupported, &res.phase_only);
      bool passed = why.empty() || (res.phase_only && config.match == MatchMode::kPhase);
      if (!why.empty() && passed) res.reason = why;  // kept: --match code would fail it
      if (passed) {
        res.outcome = e ? Outcome::kXPass : Outcome::kPass;
        if (e) res.reason = "passed, but the expectations file (line " + std::to_string(e->line) + ") says " +
                            ExpectationKindName(e->kind) + ": remove the entry";
      } else if (unsupported) {
        res.outcome = e && e->kind == Expectation::Kind::kUnsupported ? Outcome::kUnsupportedExpected
                      : e ? Outcome::kXFail : Outcome::kUnsupported;
        res.reason = why;
      } else {
        res.outcome = e ? Outcome::kXFail : Outcome::kFail;
        res.reason = why;
      }
    }
    failures += IsFailure(res.outcome);
    if (config.on_result) config.on_result(res);
    results.push_back(std::move(res));
  }
  return results;
}

}  // namespace rlx::conform
