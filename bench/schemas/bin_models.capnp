# The binary benchmark's models (bench/bin_models.hpp) for Cap'n Proto: Int32 fields, List(Int32), List(Float32).
# Cap'n Proto has no map: a list of key/value entries in key order, rebuilt into a std::map on read. No trees: no
# shared, weak or polymorphic pointers.
@0xf304e06f6da48121;

using Cxx = import "/capnp/c++.capnp";
$Cxx.namespace("bincp");

struct IntegerClass {
  a @0 :Int32;
  b @1 :Int32;
  c @2 :Int32;
  d @3 :Int32;
  e @4 :Int32;
  f @5 :Int32;
  g @6 :Int32;
  h @7 :Int32;
  i @8 :Int32;
  j @9 :Int32;
}

struct IntegerClassList {
  items @0 :List(IntegerClass);
}

struct Int32List {
  values @0 :List(Int32);
}

struct FloatList {
  values @0 :List(Float32);
}

struct Int32Map {
  entries @0 :List(Entry);
  struct Entry {
    key @0 :Int32;
    value @1 :Int32;
  }
}
