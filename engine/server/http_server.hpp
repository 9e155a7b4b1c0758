// The HTTP server: libmicrohttpd's event loops (epoll) read requests and write answers on a few
// threads that each watch many connections, so idle and slow clients cost a socket and a little
// memory, never a thread (docs/server.md says why this library). A request, once read, is
// suspended while a worker (work_queue.hpp) asks the Router for its answer.
#pragma once

#include <memory>
#include <mutex>
#include <string>

#include "server/router.hpp"
#include "server/work_queue.hpp"

struct MHD_Daemon;

namespace polytwist::server {

struct ListenOptions {
  std::string host = "127.0.0.1";
  int port = 8080;       // 0: any free port
  unsigned threads = 0;  // event threads; 0: two per core, at least 4
  bool log = false;      // one line per request on stderr
};

class HttpServer {
 public:
  explicit HttpServer(Router& router) : router_(router) {}
  ~HttpServer() { stop(); }
  HttpServer(const HttpServer&) = delete;
  HttpServer& operator=(const HttpServer&) = delete;

  // Binds and starts serving in the background; false with `error` set.
  bool start(const ListenOptions& options, std::string& error);
  int port() const { return port_; }
  unsigned threads() const { return threads_; }
  unsigned connectionLimit() const { return connectionLimit_; }
  // Stops accepting, finishes the answers being made, then closes every connection.
  void stop();

  // libmicrohttpd's callbacks (C linkage cannot take members).
  struct Callbacks;

 private:
  Router& router_;
  bool log_ = false;
  int port_ = 0;
  unsigned threads_ = 0, connectionLimit_ = 0;
  MHD_Daemon* daemon_ = nullptr;
  std::unique_ptr<WorkQueue> workers_;
  std::mutex logMutex_;
};

}  // namespace polytwist::server
