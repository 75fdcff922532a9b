// libFuzzer entry point for the whole harness, structure-aware: the input bytes are the
// decisions of the well-typed program generator (ByteChooser), so coverage guidance explores
// programs the checker accepts. Each program is checked, run and put through every oracle of
// `rlx fuzz`; a failing oracle aborts with its message (libFuzzer keeps the input).
#include <cstdint>
#include <cstdio>
#include <cstdlib>

#include "fuzz/generators/byte_chooser.h"
#include "fuzz/generators/input_generator.h"
#include "fuzz/generators/program_generator.h"
#include "fuzz/oracles/oracle.h"
#include "ir/text/printer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace rlx::fuzz;
  static const auto oracles = AllOracles();
  ByteChooser chooser(data, size);
  GeneratedProgram p = GenerateProgram(chooser);
  GeneratedInputs in = GenerateInputs(chooser, *p.module->FindFunction("main"), {});
  uint64_t seed = 0;
  for (size_t i = 0; i < size && i < 8; ++i) seed = (seed << 8) | data[i];
  FuzzCase c(seed, p.module, in.args);
  for (const auto& o : oracles) {
    if (o->needs_valid_module() && !c.Accepted()) continue;
    Verdict v = o->Check(c);
    if (!v.ok) {
      std::fprintf(stderr, "oracle_fuzzer: %s: %s\n%s\n", o->name().c_str(), v.message.c_str(),
                   rlx::text::PrintModule(*p.module).c_str());
      std::abort();
    }
  }
  return 0;
}
