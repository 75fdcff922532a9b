// The rlx command line (docs/cli.md): subcommands, exit codes, diagnostics, JSON, -D.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

namespace {

struct Result {
  int code;
  std::string out, err;
};

std::string Slurp(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

class Cli : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::temp_directory_path() /
           ("rlx_cli_" + std::to_string(::getpid()) + "_" +
            testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }

  std::string Write(const std::string& name, const std::string& text) {
    auto p = dir_ / name;
    std::ofstream(p, std::ios::binary) << text;
    return p.string();
  }

  Result Run(const std::string& args, const std::string& stdin_text = "") {
    auto in = dir_ / "stdin", out = dir_ / "stdout", err = dir_ / "stderr";
    std::ofstream(in, std::ios::binary) << stdin_text;
    std::string cmd = std::string(RLX_BINARY) + " " + args + " <" + in.string() + " >" +
                      out.string() + " 2>" + err.string();
    int status = std::system(cmd.c_str());
    return {WEXITSTATUS(status), Slurp(out), Slurp(err)};
  }

  // Runs `cmd` with /bin/sh as it is (its own redirections); the exit code.
  static int Shell(const std::string& cmd) {
    int status = std::system(cmd.c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
  }

  std::filesystem::path dir_;
};

constexpr const char* kGood = R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor(("n",), dtype="float32")) -> R.Tensor(("n",), dtype="float32"):
        n = T.int64()
        y = R.add(x, x)
        return y
)";

TEST_F(Cli, VersionAndHelp) {
  Result v = Run("--version");
  EXPECT_EQ(v.code, 0);
  EXPECT_EQ(v.out.rfind("rlx ", 0), 0u);
  Result h = Run("--help");
  EXPECT_EQ(h.code, 0);
  EXPECT_NE(h.out.find("usage: rlx"), std::string::npos);
  EXPECT_EQ(Run("parse --help").code, 0);
  EXPECT_EQ(Run("help").code, 0);
}

TEST_F(Cli, UsageErrorsExitWithTwo) {
  EXPECT_EQ(Run("").code, 2);
  Result u = Run("frobnicate x.py");
  EXPECT_EQ(u.code, 2);
  EXPECT_NE(u.err.find("unknown command"), std::string::npos);
  EXPECT_EQ(Run("parse").code, 2);
  EXPECT_EQ(Run("parse --bogus x.py").code, 2);
  Result missing = Run("parse " + (dir_ / "missing.py").string());
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("cannot read"), std::string::npos);
  EXPECT_EQ(Run("fmt --check -i " + Write("a.py", kGood)).code, 2);
}

TEST_F(Cli, ParseAcceptsAndRejects) {
  Result ok = Run("parse " + Write("good.py", kGood));
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_NE(ok.out.find("ok (1 global)"), std::string::npos);
  std::string bad =
      Write("bad.py", "@R.function\ndef main(x: R.Tensor((2,), \"float32\")):\n    return y\n");
  Result r = Run("parse " + bad);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("bad.py:3:12: error[E0201]: undefined name 'y'"), std::string::npos)
      << r.err;
  EXPECT_NE(r.err.find("    return y\n               ^\n"), std::string::npos) << r.err;
}

TEST_F(Cli, JsonDiagnostics) {
  std::string bad =
      Write("bad.py", "@R.function\ndef main(x: R.Tensor((2,), \"float32\")):\n    return y\n");
  Result r = Run("parse --json " + bad);
  EXPECT_EQ(r.code, 1);
  EXPECT_EQ(r.out.rfind("{\"diagnostics\":[{\"severity\":\"error\",\"code\":\"E0201\"", 0), 0u)
      << r.out;
  EXPECT_NE(r.out.find("\"line\":3,\"column\":12"), std::string::npos);
  EXPECT_TRUE(r.err.empty()) << r.err;
  Result ok = Run("parse --json " + Write("good.py", kGood));
  EXPECT_EQ(ok.code, 0);
  EXPECT_NE(ok.out.find("{\"diagnostics\":[],\"errors\":0}"), std::string::npos) << ok.out;
}

TEST_F(Cli, FmtPrintsCheckAndRewrites) {
  std::string messy =
      Write("messy.py", "@R.function\ndef main(x: R.Tensor((2,),'float32')):\n  return x\n");
  Result f = Run("fmt " + messy);
  EXPECT_EQ(f.code, 0);
  EXPECT_NE(f.out.find("def main(x: R.Tensor((2,), dtype=\"float32\")):"), std::string::npos);
  Result check = Run("fmt --check " + messy);
  EXPECT_EQ(check.code, 1);
  EXPECT_NE(check.out.find("not in canonical form"), std::string::npos);
  EXPECT_EQ(Run("fmt -i " + messy).code, 0);
  EXPECT_EQ(Run("fmt --check " + messy).code, 0) << Slurp(messy);
  EXPECT_EQ(Slurp(messy), f.out);
  // stdin works as a file named '-'.
  Result piped = Run("fmt -", kGood);
  EXPECT_EQ(piped.code, 0);
  EXPECT_EQ(piped.out, kGood);
}

