// Package canada mirrors models/canada.hpp (namespace canada): GeoJSON, one feature collection of polygons.
package canada

//go:generate go run github.com/mailru/easyjson/easyjson@v0.9.2 -all -no_std_marshalers canada.go

// FeatureProperties is canada::feature_properties.
type FeatureProperties struct {
	Name string `json:"name"`
}

// Polygon is canada::polygon: rings of [longitude, latitude] points.
type Polygon struct {
	Type        string         `json:"type"`
	Coordinates [][][2]float64 `json:"coordinates"`
}

// Feature is canada::feature.
type Feature struct {
	Type       string            `json:"type"`
	Properties FeatureProperties `json:"properties"`
	Geometry   Polygon           `json:"geometry"`
}

// FeatureCollection is canada::feature_collection.
type FeatureCollection struct {
	Type     string    `json:"type"`
	Features []Feature `json:"features"`
}
