// `polytwist serve`: its arguments and signals; the server is engine/server/ (docs/server.md).
#include "cli/serve.hpp"

#include <pthread.h>
#include <signal.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <optional>
#include <string>

#include "server/http_server.hpp"
#include "server/router.hpp"
#include "server/site_files.hpp"

namespace polytwist::cli {
namespace {

constexpr const char* kServeHelp =
    R"(polytwist serve - the picture API and the static site over HTTP (docs/server.md)

Usage:
  polytwist serve [--port P] [--host H] [--site DIR] [--threads N] [--log]

  --port P      TCP port (default 8080; 0: any free port, printed on stderr)
  --host H      address to listen on (default 127.0.0.1; 0.0.0.0: every interface)
  --site DIR    the static site to serve (default build/site)
  --threads N   threads that make the answers (default one per core; at most 256);
                connections are read and written by two event threads, so idle and
                slow clients hold no thread
  --log         one line per request on stderr

Endpoints:
  GET /image.svg?pzl=pyraminx&alg=R%20U'     a picture (VisualCube-style parameters,
  GET /image.png?...                          docs/images.md); PNG rasterised by librsvg
  GET /image/pzl=pyraminx&alg=R%20U%27.png    the same, in a form MediaWiki shows inline
  GET /PATH                                   a file of the site (FILE.br / FILE.gz when the
                                              client accepts them); / is index.html
Stops cleanly on SIGINT (Ctrl-C) or SIGTERM.
)";

struct ServeOptions {
  server::ListenOptions listen;
  std::string site = "build/site";
};

std::optional<ServeOptions> parseServeArguments(int argc, char** argv, std::string& error) {
  ServeOptions options;
  auto number = [&](const std::string& name, const char* text, int low, int high) {
    char* end = nullptr;
    errno = 0;
    const long value = std::strtol(text, &end, 10);
    if (*text == '\0' || *end != '\0' || errno != 0 || value < low || value > high) {
      error = "--" + name + " wants a whole number from " + std::to_string(low) + " to " +
              std::to_string(high) + ", not \"" + text + "\"";
      return -1;
    }
    return static_cast<int>(value);
  };
  for (int i = 2; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--log") {
      options.listen.log = true;
      continue;
    }
    if (arg != "--port" && arg != "--host" && arg != "--site" && arg != "--threads") {
      error = "serve: unknown argument \"" + arg + "\"";
      return std::nullopt;
    }
    if (i + 1 >= argc) {
      error = arg + " needs a value";
      return std::nullopt;
    }
    const char* value = argv[++i];
    if (arg == "--port") {
      if ((options.listen.port = number("port", value, 0, 65535)) < 0) return std::nullopt;
    } else if (arg == "--threads") {
      const int threads = number("threads", value, 1, 256);
      if (threads < 0) return std::nullopt;
      options.listen.threads = static_cast<unsigned>(threads);
    } else if (arg == "--host") {
      options.listen.host = value;
    } else {
      options.site = value;
    }
  }
  return options;
}

}  // namespace

int serveCommand(int argc, char** argv) {
  for (int i = 2; i < argc; ++i) {
    if (std::strcmp(argv[i], "--help") == 0 || std::strcmp(argv[i], "-h") == 0) {
      std::cout << kServeHelp;
      return 0;
    }
  }
  std::string error;
  const auto options = parseServeArguments(argc, argv, error);
  if (!options) {
    std::cerr << "polytwist: " << error << "\n(see polytwist serve --help)\n";
    return 2;
  }
  server::SiteFiles site(options->site);
  if (!site.exists()) {
    std::cerr << "polytwist serve: warning: the site directory " << options->site
              << " does not exist: pictures only (build it with npm run build:web)\n";
  }

  // SIGINT and SIGTERM are taken by sigwait below (every thread inherits the mask).
  sigset_t stopSignals;
  sigemptyset(&stopSignals);
  sigaddset(&stopSignals, SIGINT);
  sigaddset(&stopSignals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stopSignals, nullptr);
  signal(SIGPIPE, SIG_IGN);  // a client that goes away must not end the server

  server::Router router(site);
  server::HttpServer httpServer(router);
  if (!httpServer.start(options->listen, error)) {
    std::cerr << "polytwist serve: " << error << "\n";
    return 2;
  }
  std::cerr << "polytwist serve: listening on http://" << options->listen.host << ":"
            << httpServer.port() << "/ (site: " << options->site << ", " << httpServer.threads()
            << " threads, up to " << httpServer.connectionLimit() << " connections)" << std::endl;
  int received = 0;
  sigwait(&stopSignals, &received);
  httpServer.stop();
  std::cerr << "polytwist serve: stopped" << std::endl;
  return 0;
}

}  // namespace polytwist::cli