// rlx opt (spec pass.manager.*): passes in any order with verification, printing and timing on
// stderr, the result on stdout; usage errors exit 2, a rejected input 1.
TEST_F(Cli, OptRunsPassesAndReports) {
  std::string file = Write("m.py", kGood);
  Result r = Run("opt " + file + " --passes=rename-vars,add-dead-bindings,to-non-dataflow --verify-each "
                 "--print-changed --time-passes");
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("r0_x"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("dead"), std::string::npos) << r.out;
  EXPECT_NE(r.err.find("# after rename-vars"), std::string::npos) << r.err;
  // The module has no dataflow block: to-non-dataflow changes nothing, so --print-changed skips it.
  EXPECT_EQ(r.err.find("# after to-non-dataflow"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("total"), std::string::npos) << r.err;
  Result listed = Run("opt --list-passes");
  EXPECT_EQ(listed.code, 0);
  EXPECT_NE(listed.out.find("to-non-dataflow"), std::string::npos);
  EXPECT_NE(listed.out.find("establishes no-dataflow"), std::string::npos) << listed.out;
  EXPECT_EQ(Run("opt " + file + " --passes=no-such-pass").code, 2);
  EXPECT_EQ(Run("opt " + file).code, 2);
  std::string bad = Write("bad.py", "@R.function\ndef main(x: R.Tensor((2,), 'float32')):\n    return y\n");
  EXPECT_EQ(Run("opt " + bad + " --passes=rename-vars").code, 1);
}

// pass.pipeline: rlx opt -O2 runs the level's pipeline, showing every step with --print-after-all;
// a level and --passes together, or an unknown level, are usage errors.
TEST_F(Cli, OptRunsTheLevelsPipeline) {
  std::string file = Write("m.py", kGood);
  Result r = Run("opt " + file + " -O2 --print-after-all --verify-each");
  EXPECT_EQ(r.code, 0) << r.err;
  for (const char* step : {"canonicalize-bindings", "fold-constant", "common-subexpression-elimination",
                           "dead-code-elimination", "legalize-ops", "plan-memory", "parallelize-loops"}) {
    EXPECT_NE(r.err.find(std::string("# after ") + step), std::string::npos) << step << "\n" << r.err;
  }
  EXPECT_NE(r.out.find("T.prim_func"), std::string::npos) << r.out;  // lowered
  Result o0 = Run("opt " + file + " -O0 --print-after-all");
  EXPECT_EQ(o0.code, 0) << o0.err;
  EXPECT_EQ(o0.err.find("# after fold-constant"), std::string::npos) << o0.err;
  EXPECT_EQ(Run("opt " + file + " -O2 --passes=rename-vars").code, 2);
  EXPECT_EQ(Run("opt " + file + " -O4").code, 2);
}

// rlx opt --update rewrites a pass test file's expectations in place.
TEST_F(Cli, OptUpdateRefreshesExpectations) {
  std::string file = Write("t.rlx", std::string("# RUN: --passes=rename-vars\n") + kGood);
  Result r = Run("opt --update " + file);
  EXPECT_EQ(r.code, 0) << r.err;
  std::string text = Slurp(file);
  EXPECT_NE(text.find("# EXPECT:\n"), std::string::npos) << text;
  EXPECT_NE(text.find("#     def main(r0_x"), std::string::npos) << text;
  EXPECT_EQ(Run("opt --update " + file).out, "");  // already current: nothing rewritten
}

TEST_F(Cli, CapturedValues) {
  std::string f = Write("cap.py", "@R.function\ndef main(x: R.Tensor((N,), DT)):\n    return x\n");
  Result r = Run("fmt -D N=8 -DDT=float16 " + f);
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find("R.Tensor((8,), dtype=\"float16\")"), std::string::npos) << r.out;
  Result missing = Run("parse " + f);
  EXPECT_EQ(missing.code, 1);
  EXPECT_NE(missing.err.find("-D N=VALUE"), std::string::npos);
  Result malformed = Run("parse -D 'N=\"abc' " + f);
  EXPECT_EQ(malformed.code, 2);
  EXPECT_NE(malformed.err.find("error[E0231]"), std::string::npos) << malformed.err;
  EXPECT_EQ(Run("parse -D N " + f).code, 2);
}

