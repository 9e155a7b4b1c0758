// `polytwist serve`: an HTTP server for the picture API (GET /image.svg, /image.png) and the
// static site, with caching headers, strict limits and precompressed files (docs/server.md).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace polytwist::cli {

// Runs the server until SIGINT or SIGTERM; argv[1] is "serve". Exit code 0, or 2 on bad
// arguments or when the address cannot be bound.
int serveCommand(int argc, char** argv);

// `svg` rasterised as PNG at its own size in pixels (librsvg + cairo), or nullopt with `error`
// set when librsvg cannot read it or the picture is larger than 4096 pixels a side.
std::optional<std::string> svgToPng(std::string_view svg, std::string& error);

}  // namespace polytwist::cli
