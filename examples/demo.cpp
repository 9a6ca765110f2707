// The demo: real data through prism. Reads canada.json and twitter.json into typed models with prism's reader
// (streamed from the file), builds the seed 000 model and the jsonsink workload, then writes each as JSON into a
// growable string, a fixed 64-byte buffer and a counting sink, checks the output with an independent parser
// (nlohmann) and by reading it back, and prints sizes and read and write throughput. Then it streams the tweets
// as newline-delimited JSON record by record, and shows what a reader error looks like.
//   prism_demo [DATA_DIR]   DATA_DIR holds canada.json and twitter.json; without it, data is generated.
#include <prism/prism.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>

#include "models/canada.hpp"
#include "models/jsonsink.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace {

// Stand-ins with the same shape, for a run without a data folder.
canada::feature_collection generated_canada() {
  std::mt19937_64 rng(1);
  std::uniform_real_distribution<double> lon(-141.0, -52.0), lat(41.0, 83.0);
  canada::feature_collection c{"FeatureCollection", {{"Feature", {"Canada"}, {"Polygon", {}}}}};
  for (int ring = 0; ring < 480; ++ring) {
    auto& r = c.features[0].geometry.coordinates.emplace_back();
    for (int p = 0; p < 230; ++p) r.push_back({lon(rng), lat(rng)});
  }
  return c;
}

twitter::search_response generated_twitter() {
  twitter::search_response t{};
  for (std::uint64_t i = 0; i < 100; ++i) {
    twitter::status s{};
    s.metadata = {"recent", "ja"};
    s.created_at = "Sun Aug 31 00:29:15 +0000 2014";
    s.id = 505874924095815681ull - i;
    s.id_str = std::to_string(s.id);
    s.text = "@aym0566x \n\n名前:前田あゆみ\n第一印象:なんか怖っ！ \"quoted\" 😋✨ #" + std::to_string(i);
    s.source = R"(<a href="http://twitter.com/download/iphone" rel="nofollow">Twitter for iPhone</a>)";
    s.in_reply_to_user_id = 866260188;
    s.user.id = 1186275104 + i;
    s.user.id_str = std::to_string(s.user.id);
    s.user.name = "AYUMI";
    s.user.screen_name = "ayuu0123";
    s.user.description = "元野球部マネージャー❤︎…最高の夏をありがとう…❤︎";
    s.user.followers_count = 262;
    s.user.lang = "en";
    s.entities.user_mentions.push_back({"aym0566x", "前田あゆみ", 866260188, "866260188", {0, 9}});
    s.lang = "ja";
    t.statuses.push_back(std::move(s));
  }
  t.search_metadata = {0.087, 505874924095815681ull, "505874924095815681", "?max_id=505874847260352512&q=%E4%B8%80",
                       "%E4%B8%80", "?since_id=505874924095815681&q=%E4%B8%80", 100, 0, "0"};
  return t;
}

/// Runs `step` until ~0.3 s have passed; returns MB/s for `size` bytes per step.
template <class Step>
double throughput(std::size_t size, Step step) {
  using clock = std::chrono::steady_clock;
  std::size_t runs = 0;
  auto start = clock::now();
  auto elapsed = clock::duration::zero();
  do {
    step();
    ++runs;
    elapsed = clock::now() - start;
  } while (elapsed < std::chrono::milliseconds(300));
  double seconds = std::chrono::duration<double>(elapsed).count();
  return static_cast<double>(size * runs) / seconds / 1e6;
}

/// Reads a file into T with prism, streaming it from the FILE*; throws with prism's message on error.
template <class T>
T read_file(const std::filesystem::path& path) {
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) throw std::runtime_error("cannot open " + path.string());
  prism::result<T> r = prism::json::read<T>(f);
  std::fclose(f);
  if (!r) throw std::runtime_error(path.string() + ": " + r.error().message());
  return std::move(*r);
}