TEST_F(Cli, SeveralFilesAreAllChecked) {
  std::string good = Write("good.py", kGood);
  std::string bad = Write("bad.py", "x = (\n");
  Result r = Run("parse " + good + " " + bad);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("good.py: ok"), std::string::npos);
  EXPECT_NE(r.err.find("bad.py:1:5: error[E0008]"), std::string::npos) << r.err;
}

TEST_F(Cli, GarbageInputIsRejectedCleanly) {
  std::string junk;
  for (int i = 0; i < 4096; ++i) junk.push_back(static_cast<char>((i * 7919) % 256));
  Result r = Run("parse " + Write("junk.py", junk));
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.err.find("error[E0009]"), std::string::npos) << r.err;
}

TEST_F(Cli, RunReadsAndWritesNpy) {
  const std::string npy_dir = std::string(RLX_SOURCE_DIR) + "/interpreter/tests/npy/files/";
  std::string prog = Write("p.py", R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((2, 3), dtype="float32")) -> R.Tensor((2, 3), dtype="float32"):
        y = R.add(x, x)
        return y
)");
  Result printed = Run("run " + prog + " --input x=" + npy_dir + "vector_1d.npy");
  // vector_1d is not 2x3: the boundary check traps (exit 4) with E3002.
  EXPECT_EQ(printed.code, 4) << printed.err;
  EXPECT_NE(printed.err.find("E3002"), std::string::npos) << printed.err;
  Result ok = Run("run " + prog + " --random-inputs --output-dir " + (dir_ / "out").string());
  EXPECT_EQ(ok.code, 0) << ok.err;
  EXPECT_TRUE(std::filesystem::exists(dir_ / "out" / "output.npy"));
  Result text = Run("run " + prog + " --random-inputs");
  EXPECT_EQ(text.code, 0) << text.err;
  EXPECT_EQ(text.out.rfind("output: R.Tensor((2, 3), \"float32\")\n[[", 0), 0u) << text.out;
  Result bad = Run("run " + prog + " --input x=" + npy_dir + "bad_magic.npy");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("bad magic"), std::string::npos) << bad.err;
  std::string json = Write("in.json", R"({"x": [[1, 2.5, "nan"], [-0.0, "inf", 3]]})");
  Result from_json = Run("run " + prog + " --inputs " + json);
  EXPECT_EQ(from_json.code, 0) << from_json.err;
  EXPECT_EQ(from_json.out, "output: R.Tensor((2, 3), \"float32\")\n[[2.0, 5.0, nan],\n [-0.0, inf, 6.0]]\n");
  Result bad_json = Run("run " + prog + " --inputs " + Write("bad.json", R"({"x": [[1, 2], [3]]})"));
  EXPECT_EQ(bad_json.code, 2);
  EXPECT_NE(bad_json.err.find("ragged"), std::string::npos) << bad_json.err;
  Result bad_seed = Run("run " + prog + " --random-inputs --seed abc");
  EXPECT_EQ(bad_seed.code, 2);
  EXPECT_NE(bad_seed.err.find("--seed expects"), std::string::npos) << bad_seed.err;
  Result missing = Run("run " + prog);
  EXPECT_EQ(missing.code, 2);
  EXPECT_NE(missing.err.find("no input for parameter 'x'"), std::string::npos) << missing.err;
}

