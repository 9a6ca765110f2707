// An HTTP service on cpp-httplib that speaks two API versions of one model (blog.hpp), chosen per request:
//   prism_service [--port N] [--max-body BYTES]     (port 0, the default: the OS picks one)
// It listens on 127.0.0.1 only and prints `listening on 127.0.0.1:PORT` once it does.
//   GET  /v1/posts?page=N&per_page=M, /v2/posts?...   a page of the blog, with meta and _links (HAL style)
//   GET  /posts?...                                    the same, the version from `Accept-Version: 1|2` (default 2)
//   POST /v1/posts, /v2/posts, /posts                  a post read through the version's view: 201 and the post back,
//                                                      400 {"error": "..."} when it does not read, 413 when too large
//   GET  /bulk?count=N, /v1/bulk?..., /v2/bulk?...     N posts as one JSON array, streamed in chunks as it is written
// SIGTERM or SIGINT stops it (exit 0).
#include "blog.hpp"

#include <httplib.h>
#include <prism/prism.hpp>

#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>

#include <algorithm>
#include <atomic>
#include <charconv>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <system_error>
#include <thread>
#include <vector>

namespace {

constexpr std::uint64_t seed = 36;            // the same blog on every run, so answers can be compared byte for byte
constexpr std::uint64_t post_count = 57;      // posts 1 to 57
constexpr std::uint64_t max_per_page = 100;
constexpr std::uint64_t max_bulk = 100'000'000;  // about 45 GB: a bound a client cannot exceed by mistake

/// Every JSON answer ends with a newline, so that `curl` output ends its line.
void send_json(httplib::Response& res, int status, std::string body) {
  body += '\n';
  res.status = status;
  res.set_content(std::move(body), "application/json");
}

/// {"error": message}, built rather than pasted together, so that any message comes out escaped.
void send_error(httplib::Response& res, int status, std::string_view message) {
  std::string body;
  auto built = prism::json::build_object(body, [&](auto& o) { o.put("error", message); });
  if (!built) body = R"({"error":"the error could not be written as JSON"})";  // e.g. invalid UTF-8 in it
  send_json(res, status, std::move(body));
}

/// The version a request asks for: /vN/... in the path (the routes capture N), or else the Accept-Version header,
/// 2 when absent. Nothing when it names no version this service has.
std::optional<blog::api> version_of(const httplib::Request& req, httplib::Response& res) {
  std::string asked = "2";
  if (req.matches.size() > 1 && req.matches[1].matched) asked = req.matches[1].str();
  else if (req.has_header("Accept-Version")) asked = req.get_header_value("Accept-Version");
  std::optional<blog::api> version = blog::api::named(asked);
  if (!version) send_error(res, 400, "unknown API version \"" + asked + "\" (this service has 1 and 2)");
  return version;
}

/// Query parameter `name` as a whole number in [low, high], `fallback` when absent; nothing (and a 400) otherwise.
std::optional<std::uint64_t> number_param(const httplib::Request& req, httplib::Response& res, const char* name,
                                          std::uint64_t fallback, std::uint64_t low, std::uint64_t high) {
  if (!req.has_param(name)) return fallback;
  std::string text = req.get_param_value(name);
  std::uint64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < low || n > high) {
    send_error(res, 400, std::string(name) + " must be a whole number from " + std::to_string(low) + " to " +
                             std::to_string(high) + ", not \"" + text + "\"");
    return std::nullopt;
  }
  return n;
}

/// GET a page: {"meta": {...}, "posts": [...], "_links": {...}}, written by the builder straight into the body,
/// every post through the chosen view. The links repeat the path the client used (/v1/posts or /posts).
void get_page(const std::vector<blog::post>& posts, const httplib::Request& req, httplib::Response& res) {
  std::optional<blog::api> version = version_of(req, res);
  if (!version) return;
  std::optional<std::uint64_t> per_page = number_param(req, res, "per_page", 10, 1, max_per_page);
  if (!per_page) return;
  const std::uint64_t pages = (posts.size() + *per_page - 1) / *per_page;
  std::optional<std::uint64_t> page = number_param(req, res, "page", 1, 1, pages);
  if (!page) return;

  const std::size_t first = (*page - 1) * *per_page;
  const std::span<const blog::post> shown =
      std::span(posts).subspan(first, std::min<std::size_t>(*per_page, posts.size() - first));
  auto href = [&](std::uint64_t n) {
    return req.path + "?page=" + std::to_string(n) + "&per_page=" + std::to_string(*per_page);
  };

  std::string body;
  auto built = prism::json::build_object(body, *version, [&](auto& o) {
    // a described struct: its keys follow the version (total_entries, totalEntries)
    o.put("meta", blog::page_meta{posts.size(), pages, *page, *per_page});
    o.put("posts", shown);
    o.object("_links", [&](auto& links) {
      auto link = [&](std::string_view rel, std::uint64_t n) {
        links.object(rel, [&](auto& l) { l.put("href", href(n)); });
      };
      link("self", *page);
      link("first", 1);
      if (*page > 1) link("previous", *page - 1);
      if (*page < pages) link("next", *page + 1);
      link("last", pages);
    });
  });
  if (!built) return send_error(res, 500, built.error().message());
  send_json(res, 200, std::move(body));
}

/// POST a post: read through the version's view, strictly (a key the version does not have is an error, so a v1
/// client sending v2's "content" hears about it), and answered through the same view.
void create_post(const httplib::Request& req, httplib::Response& res) {
  std::optional<blog::api> version = version_of(req, res);
  if (!version) return;
  prism::result<blog::post> read = prism::json::read<blog::post>(req.body, *version, {.reject_unknown_fields = true});
  if (!read) return send_error(res, 400, read.error().message());
  blog::post& p = *read;
  if (p.id == 0) p.id = post_count + 1;  // where a real service would store it; this one keeps nothing
  std::string body;
  auto written = prism::json::write(p, body, *version);
  if (!written) return send_error(res, 500, written.error().message());
  send_json(res, 201, std::move(body));
}

