// What the CPU kernel tests share: modules from text, and interpreter options whose PrimFuncs
// run as compiled kernels.
#pragma once

#include <map>
#include <memory>
#include <string>

#include "compiler/codegen/cpu_kernel.h"
#include "interpreter/interpreter.h"

namespace rlx::compiler::codegen {

struct Tally {
  int compiled = 0, runs = 0, traps = 0;
  std::map<std::string, int> unsupported;  // message -> PrimFuncs
  // Kernels by PrimFunc and optimization level, compiled once per test.
  std::map<std::pair<const tir::PrimFunc*, bool>, std::shared_ptr<const CpuKernel>> kernels;
};

// Options whose PrimFuncs run as CPU kernels (a PrimFunc the generator does not handle stays
// interpreted, and is tallied).
interp::InterpreterOptions Compiled(bool optimize, Tally& tally);

// A module from TVMScript text, accepted by the checker; null (with the diagnostics reported as
// a test failure) otherwise.
Ref<IRModule> ParseChecked(const char* text, const std::string& name);

}  // namespace rlx::compiler::codegen