// rlx conform on a one-file suite: failure lines with a rerun command, the summary, the exit
// status, --update writing an expectations file that then makes the run pass, JUnit and JSON
// lines; and --struct-info-of.
TEST_F(Cli, ConformRunsExpectsAndReports) {
  std::filesystem::create_directories(dir_ / "suite/5-operators");
  Write("suite/5-operators/add.rlxt", std::string("%% module m\n") + kGood +
                                          "\n%% assert_return m main [op.add]\narg float32 (2,) [1.0, 2.0]\n"
                                          "expect float32 (2,) [2.0, 4.0]\n"
                                          "\n%% assert_return m main [op.add]\narg float32 (1,) [1.0]\n"
                                          "expect float32 (1,) [3.0]\n");
  std::string common = "conform --suite " + (dir_ / "suite").string() + " --spec " + RLX_SOURCE_DIR + "/spec";
  Result r = Run(common);
  EXPECT_EQ(r.code, 1);
  EXPECT_NE(r.out.find("FAIL 5-operators/add.rlxt:16 assert_return [op.add]: element 0 is 2.0, expected 3.0"),
            std::string::npos) << r.out;
  EXPECT_NE(r.out.find("rerun: rlx conform --suite"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 passed, 1 failed, 0 skipped"), std::string::npos) << r.out;
  std::string expect = (dir_ / "expect.txt").string();
  EXPECT_EQ(Run(common + " --expect " + expect + " --update").code, 1);
  EXPECT_NE(Slurp(expect).find("5-operators/add.rlxt:16 xfail"), std::string::npos) << Slurp(expect);
  std::string junit = (dir_ / "j.xml").string(), jsonl = (dir_ / "j.jsonl").string();
  Result again = Run(common + " --expect " + expect + " --junit " + junit + " --jsonl " + jsonl);
  EXPECT_EQ(again.code, 0) << again.out;
  EXPECT_NE(again.out.find("1 expected failures"), std::string::npos) << again.out;
  EXPECT_NE(Slurp(junit).find("<testsuites"), std::string::npos);
  EXPECT_NE(Slurp(jsonl).find("\"status\":\"xfail\""), std::string::npos);
  EXPECT_EQ(Run(common + " --shard 3/2").code, 2);
  EXPECT_EQ(Run(common + " no/such/path").code, 2);
  Result dead = Run(common + " --impl /no/such/adapter --timeout 2");
  EXPECT_EQ(dead.code, 2);  // one clear message, not a failure per assertion
  EXPECT_NE(dead.err.find("answers neither"), std::string::npos) << dead.err;

  std::string good = Write("good.py", kGood);
  Result s = Run("check --struct-info-of main:y " + good);
  EXPECT_EQ(s.code, 0);
  EXPECT_EQ(s.out, "R.Tensor((n,), dtype=\"float32\")\n");
  EXPECT_EQ(Run("check --struct-info-of main:nope " + good).code, 2);
}

// A folder named where a file is read is "cannot read" (exit 2), in every place a path is read;
// never an internal error (DESIGN.md: bad input is a clear error).
TEST_F(Cli, AFolderGivenAsAFileCannotBeRead) {
  const std::string folder = (dir_ / "folder").string();
  std::filesystem::create_directories(folder);
  std::string prog = Write("p.py", kGood);
  for (const std::string& args :
       {"parse " + folder, "fmt " + folder, "fmt -i " + folder, "check " + folder, "prove " + folder,
        "run " + folder, "run " + prog + " --input x=" + folder, "run " + prog + " --inputs " + folder,
        "adapter " + folder, "conform --expect " + folder}) {
    Result r = Run(args);
    EXPECT_EQ(r.code, 2) << args << "\n" << r.err;
    EXPECT_NE(r.err.find("cannot read"), std::string::npos) << args << "\n" << r.err;
    EXPECT_EQ(r.err.find("internal error"), std::string::npos) << args << "\n" << r.err;
  }
  // JSON inputs naming a folder as a .npy file.
  Result json = Run("run " + prog + " --inputs " + Write("in.json", "{\"x\": {\"npy\": \"" + folder + "\"}}"));
  EXPECT_EQ(json.code, 2) << json.err;
  EXPECT_NE(json.err.find("cannot read"), std::string::npos) << json.err;
  // The adapter answers such a request with an error and serves the next one.
  std::string module = "@R.function\\ndef main(x: R.Tensor((2,), \\\"float32\\\")):\\n    return x\\n";
  Result served = Run("adapter --serve",
                      "{\"id\": 1, \"verb\": \"run\", \"module\": \"" + module + "\", \"function\": \"main\", "
                      "\"args\": [{\"npy\": \"" + folder + "\"}]}\n"
                      "{\"id\": 2, \"verb\": \"parse\", \"module\": \"" + module + "\"}\n");
  EXPECT_EQ(served.code, 0) << served.err;
  EXPECT_NE(served.out.find("\"status\":\"error\""), std::string::npos) << served.out;
  EXPECT_NE(served.out.find("cannot read"), std::string::npos) << served.out;
  EXPECT_NE(served.out.find("{\"id\":2,\"status\":\"ok\""), std::string::npos) << served.out;
}

// A source larger than the parser's limit, or one that never ends, is refused before it is read
// whole (text.limit.size).
TEST_F(Cli, ASourceThatNeverEndsIsRefused) {
  Result r = Run("parse /dev/zero");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("E0902"), std::string::npos) << r.err;
}

// .npy inputs: the header is checked first, then exactly the data it declares is read; an
// endless stream after a valid header is refused.
TEST_F(Cli, AnNpyInputThatNeverEndsIsRefused) {
  std::string prog = Write("p.py", kGood);
  std::string h = "{'descr': '<f4', 'fortran_order': False, 'shape': (2,), }";
  h += std::string((64 - (10 + h.size() + 1) % 64) % 64, ' ') + "\n";
  std::string header = std::string("\x93NUMPY\x01\x00", 8) + static_cast<char>(h.size()) + '\0' + h;
  std::string file = Write("h.npy", header);
  int code = Shell("cat " + file + " /dev/zero | timeout 60 " + std::string(RLX_BINARY) + " run " + prog +
                   " --input x=- >/dev/null 2>" + (dir_ / "err").string());
  EXPECT_EQ(code, 2);
  EXPECT_NE(Slurp(dir_ / "err").find("bytes after the data"), std::string::npos) << Slurp(dir_ / "err");
}

// eval.value.tensor: a JSON tensor is bounded by its element count, so an empty one may have a
// huge extent (what `--result-json` writes for one reads back); a large one is refused.
TEST_F(Cli, EmptyJsonTensorsWithHugeExtentsAreRead) {
  std::string prog = Write("e.py", R"(@R.function
def main(x: R.Tensor(("n", "m"), "float32")) -> R.Tensor(("n", "m"), "float32"):
    return x
)");
  auto in = [&](const std::string& json) { return Run("run " + prog + " --inputs " + Write("e.json", json)); };
  Result empty = in(R"({"x": {"dtype": "float32", "shape": [4611686018427387904, 0], "data": []}})");
  EXPECT_EQ(empty.code, 0) << empty.err;
  EXPECT_NE(empty.out.find("<empty tensor of shape (4611686018427387904, 0)>"), std::string::npos) << empty.out;
  Result large = in(R"({"x": {"dtype": "float32", "shape": [65536, 65536], "data": []}})");
  EXPECT_EQ(large.code, 2) << large.err;
  EXPECT_NE(large.err.find("too large"), std::string::npos) << large.err;
}

// Integer inputs out of their dtype's range are rejected, never wrapped (eval.value.prim,
// eval.value.tensor); -D for a shape variable must be a decimal integer.
TEST_F(Cli, IntegerInputsOutOfRangeAreRejected) {
  std::string prog = Write("p.py", R"(@R.function
def main(x: R.Tensor(("n",), "int8"), p: R.Prim("int8")) -> R.Tensor(("n",), "int8"):
    return x
)");
  auto in = [&](const std::string& json) { return Run("run " + prog + " --inputs " + Write("in.json", json)); };
  Result ok = in(R"({"x": [127, -128], "p": -128})");
  EXPECT_EQ(ok.code, 0) << ok.err;
  for (const char* bad : {R"({"x": [300], "p": 1})", R"({"x": [-129], "p": 1})", R"({"x": [1], "p": 128})",
                                 R"({"x": {"dtype": "uint8", "data": [-1]}, "p": 1})",
                                 R"({"x": {"dtype": "uint64", "data": [18446744073709551616]}, "p": 1})",
                                 R"({"x": {"dtype": "bool", "data": [2]}, "p": 1})"}) {
    Result r = in(bad);
    EXPECT_EQ(r.code, 2) << bad << "\n" << r.err;
    EXPECT_NE(r.err.find("out of range"), std::string::npos) << bad << "\n" << r.err;
  }
  Result big = in(R"({"x": {"dtype": "uint64", "data": [18446744073709551615]}, "p": 1})");
  EXPECT_EQ(big.code, 4) << big.err;  // read exactly; the annotation (int8) then fails at the call
  EXPECT_NE(big.err.find("E3002"), std::string::npos) << big.err;
  Result d_ok = Run("run " + prog + " --random-inputs -D p=-128");
  EXPECT_EQ(d_ok.code, 0) << d_ok.err;
  for (const char* d : {"-D p=300", "-D p=-129", "-D p=1.5", "-D p=abc"}) {
    Result r = Run("run " + prog + " --random-inputs " + d);
    EXPECT_EQ(r.code, 2) << d << "\n" << r.err;
    EXPECT_NE(r.err.find("-D p"), std::string::npos) << d << "\n" << r.err;
  }
  Result n_ok = Run("run " + prog + " --random-inputs -D n=3");
  EXPECT_EQ(n_ok.code, 0) << n_ok.err;
  EXPECT_NE(n_ok.out.find("R.Tensor((3,), \"int8\")"), std::string::npos) << n_ok.out;
  for (const char* d : {"-D n=1e3", "-D n=0x10", "-D n=nan", "-D n=3.0", "-D n=three"}) {
    Result r = Run("run " + prog + " --random-inputs " + d);
    EXPECT_EQ(r.code, 2) << d << "\n" << r.err;
    EXPECT_NE(r.err.find("decimal integer"), std::string::npos) << d << "\n" << r.err;
  }
}

// Seeds take the whole uint64 range exactly; a seed beyond it, and durations that never end or
// never start, are usage errors (docs/cli.md).
TEST_F(Cli, SeedsAndDurationsAreReadExactly) {
  Result top = Run("fuzz --count 1 --no-save --quiet --print --oracle roundtrip --seed 18446744073709551615");
  EXPECT_EQ(top.code, 0) << top.err;
  EXPECT_NE(top.err.find("# seed 18446744073709551615\n"), std::string::npos) << top.err;
  for (const char* bad : {"--seed 18446744073709551616", "--seed -1", "--seed 1x", "--time 0",
                                 "--time 0s", "--time nan", "--time inf", "--time -5", "--count 99999999999999999999"}) {
    Result r = Run(std::string("fuzz --no-save --quiet ") + bad);
    EXPECT_EQ(r.code, 2) << bad << "\n" << r.err;
  }
  std::string prog = Write("p.py", kGood);
  EXPECT_EQ(Run("run " + prog + " --random-inputs --seed 18446744073709551615").code, 0);
  EXPECT_EQ(Run("run " + prog + " --random-inputs --seed 18446744073709551616").code, 2);
  for (const char* bad : {"1e3", "5s", "0", "-1", "99999999999"}) {
    EXPECT_EQ(Run(std::string("conform --filter no-such-assertion --timeout ") + bad).code, 2) << bad;
  }
}

// What cannot be written to standard output is an error (exit 2), for every command.
TEST_F(Cli, WriteErrorsOnStandardOutputAreReported) {
  if (!std::filesystem::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  std::string prog = Write("p.py", kGood);
  const std::string rlx = RLX_BINARY;
  for (const std::string& args : std::vector<std::string>{"fmt " + prog, "parse " + prog, "parse --print " + prog,
                                                         "check " + prog, "run " + prog + " --random-inputs",
                                                         "--version", "--help"}) {
    int code = Shell(rlx + " " + args + " >/dev/full 2>" + (dir_ / "err").string());
    EXPECT_EQ(code, 2) << args;
    EXPECT_NE(Slurp(dir_ / "err").find("error writing to standard output"), std::string::npos) << args;
  }
}

// fmt -i replaces the file through a temporary file renamed over it: the mode and a symbolic
// link are kept, and a file that cannot be replaced is left as it was.
TEST_F(Cli, FmtInPlaceReplacesTheFileSafely) {
  std::string messy = Write("messy.py", "@R.function\ndef main(x: R.Tensor((2,),'float32')):\n  return x\n");
  std::filesystem::permissions(messy, std::filesystem::perms(0640));
  std::filesystem::create_symlink(messy, dir_ / "link.py");
  Result r = Run("fmt -i " + (dir_ / "link.py").string());
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_TRUE(std::filesystem::is_symlink(dir_ / "link.py"));
  EXPECT_EQ(Run("fmt --check " + messy).code, 0) << Slurp(messy);
  EXPECT_EQ(std::filesystem::status(messy).permissions() & std::filesystem::perms::all,
            std::filesystem::perms(0640));
  int leftovers = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir_)) leftovers += e.path().filename().string()[0] == '.';
  EXPECT_EQ(leftovers, 0);
}

