#include "ir/base/json.h"

#include "ir/base/utf8.h"

#include <cerrno>
#include <cstdlib>

namespace rlx {

class JsonParser {
 public:
  JsonParser(const std::string& s, int max_depth) : s_(s), max_depth_(max_depth) {}

  std::optional<Json> Document(std::string* error) {
    Json v;
    Skip();
    if (!Value(&v, 0)) {
      *error = Where() + error_;
      return std::nullopt;
    }
    Skip();
    if (i_ != s_.size()) {
      *error = Where() + "text after the JSON value";
      return std::nullopt;
    }
    return v;
  }

 private:
  std::string Where() const {
    int line = 1, col = 1;
    for (size_t k = 0; k < i_ && k < s_.size(); ++k) {
      if (s_[k] == '\n') ++line, col = 1;
      else ++col;
    }
    return "line " + std::to_string(line) + " col " + std::to_string(col) + ": ";
  }
  bool Bad(const std::string& why) {
    error_ = why;
    return false;
  }
  void Skip() {
    while (i_ < s_.size() && (s_[i_] == ' ' || s_[i_] == '\n' || s_[i_] == '\t' || s_[i_] == '\r')) ++i_;
  }
  bool Literal(const char* word) {
    size_t n = std::char_traits<char>::length(word);
    if (s_.compare(i_, n, word) != 0) return false;
    i_ += n;
    return true;
  }

  bool Value(Json* out, int depth) {
    if (depth > max_depth_) return Bad("nested too deeply");
    if (i_ >= s_.size()) return Bad("unexpected end of input");
    char c = s_[i_];
    if (c == '{') return Object(out, depth);
    if (c == '[') return Array(out, depth);
    if (c == '"') {
      out->kind_ = Json::Kind::kString;
      return String(&out->text_);
    }
    if (Literal("true")) {
      out->kind_ = Json::Kind::kBool;
      out->bool_ = true;
      return true;
    }
    if (Literal("false")) {
      out->kind_ = Json::Kind::kBool;
      return true;
    }
    if (Literal("null")) return true;
    return Number(out);
  }

  bool Number(Json* out) {
    size_t start = i_;
    if (i_ < s_.size() && s_[i_] == '-') ++i_;
    size_t digits = i_;
    while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
    if (i_ == digits) return Bad("expected a value");
    if (i_ < s_.size() && s_[i_] == '.') {
      ++i_;
      size_t frac = i_;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
      if (i_ == frac) return Bad("malformed number");
    }
    if (i_ < s_.size() && (s_[i_] == 'e' || s_[i_] == 'E')) {
      ++i_;
      if (i_ < s_.size() && (s_[i_] == '+' || s_[i_] == '-')) ++i_;
      size_t exp = i_;
      while (i_ < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_]))) ++i_;
      if (i_ == exp) return Bad("malformed number");
    }
    out->kind_ = Json::Kind::kNumber;
    out->text_ = s_.substr(start, i_ - start);
    return true;
  }

  // Four hexadecimal digits at i_ (and nothing else: strtoul would accept a sign or space).
  bool Hex4(unsigned* cp) {
    if (i_ + 4 > s_.size()) return false;
    *cp = 0;
    for (int k = 0; k < 4; ++k) {
      char h = s_[i_ + k];
      int d = h >= '0' && h <= '9' ? h - '0' : h >= 'a' && h <= 'f' ? h - 'a' + 10 : h >= 'A' && h <= 'F' ? h - 'A' + 10 : -1;
      if (d < 0) return false;
      *cp = *cp * 16 + static_cast<unsigned>(d);
    }
    i_ += 4;
    return true;
  }

  bool String(std::string* out) {
    ++i_;  // the opening quote
    while (i_ < s_.size() && s_[i_] != '"') {
      char c = s_[i_++];
      if (static_cast<unsigned char>(c) < 0x20) return Bad("a control character in a string");
      if (c != '\\') {
        *out += c;
        continue;
      }
      if (i_ >= s_.size()) break;
      char e = s_[i_++];
      switch (e) {
        case '"': *out += '"'; break;
        case '\\': *out += '\\'; break;
        case '/': *out += '/'; break;
        case 'b': *out += '\b'; break;
        case 'f': *out += '\f'; break;
        case 'n': *out += '\n'; break;
        case 'r': *out += '\r'; break;
        case 't': *out += '\t'; break;
        case 'u': {
          unsigned cp = 0;
          if (!Hex4(&cp)) return Bad("a \\u escape needs 4 hexadecimal digits");
          // A high surrogate must be followed by an escaped low one: together one code point.
          if (cp >= 0xD800 && cp <= 0xDBFF) {
            unsigned low = 0;
            if (i_ + 1 >= s_.size() || s_[i_] != '\\' || s_[i_ + 1] != 'u') return Bad("a lone surrogate in a \\u escape");
            i_ += 2;
            if (!Hex4(&low) || low < 0xDC00 || low > 0xDFFF) return Bad("a lone surrogate in a \\u escape");
            cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
          } else if (cp >= 0xDC00 && cp <= 0xDFFF) {
            return Bad("a lone surrogate in a \\u escape");
          }
          AppendUtf8(*out, cp);
          break;
        }
        default: return Bad("an invalid escape in a string");
      }
    }
    if (i_ >= s_.size()) return Bad("an unterminated string");
    ++i_;
    return true;
  }

  bool Array(Json* out, int depth) {
    out->kind_ = Json::Kind::kArray;
    ++i_;
    Skip();
    if (i_ < s_.size() && s_[i_] == ']') {
      ++i_;
      return true;
    }
    while (true) {
      Json item;
      Skip();
      if (!Value(&item, depth + 1)) return false;
      out->items_.push_back(std::move(item));
      Skip();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == ']') {
        ++i_;
        return true;
      }
      return Bad("expected ',' or ']'");
    }
  }

  bool Object(Json* out, int depth) {
    out->kind_ = Json::Kind::kObject;
    ++i_;
    Skip();
    if (i_ < s_.size() && s_[i_] == '}') {
      ++i_;
      return true;
    }
    while (true) {
      Skip();
      if (i_ >= s_.size() || s_[i_] != '"') return Bad("expected a string key");
      std::string key;
      if (!String(&key)) return false;
      Skip();
      if (i_ >= s_.size() || s_[i_] != ':') return Bad("expected ':'");
      ++i_;
      Skip();
      Json v;
      if (!Value(&v, depth + 1)) return false;
      out->members_.emplace_back(std::move(key), std::move(v));
      Skip();
      if (i_ < s_.size() && s_[i_] == ',') {
        ++i_;
        continue;
      }
      if (i_ < s_.size() && s_[i_] == '}') {
        ++i_;
        return true;
      }
      return Bad("expected ',' or '}'");
    }
  }

  const std::string& s_;
  int max_depth_;
  size_t i_ = 0;
  std::string error_;
};

std::optional<Json> Json::Parse(const std::string& text, std::string* error, int max_depth) {
  return JsonParser(text, max_depth).Document(error);
}

double Json::as_double() const { return std::strtod(text_.c_str(), nullptr); }

std::optional<int64_t> Json::as_int() const {
  if (kind_ != Kind::kNumber || text_.find_first_of(".eE") != std::string::npos) return std::nullopt;
  errno = 0;
  char* end = nullptr;
  long long v = std::strtoll(text_.c_str(), &end, 10);
  if (errno == ERANGE || *end != '\0') return std::nullopt;
  return v;
}

const Json* Json::Find(const std::string& key) const {
  for (const auto& [k, v] : members_) {
    if (k == key) return &v;
  }
  return nullptr;
}

}  // namespace rlx
