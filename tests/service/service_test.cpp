// The service example (examples/service) end to end: prism_service runs as a child process on a port the OS picks,
// and the tests talk HTTP to it on 127.0.0.1 only: pages against golden files, posts read through each version's
// view, a bulk stream of over 200 MiB checked by `prism check` while the server's memory stays flat, and a clean
// stop on SIGTERM and SIGINT. PRISM_SERVICE and PRISM_CLI are the built programs, PRISM_GOLDEN_DIR
// tests/golden/service (PRISM_UPDATE_GOLDEN=1 rewrites its files from the server's answers: review the diff).
#include <httplib.h>

#include <gtest/gtest.h>

#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

extern char** environ;

#if defined(__SANITIZE_ADDRESS__)
#define SERVICE_TEST_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SERVICE_TEST_ASAN 1
#endif
#endif
#ifndef SERVICE_TEST_ASAN
#define SERVICE_TEST_ASAN 0
#endif

namespace {

using clock_type = std::chrono::steady_clock;
using namespace std::chrono_literals;

/// A running prism_service. start() spawns it and waits (10 s at most) for its `listening on` line; the destructor
/// stops it, so a failed ASSERT that leaves a test early never leaves a server behind.
class server_process {
 public:
  server_process() = default;
  server_process(const server_process&) = delete;
  server_process& operator=(const server_process&) = delete;
  ~server_process() { stop(); }

  /// Runs `prism_service --port 0 ARGS` in this environment, with `asan_options` added to ASAN_OPTIONS when not
  /// empty; on failure, the reason.
  testing::AssertionResult start(std::vector<std::string> args = {}, const std::string& asan_options = "") {
    args.insert(args.begin(), {PRISM_SERVICE, "--port", "0"});
    std::vector<char*> argv;
    for (std::string& a : args) argv.push_back(a.data());
    argv.push_back(nullptr);
    std::vector<std::string> env_text;
    std::string asan = "ASAN_OPTIONS=" + asan_options;
    for (char** e = environ; *e; ++e) {
      if (std::strncmp(*e, "ASAN_OPTIONS=", 13) == 0) asan = *e + (asan_options.empty() ? "" : ":" + asan_options);
      else env_text.emplace_back(*e);
    }
    if (asan != "ASAN_OPTIONS=") env_text.push_back(asan);
    std::vector<char*> env;
    for (std::string& e : env_text) env.push_back(e.data());
    env.push_back(nullptr);

    int out[2];
    if (::pipe(out) != 0) return testing::AssertionFailure() << "pipe: " << std::strerror(errno);
    out_ = out[0];
    const pid_t parent = ::getpid();
    pid_ = ::fork();
    if (pid_ == 0) {  // the child: only async-signal-safe calls until exec
      // Killed with the test even when the test itself crashes or is killed (by ctest's timeout), which no
      // destructor survives.
      ::prctl(PR_SET_PDEATHSIG, SIGKILL);
      if (::getppid() != parent) ::_exit(127);
      ::dup2(out[1], STDOUT_FILENO);  // stdout into the pipe, stderr as the test's
      ::close(out[0]);
      ::close(out[1]);
      ::execve(PRISM_SERVICE, argv.data(), env.data());
      ::_exit(127);
    }
    ::close(out[1]);
    if (pid_ < 0) return testing::AssertionFailure() << "fork: " << std::strerror(errno);

    // The first line, read with a deadline: a server that hangs before listening fails the test in 10 s.
    std::string line;
    const auto deadline = clock_type::now() + 10s;
    while (line.find('\n') == std::string::npos) {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - clock_type::now()).count();
      if (left <= 0) return testing::AssertionFailure() << "no `listening on` line within 10 s, got \"" << line << '"';
      pollfd p{out_, POLLIN, 0};
      int ready = ::poll(&p, 1, static_cast<int>(left));
      if (ready < 0 && errno == EINTR) continue;
      if (ready <= 0) continue;
      char buf[256];
      ssize_t n = ::read(out_, buf, sizeof buf);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0)
        return testing::AssertionFailure() << "the server closed its output before listening: \"" << line << '"';
      line.append(buf, static_cast<std::size_t>(n));
    }
    const std::string prefix = "listening on 127.0.0.1:";
    if (line.rfind(prefix, 0) != 0) return testing::AssertionFailure() << "unexpected first line \"" << line << '"';
    port_ = std::atoi(line.c_str() + prefix.size());
    if (port_ <= 0 || port_ > 65535 || line.back() != '\n' || line.find('\n') != line.size() - 1)
      return testing::AssertionFailure() << "unexpected first line \"" << line << '"';
    return testing::AssertionSuccess();
  }

  int port() const { return port_; }
  pid_t pid() const { return pid_; }

  /// The server's peak resident size so far (VmHWM), in bytes; 0 when it cannot be read.
  std::uint64_t peak_rss() const {
    std::ifstream status("/proc/" + std::to_string(pid_) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("VmHWM:", 0) == 0) return std::strtoull(line.c_str() + 6, nullptr, 10) * 1024;  // "NNN kB"
    return 0;
  }

  /// Sends `sig` (SIGTERM by default), waits up to 10 s for the server to exit, then kills it. Returns the wait
  /// status, or -1 when it had to be killed (or was not running).
  int stop(int sig = SIGTERM) {
    int result = -1;
    if (pid_ > 0) {
      ::kill(pid_, sig);
      const auto deadline = clock_type::now() + 10s;
      int status = 0;
      pid_t done = 0;
      while ((done = ::waitpid(pid_, &status, WNOHANG)) == 0 && clock_type::now() < deadline)
        std::this_thread::sleep_for(10ms);
      if (done == pid_) {
        result = status;
      } else {
        ::kill(pid_, SIGKILL);
        while (::waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
        }
      }
      pid_ = -1;
    }
    if (out_ >= 0) ::close(out_);
    out_ = -1;
    return result;
  }

 private:
  pid_t pid_ = -1;
  int out_ = -1;
  int port_ = 0;
};