// An adapter that crashes is reported as a crash, with its signal or exit status, not as a
// timeout.
TEST_F(Cli, ConformReportsACrashingAdapter) {
  std::filesystem::create_directories(dir_ / "suite/5-operators");
  Write("suite/5-operators/add.rlxt", std::string("%% module m\n") + kGood +
                                          "\n%% assert_return m main [op.add]\narg float32 (2,) [1.0, 2.0]\n"
                                          "expect float32 (2,) [2.0, 4.0]\n");
  std::string adapter = Write("crashy.sh", R"(#!/bin/sh
[ "$1" = "--serve" ] || exit 7
while read line; do
  case "$line" in
    *hello*) echo '{"id": 0, "status": "ok", "protocol": 1, "name": "crashy", "verbs": ["parse", "check", "infer", "print", "run", "prove"]}' ;;
    *) kill -SEGV $$ ;;
  esac
done
)");
  std::filesystem::permissions(adapter, std::filesystem::perms(0755));
  std::string common = "conform --suite " + (dir_ / "suite").string() + " --spec " + RLX_SOURCE_DIR + "/spec";
  Result r = Run(common + " --timeout 30 --impl " + adapter);
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("killed by signal 11"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("no response within"), std::string::npos) << r.out;
}

// eval.limit.depth: a depth limit the evaluation stack cannot be sized for is a usage error
// (exit 2) through `rlx run`, an unsupported request through the adapter (which serves on), and
// a malformed limit line in a suite; none of them crashes.
TEST_F(Cli, ACallDepthLimitTooLargeIsRefused) {
  std::string prog = Write("p.py", kGood);
  Result r = Run("run " + prog + " -D n=2 --random-inputs --limit max_call_depth=200000");
  EXPECT_EQ(r.code, 2) << r.err;
  EXPECT_NE(r.err.find("max_call_depth"), std::string::npos) << r.err;
  EXPECT_EQ(Run("run " + prog + " -D n=2 --random-inputs --limit max_call_depth=100000").code, 0);
  std::string module = "@R.function\\ndef main(x: R.Tensor((2,), \\\"float32\\\")):\\n    return x\\n";
  Result served = Run("adapter --serve",
                      "{\"id\": 1, \"verb\": \"run\", \"module\": \"" + module + "\", \"function\": \"main\", "
                      "\"args\": [{\"dtype\": \"float32\", \"shape\": [2], \"data\": [1, 2]}], "
                      "\"limits\": {\"max_call_depth\": 200000}}\n"
                      "{\"id\": 2, \"verb\": \"parse\", \"module\": \"" + module + "\"}\n");
  EXPECT_EQ(served.code, 0) << served.err;
  EXPECT_NE(served.out.find("{\"id\":1,\"status\":\"unsupported\""), std::string::npos) << served.out;
  EXPECT_NE(served.out.find("{\"id\":2,\"status\":\"ok\""), std::string::npos) << served.out;
  std::filesystem::create_directories(dir_ / "suite/4-semantics");
  Write("suite/4-semantics/deep.rlxt", std::string("%% module m\n") + kGood +
                                           "\n%% assert_return m main [eval.limit.depth]\narg float32 (2,) [1.0, 2.0]\n"
                                           "expect float32 (2,) [2.0, 4.0]\nlimit max_call_depth=200000\n");
  Result suite = Run("conform --suite " + (dir_ / "suite").string() + " --spec " + RLX_SOURCE_DIR + "/spec");
  EXPECT_NE(suite.code, 0) << suite.out << suite.err;
  EXPECT_LT(suite.code, 3) << suite.out << suite.err;
  EXPECT_NE((suite.out + suite.err).find("max_call_depth"), std::string::npos) << suite.out << suite.err;
}

