// Shared, weak and polymorphic pointers in the binary format: identity, cycles, expired pointers, subtypes.
#include "bin_test.hpp"

namespace {

// ---- shared and weak pointers ---------------------------------------------------------------------------

TEST(BinaryPointers, SharedObjectsAreStoredOnceAndComeBackShared) {
  golden::pointers p = golden::make_pointers();
  bytes b = encode(p);
  auto back = decode<golden::pointers>(b);
  ASSERT_TRUE(back) << back.error().message();
  EXPECT_EQ(back->shared_a, back->shared_b);
  EXPECT_EQ(*back->shared_a, "shared");
  ASSERT_EQ(back->tree->children.size(), 3u);
  EXPECT_EQ(back->tree->children[0], back->tree->children[2]);
  EXPECT_EQ(back->tree->children[1]->parent.lock(), back->tree);  // the cycle, closed through weak_ptr
  EXPECT_EQ(back->tree->children[1]->value, 3);
  EXPECT_EQ(*back->present, 42);
  EXPECT_FALSE(back->absent);
  EXPECT_EQ(back->owned->y, 8);
  EXPECT_EQ(back->none, nullptr);
  EXPECT_EQ(std::get<golden::point>(back->pick).x, 0.5);
  EXPECT_EQ(back->nothing.index(), 0u);
  EXPECT_EQ(std::get<1>(back->triple), "nine");
  EXPECT_EQ(back->maybe_words[1], std::nullopt);
}


// Thousands of shared objects, each referred to twice, far apart: the writer's table of them grows several times
// while the earlier numbers must still be found.
TEST(BinaryPointers, ManySharedObjectsKeepTheirIdentity) {
  constexpr std::size_t n = 5000;
  std::vector<std::shared_ptr<int>> objects(2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    objects[i] = std::make_shared<int>(static_cast<int>(i));
    objects[2 * n - 1 - i] = objects[i];
  }
  auto back = decode<std::vector<std::shared_ptr<int>>>(encode(objects));
  ASSERT_TRUE(back) << back.error().message();
  ASSERT_EQ(back->size(), 2 * n);
  for (std::size_t i = 0; i < n; ++i) {
    ASSERT_EQ(*(*back)[i], static_cast<int>(i));
    ASSERT_EQ((*back)[i], (*back)[2 * n - 1 - i]) << i;
    ASSERT_EQ((*back)[i].use_count(), 2) << i;  // held by its two places, no third copy
  }
  // each object written once: the second half is back-references, a few bytes each
  std::vector<std::shared_ptr<int>> distinct(objects.begin(), objects.begin() + n);
  EXPECT_LT(encode(objects).size() - encode(distinct).size(), 3 * n + 8);
}
// A weak_ptr met before any shared_ptr to its object carries the object: it is read there, kept alive until the
// document ends (for the shared_ptr that refers back to it), and expires after that when nothing else owns it.
TEST(BinaryPointers, AnObjectFirstSeenThroughAWeakPointer) {
  struct holder {
    std::weak_ptr<std::string> w;
    std::shared_ptr<std::string> s;
  };
  auto object = std::make_shared<std::string>("held by both");
  auto both = decode<holder>(encode(holder{object, object}));
  ASSERT_TRUE(both) << both.error().message();
  ASSERT_NE(both->s, nullptr);
  EXPECT_EQ(*both->s, "held by both");
  EXPECT_EQ(both->w.lock(), both->s);
  EXPECT_EQ(both->s.use_count(), 1);  // the reader's table let go of it
  // only the weak_ptr: read whole, then gone with the document
  auto alone = decode<holder>(encode(holder{object, nullptr}));
  ASSERT_TRUE(alone) << alone.error().message();
  EXPECT_EQ(alone->s, nullptr);
  EXPECT_TRUE(alone->w.expired());
}

TEST(BinaryPointers, ExpiredWeakPointersAreNullAndSharingChecksTypes) {
  struct holder {
    std::weak_ptr<int> w;
    std::shared_ptr<int> s;
  };
  holder h;
  {
    auto gone = std::make_shared<int>(1);
    h.w = gone;
  }
  EXPECT_EQ(encode(h), of({0x15, 0x00}));  // the expired weak_ptr and the null shared_ptr are absent
  // a shared object read into unique_ptrs: the first reads (a shared_ptr field may become a unique_ptr), the
  // second reference to it cannot be honoured
  auto into_unique = decode<std::vector<std::unique_ptr<int>>>(of({0x16, 0x28, 0x24, 0x02, 0x01}));
  ASSERT_FALSE(into_unique);
  EXPECT_EQ(into_unique.error().code, prism::error_code::invalid_value);
  EXPECT_EQ(into_unique.error().path, "$[1]");
  EXPECT_EQ(*decode<std::vector<std::unique_ptr<int>>>(of({0x16, 0x18, 0x24, 0x02})).value()[0], 1);
  // a reference to an object of another type
  auto other_type = decode<std::tuple<std::shared_ptr<int>, std::shared_ptr<std::int64_t>>>(
      of({0x15, 0x18, 0x24, 0x02, 0x18, 0x01, 0x00}));
  ASSERT_FALSE(other_type);
  EXPECT_EQ(other_type.error().code, prism::error_code::type_mismatch);
  EXPECT_EQ(other_type.error().path, "$[1]");
  // a cycle of shared_ptrs: writable, but it would own itself when read
  struct loop {
    std::shared_ptr<loop> next;
  };
  auto a = std::make_shared<loop>();
  a->next = a;
  bytes cyclic = encode(a);
  a->next.reset();
  EXPECT_EQ(cyclic, of({0x18, 0x2C, 0x01, 0x08, 0x01}));  // a dense record of one ref: a back-reference
  auto closed = decode<std::shared_ptr<loop>>(cyclic);
  ASSERT_FALSE(closed);
  EXPECT_EQ(closed.error().path, "$.next");
  EXPECT_EQ(closed.error().detail, "a shared_ptr cycle: an object refers to one that contains it (close cycles with weak_ptr)");
  auto unseen = decode<std::shared_ptr<int>>(of({0x18, 0x03}));
  ASSERT_FALSE(unseen);
  EXPECT_EQ(unseen.error().detail, "reference to a shared object not yet seen");
}

TEST(BinaryPointers, PolymorphicPointersComeBackAsTheirDynamicTypes) {
  bytes b = encode(golden::make_drawing());
  auto back = decode<golden::drawing>(b);
  ASSERT_TRUE(back) << back.error().message();
  ASSERT_EQ(back->owned.size(), 3u);
  EXPECT_EQ(back->owned[0]->area(), 12);  // a circle of radius 2
  EXPECT_EQ(back->owned[1]->area(), 9);   // a square of side 3
  EXPECT_EQ(dynamic_cast<golden::circle*>(back->owned[2].get())->label, "c2");
  EXPECT_EQ(back->shared[0], back->shared[1]);
  EXPECT_EQ(back->shared[0]->area(), 2.25);
  const golden::shape& plain = *back->plain;
  EXPECT_EQ(typeid(plain), typeid(golden::shape));
  EXPECT_EQ(back->plain->label, "base");
  // names are stored once per document, then referred to by number
  std::string text(reinterpret_cast<const char*>(b.data()), b.size());
  EXPECT_EQ(text.find("circle"), text.rfind("circle"));
  // an unregistered dynamic type cannot be written, a name the reader does not know cannot be read
  struct triangle : golden::shape {};
  golden::drawing odd;
  odd.plain = std::make_unique<triangle>();
  EXPECT_EQ(prism::bin::to_bytes(odd).error().code, prism::error_code::unknown_type);
  EXPECT_EQ(prism::bin::to_bytes(odd).error().path, "$.plain");
  std::string renamed = text;
  renamed.replace(renamed.find("square"), 6, "sqaure");
  auto unknown = prism::bin::read<golden::drawing>(std::string_view(renamed));
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().code, prism::error_code::unknown_type);
  EXPECT_EQ(unknown.error().detail, "unknown type name \"sqaure\" for shape");
  EXPECT_EQ(unknown.error().path, "$.owned[1]");
}

