// Describing types that are not aggregates: beside the type, intrusively, or as a surrogate.
#include <prism/prism.hpp>

#include <cstdio>
#include <string>

namespace billing {

// Getters and setters, described beside the class without touching it.
class invoice {
 public:
  const std::string& number() const { return number_; }
  void set_number(std::string n) { number_ = std::move(n); }
  long total_cents() const { return cents_; }
  void set_total_cents(long c) { cents_ = c; }

 private:
  std::string number_ = "INV-1";
  long cents_ = 129900;
};
constexpr auto prism_describe(prism::type_t<invoice>) {
  return prism::fields(prism::field("number", &invoice::number, &invoice::set_number),
                       prism::field("total_cents", &invoice::total_cents, &invoice::set_total_cents),
                       prism::computed<invoice>("total", [](const invoice& i) { return static_cast<double>(i.total_cents()) / 100.0; }));
}

// Private members, with the intrusive one-liner.
class customer {
 public:
  explicit customer(std::string name) : name_(std::move(name)) {}

 private:
  std::string name_;
  int tier_ = 2;
  friend constexpr auto prism_describe(prism::type_t<customer>) {
    return prism::fields(prism::field("name", &customer::name_), prism::field("tier", &customer::tier_));
  }
};

// A type that takes over its representation: a date is written as "YYYY-MM-DD".
struct date {
  int year, month, day;
};
inline prism::short_string<10> to_text(const date& d) {
  prism::short_string<10> s;
  auto put = [&](int v, int digits) {
    char b[4];
    for (int i = digits - 1; i >= 0; --i, v /= 10) b[i] = static_cast<char>('0' + v % 10);
    for (int i = 0; i < digits; ++i) s.push_back(b[i]);
  };
  put(d.year, 4);
  s.push_back('-');
  put(d.month, 2);
  s.push_back('-');
  put(d.day, 2);
  return s;
}
constexpr auto prism_describe(prism::type_t<date>) { return prism::as<prism::short_string<10>>(&to_text); }

// An aggregate using all three: the rest of the model works around them.
struct statement {
  customer to;
  std::vector<invoice> invoices;
  date due;
};

}  // namespace billing

int main() {
  billing::statement s{billing::customer("Grace"), {billing::invoice{}}, {2026, 11, 22}};
  std::printf("%s\n", prism::json::to_string(s).value().c_str());
}
