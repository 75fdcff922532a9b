#include "tools/rlx/cli_common.h"

#include <iostream>
#include <utility>

#include "compiler/pass/pipelines.h"
#include "ir/base/file_io.h"
#include "ir/text/lexer.h"

namespace rlx::cli {

std::optional<CommonOptions> ParseArgs(const std::vector<std::string>& args,
                                       const std::vector<std::string>& flags_without_value,
                                       const std::vector<std::string>& flags_with_value) {
  CommonOptions o;
  auto has = [](const std::vector<std::string>& v, const std::string& s) {
    for (const auto& x : v) {
      if (x == s) return true;
    }
    return false;
  };
  for (size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--json") {
      o.json = true;
    } else if (a == "-D" || (a.rfind("-D", 0) == 0 && a.size() > 2)) {
      std::string def = a.size() > 2 ? a.substr(2) : (i + 1 < args.size() ? args[++i] : "");
      size_t eq = def.find('=');
      if (def.empty() || eq == std::string::npos || eq == 0) {
        std::cerr << "rlx: -D expects NAME=VALUE, got '" << def << "'\n";
        return std::nullopt;
      }
      std::string name = def.substr(0, eq);
      bool identifier = !name.empty() && !isdigit(static_cast<unsigned char>(name[0])) &&
                        !text::IsPythonKeyword(name);
      for (char c : name) identifier &= isalnum(static_cast<unsigned char>(c)) || c == '_';
      if (!identifier) {
        std::cerr << "rlx: error[" << ErrorCodeString(ErrorCode::kInvalidCapture) << "]: -D "
                  << name << ": the name must be a Python identifier\n";
        return std::nullopt;
      }
      text::CapturedValue v;
      if (!text::CapturedValue::Parse(def.substr(eq + 1), &v)) {
        std::cerr << "rlx: error[" << ErrorCodeString(ErrorCode::kInvalidCapture)
                  << "]: malformed value in -D " << def << "\n";
        return std::nullopt;
      }
      o.parse.captures[def.substr(0, eq)] = v;
    } else if (has(flags_without_value, a)) {
      o.flags[a] = "";
    } else if (size_t eq = a.find('='); a.rfind("--", 0) == 0 && eq != std::string::npos &&
                                        has(flags_with_value, a.substr(0, eq))) {
      o.flags[a.substr(0, eq)] = a.substr(eq + 1);  // --flag=value
    } else if (has(flags_with_value, a)) {
      if (i + 1 >= args.size()) {
        std::cerr << "rlx: " << a << " needs a value\n";
        return std::nullopt;
      }
      o.flags[a] = args[++i];
    } else if (a.size() > 1 && a[0] == '-' && a != "-") {
      std::cerr << "rlx: unknown option '" << a << "' (see rlx --help)\n";
      return std::nullopt;
    } else {
      o.files.push_back(a);
    }
  }
  return o;
}

const std::vector<std::string> kOptLevelFlags = {"-O0", "-O1", "-O2", "-O3"};

int OptLevelOf(const CommonOptions& opts) {
  int level = compiler::kDefaultOptLevel;
  for (const std::string& flag : kOptLevelFlags) {
    if (opts.flags.count(flag)) compiler::ParseOptLevel(flag, &level);
  }
  return level;
}

std::optional<text::PrintOptions> PrintOptionsOf(const CommonOptions& opts) {
  text::PrintOptions print;
  auto it = opts.flags.find("--spelling");
  if (it == opts.flags.end()) return print;
  auto spelling = text::ParseTvmSpelling(it->second);
  if (!spelling) {
    std::cerr << "rlx: --spelling expects v0.23 (R.Object, sinfo_args=) or v0.24 (R.Any, ty_args=), got '"
              << it->second << "'\n";
    return std::nullopt;
  }
  print.spelling = *spelling;
  return print;
}

std::optional<driver::Backend> BackendOption(const std::string& command, const std::string& name) {
  auto backend = driver::ParseBackend(name);
  if (!backend) {
    std::cerr << command << ": --backend expects " << driver::BackendNames() << ", got '" << name << "'\n";
    return std::nullopt;
  }
  std::string why;
  if (!driver::BackendAvailable(*backend, &why)) {
    std::cerr << command << ": the " << name << " backend is unavailable: " << why << "\n";
    return std::nullopt;
  }
  return backend;
}

std::optional<std::string> ReadFile(const std::string& path, uint64_t max_bytes) {
  std::string text, error;
  if (!ReadWholeFile(path, &text, &error, max_bytes)) {
    std::cerr << "rlx: " << error << "\n";
    return std::nullopt;
  }
  return text;
}

std::optional<std::string> ReadSource(const std::string& path, const CommonOptions& opts) {
  // A source beyond the parser's limit is refused before it is read whole (text.limit.size).
  const uint64_t limit = opts.parse.lexer_limits.max_source_bytes;
  std::string text, error;
  if (!ReadWholeFile(path, &text, &error, limit)) {
    std::cerr << "rlx: " << error;
    if (error.find("larger than the limit") != std::string::npos) {
      std::cerr << " (the parser's source limit, " << ErrorCodeString(ErrorCode::kSourceTooLarge)
                << ")";
    }
    std::cerr << "\n";
    return std::nullopt;
  }
  return text;
}

bool WriteOutputFile(const std::string& path, const std::string& contents) {
  std::string error;
  if (!WriteWholeFile(path, contents, &error)) {
    std::cerr << "rlx: " << error << "\n";
    return false;
  }
  return true;
}

void EmitDiagnostics(const DiagnosticEngine& diags, const CommonOptions& opts) {
  if (opts.json) {
    std::cout << diags.RenderJson() << "\n";
  } else {
    std::cerr << diags.RenderAll();
  }
}

Ref<IRModule> LoadModule(const std::string& path, std::string text, const CommonOptions& opts,
                         SourceManager& sources, DiagnosticEngine& diags) {
  uint32_t id = sources.Add(path == "-" ? "<stdin>" : path, std::move(text));
  return text::ParseModule(id, diags, opts.parse);
}

Ref<IRModule> LoadCheckedFile(const CommonOptions& opts, int* exit_code) {
  auto text = ReadSource(opts.files[0], opts);
  if (!text) {
    *exit_code = kUsage;
    return nullptr;
  }
  SourceManager sources;
  DiagnosticEngine diags(sources);
  Ref<IRModule> m = LoadModule(opts.files[0], *text, opts, sources, diags);
  if (m && !driver::Check(m, diags).ok()) m = nullptr;
  if (opts.json || !diags.diagnostics().empty()) EmitDiagnostics(diags, opts);
  if (!m) *exit_code = kRejected;
  return m;
}

}  // namespace rlx::cli
