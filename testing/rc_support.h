// Running a RapidCheck property with at least N cases (RC_PARAMS can raise it further and
// choose the seed, as usual).
#pragma once

#include <gtest/gtest.h>
#include <rapidcheck.h>

#include <sstream>

namespace rlx::testing {

/// Checks `property` with max(N, RC_PARAMS max_success) successful cases; a failure (after
/// shrinking) fails the current GoogleTest test with RapidCheck's report.
template <class Property>
void CheckWithAtLeast(int min_success, Property&& property) {
  rc::detail::TestParams params = rc::detail::configuration().testParams;
  if (params.maxSuccess < min_success) params.maxSuccess = min_success;
  const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
  rc::detail::TestMetadata metadata;
  metadata.id = std::string(info->test_suite_name()) + "/" + info->name();
  metadata.description = info->name();
  auto result = rc::detail::checkProperty(rc::detail::toProperty(std::forward<Property>(property)),
                                          metadata, params);
  if (!result.template is<rc::detail::SuccessResult>()) {
    std::ostringstream ss;
    rc::detail::printResultMessage(result, ss);
    FAIL() << ss.str();
  }
}

}  // namespace rlx::testing