// A type name is looked up once per document and base; a name two bases share resolves for each on its own.
// In a record a unique_ptr<Base> field is a bare poly (the field's wire type 9, no ref around it); in a sequence, a
// ref holding one.
TEST(BinaryPointers, AUniquePointerFieldIsABarePoly) {
  struct holder {
    std::unique_ptr<golden::shape> plain;
  };
  holder h;
  h.plain = std::make_unique<golden::shape>();
  h.plain->label = "b";
  EXPECT_EQ(encode(h), of({0x15, 0x01, 0x09, 0x00, 0x01, 0x04, 0x01, 'b'}));  // poly t = 0: the base, its record
  std::vector<std::unique_ptr<golden::shape>> many;
  many.push_back(std::move(h.plain));
  EXPECT_EQ(encode(many), of({0x16, 0x18, 0x14, 0x00, 0x01, 0x04, 0x01, 'b'}));  // seq of 1 ref; h = 20: a poly
}

TEST(BinaryPointers, OneSubtypeNameUnderTwoBases) {
  std::vector<std::pair<std::unique_ptr<homonyms::animal>, std::unique_ptr<homonyms::vehicle>>> v;
  for (int i = 0; i < 3; ++i) {
    auto c = std::make_unique<homonyms::cat>();
    c->legs = 4;
    c->name = "cat" + std::to_string(i);
    auto r = std::make_unique<homonyms::car>();
    r->wheels = i;
    r->speed = 1.5 * i;
    v.emplace_back(std::move(c), std::move(r));
  }
  bytes b = encode(v);
  std::string text(reinterpret_cast<const char*>(b.data()), b.size());
  EXPECT_EQ(text.find("kind"), text.rfind("kind"));  // one name in the document
  auto back = decode<decltype(v)>(b);
  ASSERT_TRUE(back) << back.error().message();
  ASSERT_EQ(back->size(), 3u);
  for (int i = 0; i < 3; ++i) {
    const auto& [animal, vehicle] = (*back)[static_cast<std::size_t>(i)];
    auto* c = dynamic_cast<homonyms::cat*>(animal.get());
    auto* r = dynamic_cast<homonyms::car*>(vehicle.get());
    ASSERT_TRUE(c && r);
    EXPECT_EQ(c->name, "cat" + std::to_string(i));
    EXPECT_EQ(r->wheels, i);
    EXPECT_EQ(r->speed, 1.5 * i);
  }
}

}  // namespace
