// Compatibility: two and three versions of the same models read each other's documents (fields added, removed,
// renamed, widened, narrowed), and the changes the format refuses.
#include "bin_test.hpp"

namespace {

// ---- compatibility: two versions of the same models ------------------------------------------------------

v1::order old_order() {
  v1::order o;
  o.items = {{1, "one", 10, 0.5f}, {2, "two", 20, 1.5f}};
  o.main = std::make_unique<v1::item>(v1::item{3, "main", 30, 2.5f});
  o.extra = v1::item{4, "extra", 40, 3.5f};
  o.note = {5, "note"};
  return o;
}

TEST(BinaryCompatibility, NewReaderReadsOldDocuments) {
  auto n = decode<v2::order>(encode(old_order()));
  ASSERT_TRUE(n) << n.error().message();
  ASSERT_EQ(n->items.size(), 2u);
  EXPECT_EQ(n->items[1].id, 2);
  EXPECT_EQ(n->items[1].name, "two");
  EXPECT_EQ(n->items[1].count, 20);        // T became optional<T>
  EXPECT_EQ(n->items[1].weight, 1.5);      // float became double
  EXPECT_EQ(n->items[1].sku, "none");      // added: the default
  EXPECT_EQ(n->main->name, "main");        // unique_ptr became shared_ptr
  EXPECT_EQ(n->extra->count, 40);
  EXPECT_EQ(std::get<1>(n->note), "note");  // pair became a longer tuple
  EXPECT_FALSE(std::get<2>(n->note));
  EXPECT_EQ(n->flags, 7u);                 // added: the default
}

TEST(BinaryCompatibility, OldReaderReadsNewDocuments) {
  v2::order n;
  n.items = {{1, "one", std::nullopt, 0.25, "A-1"}};
  n.main = std::make_shared<v2::item>(v2::item{2, "main", 5, 1.0, "B-2"});
  n.note = {9, "nine", true};
  n.flags = 3;
  auto o = decode<v1::order>(encode(n));
  ASSERT_TRUE(o) << o.error().message();
  EXPECT_EQ(o->items[0].id, 1);
  EXPECT_EQ(o->items[0].count, 0);  // absent (a null optional): the default
  EXPECT_EQ(o->items[0].weight, 0.25f);
  EXPECT_EQ(o->main->name, "main");  // shared_ptr read into a unique_ptr: it was not shared
  EXPECT_EQ(o->note.second, "nine");  // the tuple's third element skipped
}

TEST(BinaryCompatibility, RemovedRenamedAndNarrowedFields) {
  auto r = decode<v3::order>(encode(old_order()));
  ASSERT_TRUE(r) << r.error().message();
  EXPECT_EQ(r->items.back().identifier, 2);  // renamed: ids, not names
  EXPECT_EQ(r->items.back().quantity, 20);
  EXPECT_EQ(r->items.back().mass, 1.5f);
  EXPECT_EQ(r->items.back().sku, "unset");
  EXPECT_EQ(r->main->identifier, 3);
  // and back: the old reader gets the removed name as its default
  v3::order o3;
  o3.items.push_back({7, 70, 7.5f, "S"});
  auto o1 = decode<v1::order>(encode(o3));
  ASSERT_TRUE(o1);
  EXPECT_EQ(o1->items[0].id, 7);
  EXPECT_EQ(o1->items[0].name, "");
  EXPECT_EQ(o1->items[0].count, 70);
  // narrowed: a value that does not fit is an error naming the field
  v2::order big;
  big.items = {{1, "a", std::nullopt, 0, "s"}, {100000, "b", std::nullopt, 0, "s"}};
  auto narrowed = decode<v3::order>(encode(big));
  ASSERT_FALSE(narrowed);
  EXPECT_EQ(narrowed.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(narrowed.error().path, "$.items[1].identifier");
  EXPECT_EQ(narrowed.error().detail, "100000 out of range for its target");
}

// Records and scalar sequences in the layout their model writes are read on a fast path (keys and wire types known
// at compile time); at the first difference the general reader takes over where it stopped. Both must agree.
TEST(BinaryCompatibility, FastPathHandsOverToTheGeneralReader) {
  struct gappy {
    std::int32_t a = 0;
    std::optional<std::int32_t> b;
    std::int64_t c = 0;
    double d = 0;
    bool operator==(const gappy&) const = default;
  };
  for (const gappy& g : {gappy{1, std::nullopt, -3, 0.5}, gappy{1, 2, -3, 0.5}, gappy{}}) {
    auto back = decode<gappy>(encode(g));
    ASSERT_TRUE(back) << back.error().message();
    EXPECT_EQ(*back, g);
  }
  // a field this model does not know after the ones it does (written by a newer model): skipped by the general loop
  struct ab {
    std::int32_t a = 0, b = 0;
  };
  auto swapped = decode<ab>(encode(std::tuple<std::int32_t, std::int32_t, std::string>{5, 6, "newer"}));
  ASSERT_TRUE(swapped);
  EXPECT_EQ(swapped->a, 5);
  EXPECT_EQ(swapped->b, 6);
  // an error on the fast path names its field or element as the general reader does
  struct wide {
    std::int32_t a = 0, b = 0;
  };
  struct narrow {
    std::int32_t a = 0;
    std::int8_t b = 0;
  };
  auto field = decode<narrow>(encode(wide{1, 300}));
  ASSERT_FALSE(field);
  EXPECT_EQ(field.error().code, prism::error_code::out_of_range);
  EXPECT_EQ(field.error().path, "$.b");
  auto element = decode<std::vector<std::int8_t>>(encode(std::vector<std::int16_t>{1, 2, 300}));
  ASSERT_FALSE(element);
  EXPECT_EQ(element.error().path, "$[2]");
  // truncated inside a record on the fast path: an error, not a read past the end
  bytes cut = encode(wide{1, 300});
  cut.resize(cut.size() - 2);
  EXPECT_EQ(decode<wide>(cut).error().code, prism::error_code::unexpected_end);
}

// A record with empty fields is read on the fast path too (dense: nibbles that say absent; keyed: the end byte
// where a key was due), unless a required field is the one missing.
TEST(BinaryCompatibility, RecordsWithAbsentFields) {
  bytes seated = encode(checked::ticket{7, 12, std::nullopt});
  EXPECT_EQ(seated, of({0x15, 0x03, 0x11, 0x0F, 0x0E, 0x18}));  // sint, sint; note absent (15), padding 0
  checked::ticket t{1, 2, "kept"};
  ASSERT_TRUE(prism::bin::read_into(std::span<const std::byte>(seated), t));
  EXPECT_EQ(t.id, 7);
  EXPECT_EQ(t.seat, 12);
  EXPECT_EQ(t.note, "kept");  // absent: the target keeps what it holds
  auto unseated = decode<checked::ticket>(encode(checked::ticket{7, std::nullopt, "aisle"}));
  ASSERT_FALSE(unseated);
  EXPECT_EQ(unseated.error().code, prism::error_code::missing_field);
  EXPECT_NE(unseated.error().detail.find("\"seat\""), std::string::npos) << unseated.error().detail;
  bytes leveled = encode(checked::badge{3, 2});
  EXPECT_EQ(leveled, of({0x15, 0x11, 0x06, 0x81, 0x01, 0x04, 0x00}));  // keys: id 1 (sint), id 9 (sint), end
  EXPECT_EQ(decode<checked::badge>(leveled)->level, 2);
  bytes unleveled = encode(checked::badge{3, std::nullopt});
  EXPECT_EQ(unleveled, of({0x15, 0x11, 0x06, 0x00}));
  auto missing = decode<checked::badge>(unleveled);
  ASSERT_FALSE(missing);
  EXPECT_EQ(missing.error().code, prism::error_code::missing_field);
  EXPECT_EQ(missing.error().offset, 3u);  // at the end byte
  // an absent nibble where this model has none to spare (the padding) is still an error
  EXPECT_EQ(decode<checked::ticket>(of({0x15, 0x03, 0x11, 0xFF, 0x0E, 0x18})).error().detail,
            "dense record padding nibble not 0");
}

// An enumerator a newer model added is an error to an older reader, as in JSON, not a value it cannot name (which
// it could not write as JSON either); a number the enum's type cannot hold is out of range.
TEST(BinaryCompatibility, AnAddedEnumeratorIsAnErrorToAnOldReader) {
  const bytes refunded = encode(shipping_v2::order{7, shipping_v2::status::refunded});
  EXPECT_EQ(refunded, of({0x15, 0x02, 0x01, 0x0E, 0x03}));  // dense: id 1 sint 14, id 2 uint 3
  auto old = decode<shipping_v1::order>(refunded);
  ASSERT_FALSE(old);
  EXPECT_EQ(old.error().code, prism::error_code::unknown_enumerator);
  EXPECT_EQ(old.error().message(), "3 is no enumerator of status at $.state (byte 4)");
  EXPECT_EQ(prism::json::read<shipping_v1::order>(std::string_view(R"({"id": 7, "state": "refunded"})")).error().code,
            prism::error_code::unknown_enumerator);  // JSON says the same
  // the enumerators both know read across, either way
  EXPECT_EQ(decode<shipping_v1::order>(encode(shipping_v2::order{7, shipping_v2::status::shipped}))->state,
            shipping_v1::status::shipped);
  EXPECT_EQ(decode<shipping_v2::order>(encode(shipping_v1::order{7, shipping_v1::status::paid}))->state,
            shipping_v2::status::paid);
  // beyond the underlying type: out_of_range, as for any integer
  auto wide = decode<shipping_v1::order>(of({0x15, 0x02, 0x01, 0x0E, 0xAC, 0x02}));  // 300
  ASSERT_FALSE(wide);
  EXPECT_EQ(wide.error().code, prism::error_code::out_of_range);
  // a value with no enumerator is not written either (a reader would refuse it), as in JSON
  shipping_v2::order odd{7, static_cast<shipping_v2::status>(9)};
  auto unwritten = prism::bin::to_bytes(odd);
  ASSERT_FALSE(unwritten);
  EXPECT_EQ(unwritten.error().code, prism::error_code::unknown_enumerator);
  EXPECT_FALSE(prism::bin::to_bytes(std::vector<shipping_v2::status>{shipping_v2::status::paid, odd.state}));
  EXPECT_FALSE(prism::json::to_string(odd));
  // flag combinations and other unnamed values, where a model wants them: by option, on both sides
  const bytes nine = prism::bin::to_bytes(odd, {.unnamed_enum_values = true}).value();
  EXPECT_EQ(prism::bin::read<shipping_v2::order>(std::span<const std::byte>(nine), {.unnamed_enum_values = true})
                .value()
                .state,
            odd.state);
  auto unnamed = prism::bin::read<shipping_v1::order>(std::span<const std::byte>(refunded), {.unnamed_enum_values = true});
  ASSERT_TRUE(unnamed) << unnamed.error().message();
  EXPECT_EQ(static_cast<int>(unnamed->state), 3);
}

// A variant's alternative is a choice that names it (as JSON tags it), once per document: reordering the
// alternatives reads the same values, and an alternative a newer model added is an error that names it, never
// another alternative read from its bytes.
TEST(BinaryCompatibility, VariantAlternativesAreNamedNotNumbered) {
  using shapes::circle, shapes::square, shapes::triangle;
  const bytes b = encode(std::variant<circle, square>{circle{2.5}});
  EXPECT_EQ(b, of({0x1E, 0x02, 0x06, 'c', 'i', 'r', 'c', 'l', 'e', 0x05,  // choice: name 2, "circle", a record
                   0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x40}));  // dense: id 1 f64, 2.5
  auto reordered = decode<std::variant<square, circle>>(b);
  ASSERT_TRUE(reordered) << reordered.error().message();
  ASSERT_EQ(reordered->index(), 1u);
  EXPECT_EQ(std::get<circle>(*reordered).r, 2.5);
  // a name seen before in the document is its number
  const std::vector<std::variant<circle, square>> two{circle{1}, square{2}, circle{3}};
  const bytes names = encode(two);
  EXPECT_EQ(std::count(names.begin(), names.end(), std::byte{'l'}), 1);  // "circle" written once, then 0x01
  auto back = decode<std::vector<std::variant<square, circle>>>(names);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(std::get<circle>((*back)[2]).r, 3);
  // an alternative added: the old reader says which
  auto added = decode<std::variant<circle, square>>(encode(std::variant<circle, square, triangle>{triangle{1, 2}}));
  ASSERT_FALSE(added);
  EXPECT_EQ(added.error().code, prism::error_code::unknown_type);
  EXPECT_EQ(added.error().message(), "unknown variant alternative \"triangle\" for variant<shapes::circle, shapes::square> at $ (byte 1)");
  // documents of earlier builds, a keyed record numbering the alternative by place (id 2: square), still read
  auto earlier = decode<std::variant<circle, square>>(
      of({0x15, 0x25, 0x01, 0x03, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x04, 0x40, 0x00}));
  ASSERT_TRUE(earlier) << earlier.error().message();
  EXPECT_EQ(std::get<square>(*earlier).side, 2.5);
}

// A field added to a model may hold the first appearance of a shared object that a field the older model knows refers
// to later: the older reader skips the object where it appears, then reads it from its bytes at the reference, with
// the objects inside it keeping their numbers (the table promises "field added: old reader skips it").
TEST(BinaryCompatibility, AnOldReaderFindsASharedObjectItSkipped) {
  sharing_v2::document d;
  auto owner = std::make_shared<std::string>("owner");
  auto note = std::make_shared<std::string>("note");
  d.items = {{1, owner, nullptr}, {2, nullptr, std::make_shared<sharing_v2::tag>(sharing_v2::tag{"t", note})}};
  d.main = owner;
  d.other = note;
  auto old = decode<sharing_v1::document>(encode(d));
  ASSERT_TRUE(old) << old.error().message();
  ASSERT_EQ(old->items.size(), 2u);
  EXPECT_EQ(old->items[1].id, 2);
  ASSERT_NE(old->main, nullptr);
  EXPECT_EQ(*old->main, "owner");
  ASSERT_NE(old->other, nullptr);  // inside a skipped object that was itself skipped: found at its own number
  EXPECT_EQ(*old->other, "note");
  // the newer model reads its own document with every object shared as written
  auto again = decode<sharing_v2::document>(encode(d));
  ASSERT_TRUE(again) << again.error().message();
  EXPECT_EQ(again->main, again->items[0].owner);
  EXPECT_EQ(again->other, again->items[1].label->note);
}

// A multimap's document read into a map that holds one value per key would drop values without a word: an error
// naming the pair, for ordered and unordered maps alike. Into a multimap every pair reads.
TEST(BinaryCompatibility, AMultimapIntoAUniqueMapIsAnError) {
  const std::multimap<std::int32_t, std::string> tags{{1, "a"}, {2, "b"}, {2, "c"}};
  const bytes b = encode(tags);
  EXPECT_EQ(b, of({0x17, 0x03, 0x14, 0x02, 0x01, 'a', 0x04, 0x01, 'b', 0x04, 0x01, 'c'}));  // sint keys, bytes values
  using ordered = std::map<std::int32_t, std::string>;
  using unordered = std::unordered_map<std::int32_t, std::string>;
  for (const prism::error& r : {decode<ordered>(b).error(), decode<unordered>(b).error()}) {
    EXPECT_EQ(r.code, prism::error_code::invalid_value);
    EXPECT_EQ(r.message(), "a key seen before, in a map that holds one value per key at $[2] (byte 9)");
  }
  auto back = decode<std::multimap<std::int32_t, std::string>>(b);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(*back, tags);
  using unique_map = std::map<std::int32_t, std::string>;
  const unique_map unique{{1, "a"}, {2, "b"}};
  EXPECT_EQ(decode<unique_map>(encode(unique)).value(), unique);
}

TEST(BinaryCompatibility, DisallowedChangesGiveTypeMismatch) {
  struct text_id {
    std::string id;
  };
  struct number_id {
    std::uint8_t id = 0;
  };
  auto r = decode<number_id>(encode(text_id{"x"}));
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().code, prism::error_code::type_mismatch);
  EXPECT_EQ(r.error().message(), "expected an integer, found wire type bytes at $.id (byte 3)");
  auto negative = decode<number_id>(encode(std::tuple<int>{-1}));
  ASSERT_FALSE(negative);
  EXPECT_EQ(negative.error().code, prism::error_code::out_of_range);  // signedness changed: range-checked
}

}  // namespace
