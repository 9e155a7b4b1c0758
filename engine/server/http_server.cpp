#include "server/http_server.hpp"

#include <arpa/inet.h>
#include <fcntl.h>
#include <microhttpd.h>
#include <netdb.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <optional>
#include <thread>

namespace polytwist::server {
namespace {

constexpr unsigned kIdleTimeoutSeconds = 10;  // a connection silent this long is closed
constexpr int kListenBacklog = 1024;
// Per connection: the request line and headers must fit (MHD answers 431 or 414 beyond), with
// room for the router's own, smaller limits (router.hpp) to answer first.
constexpr std::size_t kConnectionMemoryBytes = 48 * 1024;
constexpr unsigned kMaxConnections = 16384;
constexpr unsigned kEventThreads = 2;  // epoll loops: reading and writing only, never drawing

// As many connections as the process may open files, less a margin, raising the soft limit to
// the hard one first (2,000 slow clients must not exhaust the default 1,024).
unsigned connectionLimitFromFiles() {
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) != 0) return 1000;
  if (files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
    getrlimit(RLIMIT_NOFILE, &files);
  }
  if (files.rlim_cur == RLIM_INFINITY) return kMaxConnections;
  const auto usable = files.rlim_cur > 128 ? files.rlim_cur - 128 : files.rlim_cur / 2;
  return static_cast<unsigned>(std::min<rlim_t>(usable, kMaxConnections));
}

// A bound, listening, non-blocking socket for host:port, or -1 with `error` set.
int listenSocket(const std::string& host, int port, bool& ipv6, std::string& error) {
  addrinfo hints{};
  hints.ai_family = AF_UNSPEC;
  hints.ai_socktype = SOCK_STREAM;
  hints.ai_flags = AI_PASSIVE;
  addrinfo* found = nullptr;
  const std::string service = std::to_string(port);
  if (const int code = getaddrinfo(host.c_str(), service.c_str(), &hints, &found); code != 0) {
    error = "cannot listen on " + host + ":" + service + ": " + gai_strerror(code);
    return -1;
  }
  std::unique_ptr<addrinfo, decltype(&freeaddrinfo)> addresses(found, freeaddrinfo);
  int lastErrno = 0;
  for (const addrinfo* address = found; address; address = address->ai_next) {
    const int fd = socket(address->ai_family, address->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK,
                          address->ai_protocol);
    if (fd < 0) {
      lastErrno = errno;
      continue;
    }
    const int on = 1;
    setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on);
    if (bind(fd, address->ai_addr, address->ai_addrlen) == 0 && listen(fd, kListenBacklog) == 0) {
      ipv6 = address->ai_family == AF_INET6;
      return fd;
    }
    lastErrno = errno;
    close(fd);
  }
  error = "cannot listen on " + host + ":" + service + ": " + std::strerror(lastErrno);
  return -1;
}

int boundPort(int fd) {
  sockaddr_storage address{};
  socklen_t length = sizeof address;
  if (getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) return -1;
  if (address.ss_family == AF_INET6) {
    return ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
  }
  return ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
}

std::string clientAddress(MHD_Connection* connection) {
  const MHD_ConnectionInfo* info =
      MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
  if (!info || !info->client_addr) return "?";
  char text[INET6_ADDRSTRLEN] = "?";
  const sockaddr* address = info->client_addr;
  if (address->sa_family == AF_INET) {
    inet_ntop(AF_INET, &reinterpret_cast<const sockaddr_in*>(address)->sin_addr, text, sizeof text);
  } else if (address->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &reinterpret_cast<const sockaddr_in6*>(address)->sin6_addr, text,
              sizeof text);
  }
  return text;
}

MHD_Result collectHeader(void* headers, MHD_ValueKind, const char* name, const char* value) {
  try {
    static_cast<HeaderList*>(headers)->emplace_back(name, value ? value : "");
    return MHD_YES;
  } catch (...) {
    return MHD_NO;
  }
}

void releaseBody(void* body) { delete static_cast<std::shared_ptr<const std::string>*>(body); }

// libmicrohttpd's response for ours; nullptr when it cannot be made (the connection is closed).
MHD_Response* toMhdResponse(const Response& response) {
  MHD_Response* answer = nullptr;
  if (!response.file.empty()) {
    const int fd = open(response.file.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return nullptr;
    answer = MHD_create_response_from_fd_at_offset64(response.fileSize, fd, response.fileOffset);
    if (!answer) close(fd);
  } else if (response.body && !response.body->empty()) {
    auto* holder = new std::shared_ptr<const std::string>(response.body);
    answer = MHD_create_response_from_buffer_with_free_callback_cls(
        response.body->size(), const_cast<char*>(response.body->data()), releaseBody, holder);
    if (!answer) delete holder;
  } else {
    answer = MHD_create_response_from_buffer(0, nullptr, MHD_RESPMEM_PERSISTENT);
  }
  if (!answer) return nullptr;
  for (const auto& [name, value] : response.headers) {
    MHD_add_response_header(answer, name.c_str(), value.c_str());
  }
  return answer;
}

}  // namespace

// One request in flight: made when its request line arrives, freed when it completes.
struct Exchange {
  Request request;
  bool headersRead = false;
  bool submitted = false;            // suspended, its answer being made by a worker
  std::optional<Response> response;  // made: sent at the next call

  int status = 0;
  std::uint64_t length = 0;
  std::string coding;
};

