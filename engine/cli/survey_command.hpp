// `polytwist survey` and `polytwist merge` (docs/survey.md).
#pragma once

#include "cli/arguments.hpp"

namespace polytwist::cli {

int surveyCommand(const Arguments& args);
int mergeCommand(const Arguments& args);

}  // namespace polytwist::cli