// eval.limit.depth: E0908 names the 10 innermost and 10 outermost calls and counts the others.
TEST_F(Cli, ADeepCallStackIsElided) {
  std::string prog = Write("rec.py", R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def rec(p: R.Prim(value="k")) -> R.Prim("int64"):
        k = T.int64()
        if k == 0:
            r = R.prim_value(0)
        else:
            r = Module.rec(R.prim_value(k - 1))
        return r

    @R.function
    def main(p: R.Prim("int64")) -> R.Prim("int64"):
        r = Module.rec(p)
        return r
)");
  Result r = Run("run " + prog + " -D p=5000 --limit max_call_depth=3000");
  EXPECT_EQ(r.code, 5) << r.err;
  EXPECT_NE(r.err.find("E0908"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("2980 frames elided"), std::string::npos) << r.err;
  EXPECT_LT(r.err.size(), 8000u) << r.err;
}

// eval.print.value, eval.limit.work: a result of rank 70,000 prints (no recursion per
// dimension); an empty result with an extent of 2^62 prints by its shape, at once.
TEST_F(Cli, HugeRankAndHugeEmptyResultsPrint) {
  std::string shape;
  for (int i = 0; i < 70000; ++i) shape += i ? ", 1" : "1";
  std::string prog = Write("rank.py", R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def main(x: R.Tensor((1,), "float32")):
        y = R.reshape(x, R.shape([)" + shape + R"(]))
        return y
)");
  Result r = Run("run " + prog + " --random-inputs");
  EXPECT_EQ(r.code, 0) << r.err.substr(0, 2000);
  EXPECT_NE(r.out.find("\n" + std::string(70000, '[')), std::string::npos);
  std::string empty = Write("empty.py", R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def main():
        e = R.eye(4611686018427387904, 0)
        c = R.cumsum(e, axis=0)
        return c
)");
  Result e = Run("run " + empty);
  EXPECT_EQ(e.code, 0) << e.err;
  EXPECT_NE(e.out.find("<empty tensor of shape (4611686018427387904, 0)>"), std::string::npos) << e.out;
  // A result tuple nested 90,000 deep prints (and is freed) without recursion.
  std::string nest = Write("nest.py", R"(from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def f(p: R.Prim(value="k")) -> R.Object:
        k = T.int64()
        if k == 0:
            r: R.Object = R.prim_value(0)
        else:
            s = Module.f(R.prim_value(k - 1))
            t = (s,)
            r: R.Object = t
        return r

    @R.function
    def main(p: R.Prim("int64")) -> R.Object:
        r = Module.f(p)
        return r
)");
  Result n = Run("run " + nest + " -D p=90000 --limit max_call_depth=100000");
  EXPECT_EQ(n.code, 0) << n.err.substr(0, 2000);
  EXPECT_NE(n.out.find("[0][0]: R.Prim(\"int64\")"), std::string::npos);
  // ... and writes as JSON without recursion; --output-dir refuses file names that deep.
  Result j = Run("run " + nest + " -D p=90000 --limit max_call_depth=100000 --result-json " +
                 (dir_ / "nest.json").string());
  EXPECT_EQ(j.code, 0) << j.err.substr(0, 2000);
  std::string json = Slurp(dir_ / "nest.json");
  EXPECT_EQ(json.substr(0, 14), "{\"result\":[[[[");
  EXPECT_NE(json.find("{\"dtype\":\"int64\",\"value\":0}]]]"), std::string::npos);
  std::filesystem::create_directories(dir_ / "nest_out");
  Result o = Run("run " + nest + " -D p=90000 --limit max_call_depth=100000 --output-dir " +
                 (dir_ / "nest_out").string());
  EXPECT_NE(o.code, 0);
  EXPECT_NE(o.err.find("nests tuples too deep"), std::string::npos) << o.err.substr(0, 2000);
  EXPECT_EQ(o.err.find("internal error"), std::string::npos);
}

// eval.limit.time: in process, `rlx conform --timeout S` bounds each run request as it bounds an
// adapter's answer: a run that outlives it fails with E0911, and the suite goes on.
TEST_F(Cli, ConformTimeoutBoundsInProcessRuns) {
  std::filesystem::create_directories(dir_ / "suite/4-semantics");
  Write("suite/4-semantics/slow.rlxt", R"(%% module slow
from tvm.script import ir as I, relax as R, tir as T

@I.ir_module
class Module:
    @R.function
    def f(x: R.Tensor((16, 16), "float32"), p: R.Prim(value="k")) -> R.Tensor((16, 16), "float32"):
        k = T.int64()
        if k == 0:
            r = x
        else:
            a = Module.f(x, R.prim_value(k - 1))
            b = Module.f(x, R.prim_value(k - 1))
            r = R.add(a, b)
        return r

    @R.function
    def main(x: R.Tensor((16, 16), "float32")) -> R.Tensor((16, 16), "float32"):
        r = Module.f(x, R.prim_value(60))
        return r

%% assert_exhaustion slow main E0909 [eval.limit.steps]
arg float32 (16, 16) [)" + std::string("0.0") + [] {
    std::string rest;
    for (int i = 1; i < 256; ++i) rest += ", 0.0";
    return rest;
  }() + R"(]
limit max_work=999999999999999999
limit max_steps=999999999999999999
)");
  auto start = std::chrono::steady_clock::now();
  Result r = Run("conform --suite " + (dir_ / "suite").string() + " --spec " + RLX_SOURCE_DIR + "/spec --timeout 1");
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(r.code, 1) << r.out << r.err;
  EXPECT_NE(r.out.find("E0911"), std::string::npos) << r.out;
  EXPECT_LT(seconds, 30.0);
}

