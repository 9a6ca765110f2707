// The demo: real data through prism's writer. Loads canada.json and twitter.json into typed models (with
// nlohmann::json until prism's reader lands), builds the seed 000 model and the jsonsink workload, then
// writes each as JSON into a growable string, a fixed 64-byte buffer and a counting sink, checks the
// output with an independent parser, and prints sizes and throughput.
//   prism_demo [DATA_DIR]   DATA_DIR holds canada.json and twitter.json; without it, data is generated.
#include <prism/prism.hpp>

#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>
#include <random>
#include <string>

#include "models/canada.hpp"
#include "models/jsonsink.hpp"
#include "models/load_nlohmann.hpp"
#include "models/seed000.hpp"
#include "models/twitter.hpp"

namespace {

// Stand-ins with the same shape, for a checkout without ../shared/data.
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

/// Writes `model` into a reused string until ~0.3 s have passed; returns MB/s.
template <class T>
double throughput(const T& model, std::size_t size) {
  using clock = std::chrono::steady_clock;
  std::string out;
  out.reserve(size);
  std::size_t runs = 0;
  auto start = clock::now();
  auto elapsed = clock::duration::zero();
  do {
    out.clear();
    (void)prism::json::write(model, out);
    ++runs;
    elapsed = clock::now() - start;
  } while (elapsed < std::chrono::milliseconds(300));
  double seconds = std::chrono::duration<double>(elapsed).count();
  return static_cast<double>(size * runs) / seconds / 1e6;
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

  bool valid = nlohmann::json::accept(json) && streamed == json.size();
  std::printf("%s: %s\n", label, source);
  std::printf("  compact %zu bytes, pretty %zu bytes; 64-byte buffer: %zu bytes in %zu flushes; %s\n", json.size(),
              pretty, streamed, flushes, valid ? "independent parser accepts it" : "INVALID OUTPUT");
  std::printf("  %.*s...\n", 110, json.c_str());
  std::printf("  write speed: %.0f MB/s\n", throughput(model, json.size()));
  return valid;
}

}  // namespace

int main(int argc, char** argv) {
  std::filesystem::path dir = argc > 1 ? argv[1] : "";
  bool real = argc > 1 && std::filesystem::exists(dir / "canada.json") && std::filesystem::exists(dir / "twitter.json");
  bool ok = true;
  try {
    std::printf("prism %s data\n\n", real ? "writing real" : "writing generated");

    ns::model::C seed = ns::model::build(1000, 10);
    ok &= show("seed 000 model (1000 B elements)", "built as in the post", seed);

    std::vector<jsonsink::sample> sink_doc = jsonsink::make_document();
    ok &= show("jsonsink workload (24 objects of a u32 and four doubles)", "generated, fixed seed", sink_doc);

    auto can = real ? models::load_file<canada::feature_collection>((dir / "canada.json").string()) : generated_canada();
    std::size_t points = 0;
    for (const auto& f : can.features)
      for (const auto& ring : f.geometry.coordinates) points += ring.size();
    std::string can_source = (real ? (dir / "canada.json").string() : std::string("generated")) + ", " +
                             std::to_string(points) + " points";
    ok &= show("canada", can_source.c_str(), can);

    auto tw = real ? models::load_file<twitter::search_response>((dir / "twitter.json").string()) : generated_twitter();
    std::string tw_source = (real ? (dir / "twitter.json").string() : std::string("generated")) + ", " +
                            std::to_string(tw.statuses.size()) + " statuses (typed subset)";
    ok &= show("twitter", tw_source.c_str(), tw);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "demo failed: %s\n", e.what());
    return 1;
  }
  return ok ? 0 : 1;
}
