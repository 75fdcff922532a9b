// The rlx command line (docs/cli.md): subcommands, exit codes, diagnostics, JSON, -D.
#include <gtest/gtest.h>
#include <sys/wait.h>

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

}  // namespace