/// A client of 127.0.0.1:port whose every call is bounded in time.
std::unique_ptr<httplib::Client> client_of(const server_process& server) {
  auto c = std::make_unique<httplib::Client>("127.0.0.1", server.port());
  c->set_connection_timeout(5);
  c->set_read_timeout(10);
  c->set_write_timeout(10);
  return c;
}

std::string golden_path(const std::string& name) { return std::string(PRISM_GOLDEN_DIR) + "/" + name; }

/// Compares `body` with tests/golden/service/`name` byte for byte (or rewrites the file under PRISM_UPDATE_GOLDEN=1).
void expect_golden(const std::string& body, const std::string& name) {
  if (const char* update = std::getenv("PRISM_UPDATE_GOLDEN"); update && std::string(update) == "1") {
    std::ofstream(golden_path(name), std::ios::binary) << body;
    return;
  }
  std::ifstream in(golden_path(name), std::ios::binary);
  ASSERT_TRUE(in) << "missing golden file " << golden_path(name);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(body, ss.str()) << "the answer differs from " << golden_path(name);
}

/// GET path, with an Accept-Version header when `version` is not empty.
httplib::Result get(httplib::Client& c, const std::string& path, const std::string& version = "") {
  httplib::Headers headers;
  if (!version.empty()) headers.emplace("Accept-Version", version);
  return c.Get(path, headers);
}

class Service : public testing::Test {
 protected:
  // A write into a pipe whose reader died must fail with EPIPE, not kill the test.
  static void SetUpTestSuite() { std::signal(SIGPIPE, SIG_IGN); }

  server_process server;
};

