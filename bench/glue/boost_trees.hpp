// Boost.Serialization and the benchmark's trees: serialize functions for the nodes, and the polymorphic tree's
// derived types exported. Apart from boost.hpp because BOOST_CLASS_EXPORT_GUID instantiates code for every archive
// included, which would count in the executable-size programs (they have no trees). Include it in one translation
// unit.
#pragma once

#include <boost/serialization/base_object.hpp>
#include <boost/serialization/export.hpp>
#include <boost/serialization/shared_ptr.hpp>
#include <boost/serialization/unique_ptr.hpp>
#include <boost/serialization/weak_ptr.hpp>

#include "../bin_models.hpp"
#include "boost.hpp"  // the archives, which must come before the export

namespace boost::serialization {
template <class Ar>
void serialize(Ar& ar, binmodel::unode& n, unsigned) {
  ar & n.value & n.left & n.right;
}
template <class Ar>
void serialize(Ar& ar, binmodel::snode& n, unsigned) {
  ar & n.value & n.left & n.right & n.parent;
}
template <class Ar>
void serialize(Ar& ar, binmodel::pnode& n, unsigned) {
  ar & n.value & n.left & n.right;
}
template <class Ar, int L>
void serialize(Ar& ar, binmodel::pnode_at<L>& n, unsigned) {
  ar & boost::serialization::base_object<binmodel::pnode>(n) & n.extra;
}
}  // namespace boost::serialization

BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<0>, "p0")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<1>, "p1")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<2>, "p2")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<3>, "p3")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<4>, "p4")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<5>, "p5")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<6>, "p6")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<7>, "p7")
BOOST_CLASS_EXPORT_GUID(binmodel::pnode_at<8>, "p8")
