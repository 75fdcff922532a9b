#include "ir/text/py_parser.h"

#include <cstring>

namespace rlx::text {
namespace {

using py::Expr;
using py::ExprKind;
using py::ExprPtr;
using py::Stmt;
using py::StmtKind;
using py::StmtPtr;

// Thrown after a syntax error has been reported, to unwind to the statement level.
struct SyntaxAbort {};
// Thrown when the nesting limit is hit; parsing stops.
struct DepthAbort {};

class SyntaxParser {
 public:
  SyntaxParser(const std::vector<Token>& toks, DiagnosticEngine& diags, SyntaxLimits limits)
      : toks_(toks), diags_(diags), limits_(limits) {}

  py::File Run() {
    py::File file;
    try {
      while (!At(Tok::kEnd)) {
        if (Accept(Tok::kNewline)) continue;
        ParseStatementInto(file.body);
      }
    } catch (const DepthAbort&) {
    }
    return file;
  }

 private:
  // ---- token helpers ----
  const Token& Peek(size_t k = 0) const {
    size_t i = pos_ + k;
    return i < toks_.size() ? toks_[i] : toks_.back();
  }
  bool At(Tok k) const { return Peek().kind == k; }
  bool AtPunct(const char* p) const { return Peek().IsPunct(p); }
  bool AtKeyword(const char* k) const { return Peek().IsKeyword(k); }
  const Token& Next() {
    const Token& t = Peek();
    if (pos_ < toks_.size() - 1) ++pos_;
    return t;
  }
  bool Accept(Tok k) {
    if (!At(k)) return false;
    Next();
    return true;
  }
  bool AcceptPunct(const char* p) {
    if (!AtPunct(p)) return false;
    Next();
    return true;
  }
  bool AcceptKeyword(const char* k) {
    if (!AtKeyword(k)) return false;
    Next();
    return true;
  }

  [[noreturn]] void Fail(ErrorCode code, Span span, std::string msg) {
    diags_.Error(code, span, std::move(msg));
    throw SyntaxAbort{};
  }
  [[noreturn]] void FailExpected(const std::string& what) {
    const Token& t = Peek();
    if (t.kind == Tok::kIndent) {
      Fail(ErrorCode::kUnexpectedIndent, t.span, "unexpected indent");
    }
    Fail(ErrorCode::kUnexpectedToken, t.span, "expected " + what + " but got " + DescribeToken(t));
  }
  const Token& ExpectPunct(const char* p) {
    if (!AtPunct(p)) FailExpected(std::string("'") + p + "'");
    return Next();
  }
  const Token& ExpectName(const char* what) {
    if (!At(Tok::kName)) FailExpected(what);
    return Next();
  }
  void ExpectNewline() {
    if (At(Tok::kNewline)) {
      Next();
      return;
    }
    if (At(Tok::kEnd) || At(Tok::kDedent)) return;
    FailExpected("end of line");
  }

  Span SpanFrom(const Span& begin) const {
    const Token& prev = toks_[pos_ > 0 ? pos_ - 1 : 0];
    return Span::Cover(begin, prev.span);
  }

  struct DepthGuard {
    explicit DepthGuard(SyntaxParser* p) : p_(p) {
      if (++p_->depth_ > p_->limits_.max_depth) {
        p_->diags_.Error(
            ErrorCode::kNestingTooDeep, p_->Peek().span,
            "expressions or blocks nested deeper than " + std::to_string(p_->limits_.max_depth));
        throw DepthAbort{};
      }
    }
    ~DepthGuard() { --p_->depth_; }
    SyntaxParser* p_;
  };

  // Skips the rest of a broken statement, the block it would have opened, and the clauses
  // that continue it (else/elif/except/finally), so one mistake gives one error.
  void Recover() {
    SkipLine();
    while (AtKeyword("else") || AtKeyword("elif") || AtKeyword("except") || AtKeyword("finally")) {
      Next();
      SkipLine();
    }
  }
  void SkipLine() {
    while (!At(Tok::kEnd) && !At(Tok::kNewline) && !At(Tok::kDedent)) {
      if (At(Tok::kIndent)) break;
      Next();
    }
    Accept(Tok::kNewline);
    if (At(Tok::kIndent)) SkipBlock();
  }
  void SkipBlock() {
    int depth = 0;
    do {
      if (At(Tok::kIndent)) ++depth;
      if (At(Tok::kDedent)) --depth;
      if (At(Tok::kEnd)) return;
      Next();
    } while (depth > 0);
  }

