// JSON of any shape inside a typed model: a webhook whose `metadata` the service does not own, read into a
// json::value, looked into by key, index and JSON Pointer, changed, converted to and from typed values, and written
// back with its numbers as they came.
#include <prism/prism.hpp>

#include <cstdio>
#include <string>
#include <string_view>

struct refund {
  std::uint64_t order = 0;
  double amount = 0;
  std::vector<std::string> reasons;
};

struct webhook {
  std::string event;
  std::uint64_t delivery = 0;
  prism::json::value metadata;  // any JSON the sender chose
};

int main() {
  using prism::json::value;
  const std::string_view body = R"({
    "event": "order.paid",
    "delivery": 981,
    "metadata": {"campaign": "autumn", "ab": [0.25, 1.50, 1e400], "customer": {"tier": "gold", "id": 123456789012345678901234567890}}
  })";
  webhook hook = prism::json::read<webhook>(body).value();

  // Reading: operator[] gives null for what is missing; the as_* accessors say why a value is not what was asked.
  const value& meta = hook.metadata;
  std::string campaign(meta["campaign"].as_string().value());  // a view of the value's text, not NUL-terminated
  std::printf("campaign: %s\n", campaign.c_str());
  std::printf("first ab weight: %g\n", meta["ab"][0].as_double().value());
  std::printf("missing: %s\n", meta["coupon"]["code"].is_null() ? "null" : "?");
  if (const value* tier = meta.at_pointer("/customer/tier"))  // nullptr when nothing is there
    std::printf("tier via pointer: %s\n", std::string(tier->as_string().value()).c_str());
  auto id = meta.at_pointer("/customer/id")->as_int64();
  std::printf("customer id as int64: %s\n", id ? "?" : id.error().message().c_str());
  for (const auto& m : meta.members()) std::printf("  key %s\n", std::string(m.key()).c_str());

  // Changing it, and building parts by hand.
  hook.metadata.set("seen", true);
  hook.metadata.set("history", value::array({value::object({{"at", "2026-11-29"}, {"by", "billing"}})}));
  hook.metadata.at_pointer("/ab")->push_back(0.125);
  // A typed value as a json::value, as the writer would write it (views and options too), with no text in between;
  // and back: to<T> reads a part of the value by the reader's rules, its errors with their path.
  hook.metadata.set("refund", prism::json::from(refund{981, 12.5, {"late", "damaged"}}).value());
  refund back = prism::json::to<refund>(hook.metadata["refund"]).value();
  std::printf("refund back: order %llu, %.2f, %zu reasons\n", static_cast<unsigned long long>(back.order), back.amount,
              back.reasons.size());
  const value bad_refund = value::object({{"order", -1}, {"amount", 2.5}});
  auto wrong = prism::json::to<refund>(bad_refund);
  std::printf("bad refund: %s\n", wrong ? "?" : wrong.error().message().c_str());

  // Written back through the typed writer: 1.50, 1e400 and the 30-digit id exactly as they came.
  std::printf("%s\n", prism::json::to_string(hook).value().c_str());
  std::printf("%s\n", prism::json::to_string(hook.metadata["history"], {.indent = 2}).value().c_str());

  // A document read and dropped together can live in an arena: one bump of a pointer per container or long string.
  prism::json::arena arena;
  auto doc = prism::json::read<value>(body, {.arena = &arena});
  std::printf("arena read: %s, %zu members, %zu bytes reserved\n", doc ? "ok" : "failed", (*doc)["metadata"].size(),
              arena.bytes_reserved());

  // Duplicate keys are kept as read (lookups take the last), or refused by option.
  auto strict = prism::json::read<value>(std::string_view(R"({"a": 1, "a": 2})"), {.reject_duplicate_keys = true});
  std::printf("strict: %s\n", strict ? "accepted?" : strict.error().message().c_str());
  return strict ? 1 : 0;
}
