// Tensor bytes (ir/tensor_bytes.h): zero-filled whenever asked, whether a block is fresh, reused
// from the cache of mid-sized blocks after holding other values, or mapped from the system.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "ir/tensor_bytes.h"
#include "ir/tensor_data.h"

namespace rlx {
namespace {

bool AllZero(const uint8_t* p, size_t n) {
  for (size_t i = 0; i < n; ++i) {
    if (p[i] != 0) return false;
  }
  return true;
}

TEST(TensorBytes, ZeroedBlocksAreZeroAfterReuse) {
  // Sizes below, inside and above the cached range, and sizes sharing a size class.
  for (size_t n : {size_t{100}, size_t{64} << 10, (size_t{64} << 10) + 1, size_t{300000}, size_t{300001},
                   (size_t{4} << 20) - 1, size_t{4} << 20, (size_t{9} << 20) + 17}) {
    SCOPED_TRACE(n);
    for (int round = 0; round < 3; ++round) {
      uint8_t* p = AllocateTensorBytes(n, true);
      ASSERT_TRUE(AllZero(p, n));
      std::memset(p, 0xAB, n);  // dirty it before it goes back
      ReleaseTensorBytes(p, n);
    }
  }
}

TEST(TensorBytes, LargeBlocksAreHugePageAligned) {
  const size_t n = (size_t{6} << 20) + 5;
  uint8_t* p = AllocateTensorBytes(n, false);
  EXPECT_EQ(reinterpret_cast<uintptr_t>(p) % (size_t{2} << 20), 0u);
  p[0] = 1;
  p[n - 1] = 2;  // the whole size is writable
  ReleaseTensorBytes(p, n);
}

TEST(TensorBytes, TensorsOfEverySizeStartAtZero) {
  std::vector<std::vector<int64_t>> shapes = {{3}, {128, 128}, {1024, 1025}, {0, 5}, {}};
  for (int round = 0; round < 2; ++round) {
    for (const auto& shape : shapes) {
      TensorData t(DataType::kFloat32, shape);
      EXPECT_TRUE(AllZero(t.data(), t.nbytes()));
      std::memset(t.mutable_data(), 0xFF, t.nbytes());
    }
  }
}

}  // namespace
}  // namespace rlx
