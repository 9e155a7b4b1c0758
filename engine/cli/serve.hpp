// `polytwist serve`: the picture API and the static site over HTTP (docs/server.md); the server
// itself is engine/server/.
#pragma once

namespace polytwist::cli {

// Runs the server until SIGINT or SIGTERM; argv[1] is "serve". Exit code 0, or 2 on bad
// arguments or when the address cannot be bound.
int serveCommand(int argc, char** argv);

}  // namespace polytwist::cli
