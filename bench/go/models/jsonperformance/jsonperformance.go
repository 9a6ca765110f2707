// Package jsonperformance mirrors models/json_performance.hpp (namespace json_performance): the object of the
// json_performance benchmark. float_array holds 32-bit floats.
package jsonperformance

//go:generate go run github.com/mailru/easyjson/easyjson@v0.9.2 -all -no_std_marshalers jsonperformance.go

// FixedObject is json_performance::fixed_object_t.
type FixedObject struct {
	IntArray    []int32   `json:"int_array"`
	FloatArray  []float32 `json:"float_array"`
	DoubleArray []float64 `json:"double_array"`
}

// FixedNameObject is json_performance::fixed_name_object_t.
type FixedNameObject struct {
	Name0 string `json:"name0"`
	Name1 string `json:"name1"`
	Name2 string `json:"name2"`
	Name3 string `json:"name3"`
	Name4 string `json:"name4"`
}

// NestedObject is json_performance::nested_object_t.
type NestedObject struct {
	V3s [][3]float64 `json:"v3s"`
	ID  string       `json:"id"`
}

// AnotherObject is json_performance::another_object_t.
type AnotherObject struct {
	String        string       `json:"string"`
	AnotherString string       `json:"another_string"`
	EscapedText   string       `json:"escaped_text"`
	Boolean       bool         `json:"boolean"`
	NestedObject  NestedObject `json:"nested_object"`
}

// Obj is json_performance::obj_t.
type Obj struct {
	FixedObject     FixedObject     `json:"fixed_object"`
	FixedNameObject FixedNameObject `json:"fixed_name_object"`
	AnotherObject   AnotherObject   `json:"another_object"`
	StringArray     []string        `json:"string_array"`
	String          string          `json:"string"`
	Number          float64         `json:"number"`
	Boolean         bool            `json:"boolean"`
	AnotherBool     bool            `json:"another_bool"`
}