TEST_F(Service, PagesMatchGoldenFiles) {
  ASSERT_TRUE(server.start());
  auto c = client_of(server);
  struct page_case {
    std::string path, version, golden;
  };
  // page 2 of 12 (5 a page): every link is there; the version from the path, then from the header
  for (const page_case& t : {page_case{"/v1/posts?page=2&per_page=5", "", "v1_page2.json"},
                             page_case{"/v2/posts?page=2&per_page=5", "", "v2_page2.json"},
                             page_case{"/posts?page=2&per_page=5", "1", "header_v1_page2.json"},
                             page_case{"/posts?page=2&per_page=5", "2", "header_v2_page2.json"}}) {
    SCOPED_TRACE(t.path + " Accept-Version: " + t.version);
    auto r = get(*c, t.path, t.version);
    ASSERT_TRUE(r) << httplib::to_string(r.error());
    EXPECT_EQ(r->status, 200);
    EXPECT_EQ(r->get_header_value("Content-Type"), "application/json");
    expect_golden(r->body, t.golden);
  }

  // no header: version 2
  auto latest = get(*c, "/posts?page=2&per_page=5");
  ASSERT_TRUE(latest);
  auto v2 = get(*c, "/posts?page=2&per_page=5", "2");
  ASSERT_TRUE(v2);
  EXPECT_EQ(latest->body, v2->body);

  // first page: a next, no previous; last page: a previous, no next (57 posts, 5 a page: 12 pages, 2 on the last)
  for (const char* version : {"1", "2"}) {
    SCOPED_TRACE(std::string("Accept-Version: ") + version);
    auto first = get(*c, "/posts?per_page=5", version);  // page 1 by default
    ASSERT_TRUE(first);
    EXPECT_EQ(first->status, 200);
    EXPECT_EQ(first->body.find("\"previous\""), std::string::npos);
    EXPECT_NE(first->body.find(R"("next":{"href":"/posts?page=2&per_page=5"})"), std::string::npos);
    EXPECT_NE(first->body.find(R"("self":{"href":"/posts?page=1&per_page=5"})"), std::string::npos);
    auto last = get(*c, "/posts?page=12&per_page=5", version);
    ASSERT_TRUE(last);
    EXPECT_EQ(last->status, 200);
    EXPECT_EQ(last->body.find("\"next\""), std::string::npos);
    EXPECT_NE(last->body.find(R"("previous":{"href":"/posts?page=11&per_page=5"})"), std::string::npos);
    EXPECT_NE(last->body.find(R"("id":56,)"), std::string::npos);
    EXPECT_NE(last->body.find(R"("id":57,)"), std::string::npos);
    EXPECT_EQ(last->body.find(R"("id":55,)"), std::string::npos);
  }

  // versions and queries it does not know: 400 with a JSON body
  auto unknown = get(*c, "/posts", "3");
  ASSERT_TRUE(unknown);
  EXPECT_EQ(unknown->status, 400);
  EXPECT_EQ(unknown->body, "{\"error\":\"unknown API version \\\"3\\\" (this service has 1 and 2)\"}\n");
  auto by_path = get(*c, "/v3/posts");
  ASSERT_TRUE(by_path);
  EXPECT_EQ(by_path->status, 400);
  EXPECT_EQ(by_path->body, unknown->body);
  auto past_end = get(*c, "/v1/posts?page=13&per_page=5");
  ASSERT_TRUE(past_end);
  EXPECT_EQ(past_end->status, 400);
  EXPECT_EQ(past_end->body, "{\"error\":\"page must be a whole number from 1 to 12, not \\\"13\\\"\"}\n");
  auto nowhere = get(*c, "/nowhere");
  ASSERT_TRUE(nowhere);
  EXPECT_EQ(nowhere->status, 404);
  EXPECT_EQ(nowhere->body, "{\"error\":\"no such resource\"}\n");
}

