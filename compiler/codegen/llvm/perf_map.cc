#include "compiler/codegen/llvm/perf_map.h"

#include <llvm/ExecutionEngine/JITLink/JITLink.h>
#include <llvm/ExecutionEngine/Orc/ObjectLinkingLayer.h>

#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string>

namespace rlx::compiler::codegen {
namespace {

/// A JITLink plugin that writes each linked graph's defined callable symbols after fix-up,
/// when their final addresses are known.
class PerfMapPlugin : public llvm::orc::ObjectLinkingLayer::Plugin {
 public:
  explicit PerfMapPlugin(std::FILE* file) : file_(file) {}

  void modifyPassConfig(llvm::orc::MaterializationResponsibility&, llvm::jitlink::LinkGraph&,
                        llvm::jitlink::PassConfiguration& config) override {
    config.PostFixupPasses.push_back([this](llvm::jitlink::LinkGraph& graph) {
      Write(graph);
      return llvm::Error::success();
    });
  }
  llvm::Error notifyFailed(llvm::orc::MaterializationResponsibility&) override { return llvm::Error::success(); }
  llvm::Error notifyRemovingResources(llvm::orc::JITDylib&, llvm::orc::ResourceKey) override {
    return llvm::Error::success();
  }
  void notifyTransferringResources(llvm::orc::JITDylib&, llvm::orc::ResourceKey, llvm::orc::ResourceKey) override {}

 private:
  void Write(llvm::jitlink::LinkGraph& graph) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (llvm::jitlink::Symbol* symbol : graph.defined_symbols()) {
      if (!symbol->hasName() || !symbol->isCallable() || symbol->getSize() == 0) continue;
      std::string name = symbol->getName().str();
      std::fprintf(file_, "%llx %llx %s\n", static_cast<unsigned long long>(symbol->getAddress().getValue()),
                   static_cast<unsigned long long>(symbol->getSize()), name.c_str());
    }
    std::fflush(file_);
  }

  std::FILE* file_;
  std::mutex mutex_;
};

}  // namespace

void EnablePerfMapIfAsked(llvm::orc::LLJIT& lljit) {
  if (std::getenv("RLX_PERF_MAP") == nullptr) return;
  auto* linking_layer = llvm::dyn_cast<llvm::orc::ObjectLinkingLayer>(&lljit.getObjLinkingLayer());
  if (linking_layer == nullptr) return;
  std::string path = "/tmp/perf-" + std::to_string(getpid()) + ".map";
  std::FILE* file = std::fopen(path.c_str(), "a");
  if (file == nullptr) return;
  linking_layer->addPlugin(std::make_unique<PerfMapPlugin>(file));
}

}  // namespace rlx::compiler::codegen
