// A fixed set of threads taking jobs from one queue, in order: the server's answers are made here,
// off the event threads, so one slow picture never delays the other connections of its thread and
// every core takes the next request as soon as it is free.
#pragma once

#include <condition_variable>
#include <deque>
#include <functional>
#include <mutex>
#include <thread>
#include <vector>

namespace polytwist::server {

class WorkQueue {
 public:
  explicit WorkQueue(unsigned threads);
  ~WorkQueue() { stop(); }
  WorkQueue(const WorkQueue&) = delete;
  WorkQueue& operator=(const WorkQueue&) = delete;

  // Queues `job`; false once stopping (the caller then does the work itself).
  bool submit(std::function<void()> job);
  // Runs every queued job, then ends the threads.
  void stop();

 private:
  void work();

  std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<std::function<void()>> jobs_;
  std::vector<std::thread> threads_;
  bool stopping_ = false;
};

}  // namespace polytwist::server