TEST_F(Service, PostsAreReadThroughTheVersionsView) {
  ASSERT_TRUE(server.start());
  auto c = client_of(server);
  auto post = [&](const std::string& path, const std::string& body, const std::string& version = "") {
    httplib::Headers headers;
    if (!version.empty()) headers.emplace("Accept-Version", version);
    return c->Post(path, headers, body, "application/json");
  };

  // good bodies, answered through the same view (written compactly, so the echo is the input, id aside)
  const std::string v1_body =
      R"({"id":7,"title":"Hello","body":"First \"post\"","author":"Zoë","created_at":1704067200,"tags":["a","b"],)"
      R"("comments":[{"id":1,"author":"Bob","body":"Nice"}]})";
  auto created = post("/v1/posts", v1_body);
  ASSERT_TRUE(created) << httplib::to_string(created.error());
  EXPECT_EQ(created->status, 201);
  EXPECT_EQ(created->get_header_value("Content-Type"), "application/json");
  EXPECT_EQ(created->body, v1_body + "\n");

  // v2: no id (the server gives the next one), RFC 3339 time, "content", and a commentCount it computes
  const std::string v2_body =
      R"({"title":"Hello","content":"Second","author":"Ada","createdAt":"2024-01-01T00:00:00Z","tags":[]})";
  auto created2 = post("/posts", v2_body, "2");
  ASSERT_TRUE(created2);
  EXPECT_EQ(created2->status, 201);
  EXPECT_EQ(created2->body,
            R"({"id":58,"title":"Hello","content":"Second","author":"Ada","createdAt":"2024-01-01T00:00:00Z",)"
            R"("commentCount":0})"
            "\n");

  // bad bodies: 400 and prism's message, with the path, line and column
  struct bad_case {
    std::string path, body, error;
  };
  for (const bad_case& t : {
           bad_case{"/v1/posts", R"({"id":"7"})", R"(expected integer, found string at $.id (line 1, column 7))"},
           bad_case{"/v1/posts", "{\"title\": \"x\",\n \"created_at\": \"2024-01-01T00:00:00Z\"}",
                    R"(expected integer, found string at $.created_at (line 2, column 16))"},
           bad_case{"/v2/posts", "{\"title\": \"x\",\n \"createdAt\": 1704067200}",
                    R"(expected string, found number at $.createdAt (line 2, column 15))"},
           bad_case{"/v2/posts", R"({"title":"x","comments":[]})",  // v2 has no comments
                    R"(unknown field \"comments\" in post at $.comments (line 1, column 14))"},
           bad_case{"/v1/posts", R"({"title":"x","content":"v2's name"})",  // nor v1 content
                    R"(unknown field \"content\" in post at $.content (line 1, column 14))"},
           bad_case{"/v1/posts", R"({"title":"x",)",
                    R"(expected a string key, found end of input at $ (line 1, column 14))"},
           bad_case{"/v1/posts", R"({"tags":["a",2]})",
                    R"(expected string, found number at $.tags[1] (line 1, column 14))"},
       }) {
    SCOPED_TRACE(t.path + " " + t.body);
    auto r = post(t.path, t.body);
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 400);
    EXPECT_EQ(r->body, "{\"error\":\"" + t.error + "\"}\n");
  }

  // the default limit: 64 KiB of body is read, one byte more is refused before it is read
  const std::size_t limit = 64 * 1024;
  std::string at_limit = R"({"title":"padded"})";
  at_limit.append(limit - at_limit.size(), ' ');
  auto fits = post("/v1/posts", at_limit);
  ASSERT_TRUE(fits);
  EXPECT_EQ(fits->status, 201);
  auto too_large = post("/v1/posts", at_limit + " ");
  ASSERT_TRUE(too_large);
  EXPECT_EQ(too_large->status, 413);
  EXPECT_EQ(too_large->body, "{\"error\":\"the request body is larger than this service takes\"}\n");
}

TEST_F(Service, MaxBodyIsConfigurable) {
  ASSERT_TRUE(server.start({"--max-body", "100"}));
  auto c = client_of(server);
  std::string body = R"({"title":"x"})";
  body.append(100 - body.size(), ' ');
  auto fits = c->Post("/v2/posts", body, "application/json");
  ASSERT_TRUE(fits);
  EXPECT_EQ(fits->status, 201);
  auto too_large = c->Post("/v2/posts", body + " ", "application/json");
  ASSERT_TRUE(too_large);
  EXPECT_EQ(too_large->status, 413);
}