  // ---- statements ----
  void ParseStatementInto(std::vector<StmtPtr>& out) {
    try {
      ParseStatement(out);
    } catch (const SyntaxAbort&) {
      Recover();
    }
  }

  void ParseStatement(std::vector<StmtPtr>& out) {
    DepthGuard guard(this);
    const Token& t = Peek();
    if (t.kind == Tok::kIndent) {
      diags_.Error(ErrorCode::kUnexpectedIndent, t.span, "unexpected indent");
      SkipBlock();
      return;
    }
    if (t.IsPunct("@")) {
      out.push_back(ParseDecorated());
      return;
    }
    if (t.kind == Tok::kKeyword) {
      if (t.text == "def") {
        out.push_back(ParseFunctionDef({}, t.span));
        return;
      }
      if (t.text == "class") {
        out.push_back(ParseClassDef({}, t.span));
        return;
      }
      if (t.text == "if") {
        out.push_back(ParseIf());
        return;
      }
      if (t.text == "with") {
        out.push_back(ParseWith());
        return;
      }
      if (t.text == "for") {
        out.push_back(ParseFor());
        return;
      }
      if (t.text == "else" || t.text == "elif") {
        Fail(ErrorCode::kUnexpectedToken, t.span,
             "'" + t.text + "' without a matching if statement");
      }
      static const char* kUnsupportedCompound[] = {"while", "try", "async", "except", "finally"};
      for (const char* k : kUnsupportedCompound) {
        if (t.text == k) {
          Fail(ErrorCode::kUnsupportedSyntax, t.span,
               std::string("'") + k + "' statements are not part of TVMScript's Relax syntax");
        }
      }
    }
    ParseSimpleStatements(out);
  }

  void ParseSimpleStatements(std::vector<StmtPtr>& out) {
    out.push_back(ParseSmallStatement());
    while (AcceptPunct(";")) {
      if (At(Tok::kNewline) || At(Tok::kEnd)) break;
      out.push_back(ParseSmallStatement());
    }
    ExpectNewline();
  }

  StmtPtr NewStmt(StmtKind kind, Span span) {
    auto s = std::make_unique<Stmt>();
    s->kind = kind;
    s->span = span;
    return s;
  }

  StmtPtr ParseSmallStatement() {
    const Token& t = Peek();
    Span begin = t.span;
    if (t.kind == Tok::kKeyword) {
      if (t.text == "pass") {
        Next();
        return NewStmt(StmtKind::kPass, begin);
      }
      if (t.text == "return") {
        Next();
        auto s = NewStmt(StmtKind::kReturn, begin);
        if (!At(Tok::kNewline) && !At(Tok::kEnd) && !AtPunct(";") && !At(Tok::kDedent)) {
          s->value = ParseTestList();
        }
        s->span = SpanFrom(begin);
        return s;
      }
      if (t.text == "import" || t.text == "from") return ParseImport();
      if (t.text == "assert") {
        Next();
        auto s = NewStmt(StmtKind::kAssert, begin);
        s->value = ParseTest();
        if (AcceptPunct(",")) s->annotation = ParseTest();
        s->span = SpanFrom(begin);
        return s;
      }
      static const char* kUnsupportedSimple[] = {"del",      "global", "nonlocal", "raise", "break",
                                                 "continue", "yield",  "lambda",   "await"};
      for (const char* k : kUnsupportedSimple) {
        if (t.text == k) {
          Fail(ErrorCode::kUnsupportedSyntax, t.span,
               std::string("'") + k + "' is not part of TVMScript's Relax syntax");
        }
      }
    }
    ExprPtr first = ParseTestList();
    if (AcceptPunct(":")) {
      if (first->kind != ExprKind::kName) {
        Fail(ErrorCode::kInvalidTarget, first->span,
             "an annotated assignment needs a single name as its target");
      }
      auto s = NewStmt(StmtKind::kAnnAssign, begin);
      s->target = std::move(first);
      s->annotation = ParseTest();
      if (AcceptPunct("=")) {
        s->value = ParseTestList();
        if (AtPunct("=")) {
          Fail(ErrorCode::kChainedAssignment, Peek().span,
               "chained assignments like 'a = b = c' are not supported");
        }
      }
      s->span = SpanFrom(begin);
      return s;
    }
    if (AcceptPunct("=")) {
      CheckTarget(*first);
      auto s = NewStmt(StmtKind::kAssign, begin);
      s->target = std::move(first);
      s->value = ParseTestList();
      if (AtPunct("=")) {
        Fail(ErrorCode::kChainedAssignment, Peek().span,
             "chained assignments like 'a = b = c' are not supported");
      }
      s->span = SpanFrom(begin);
      return s;
    }
    static const char* kAugmented[] = {
        "+=", "-=", "*=", "/=", "//=", "%=", "**=", ">>=", "<<=", "&=", "|=", "^=", "@=", ":="};
    for (const char* op : kAugmented) {
      if (AtPunct(op)) {
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
             std::string("'") + op + "' is not supported; write the assignment out");
      }
    }
    auto s = NewStmt(StmtKind::kExpr, begin);
    s->value = std::move(first);
    s->span = SpanFrom(begin);
    return s;
  }

