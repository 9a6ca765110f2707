// The service benchmark: requests per second that examples/service answers for a page of its collection (built with
// the builder, through a view), from 1 and 2 client connections at once, each a keep-alive connection looping on
// 127.0.0.1. The server is the example's own program, started once as a child process (--port 0) and stopped at the
// end; the clients run in this process, so server and clients share the machine's cores.
//   prism_service_bench [google benchmark flags]
// Rows (items/s: requests answered per second, all connections together):
//   collection/v1, collection/v2   GET /v1/posts?page=2&per_page=20 and /v2/...: threads:N is the connections
// Before anything is timed, each answer is checked: status 200 and a body prism validates.
#include <prism/prism.hpp>

#include <benchmark/benchmark.h>
#include <httplib.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <thread>

#include "harness.hpp"

namespace {

using bench::die;

/// The server: started with --port 0; its first line of output names the port.
struct server {
  pid_t pid = -1;
  int port = 0;

  void start() {
    int out[2];
    if (pipe(out) != 0) die("cannot make a pipe");
    pid = fork();
    if (pid < 0) die("cannot fork");
    if (pid == 0) {
      dup2(out[1], 1);
      close(out[0]);
      close(out[1]);
      execl(PRISM_SERVICE, PRISM_SERVICE, "--port", "0", static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    std::string line;
    char ch = 0;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
    while (std::chrono::steady_clock::now() < deadline && read(out[0], &ch, 1) == 1 && ch != '\n') line += ch;
    close(out[0]);
    constexpr std::string_view prefix = "listening on 127.0.0.1:";
    if (line.rfind(prefix, 0) != 0) die("the service did not say where it listens: \"" + line + "\"");
    port = std::atoi(line.c_str() + prefix.size());
  }
  void stop() {
    if (pid <= 0) return;
    kill(pid, SIGTERM);
    int status = 0;
    waitpid(pid, &status, 0);
    pid = -1;
  }
} service;

void collection(benchmark::State& state, const char* path) {
  httplib::Client client("127.0.0.1", service.port);
  client.set_keep_alive(true);
  client.set_tcp_nodelay(true);
  client.set_read_timeout(10, 0);
  std::size_t bytes = 0;
  for (auto _ : state) {
    auto r = client.Get(path);
    if (!r || r->status != 200) [[unlikely]] {
      state.SkipWithError("a request failed");
      break;
    }
    bytes += r->body.size();
  }
  state.SetItemsProcessed(static_cast<std::int64_t>(state.iterations()));
  state.SetBytesProcessed(static_cast<std::int64_t>(bytes));
}

}  // namespace

int main(int argc, char** argv) {
  benchmark::Initialize(&argc, argv);
  if (benchmark::ReportUnrecognizedArguments(argc, argv)) return 1;
  service.start();
  static const char* const paths[] = {"/v1/posts?page=2&per_page=20", "/v2/posts?page=2&per_page=20"};
  {
    httplib::Client client("127.0.0.1", service.port);
    client.set_read_timeout(10, 0);
    for (const char* path : paths) {
      auto r = client.Get(path);
      if (!r || r->status != 200 || !prism::json::validate(r->body))
        die(std::string("GET ") + path + " did not answer 200 with valid JSON");
    }
  }
  for (int threads : {1, 2}) {
    benchmark::RegisterBenchmark("collection/v1", collection, paths[0])->Threads(threads)->UseRealTime();
    benchmark::RegisterBenchmark("collection/v2", collection, paths[1])->Threads(threads)->UseRealTime();
  }
  benchmark::RunSpecifiedBenchmarks();
  benchmark::Shutdown();
  service.stop();
}