struct HttpServer::Callbacks {
  // The request line's target as sent (libmicrohttpd passes the handler a decoded path).
  static void* begin(void*, const char* uri, MHD_Connection*) {
    try {
      auto exchange = std::make_unique<Exchange>();
      exchange->request.target = uri ? uri : "";
      return exchange.release();
    } catch (...) {
      return nullptr;  // out of memory: the handler closes the connection
    }
  }

  static MHD_Result handle(void* server, MHD_Connection* connection, const char*,
                           const char* method, const char*, const char*, size_t* uploadSize,
                           void** context) {
    auto* exchange = static_cast<Exchange*>(*context);
    if (!exchange) return MHD_NO;
    try {
      Request& request = exchange->request;
      if (!exchange->headersRead) {
        exchange->headersRead = true;
        request.method = method ? method : "";
        MHD_get_connection_values(connection, MHD_HEADER_KIND, collectHeader, &request.headers);
        return MHD_YES;  // the body, if any, comes in the next calls; the answer after it
      }
      if (*uploadSize > 0) {
        // Bodies are never used: counted and dropped, up to the limit (then 413 at once).
        request.bodyBytes += *uploadSize;
        *uploadSize = 0;
        if (request.bodyBytes <= kMaxBodyBytes) return MHD_YES;
      }
      auto& self = *static_cast<HttpServer*>(server);
      if (!exchange->response) {
        if (exchange->submitted) return MHD_YES;
        // Suspended until a worker has the answer; libmicrohttpd then calls again.
        MHD_suspend_connection(connection);
        exchange->submitted = true;
        const bool queued = self.workers_->submit([&self, exchange, connection] {
          exchange->response = self.router_.answer(exchange->request);
          MHD_resume_connection(connection);
        });
        if (!queued) {  // stopping: answered here
          exchange->response = self.router_.answer(request);
          MHD_resume_connection(connection);
        }
        return MHD_YES;
      }
      const Response& response = *exchange->response;
      exchange->status = response.status;
      exchange->length = response.bodySize();
      if (const auto* coding = response.header("Content-Encoding")) exchange->coding = *coding;
      MHD_Response* answer = toMhdResponse(response);
      if (!answer) return MHD_NO;
      const MHD_Result queued =
          MHD_queue_response(connection, static_cast<unsigned>(response.status), answer);
      MHD_destroy_response(answer);
      return queued;
    } catch (...) {
      return MHD_NO;
    }
  }

  static void complete(void* server, MHD_Connection* connection, void** context,
                       MHD_RequestTerminationCode) {
    std::unique_ptr<Exchange> exchange(static_cast<Exchange*>(*context));
    *context = nullptr;
    auto& self = *static_cast<HttpServer*>(server);
    if (!exchange || !self.log_ || exchange->status == 0) return;
    try {
      const Request& request = exchange->request;
      const std::string line = clientAddress(connection) + " " + request.method + " " +
                               request.target.substr(0, 512) + " " +
                               std::to_string(exchange->status) + " " +
                               std::to_string(exchange->length) + " " + exchange->coding + "\n";
      std::lock_guard lock(self.logMutex_);
      std::fputs(line.c_str(), stderr);
    } catch (...) {
      // A log line is not worth failing for.
    }
  }

  static void logError(void*, const char* format, va_list arguments) {
    std::fputs("polytwist serve: libmicrohttpd: ", stderr);
    std::vfprintf(stderr, format, arguments);
  }
};

bool HttpServer::start(const ListenOptions& options, std::string& error) {
  log_ = options.log;
  bool ipv6 = false;
  const int fd = listenSocket(options.host, options.port, ipv6, error);
  if (fd < 0) return false;
  port_ = boundPort(fd);
  threads_ =
      options.threads != 0 ? options.threads : std::max(1u, std::thread::hardware_concurrency());
  workers_ = std::make_unique<WorkQueue>(threads_);
  connectionLimit_ = connectionLimitFromFiles();
  unsigned flags = MHD_USE_EPOLL_INTERNAL_THREAD | MHD_ALLOW_SUSPEND_RESUME | MHD_USE_ITC;
  if (ipv6) flags |= MHD_USE_IPv6;
  if (options.log) flags |= MHD_USE_ERROR_LOG;
  daemon_ = MHD_start_daemon(flags, 0, nullptr, nullptr, &Callbacks::handle, this,  //
                             MHD_OPTION_LISTEN_SOCKET, fd,                          //
                             MHD_OPTION_THREAD_POOL_SIZE, kEventThreads,            //
                             MHD_OPTION_CONNECTION_LIMIT, connectionLimit_,         //
                             MHD_OPTION_CONNECTION_TIMEOUT, kIdleTimeoutSeconds,    //
                             MHD_OPTION_CONNECTION_MEMORY_LIMIT, kConnectionMemoryBytes,
                             MHD_OPTION_URI_LOG_CALLBACK, &Callbacks::begin, this,     //
                             MHD_OPTION_NOTIFY_COMPLETED, &Callbacks::complete, this,  //
                             MHD_OPTION_EXTERNAL_LOGGER, &Callbacks::logError, this,   //
                             MHD_OPTION_END);
  if (!daemon_) {
    close(fd);
    error = "libmicrohttpd could not start on " + options.host + ":" + std::to_string(port_);
    return false;
  }
  return true;
}

void HttpServer::stop() {
  if (!daemon_) return;
  // Suspended connections must be resumed before the daemon stops: no new connection, every
  // answer in the queue made (later requests are answered on the event threads), then stop.
  const MHD_socket listening = MHD_quiesce_daemon(daemon_);
  workers_->stop();
  MHD_stop_daemon(daemon_);
  if (listening != MHD_INVALID_SOCKET) close(listening);
  daemon_ = nullptr;
}

}  // namespace polytwist::server
