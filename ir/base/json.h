// A small JSON reader (RFC 8259) for tool inputs: `rlx run --inputs`, and the conformance
// adapter protocol. Numbers keep their text so that int64 and uint64 values stay exact.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace rlx {

class Json {
 public:
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };

  /// Parses a whole document; nullopt with `error` ("line L col C: ...") when malformed or
  /// nested deeper than `max_depth`.
  static std::optional<Json> Parse(const std::string& text, std::string* error, int max_depth = 256);

  Kind kind() const { return kind_; }
  bool is_null() const { return kind_ == Kind::kNull; }
  bool as_bool() const { return bool_; }
  /// A number's text as written ("-3", "1.5e3").
  const std::string& number_text() const { return text_; }
  double as_double() const;
  /// The number as an integer when it is written as one and fits int64.
  std::optional<int64_t> as_int() const;
  const std::string& as_string() const { return text_; }
  const std::vector<Json>& items() const { return items_; }
  const std::vector<std::pair<std::string, Json>>& members() const { return members_; }
  /// An object's member, or nullptr.
  const Json* Find(const std::string& key) const;

 private:
  friend class JsonParser;
  Kind kind_ = Kind::kNull;
  bool bool_ = false;
  std::string text_;
  std::vector<Json> items_;
  std::vector<std::pair<std::string, Json>> members_;
};

}  // namespace rlx