  void CheckTarget(const Expr& e) {
    if (e.kind == ExprKind::kName) return;
    if (e.kind == ExprKind::kSubscript) return;  // a TIR buffer store, A[i] = v
    if (e.kind == ExprKind::kTuple || e.kind == ExprKind::kList) {
      if (e.numbers) {
        Fail(ErrorCode::kInvalidTarget, e.span, "only names can be assigned in a tuple assignment");
      }
      if (e.elts.empty()) Fail(ErrorCode::kInvalidTarget, e.span, "cannot assign to ()");
      for (const auto& x : e.elts) {
        if (x->kind != ExprKind::kName) {
          Fail(ErrorCode::kInvalidTarget, x->span,
               "only names can be assigned in a tuple assignment");
        }
      }
      return;
    }
    Fail(ErrorCode::kInvalidTarget, e.span,
         "cannot assign to this expression; the target must be a name");
  }

  StmtPtr ParseImport() {
    Span begin = Peek().span;
    auto s = NewStmt(StmtKind::kImport, begin);
    if (AcceptKeyword("from")) {
      s->is_from_import = true;
      s->module = ParseDottedName();
      if (!AcceptKeyword("import")) FailExpected("'import'");
      bool paren = AcceptPunct("(");
      do {
        if (paren && AtPunct(")")) break;
        std::string name = ExpectName("a name to import").text;
        std::string alias = name;
        if (AcceptKeyword("as")) alias = ExpectName("an alias").text;
        s->names.emplace_back(name, alias);
      } while (AcceptPunct(","));
      if (paren) ExpectPunct(")");
    } else {
      Next();  // import
      do {
        std::string name = ParseDottedName();
        std::string alias = name;
        if (AcceptKeyword("as")) alias = ExpectName("an alias").text;
        s->names.emplace_back(name, alias);
      } while (AcceptPunct(","));
    }
    s->span = SpanFrom(begin);
    return s;
  }

  std::string ParseDottedName() {
    std::string name = ExpectName("a module name").text;
    while (AcceptPunct(".")) name += "." + ExpectName("a module name").text;
    return name;
  }

  StmtPtr ParseDecorated() {
    Span begin = Peek().span;
    std::vector<ExprPtr> decorators;
    while (AcceptPunct("@")) {
      decorators.push_back(ParseTest());
      ExpectNewline();
      while (Accept(Tok::kNewline)) {
      }
    }
    if (AtKeyword("def")) return ParseFunctionDef(std::move(decorators), begin);
    if (AtKeyword("class")) return ParseClassDef(std::move(decorators), begin);
    if (AtKeyword("async")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "'async' functions are not supported");
    }
    FailExpected("'def' or 'class' after decorators");
  }