template <class T>
bool show(const char* label, const char* source, const T& model) {
  std::string json = prism::json::to_string(model).value();

  // The same document through a fixed 64-byte buffer, as a device without a heap would send it.
  char buffer[64];
  std::size_t flushes = 0, streamed = 0;
  prism::io::fixed_sink fixed(std::span<char>(buffer), [&](std::string_view chunk) {
    ++flushes;
    streamed += chunk.size();
    return true;
  });
  (void)prism::json::write(model, fixed);

  prism::io::counting_sink counter;
  std::size_t pretty = prism::json::write(model, counter, {.indent = 2}).value();

  // Read back what was written: the same model, so writing it again gives the same bytes.
  T back{};
  auto read_back = prism::json::read_into(json, back);
  bool round_trip = read_back && prism::json::to_string(back).value() == json;

  bool valid = nlohmann::json::accept(json) && streamed == json.size();
  std::printf("%s: %s\n", label, source);
  std::printf("  compact %zu bytes, pretty %zu bytes; 64-byte buffer: %zu bytes in %zu flushes; %s; %s\n", json.size(),
              pretty, streamed, flushes, valid ? "independent parser accepts it" : "INVALID OUTPUT",
              round_trip ? "reads back identical" : "READ BACK DIFFERS");
  std::printf("  %.*s...\n", 110, json.c_str());
  std::string out;
  out.reserve(json.size());
  double write_speed = throughput(json.size(), [&] {
    out.clear();
    (void)prism::json::write(model, out);
  });
  double read_speed = throughput(json.size(), [&] { (void)prism::json::read_into(json, back); });
  std::printf("  write %.0f MB/s, read %.0f MB/s\n", write_speed, read_speed);
  return valid && round_trip;
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path dir = argc > 1 ? argv[1] : "";
  bool real = argc > 1;
  for (const char* name : {"canada.json", "twitter.json"}) {
    if (real && !std::filesystem::exists(dir / name)) {
      std::fprintf(stderr, "prism_demo: %s has no %s\n", dir.c_str(), name);
      return 2;
    }
  }
  bool ok = true;
  try {
    std::printf("prism on %s data\n\n", real ? "real" : "generated");

    ns::model::C seed = ns::model::build(1000, 10);
    ok &= show("seed 000 model (1000 B elements)", "built as in the post", seed);

    std::vector<jsonsink::sample> sink_doc = jsonsink::make_document();
    ok &= show("jsonsink workload (24 objects of a u32 and four doubles)", "generated, fixed seed", sink_doc);

    auto can = real ? read_file<canada::feature_collection>(dir / "canada.json") : generated_canada();
    std::size_t points = 0;
    for (const auto& f : can.features)
      for (const auto& ring : f.geometry.coordinates) points += ring.size();
    std::string can_source = (real ? (dir / "canada.json").string() : std::string("generated")) + ", " +
                             std::to_string(points) + " points";
    ok &= show("canada", can_source.c_str(), can);

    auto tw = real ? read_file<twitter::search_response>(dir / "twitter.json") : generated_twitter();
    std::string tw_source = (real ? (dir / "twitter.json").string() : std::string("generated")) + ", " +
                            std::to_string(tw.statuses.size()) + " statuses (typed subset; the rest is skipped)";
    ok &= show("twitter", tw_source.c_str(), tw);

    // The statuses as newline-delimited JSON, read back one record at a time.
    std::string ndjson;
    for (const auto& s : tw.statuses) {
      (void)prism::json::write(s, ndjson);
      ndjson += '\n';
    }
    std::istringstream records(ndjson);
    std::size_t users_with_url = 0;
    auto count = prism::json::read_records<twitter::status>(records, [&](twitter::status&& s) { users_with_url += s.user.url.has_value(); });
    ok &= count && *count == tw.statuses.size();
    std::printf("\nnewline-delimited: %zu bytes, %zu records read one at a time, %zu users with a url\n", ndjson.size(),
                count ? *count : 0, users_with_url);

    // What a reader error says: a status whose id is text.
    std::string broken = "[{\"id\": 1},\n {\"id\": 2, \"user\": {\"followers_count\": \"many\"}}]";
    auto bad = prism::json::read<std::vector<twitter::status>>(broken);
    std::printf("an invalid document: %s\n", bad ? "accepted?" : bad.error().message().c_str());
    ok &= !bad;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "demo failed: %s\n", e.what());
    return 1;
  }
  return ok ? 0 : 1;
}
