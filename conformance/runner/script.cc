#include "conformance/runner/script.h"

#include <sstream>

namespace rlx::conform {
namespace {

std::vector<std::string> Words(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

bool Blank(const std::string& s) { return s.find_first_not_of(" \t\r") == std::string::npos; }

}  // namespace

std::string Command::BodyText() const {
  std::string out;
  for (const auto& l : body) out += l + "\n";
  return out;
}

std::optional<std::vector<Command>> ParseScript(const std::string& text, std::string* error) {
  std::vector<Command> out;
  std::istringstream in(text);
  std::string line;
  int lineno = 0;
  while (std::getline(in, line)) {
    ++lineno;
    if (!line.empty() && line.back() == '\r') line.pop_back();
    if (line.rfind("%#", 0) == 0) continue;
    if (line.rfind("%%", 0) == 0) {
      Command c;
      c.line = lineno;
      std::string head = line.substr(2);
      size_t open = head.find('[');
      if (open != std::string::npos) {
        size_t close = head.find(']', open);
        if (close == std::string::npos || !Blank(head.substr(close + 1))) {
          *error = "line " + std::to_string(lineno) + ": the rule tags must be one [...] at the end of the line";
          return std::nullopt;
        }
        c.has_tags = true;
        c.tags = Words(head.substr(open + 1, close - open - 1));
        head = head.substr(0, open);
      }
      std::vector<std::string> words = Words(head);
      if (words.empty()) {
        *error = "line " + std::to_string(lineno) + ": a command line without a verb";
        return std::nullopt;
      }
      c.verb = words[0];
      c.args.assign(words.begin() + 1, words.end());
      out.push_back(std::move(c));
      continue;
    }
    if (out.empty()) {
      if (Blank(line)) continue;
      *error = "line " + std::to_string(lineno) + ": text before the first %% command";
      return std::nullopt;
    }
    out.back().body.push_back(line);
  }
  for (Command& c : out) {
    while (!c.body.empty() && Blank(c.body.back())) c.body.pop_back();
  }
  return out;
}

}  // namespace rlx::conform
