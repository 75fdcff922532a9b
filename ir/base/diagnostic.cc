#include "ir/base/diagnostic.h"

#include <sstream>

#include "ir/base/utf8.h"

namespace rlx {
namespace {

struct CodeInfo {
  std::string_view code, rule, summary;
};

const CodeInfo kCodeInfo[] = {
#define RLX_ERROR(name, code, rule, summary) {code, rule, summary},
#include "ir/base/error_codes.def"
#undef RLX_ERROR
};

std::string_view SeverityName(Severity s) {
  switch (s) {
    case Severity::kError: return "error";
    case Severity::kWarning: return "warning";
    case Severity::kNote: return "note";
  }
  return "error";
}

// Number of UTF-8 code points in the first `cols` columns is the column itself, so the
// caret line is built by copying tabs (to keep alignment) and spacing everything else.
std::string CaretLine(std::string_view line, uint32_t col, uint32_t end_col) {
  std::string out;
  uint32_t c = 1;
  size_t i = 0;
  while (c < col && i < line.size()) {
    unsigned char ch = static_cast<unsigned char>(line[i]);
    out.push_back(ch == '\t' ? '\t' : ' ');
    // Skip continuation bytes of a multi-byte character: one column per code point.
    ++i;
    while (i < line.size() && (static_cast<unsigned char>(line[i]) & 0xC0) == 0x80) ++i;
    ++c;
  }
  while (c < col) {
    out.push_back(' ');
    ++c;
  }
  out.push_back('^');
  for (uint32_t k = col + 1; k < end_col; ++k) out.push_back('~');
  return out;
}

void RenderLocation(std::ostringstream& os, const SourceManager& sm, const Span& span) {
  const SourceFile* f = sm.Get(span.file);
  if (f && span.known()) {
    os << f->name() << ":" << span.begin.line << ":" << span.begin.col << ": ";
  } else if (f) {
    os << f->name() << ": ";
  }
}

void RenderSnippet(std::ostringstream& os, const SourceManager& sm, const Span& span) {
  const SourceFile* f = sm.Get(span.file);
  if (!f || !span.known()) return;
  std::string_view line = f->Line(span.begin.line);
  uint32_t end_col = span.end.line == span.begin.line ? span.end.col : 0;
  os << "    " << line << "\n";
  os << "    " << CaretLine(line, span.begin.col, end_col) << "\n";
}

void JsonSpan(std::ostringstream& os, const SourceManager& sm, const Span& span) {
  const SourceFile* f = sm.Get(span.file);
  os << "\"file\":\"" << JsonEscape(f ? f->name() : "") << "\"";
  os << ",\"line\":" << span.begin.line << ",\"column\":" << span.begin.col;
  os << ",\"end_line\":" << span.end.line << ",\"end_column\":" << span.end.col;
}

}  // namespace

std::string_view ErrorCodeString(ErrorCode code) {
  return kCodeInfo[static_cast<size_t>(code)].code;
}
std::string_view ErrorCodeRule(ErrorCode code) {
  return kCodeInfo[static_cast<size_t>(code)].rule;
}
std::string_view ErrorCodeSummary(ErrorCode code) {
  return kCodeInfo[static_cast<size_t>(code)].summary;
}

const std::vector<ErrorCode>& AllErrorCodes() {
  static const std::vector<ErrorCode> all = [] {
    std::vector<ErrorCode> v;
    for (size_t i = 0; i < std::size(kCodeInfo); ++i) v.push_back(static_cast<ErrorCode>(i));
    return v;
  }();
  return all;
}

Diagnostic& DiagnosticEngine::Add(Severity severity, ErrorCode code, Span span,
                                  std::string message) {
  if (severity == Severity::kError) {
    ++error_count_;
    if (error_count_ > max_errors_) {
      if (error_count_ == max_errors_ + 1) {
        diagnostics_.push_back({Severity::kError,
                                ErrorCode::kTooManyErrors,
                                span,
                                "too many errors; stopping after " + std::to_string(max_errors_),
                                {},
                                {}});
      }
      overflow_sink_ = Diagnostic{};
      return overflow_sink_;
    }
  }
  diagnostics_.push_back({severity, code, span, std::move(message), {}, {}});
  return diagnostics_.back();
}

Diagnostic& DiagnosticEngine::Error(ErrorCode code, Span span, std::string message) {
  return Add(Severity::kError, code, span, std::move(message));
}

Diagnostic& DiagnosticEngine::Warning(ErrorCode code, Span span, std::string message) {
  return Add(Severity::kWarning, code, span, std::move(message));
}

std::string DiagnosticEngine::Render(const Diagnostic& d) const {
  std::ostringstream os;
  RenderLocation(os, sources_, d.span);
  os << SeverityName(d.severity) << "[" << ErrorCodeString(d.code) << "]: " << d.message;
  if (!d.rule.empty()) os << " [" << d.rule << "]";
  os << "\n";
  RenderSnippet(os, sources_, d.span);
  for (const DiagNote& n : d.notes) {
    RenderLocation(os, sources_, n.span);
    os << "note: " << n.message << "\n";
    RenderSnippet(os, sources_, n.span);
  }
  return os.str();
}

std::string DiagnosticEngine::RenderAll() const {
  std::string out;
  for (const Diagnostic& d : diagnostics_) out += Render(d);
  return out;
}

std::string DiagnosticEngine::RenderJson() const {
  std::ostringstream os;
  os << "{\"diagnostics\":[";
  for (size_t i = 0; i < diagnostics_.size(); ++i) {
    const Diagnostic& d = diagnostics_[i];
    if (i) os << ",";
    os << "{\"severity\":\"" << SeverityName(d.severity) << "\",\"code\":\""
       << ErrorCodeString(d.code) << "\",\"rule\":\""
       << (d.rule.empty() ? std::string(ErrorCodeRule(d.code)) : d.rule)
       << "\",\"message\":\"" << JsonEscape(d.message) << "\",";
    JsonSpan(os, sources_, d.span);
    os << ",\"notes\":[";
    for (size_t k = 0; k < d.notes.size(); ++k) {
      if (k) os << ",";
      os << "{\"message\":\"" << JsonEscape(d.notes[k].message) << "\",";
      JsonSpan(os, sources_, d.notes[k].span);
      os << "}";
    }
    os << "]}";
  }
  os << "],\"errors\":" << error_count_ << "}";
  return os.str();
}

std::string JsonEscape(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (size_t i = 0; i < s.size(); ++i) {
    char c = s[i];
    unsigned char u = static_cast<unsigned char>(c);
    if (u >= 0x80) {
      // JSON text is UTF-8: a byte that starts no valid sequence (a message quoting a file's
      // invalid bytes) becomes U+FFFD, the replacement character.
      size_t n = Utf8Length(s, i);
      if (n == 0) {
        out += "\xEF\xBF\xBD";  // U+FFFD
      } else {
        out.append(s.substr(i, n));
        i += n - 1;
      }
      continue;
    }
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (u < 0x20) {
          static const char* hex = "0123456789abcdef";
          out += "\\u00";
          out.push_back(hex[u >> 4]);
          out.push_back(hex[u & 15]);
        } else {
          out.push_back(c);
        }
    }
  }
  return out;
}

}  // namespace rlx
