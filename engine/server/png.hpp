// SVG pictures rasterised as PNG (librsvg + cairo), for /image.png and `polytwist image --format
// png`.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace polytwist::server {

// `svg` rasterised as PNG at its own size in pixels, or nullopt with `error` set when librsvg
// cannot read it or the picture is larger than 4096 pixels a side.
std::optional<std::string> svgToPng(std::string_view svg, std::string& error);

}  // namespace polytwist::server