// codegen.cpu.aot: rlx compile --emit llvm|asm|obj writes the compiled module alone, naming each kernel after its
// PrimFunc; an unknown kind is a usage error.
TEST_F(Cli, CompileEmitsTheCompiledModuleToRead) {
  std::string file = Write("m.py", kGood);
  std::string ll = (dir_ / "m.ll").string(), s = (dir_ / "m.s").string(), o = (dir_ / "m.o").string();
  Result r = Run("compile " + file + " -o " + ll + " --emit llvm");
  if (r.code == 2 && r.err.find("code generators") != std::string::npos) GTEST_SKIP() << r.err;
  ASSERT_EQ(r.code, 0) << r.err;
  const std::string ir = Slurp(ll);
  EXPECT_NE(ir.find("define"), std::string::npos);
  EXPECT_NE(ir.find("@rlx_aot_host_fn0("), std::string::npos) << ir.substr(0, 2000);
  EXPECT_NE(ir.find("rlx_aot_module_text"), std::string::npos);
  ASSERT_EQ(Run("compile " + file + " -o " + s + " --emit asm -O0").code, 0);
  EXPECT_NE(Slurp(s).find("rlx_aot_host_fn0:"), std::string::npos);
  ASSERT_EQ(Run("compile " + file + " -o " + o + " --emit obj").code, 0);
  EXPECT_EQ(Slurp(o).substr(0, 4), "\x7f" "ELF");
  Result bad = Run("compile " + file + " -o " + o + " --emit exe");
  EXPECT_EQ(bad.code, 2);
  EXPECT_NE(bad.err.find("--emit takes lib, obj, llvm or asm"), std::string::npos) << bad.err;
}

}  // namespace
