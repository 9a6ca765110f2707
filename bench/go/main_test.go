package main

import "testing"

func TestSameJSON(t *testing.T) {
	cases := []struct {
		got, want string
		same      bool
	}{
		{`{"a":1,"b":[true,null,"x"]}`, `{"b":[true,null,"x"],"a":1}`, true},
		{`{"id":505874924095815681}`, `{"id":505874924095815680}`, false}, // equal as float64, not as integers
		{`[2988]`, `[2988.0]`, true},
		{`[2.33e+24]`, `[2330000000000000000000000]`, true},
		{`[0.1]`, `[0.10000000149011612]`, true}, // the same float32
		{`[0.1]`, `[0.11]`, false},
		{`{"a":1}`, `{"a":1,"b":2}`, false},
		{`["a"]`, `["b"]`, false},
		{`[[1,2]]`, `[[1,2,3]]`, false},
	}
	for _, c := range cases {
		want, err := parseGeneric([]byte(c.want))
		if err != nil {
			t.Fatal(err)
		}
		if err := sameJSON([]byte(c.got), want); (err == nil) != c.same {
			t.Errorf("sameJSON(%s, %s) = %v, want same=%v", c.got, c.want, err, c.same)
		}
	}
}