// Over 200 MiB through the chunked stream into `prism check -`, which must find one valid document; the server's
// peak resident size must not grow with the stream (8.4 MiB after 222 MB). Measured on the 2-core VM it was written
// on: 2-3 s at g++ -O0; 6.5-7.5 s with clang 19, ASan+UBSan, -O0, so the stream is as long there.
TEST_F(Service, BulkStreamsInBoundedMemory) {
  // AddressSanitizer keeps freed memory in quarantine (256 MiB by default: 350 MiB of peak RSS here), so the server
  // runs with a small one there, and the bound makes room for it and the shadow memory (44 MiB measured).
  const std::uint64_t rss_bound = SERVICE_TEST_ASAN ? 128u << 20 : 64u << 20;
  ASSERT_TRUE(server.start({}, SERVICE_TEST_ASAN ? "quarantine_size_mb=16" : ""));
  auto c = client_of(server);
  constexpr std::uint64_t min_bytes = 200ull << 20;
  constexpr std::uint64_t count = 480'000;  // v1 posts average 459 bytes: 220 MB
  FILE* check = ::popen("'" PRISM_CLI "' check -", "w");
  ASSERT_NE(check, nullptr);

  std::uint64_t bytes = 0, reads = 0;
  std::string tail;  // the last bytes, to see the last post
  bool pipe_ok = true;
  const auto start = clock_type::now();
  httplib::Headers headers{{"Accept-Version", "1"},
                           // httplib gzips answers for clients that ask (curl --compressed): this measures prism
                           {"Accept-Encoding", "identity"}};
  auto r = c->Get(
      "/bulk?count=" + std::to_string(count), headers,
      [&](const httplib::Response& res) { return res.status == 200; },
      [&](const char* data, std::size_t size) {
        bytes += size;
        ++reads;
        tail.append(data, size);
        if (tail.size() > 4096) tail.erase(0, tail.size() - 2048);
        pipe_ok = std::fwrite(data, 1, size, check) == size;
        return pipe_ok && clock_type::now() - start < 120s;  // bounded, whatever happens
      });
  const double seconds = std::chrono::duration<double>(clock_type::now() - start).count();
  const int check_status = ::pclose(check);
  const std::uint64_t peak = server.peak_rss();  // while the server still runs

  ASSERT_TRUE(r) << httplib::to_string(r.error());
  EXPECT_EQ(r->status, 200);
  EXPECT_EQ(r->get_header_value("Transfer-Encoding"), "chunked");
  EXPECT_FALSE(r->has_header("Content-Encoding"));
  EXPECT_TRUE(pipe_ok);
  EXPECT_TRUE(WIFEXITED(check_status) && WEXITSTATUS(check_status) == 0) << "prism check -: status " << check_status;
  EXPECT_GE(bytes, min_bytes);
  ASSERT_GE(tail.size(), 3u);
  EXPECT_NE(tail.find("{\"id\":" + std::to_string(count) + ","), std::string::npos);
  EXPECT_EQ(tail.substr(tail.size() - 3), "}]\n");
  std::printf("streamed %llu bytes (%llu reads) in %.2f s (%.0f MB/s); server peak RSS %.1f MiB\n",
              static_cast<unsigned long long>(bytes), static_cast<unsigned long long>(reads), seconds,
              static_cast<double>(bytes) / seconds / 1e6, static_cast<double>(peak) / (1 << 20));
  RecordProperty("bytes", std::to_string(bytes));
  RecordProperty("server_peak_rss", std::to_string(peak));

  ASSERT_GT(peak, 0u) << "cannot read VmHWM of the server";
  if (SERVICE_TEST_ASAN)
    std::printf("AddressSanitizer build: the server ran with quarantine_size_mb=16, its RSS bound is 128 MiB\n");
  EXPECT_LT(peak, rss_bound);
}

// A client that hangs up mid-stream stops the server's loop too: otherwise the worker would go on making posts
// for minutes, and the stop below (which joins httplib's workers) would run into its 10 s limit and kill it.
TEST_F(Service, BulkStopsWhenTheClientLeaves) {
  ASSERT_TRUE(server.start());
  {
    auto c = client_of(server);
    std::uint64_t bytes = 0;
    auto r = c->Get("/v2/bulk?count=100000000", httplib::Headers{{"Accept-Encoding", "identity"}},
                    [&](const char*, std::size_t size) {
                      bytes += size;
                      return bytes < (1u << 20);
                    });
    EXPECT_FALSE(r);  // cancelled by the receiver
    EXPECT_GE(bytes, 1u << 20);
  }
  const auto start = clock_type::now();
  int status = server.stop();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "wait status " << status;
  EXPECT_LT(clock_type::now() - start, 5s);
}

TEST_F(Service, RefusesAPortInUse) {
  ASSERT_TRUE(server.start());
  server_process second;
  EXPECT_FALSE(second.start({"--port", std::to_string(server.port())}));  // the last --port counts
  int status = second.stop();
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 1) << "wait status " << status;
}

TEST_F(Service, StopsCleanlyOnSigtermAndSigint) {
  for (int sig : {SIGTERM, SIGINT}) {
    SCOPED_TRACE(strsignal(sig));
    server_process s;
    ASSERT_TRUE(s.start());
    auto c = client_of(s);
    auto r = c->Get("/posts?per_page=1");
    ASSERT_TRUE(r);
    EXPECT_EQ(r->status, 200);
    int status = s.stop(sig);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "wait status " << status;
  }
}

}  // namespace
