// `polytwist image`: a picture of a position as SVG (docs/images.md).
#pragma once

#include "cli/arguments.hpp"

namespace polytwist::cli {

int imageCommand(const Arguments& args);

}  // namespace polytwist::cli
