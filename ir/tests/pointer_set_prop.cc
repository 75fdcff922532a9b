// PointerSet behaves as a set: after any sequence of inserts and erases it holds what a
// std::unordered_set holds, and each operation answers as std::unordered_set's does.
#include <gtest/gtest.h>
#include <rapidcheck.h>
#include <rapidcheck/gtest.h>

#include <unordered_set>
#include <vector>

#include "ir/base/pointer_set.h"

namespace rlx {
namespace {

// Operations on a pool of objects: (erase?, which object); an erase of an index divisible by 31
// clears the whole set instead. A small pool makes repeats and erases of members common; a large
// one makes the table grow and probe runs wrap around.
void RunAgainstStdSet(const std::vector<std::pair<bool, unsigned>>& ops, size_t pool_size) {
  std::vector<int> pool(pool_size);
  PointerSet<int> set;
  std::unordered_set<const int*> model;
  for (const auto& [erase, which] : ops) {
    const int* p = &pool[which % pool_size];
    if (erase && which % 31 == 0) {
      set.clear();
      model.clear();
    } else if (erase) {
      RC_ASSERT(set.erase(p) == (model.erase(p) == 1));
    } else {
      RC_ASSERT(set.insert(p) == model.insert(p).second);
    }
    RC_ASSERT(set.size() == model.size());
  }
  for (const int& x : pool) RC_ASSERT(set.count(&x) == model.count(&x));
}

RC_GTEST_PROP(PointerSetLaws, SmallPoolMatchesStdSet, (std::vector<std::pair<bool, unsigned>> ops)) {
  RunAgainstStdSet(ops, 24);
}

RC_GTEST_PROP(PointerSetLaws, LargePoolMatchesStdSet, (std::vector<std::pair<bool, unsigned>> ops)) {
  RunAgainstStdSet(ops, 5000);
}

TEST(PointerSet, TenThousandInsertsThenErasesInReverse) {
  std::vector<int> pool(10000);
  PointerSet<int> set;
  for (const int& x : pool) EXPECT_TRUE(set.insert(&x));
  EXPECT_EQ(set.size(), pool.size());
  for (const int& x : pool) EXPECT_EQ(set.count(&x), 1u);
  for (size_t i = pool.size(); i-- > 0;) EXPECT_TRUE(set.erase(&pool[i]));
  EXPECT_TRUE(set.empty());
  for (const int& x : pool) EXPECT_EQ(set.count(&x), 0u);
}

}  // namespace
}  // namespace rlx
