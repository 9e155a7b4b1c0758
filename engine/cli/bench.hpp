// `polytwist bench`: optimal solves of seeded positions, timed, as CSV or JSON (docs/cli.md).
#pragma once

#include "cli/arguments.hpp"

namespace polytwist::cli {

int bench(const Arguments& args);

}  // namespace polytwist::cli
