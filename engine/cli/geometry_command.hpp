// `polytwist geometry`: puzzles derived from descriptions, timed (docs/geometry.md).
#pragma once

#include "cli/arguments.hpp"

namespace polytwist::cli {

int geometryCommand(const Arguments& args);

}  // namespace polytwist::cli