  StmtPtr ParseFunctionDef(std::vector<ExprPtr> decorators, Span begin) {
    Next();  // def
    auto s = NewStmt(StmtKind::kFunctionDef, begin);
    s->decorators = std::move(decorators);
    const Token& name = ExpectName("a function name");
    s->name = name.text;
    s->name_span = name.span;
    ExpectPunct("(");
    while (!AtPunct(")")) {
      if (AtPunct("*") || AtPunct("**") || AtPunct("/")) {
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
             "variadic, keyword-only and positional-only parameters are not supported");
      }
      py::Param p;
      const Token& pn = ExpectName("a parameter name");
      p.name = pn.text;
      p.span = pn.span;
      for (const auto& other : s->params) {
        if (other.name == p.name) {
          Fail(ErrorCode::kDuplicateParameter, pn.span, "duplicate parameter '" + p.name + "'");
        }
      }
      if (AcceptPunct(":")) p.annotation = ParseTest();
      if (AcceptPunct("=")) p.default_value = ParseTest();
      s->params.push_back(std::move(p));
      if (!AcceptPunct(",")) break;
    }
    ExpectPunct(")");
    if (AcceptPunct("->")) s->returns = ParseTest();
    ExpectPunct(":");
    s->span = SpanFrom(begin);
    ParseSuite(s->body);
    return s;
  }

  StmtPtr ParseClassDef(std::vector<ExprPtr> decorators, Span begin) {
    Next();  // class
    auto s = NewStmt(StmtKind::kClassDef, begin);
    s->decorators = std::move(decorators);
    const Token& name = ExpectName("a class name");
    s->name = name.text;
    s->name_span = name.span;
    if (AcceptPunct("(")) {
      while (!AtPunct(")")) {
        s->bases.push_back(ParseTest());
        if (!AcceptPunct(",")) break;
      }
      ExpectPunct(")");
    }
    ExpectPunct(":");
    s->span = SpanFrom(begin);
    ParseSuite(s->body);
    return s;
  }

  StmtPtr ParseIf() {
    DepthGuard guard(this);    // elif chains recurse here
    Span begin = Next().span;  // if / elif
    auto s = NewStmt(StmtKind::kIf, begin);
    s->value = ParseNamedTest();
    ExpectPunct(":");
    s->span = SpanFrom(begin);
    ParseSuite(s->body);
    if (AtKeyword("elif")) {
      s->has_else = true;
      s->orelse.push_back(ParseIf());
    } else if (AtKeyword("else")) {
      Next();
      ExpectPunct(":");
      s->has_else = true;
      ParseSuite(s->orelse);
    }
    return s;
  }

  // for a, b in value: body (the targets are names, as TVMScript's loops write them).
  StmtPtr ParseFor() {
    Span begin = Next().span;  // for
    auto s = NewStmt(StmtKind::kFor, begin);
    std::vector<ExprPtr> names;
    do {
      const Token& name = ExpectName("a loop variable");
      auto n = NewExpr(ExprKind::kName, name.span);
      n->text = name.text;
      names.push_back(std::move(n));
    } while (AcceptPunct(","));
    if (names.size() == 1) {
      s->target = std::move(names[0]);
    } else {
      auto t = NewExpr(ExprKind::kTuple, Span::Cover(names.front()->span, names.back()->span));
      t->elts = std::move(names);
      s->target = std::move(t);
    }
    if (!AcceptKeyword("in")) FailExpected("'in'");
    s->value = ParseTest();
    ExpectPunct(":");
    s->span = SpanFrom(begin);
    ParseSuite(s->body);
    return s;
  }

  StmtPtr ParseWith() {
    Span begin = Next().span;  // with
    auto s = NewStmt(StmtKind::kWith, begin);
    s->value = ParseTest();
    if (AtKeyword("as")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
           "'with ... as' is not supported; write 'with R.dataflow():'");
    }
    if (AtPunct(",")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "a with statement takes one item");
    }
    ExpectPunct(":");
    s->span = SpanFrom(begin);
    ParseSuite(s->body);
    return s;
  }

  ExprPtr ParseNamedTest() {
    ExprPtr e = ParseTest();
    if (AtPunct(":=")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "assignment expressions are not supported");
    }
    return e;
  }

  // suite: simple statements on the same line, or NEWLINE INDENT stmt+ DEDENT.
  void ParseSuite(std::vector<StmtPtr>& body) {
    if (!At(Tok::kNewline)) {
      ParseSimpleStatements(body);
      return;
    }
    Next();
    while (Accept(Tok::kNewline)) {
    }
    if (!At(Tok::kIndent)) FailExpected("an indented block");
    Next();
    while (!At(Tok::kDedent) && !At(Tok::kEnd)) {
      if (Accept(Tok::kNewline)) continue;
      ParseStatementInto(body);
    }
    Accept(Tok::kDedent);
  }

  // ---- expressions ----
  ExprPtr NewExpr(ExprKind kind, Span span) {
    auto e = std::make_unique<Expr>();
    e->kind = kind;
    e->span = span;
    return e;
  }

  // testlist: test (',' test)* [','] -- a bare tuple when there is a comma.
  ExprPtr ParseTestList() {
    Span begin = Peek().span;
    ExprPtr first = ParseTestOrStar();
    if (!AtPunct(",")) return first;
    auto tuple = NewExpr(ExprKind::kTuple, begin);
    tuple->elts.push_back(std::move(first));
    while (AcceptPunct(",")) {
      if (!StartsExpression()) break;
      tuple->elts.push_back(ParseTestOrStar());
    }
    tuple->span = SpanFrom(begin);
    return Height(std::move(tuple));
  }

  bool StartsExpression() const {
    const Token& t = Peek();
    switch (t.kind) {
      case Tok::kName:
      case Tok::kInt:
      case Tok::kFloat:
      case Tok::kNumbers:
      case Tok::kString: return true;
      case Tok::kKeyword:
        return t.text == "None" || t.text == "True" || t.text == "False" || t.text == "not" ||
               t.text == "lambda";
      case Tok::kPunct:
        return t.text == "(" || t.text == "[" || t.text == "{" || t.text == "-" || t.text == "+" ||
               t.text == "~" || t.text == "*" || t.text == "...";
      default: return false;
    }
  }

  ExprPtr ParseTestOrStar() {
    if (AtPunct("*")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "starred expressions are not supported");
    }
    return ParseTest();
  }

  ExprPtr ParseTest() {
    DepthGuard guard(this);
    if (AtKeyword("lambda")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "lambda expressions are not supported");
    }
    ExprPtr e = ParseOr();
    if (AtPunct(":=")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "assignment expressions are not supported");
    }
    if (AtKeyword("if")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
           "conditional expressions (x if c else y) are not supported");
    }
    return e;
  }

  ExprPtr MakeBinary(ExprKind kind, std::string op, ExprPtr l, ExprPtr r) {
    auto e = NewExpr(kind, Span::Cover(l->span, r->span));
    e->text = std::move(op);
    e->value = std::move(l);
    e->index = std::move(r);
    return Height(std::move(e));
  }

  // Records the height of a new node; trees taller than the limit (say, 5000 terms added
  // in a row) end in an exhaustion error, so later recursive passes stay within the stack.
  ExprPtr Height(ExprPtr e) {
    int h = 0;
    auto see = [&h](const ExprPtr& c) {
      if (c && c->depth > h) h = c->depth;
    };
    see(e->value);
    see(e->index);
    for (const auto& c : e->elts) see(c);
    for (const auto& c : e->values) see(c);
    for (const auto& k : e->keywords) see(k.value);
    e->depth = h + 1;
    if (e->depth > limits_.max_tree_depth) {
      diags_.Error(
          ErrorCode::kNestingTooDeep, e->span,
          "expression nested deeper than " + std::to_string(limits_.max_tree_depth) + " levels");
      throw DepthAbort{};
    }
    return e;
  }

  ExprPtr ParseOr() {
    ExprPtr l = ParseAnd();
    while (AtKeyword("or")) {
      Next();
      l = MakeBinary(ExprKind::kBoolOp, "or", std::move(l), ParseAnd());
    }
    return l;
  }

  ExprPtr ParseAnd() {
    ExprPtr l = ParseNot();
    while (AtKeyword("and")) {
      Next();
      l = MakeBinary(ExprKind::kBoolOp, "and", std::move(l), ParseNot());
    }
    return l;
  }

  ExprPtr ParseNot() {
    if (AtKeyword("not")) {
      DepthGuard guard(this);
      Span begin = Next().span;
      auto e = NewExpr(ExprKind::kUnary, begin);
      e->text = "not";
      e->value = ParseNot();
      e->span = Span::Cover(begin, e->value->span);
      return Height(std::move(e));
    }
    return ParseComparison();
  }

  const char* ComparisonOp() const {
    static const char* kOps[] = {"<", "<=", ">", ">=", "==", "!="};
    for (const char* op : kOps) {
      if (AtPunct(op)) return op;
    }
    return nullptr;
  }

  ExprPtr ParseComparison() {
    ExprPtr l = ParseBitOr();
    if (AtKeyword("in") || AtKeyword("is") || (AtKeyword("not") && Peek(1).IsKeyword("in"))) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
           "'in' and 'is' comparisons are not supported");
    }
    if (const char* op = ComparisonOp()) {
      Next();
      l = MakeBinary(ExprKind::kCompare, op, std::move(l), ParseBitOr());
      if (ComparisonOp()) {
        // Python reads a < b < c as (a < b) and (b < c); TVMScript folds left to right.
        // The meanings differ, so the chain is rejected (spec text.syntax.unsupported).
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
             "chained comparisons are not supported; add parentheses");
      }
    }
    return l;
  }

  template <class Next_>
  ExprPtr ParseLeftAssoc(std::initializer_list<const char*> ops, Next_ next) {
    ExprPtr l = (this->*next)();
    for (;;) {
      const char* matched = nullptr;
      for (const char* op : ops) {
        if (AtPunct(op)) matched = op;
      }
      if (!matched) return l;
      Next();
      l = MakeBinary(ExprKind::kBinary, matched, std::move(l), (this->*next)());
    }
  }

  ExprPtr ParseBitOr() { return ParseLeftAssoc({"|"}, &SyntaxParser::ParseBitXor); }
  ExprPtr ParseBitXor() { return ParseLeftAssoc({"^"}, &SyntaxParser::ParseBitAnd); }
  ExprPtr ParseBitAnd() { return ParseLeftAssoc({"&"}, &SyntaxParser::ParseShift); }
  ExprPtr ParseShift() { return ParseLeftAssoc({"<<", ">>"}, &SyntaxParser::ParseArith); }
  ExprPtr ParseArith() { return ParseLeftAssoc({"+", "-"}, &SyntaxParser::ParseTerm); }
  ExprPtr ParseTerm() {
    return ParseLeftAssoc({"*", "/", "//", "%", "@"}, &SyntaxParser::ParseFactor);
  }

  ExprPtr ParseFactor() {
    if (AtPunct("-") || AtPunct("+") || AtPunct("~")) {
      DepthGuard guard(this);
      const Token& op = Next();
      auto e = NewExpr(ExprKind::kUnary, op.span);
      e->text = op.text;
      e->value = ParseFactor();
      e->span = Span::Cover(op.span, e->value->span);
      return Height(std::move(e));
    }
    return ParsePower();
  }

  ExprPtr ParsePower() {
    ExprPtr base = ParseAtomExpr();
    if (AcceptPunct("**")) {
      DepthGuard guard(this);
      return MakeBinary(ExprKind::kBinary, "**", std::move(base), ParseFactor());
    }
    return base;
  }

  ExprPtr ParseAtomExpr() {
    ExprPtr e = ParseAtom();
    for (;;) {
      if (AtPunct("(")) {
        e = ParseCall(std::move(e));
      } else if (AtPunct("[")) {
        Next();
        auto sub = NewExpr(ExprKind::kSubscript, e->span);
        sub->value = std::move(e);
        if (AtPunct("]")) FailExpected("an index");
        sub->index = ParseSubscriptList();
        ExpectPunct("]");
        sub->span = SpanFrom(sub->span);
        e = Height(std::move(sub));
      } else if (AtPunct(".")) {
        Next();
        const Token& name = ExpectName("an attribute name");
        auto attr = NewExpr(ExprKind::kAttribute, Span::Cover(e->span, name.span));
        attr->text = name.text;
        attr->value = std::move(e);
        e = Height(std::move(attr));
      } else {
        return e;
      }
    }
  }

  // The index of a subscript: one item, or a tuple of them; an item is an expression or a
  // slice `lower:upper` (TIR buffer regions, A[i, 0:4]); either bound may be omitted.
  ExprPtr ParseSubscriptList() {
    Span begin = Peek().span;
    std::vector<ExprPtr> items;
    bool tuple = false;
    for (;;) {
      items.push_back(ParseSubscriptItem());
      if (!AcceptPunct(",")) break;
      tuple = true;
      if (AtPunct("]")) break;
    }
    if (!tuple) return std::move(items[0]);
    auto t = NewExpr(ExprKind::kTuple, begin);
    t->elts = std::move(items);
    t->span = SpanFrom(begin);
    return Height(std::move(t));
  }

  ExprPtr ParseSubscriptItem() {
    Span begin = Peek().span;
    ExprPtr lower;
    if (!AtPunct(":")) {
      lower = ParseTest();
      if (!AtPunct(":")) return lower;
    }
    Next();  // :
    auto slice = NewExpr(ExprKind::kSlice, begin);
    slice->value = std::move(lower);
    if (!AtPunct(",") && !AtPunct("]")) slice->index = ParseTest();
    if (AtPunct(":")) Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "slice steps are not supported");
    slice->span = SpanFrom(begin);
    return Height(std::move(slice));
  }

  ExprPtr ParseCall(ExprPtr callee) {
    DepthGuard guard(this);
    Next();  // (
    auto call = NewExpr(ExprKind::kCall, callee->span);
    call->value = std::move(callee);
    while (!AtPunct(")")) {
      if (At(Tok::kName) && Peek(1).IsPunct("=")) {
        const Token& name = Next();
        Next();  // =
        for (const auto& k : call->keywords) {
          if (k.name == name.text) {
            Fail(ErrorCode::kDuplicateKeyword, name.span,
                 "keyword argument '" + name.text + "' repeated");
          }
        }
        py::Keyword kw;
        kw.name = name.text;
        kw.name_span = name.span;
        kw.value = ParseTest();
        call->keywords.push_back(std::move(kw));
      } else if (AtPunct("**")) {
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "'**' arguments are not supported");
      } else if (AtPunct("*")) {
        Span star = Next().span;
        auto e = NewExpr(ExprKind::kStarred, star);
        e->value = ParseTest();
        e->span = Span::Cover(star, e->value->span);
        e = Height(std::move(e));
        if (!call->keywords.empty()) {
          Fail(ErrorCode::kPositionalAfterKeyword, e->span,
               "positional argument follows keyword argument");
        }
        call->elts.push_back(std::move(e));
      } else {
        ExprPtr arg = ParseTest();
        if (!call->keywords.empty()) {
          Fail(ErrorCode::kPositionalAfterKeyword, arg->span,
               "positional argument follows keyword argument");
        }
        if (AtKeyword("for")) {
          Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
               "generator expressions are not supported");
        }
        call->elts.push_back(std::move(arg));
      }
      if (!AcceptPunct(",")) break;
    }
    ExpectPunct(")");
    call->span = SpanFrom(call->span);
    return Height(std::move(call));
  }

  ExprPtr ParseAtom() {
    const Token& t = Peek();
    Span begin = t.span;
    switch (t.kind) {
      case Tok::kName: {
        Next();
        auto e = NewExpr(ExprKind::kName, begin);
        e->text = t.text;
        return e;
      }
      case Tok::kInt: {
        Next();
        auto e = NewExpr(ExprKind::kInt, begin);
        e->text = t.text;
        e->int_value = t.int_value;
        e->int_overflow = t.int_overflow;
        return e;
      }
      case Tok::kNumbers: {  // a subscript's numbers, x[1, 2, ...]: a tuple, as they would read
        auto e = NewExpr(ExprKind::kTuple, begin);
        e->numbers = Next().numbers;
        e->depth = e->numbers->any_negated ? 3 : 2;
        return e;
      }
      case Tok::kFloat: {
        Next();
        auto e = NewExpr(ExprKind::kFloat, begin);
        e->text = t.text;
        e->float_value = t.float_value;
        return e;
      }
      case Tok::kString: {
        auto e = NewExpr(ExprKind::kString, begin);
        while (At(Tok::kString)) e->text += Next().text;  // implicit concatenation
        e->span = SpanFrom(begin);
        return e;
      }
      case Tok::kKeyword: {
        if (t.text == "None") {
          Next();
          return NewExpr(ExprKind::kNone, begin);
        }
        if (t.text == "True" || t.text == "False") {
          Next();
          auto e = NewExpr(ExprKind::kBool, begin);
          e->bool_value = t.text == "True";
          return e;
        }
        if (t.text == "lambda" || t.text == "yield" || t.text == "await") {
          Fail(ErrorCode::kUnsupportedSyntax, t.span,
               "'" + t.text + "' expressions are not supported");
        }
        FailExpected("an expression");
      }
      case Tok::kPunct: {
        if (t.text == "(") return ParseParenthesized();
        if (t.text == "[") return ParseList();
        if (t.text == "{") return ParseDict();
        if (t.text == "...") {
          Fail(ErrorCode::kUnsupportedSyntax, t.span, "'...' is not supported");
        }
        FailExpected("an expression");
      }
      default: FailExpected("an expression");
    }
  }

  ExprPtr ParseParenthesized() {
    Span begin = Next().span;  // (
    if (AcceptPunct(")")) return NewExpr(ExprKind::kTuple, SpanFrom(begin));
    ExprPtr first = ParseTestOrStar();
    if (AtKeyword("for")) {
      Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "generator expressions are not supported");
    }
    if (AcceptPunct(")")) return first;
    auto tuple = NewExpr(ExprKind::kTuple, begin);
    tuple->elts.push_back(std::move(first));
    while (AcceptPunct(",")) {
      if (AtPunct(")")) break;
      tuple->elts.push_back(ParseTestOrStar());
    }
    ExpectPunct(")");
    tuple->span = SpanFrom(begin);
    return Height(std::move(tuple));
  }

  ExprPtr ParseList() {
    Span begin = Next().span;  // [
    auto list = NewExpr(ExprKind::kList, begin);
    if (At(Tok::kNumbers)) {  // number literals only, folded by the lexer
      list->numbers = Next().numbers;
      ExpectPunct("]");
      list->span = SpanFrom(begin);
      list = Height(std::move(list));
      list->depth = list->numbers->any_negated ? 3 : 2;  // as its elements would make it
      return list;
    }
    while (!AtPunct("]")) {
      list->elts.push_back(ParseTestOrStar());
      if (AtKeyword("for")) {
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "list comprehensions are not supported");
      }
      if (!AcceptPunct(",")) break;
    }
    ExpectPunct("]");
    list->span = SpanFrom(begin);
    return Height(std::move(list));
  }

  ExprPtr ParseDict() {
    Span begin = Next().span;  // {
    auto dict = NewExpr(ExprKind::kDict, begin);
    while (!AtPunct("}")) {
      if (AtPunct("**")) {
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "'**' in a dict is not supported");
      }
      dict->elts.push_back(ParseTest());
      if (!AtPunct(":")) {
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span,
             "set literals are not supported; a dict needs 'key: value'");
      }
      Next();
      dict->values.push_back(ParseTest());
      if (AtKeyword("for")) {
        Fail(ErrorCode::kUnsupportedSyntax, Peek().span, "dict comprehensions are not supported");
      }
      if (!AcceptPunct(",")) break;
    }
    ExpectPunct("}");
    dict->span = SpanFrom(begin);
    return Height(std::move(dict));
  }

  const std::vector<Token>& toks_;
  DiagnosticEngine& diags_;
  SyntaxLimits limits_;
  size_t pos_ = 0;
  int depth_ = 0;
};

}  // namespace

py::File ParseSyntax(const std::vector<Token>& tokens, DiagnosticEngine& diags,
                     SyntaxLimits limits) {
  if (tokens.empty()) return {};
  return SyntaxParser(tokens, diags, limits).Run();
}

}  // namespace rlx::text