/// The byte_writer prism writes the bulk answer through: each full buffer becomes one HTTP chunk. Once the client
/// is gone, write() fails and the writer stops sending; `ok` tells the loop to stop making posts too.
struct chunk_writer {
  httplib::DataSink& sink;
  bool ok = true;
  bool write(const char* data, std::size_t size) {
    ok = ok && sink.write(data, size);
    return ok;
  }
};

/// GET /bulk?count=N: N posts made one at a time as they are written, so the server holds one post and prism's
/// 16 KiB buffer however large N is; the total length is not known ahead, hence chunked transfer encoding.
void get_bulk(const httplib::Request& req, httplib::Response& res) {
  std::optional<blog::api> version = version_of(req, res);
  if (!version) return;
  std::optional<std::uint64_t> count = number_param(req, res, "count", 1000, 0, max_bulk);
  if (!count) return;
  auto provider = [version = *version, count = *count](std::size_t, httplib::DataSink& sink) {
    chunk_writer out{sink};
    auto written = prism::json::build_array(out, version, [&](auto& a) {
      for (std::uint64_t n = 1; n <= count && out.ok; ++n) a.value(blog::make_post(seed, n));
    });
    if (!written || !out.write("\n", 1)) return false;  // false: httplib drops the connection, the answer is cut
    sink.done();
    return true;
  };
  res.set_chunked_content_provider("application/json", provider);
}

struct options {
  int port = 0;
  std::size_t max_body = 64 * 1024;
};

std::optional<options> parse_args(int argc, char** argv) {
  options o;
  for (int i = 1; i < argc; ++i) {
    std::string_view arg = argv[i];
    if (i + 1 >= argc || (arg != "--port" && arg != "--max-body")) return std::nullopt;
    std::string_view value = argv[++i];
    std::uint64_t n = 0;
    auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
    if (ec != std::errc() || end != value.data() + value.size()) return std::nullopt;
    if (arg == "--port") {
      if (n > 65535) return std::nullopt;
      o.port = static_cast<int>(n);
    } else {
      o.max_body = static_cast<std::size_t>(n);
    }
  }
  return o;
}

}  // namespace

int main(int argc, char** argv) {
  std::optional<options> opts = parse_args(argc, argv);
  if (!opts) {
    std::fprintf(stderr, "usage: prism_service [--port N] [--max-body BYTES]\n");
    return 2;
  }

  // SIGTERM and SIGINT are blocked in every thread (httplib's workers inherit the mask of the thread that makes
  // them) and taken by one thread in sigwait: there, unlike in a signal handler, calling svr.stop() is safe.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGTERM);
  sigaddset(&stop_signals, SIGINT);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);

  std::vector<blog::post> posts;
  for (std::uint64_t n = 1; n <= post_count; ++n) posts.push_back(blog::make_post(seed, n));

  httplib::Server svr;
  // httplib 0.11 sets SO_REUSEPORT, which lets a second server take the same port unnoticed: SO_REUSEADDR alone
  // still lets a restarted server bind while the old one's connections linger in TIME_WAIT.
  svr.set_socket_options([](socket_t sock) {
    int yes = 1;
    setsockopt(sock, SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
  });
  svr.set_payload_max_length(opts->max_body);  // a longer body is refused with 413 before it is read
  // An answer goes out as its headers, then its body: without TCP_NODELAY the body waits for the client's delayed
  // acknowledgement of the headers (Nagle), 40 ms a request on a kept-alive connection.
  svr.set_tcp_nodelay(true);
  // httplib's own errors (404, 413...) get a JSON body too; answers that have one keep it.
  svr.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (!res.body.empty()) return;
    switch (res.status) {
      case 404: return send_error(res, 404, "no such resource");
      case 413: return send_error(res, 413, "the request body is larger than this service takes");
      default: return send_error(res, res.status, "HTTP status " + std::to_string(res.status));
    }
  });
  svr.Get(R"((?:/v(\d+))?/posts)",
          [&](const httplib::Request& req, httplib::Response& res) { get_page(posts, req, res); });
  svr.Post(R"((?:/v(\d+))?/posts)", create_post);
  svr.Get(R"((?:/v(\d+))?/bulk)", get_bulk);

  int port = opts->port;  // 0: the OS picks a free one, which bind_to_any_port returns
  if (port == 0) port = svr.bind_to_any_port("127.0.0.1");
  else if (!svr.bind_to_port("127.0.0.1", port)) port = -1;
  if (port < 0) {
    std::fprintf(stderr, "prism_service: cannot listen on 127.0.0.1:%d\n", opts->port);
    return 1;
  }
  // Bound and listening (the queue takes connections from now on): a script or test may connect once it reads this.
  std::printf("listening on 127.0.0.1:%d\n", port);
  std::fflush(stdout);

  std::atomic<bool> done{false}, stopped_by_signal{false};
  std::thread stopper([&] {
    int sig = 0;
    sigwait(&stop_signals, &sig);
    if (done) return;  // woken by main below: the server has already stopped
    stopped_by_signal = true;
    // stop() does nothing until listen_after_bind() has marked the server running: a signal that came first waits.
    while (!svr.is_running() && !done) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    svr.stop();
  });

  bool listened = svr.listen_after_bind();
  done = true;
  if (!stopped_by_signal) pthread_kill(stopper.native_handle(), SIGTERM);  // wake the stopper: it stays blocked
  stopper.join();
  return (listened || stopped_by_signal) ? 0 : 1;
}
