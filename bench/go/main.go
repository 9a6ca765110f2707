// Command gobench measures Go's encoding/json and easyjson writing and reading prism's benchmark documents into
// the same typed models as the C++ side (models/), as bench/README.md describes: a check against prism's own
// output first, then CPU time per operation in shuffled, interleaved repetitions, written as a JSON results file.
package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/big"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"syscall"
	"text/tabwriter"
	"time"

	"github.com/mailru/easyjson"
	"github.com/mailru/easyjson/jwriter"

	"prism-bench/go/models/canada"
	"prism-bench/go/models/jsonperformance"
	"prism-bench/go/models/seed004"
	"prism-bench/go/models/twitter"
)

const (
	libStd      = "encoding/json"
	libEasy     = "easyjson"
	libEasyBuf  = "easyjson (reused buffer)"
	easyjsonMod = "github.com/mailru/easyjson"
	shuffleSeed = 1
	allocOps    = 100 // minimum ops of the untimed allocation loop
)

// row is one timed operation: a library writing or reading one document.
type row struct {
	library, doc, op, api string
	inputBytes, outBytes  int
	fn                    func() error

	batch   int       // ops between two clock reads
	secs    []float64 // CPU seconds per op, one per repetition
	allocs  float64
	bytesOp float64
}

func (r *row) name() string { return r.library + "/" + r.doc + "/" + r.op }

// sinks keep results alive so that no operation can be optimised away.
var (
	sinkBytes []byte
	sinkAny   any
)

// model is a pointer to a document type with easyjson's generated methods.
type model[T any] interface {
	*T
	easyjson.Marshaler
	easyjson.Unmarshaler
}

func stdRead[T any](data []byte) (*T, error) {
	v := new(T)
	err := json.Unmarshal(data, v)
	return v, err
}

func easyRead[T any, PT model[T]](data []byte) (*T, error) {
	v := new(T)
	err := easyjson.Unmarshal(data, PT(v))
	return v, err
}

// addDoc checks one document for every library and returns its rows.
func addDoc[T any, PT model[T]](doc, inputPath, expectedPath string) ([]*row, error) {
	input, err := os.ReadFile(inputPath)
	if err != nil {
		return nil, err
	}
	expected, err := os.ReadFile(expectedPath)
	if err != nil {
		return nil, err
	}
	// encoding/json must take its reflection path, not methods easyjson could have generated.
	pt := reflect.TypeFor[PT]()
	if pt.Implements(reflect.TypeFor[json.Marshaler]()) || pt.Implements(reflect.TypeFor[json.Unmarshaler]()) {
		return nil, fmt.Errorf("%s: the model implements json.Marshaler/Unmarshaler (regenerate with -no_std_marshalers)", doc)
	}

	readers := []struct {
		lib  string
		read func([]byte) (*T, error)
	}{{libStd, stdRead[T]}, {libEasy, easyRead[T, PT]}}
	var value *T // the value every library writes: the one encoding/json read (checked equal to easyjson's)
	for _, rd := range readers {
		v, err := rd.read(input)
		if err != nil {
			return nil, fmt.Errorf("%s/%s: reading %s: %v", rd.lib, doc, inputPath, err)
		}
		fromExpected, err := rd.read(expected)
		if err != nil {
			return nil, fmt.Errorf("%s/%s: reading prism's output %s: %v", rd.lib, doc, expectedPath, err)
		}
		if !reflect.DeepEqual(v, fromExpected) {
			return nil, fmt.Errorf("%s/%s: the value read from prism's output %s differs from the one read from %s",
				rd.lib, doc, expectedPath, inputPath)
		}
		if value == nil {
			value = v
		} else if !reflect.DeepEqual(value, v) {
			return nil, fmt.Errorf("%s/%s: %s and %s read different values from %s", rd.lib, doc, libStd, rd.lib, inputPath)
		}
	}

	var reused []byte
	writer := new(jwriter.Writer) // reset per op; BuildBytes hands its chunks back to easyjson's pool
	writes := []struct {
		lib, api string
		fn       func() ([]byte, error)
	}{
		{libStd, "json.Marshal(&v) (new slice per op)", func() ([]byte, error) { return json.Marshal(value) }},
		{libEasy, "easyjson.Marshal(&v) with generated MarshalEasyJSON (new slice per op; easyjson pools its chunks)",
			func() ([]byte, error) { return easyjson.Marshal(PT(value)) }},
		{libEasyBuf, "w = jwriter.Writer{}; v.MarshalEasyJSON(&w); out, _ = w.BuildBytes(out[:0]) (out reused; " +
			"BuildBytes copies into it unless the output fits its first 128-byte chunk)",
			func() ([]byte, error) {
				*writer = jwriter.Writer{}
				PT(value).MarshalEasyJSON(writer)
				var err error
				reused, err = writer.BuildBytes(reused[:0])
				return reused, err
			}},
	}
	want, err := parseGeneric(expected)
	if err != nil {
		return nil, fmt.Errorf("%s: cannot parse prism's output %s: %v", doc, expectedPath, err)
	}
	var rows []*row
	outBytes := map[string]int{}
	for _, w := range writes {
		out, err := w.fn()
		if err != nil {
			return nil, fmt.Errorf("%s/%s: writing: %v", w.lib, doc, err)
		}
		if err := sameJSON(out, want); err != nil {
			return nil, fmt.Errorf("%s/%s: the written JSON differs from prism's %s: %v", w.lib, doc, expectedPath, err)
		}
		outBytes[w.lib] = len(out)
		fn := w.fn
		rows = append(rows, &row{library: w.lib, doc: doc, op: "write", api: w.api, inputBytes: len(input),
			outBytes: len(out), fn: func() error {
				b, err := fn()
				sinkBytes = b
				return err
			}})
	}
	rows = append(rows,
		&row{library: libStd, doc: doc, op: "read", api: "json.Unmarshal(input, v) into a new value per op",
			inputBytes: len(input), outBytes: outBytes[libStd], fn: func() error {
				v, err := stdRead[T](input)
				sinkAny = v
				return err
			}},
		&row{library: libEasy, doc: doc, op: "read",
			api:        "easyjson.Unmarshal(input, v) with generated UnmarshalEasyJSON into a new value per op",
			inputBytes: len(input), outBytes: outBytes[libEasy], fn: func() error {
				v, err := easyRead[T, PT](input)
				sinkAny = v
				return err
			}})
	return rows, nil
}

// ---- generic JSON comparison ----

func parseGeneric(b []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); err != io.EOF {
		return nil, errors.New("trailing data after the JSON value")
	}
	return v, nil
}

// sameJSON parses the written text as generic JSON and compares it with the expected document, parsed the same
// way: integers exactly, other numbers as float64 or, failing that, as float32.
func sameJSON(got []byte, want any) error {
	g, err := parseGeneric(got)
	if err != nil {
		return fmt.Errorf("cannot parse the written JSON: %v", err)
	}
	return compare("$", g, want)
}

func isInteger(s string) bool { return !strings.ContainsAny(s, ".eE") }

func sameNumber(a, b json.Number) bool {
	if isInteger(string(a)) && isInteger(string(b)) {
		x, ok1 := new(big.Int).SetString(string(a), 10)
		y, ok2 := new(big.Int).SetString(string(b), 10)
		return ok1 && ok2 && x.Cmp(y) == 0
	}
	x, err1 := strconv.ParseFloat(string(a), 64)
	y, err2 := strconv.ParseFloat(string(b), 64)
	if err1 != nil || err2 != nil {
		return false
	}
	return x == y || float32(x) == float32(y)
}

func compare(path string, got, want any) error {
	switch w := want.(type) {
	case map[string]any:
		g, ok := got.(map[string]any)
		if !ok {
			return fmt.Errorf("%s: written %T, expected an object", path, got)
		}
		if len(g) != len(w) {
			return fmt.Errorf("%s: written object has %d keys, expected %d", path, len(g), len(w))
		}
		for k, wv := range w {
			gv, ok := g[k]
			if !ok {
				return fmt.Errorf("%s: key %q missing", path, k)
			}
			if err := compare(path+"."+k, gv, wv); err != nil {
				return err
			}
		}
	case []any:
		g, ok := got.([]any)
		if !ok {
			return fmt.Errorf("%s: written %T, expected an array", path, got)
		}
		if len(g) != len(w) {
			return fmt.Errorf("%s: written array has %d elements, expected %d", path, len(g), len(w))
		}
		for i := range w {
			if err := compare(fmt.Sprintf("%s[%d]", path, i), g[i], w[i]); err != nil {
				return err
			}
		}
	case json.Number:
		g, ok := got.(json.Number)
		if !ok || !sameNumber(g, w) {
			return fmt.Errorf("%s: written %v, expected %v", path, got, want)
		}
	default: // string, bool, nil
		if got != want {
			return fmt.Errorf("%s: written %#v, expected %#v", path, got, want)
		}
	}
	return nil
}

// ---- timing ----

// cpuSeconds is the process's user+system CPU time (all threads, the garbage collector's included).
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		die("getrusage: %v", err)
	}
	return float64(ru.Utime.Sec+ru.Stime.Sec) + float64(ru.Utime.Usec+ru.Stime.Usec)*1e-6
}

func runOp(r *row) {
	if err := r.fn(); err != nil {
		die("%s: %v", r.name(), err)
	}
}

// calibrate warms a row up and picks how many ops run between two clock reads (about minTime/50).
func calibrate(r *row, minTime float64) {
	runOp(r)
	n, start := 0, time.Now()
	for n == 0 || time.Since(start).Seconds() < minTime/10 {
		runOp(r)
		n++
	}
	perOp := time.Since(start).Seconds() / float64(n)
	r.batch = max(1, int(minTime/50/perOp))
}

// measureAllocs counts heap allocations and bytes per op over at least allocOps ops, after a warm-up op.
func measureAllocs(r *row) {
	runOp(r)
	n := max(allocOps, r.batch)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	for i := 0; i < n; i++ {
		runOp(r)
	}
	runtime.ReadMemStats(&after)
	r.allocs = float64(after.Mallocs-before.Mallocs) / float64(n)
	r.bytesOp = float64(after.TotalAlloc-before.TotalAlloc) / float64(n)
}

// repetition runs a row's op for at least minTime CPU seconds and records CPU seconds per op.
func repetition(r *row, minTime float64) {
	runtime.GC() // every repetition starts from the same heap, whatever ran before it
	iters := 0
	start := cpuSeconds()
	var elapsed float64
	for {
		for i := 0; i < r.batch; i++ {
			if err := r.fn(); err != nil {
				die("%s: %v", r.name(), err)
			}
		}
		iters += r.batch
		if elapsed = cpuSeconds() - start; elapsed >= minTime {
			break
		}
	}
	r.secs = append(r.secs, elapsed/float64(iters))
}

func median(xs []float64) float64 {
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// ---- results ----

type resultRow struct {
	Library       string  `json:"library"`
	Doc           string  `json:"doc"`
	Op            string  `json:"op"`
	API           string  `json:"api"`
	InputBytes    int     `json:"input_bytes"`
	OutputBytes   int     `json:"output_bytes"`
	MBs           float64 `json:"mb_s"`
	MBsMedian     float64 `json:"mb_s_median"`
	NsPerOp       float64 `json:"ns_per_op"`
	NsPerOpMedian float64 `json:"ns_per_op_median"`
	AllocsPerOp   float64 `json:"allocs_per_op"`
	BytesPerOp    float64 `json:"bytes_per_op"`
	Reps          int     `json:"reps"`
}

type results struct {
	Harness   string            `json:"harness"`
	Toolchain string            `json:"toolchain"`
	Libraries map[string]string `json:"libraries"`
	Method    string            `json:"method"`
	Rows      []resultRow       `json:"rows"`
}

func round(x float64, digits int) float64 {
	v, _ := strconv.ParseFloat(strconv.FormatFloat(x, 'f', digits, 64), 64)
	return v
}

func toolchain() string {
	s := runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range bi.Settings {
			if strings.HasPrefix(kv.Key, "GO") && kv.Key != "GOOS" && kv.Key != "GOARCH" && kv.Value != "" {
				s += " " + kv.Key + "=" + kv.Value
			}
		}
	}
	if v := os.Getenv("GOGC"); v != "" {
		s += " (run with GOGC=" + v + ")"
	}
	return s
}

func moduleVersion(path string) string {
	if bi, ok := debug.ReadBuildInfo(); ok {
		for _, d := range bi.Deps {
			if d.Path == path {
				if d.Replace != nil {
					return d.Replace.Path + " " + d.Replace.Version
				}
				return d.Path + " " + d.Version
			}
		}
	}
	return path + " (version unknown: built without module information)"
}

func die(format string, args ...any) {
	fmt.Fprintf(os.Stderr, "gobench: "+format+"\n", args...)
	os.Exit(1)
}

func main() {
	data := flag.String("data", "", "folder holding canada.json, twitter.json, json_performance.json, seed004_small.json, seed004_regular.json")
	expected := flag.String("expected", "", "folder holding prism's compact output <doc>.json for every doc")
	out := flag.String("out", "", "results JSON file to write")
	reps := flag.Int("reps", 15, "repetitions per row")
	minTime := flag.Float64("min-time", 0.1, "minimum CPU seconds per repetition")
	filter := flag.String("filter", "", "time only rows whose library/doc/op contains this substring")
	flag.Parse()
	if *data == "" || *expected == "" || *out == "" || flag.NArg() != 0 {
		fmt.Fprintln(os.Stderr, "usage: gobench --data DATA --expected EXPECTED --out RESULTS.json [--reps N] [--min-time S] [--filter SUBSTRING]")
		os.Exit(2)
	}
	if *reps < 1 || *minTime <= 0 {
		die("--reps must be >= 1 and --min-time > 0")
	}
	in := func(name string) string { return filepath.Join(*data, name+".json") }
	exp := func(name string) string { return filepath.Join(*expected, name+".json") }

	// Check every library on every document before any timing.
	t0 := time.Now()
	var all []*row
	add := func(rows []*row, err error) {
		if err != nil {
			die("check failed: %v", err)
		}
		all = append(all, rows...)
	}
	add(addDoc[canada.FeatureCollection]("canada", in("canada"), exp("canada")))
	add(addDoc[twitter.SearchResponse]("twitter", in("twitter"), exp("twitter")))
	add(addDoc[jsonperformance.Obj]("json_performance", in("json_performance"), exp("json_performance")))
	add(addDoc[seed004.Entities]("seed004_small", in("seed004_small"), exp("seed004_small")))
	add(addDoc[seed004.LargeStruct]("seed004_regular", in("seed004_regular"), exp("seed004_regular")))
	add(addDoc[seed004.XLStruct]("seed004_large", exp("seed004_large"), exp("seed004_large")))
	checkLarge(in("seed004_regular"), exp("seed004_large"))
	fmt.Printf("check passed (%.1fs): %s, %s and %s match prism's output on all 6 documents\n",
		time.Since(t0).Seconds(), libStd, libEasy, libEasyBuf)

	var rows []*row
	for _, r := range all {
		if strings.Contains(r.name(), *filter) {
			rows = append(rows, r)
		}
	}
	if len(rows) == 0 {
		die("no row matches --filter %q", *filter)
	}
	t0 = time.Now()
	for _, r := range rows {
		calibrate(r, *minTime)
		measureAllocs(r)
	}
	fmt.Printf("warm-up and allocation counts: %.1fs\n", time.Since(t0).Seconds())
	var jobs []*row // one entry per (row, repetition)
	for _, r := range rows {
		for i := 0; i < *reps; i++ {
			jobs = append(jobs, r)
		}
	}
	rng := rand.New(rand.NewPCG(shuffleSeed, shuffleSeed))
	rng.Shuffle(len(jobs), func(i, j int) { jobs[i], jobs[j] = jobs[j], jobs[i] })
	load := loadAverage()
	fmt.Printf("timing %d rows x %d repetitions of >= %gs (load average before: %s)\n", len(rows), *reps, *minTime, load)
	start := time.Now()
	for _, r := range jobs {
		repetition(r, *minTime)
	}

	res := results{
		Harness:   "go",
		Toolchain: toolchain(),
		Libraries: map[string]string{
			libStd:     runtime.Version() + " standard library",
			libEasy:    moduleVersion(easyjsonMod),
			libEasyBuf: moduleVersion(easyjsonMod),
		},
		Method: fmt.Sprintf("CPU time of the whole process (getrusage RUSAGE_SELF, user+system, GC threads included) "+
			"over a loop of >= %g s, divided by its iterations; %d repetitions per row in one shuffled interleaved "+
			"order (PCG seed %d), runtime.GC() before each (untimed), GOGC default; best and median repetition; "+
			"allocations from runtime.MemStats over >= %d untimed ops", *minTime, *reps, shuffleSeed, allocOps),
	}
	tw := tabwriter.NewWriter(os.Stdout, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "library\tdoc\top\tMB/s best\tMB/s median\tus/op best\tallocs/op\tbytes/op\tbytes\t")
	for _, r := range rows {
		best, med := r.secs[0], median(r.secs)
		for _, s := range r.secs {
			best = min(best, s)
		}
		n := r.inputBytes
		if r.op == "write" {
			n = r.outBytes
		}
		res.Rows = append(res.Rows, resultRow{
			Library: r.library, Doc: r.doc, Op: r.op, API: r.api, InputBytes: r.inputBytes, OutputBytes: r.outBytes,
			MBs: round(float64(n)/best/1e6, 3), MBsMedian: round(float64(n)/med/1e6, 3),
			NsPerOp: round(best*1e9, 1), NsPerOpMedian: round(med*1e9, 1),
			AllocsPerOp: round(r.allocs, 2), BytesPerOp: round(r.bytesOp, 1), Reps: len(r.secs),
		})
		fmt.Fprintf(tw, "%s\t%s\t%s\t%.1f\t%.1f\t%.2f\t%.1f\t%.0f\t%d\t\n", r.library, r.doc, r.op,
			float64(n)/best/1e6, float64(n)/med/1e6, best*1e6, r.allocs, r.bytesOp, n)
	}
	tw.Flush()
	fmt.Printf("timed in %.1fs wall; load average after: %s\n", time.Since(start).Seconds(), loadAverage())

	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(res); err != nil {
		die("%v", err)
	}
	if err := os.WriteFile(*out, buf.Bytes(), 0o644); err != nil {
		die("%v", err)
	}
}

// checkLarge checks that the large document is 50 copies of the regular one, as the spec describes it.
func checkLarge(regularPath, largePath string) {
	reg, err1 := os.ReadFile(regularPath)
	large, err2 := os.ReadFile(largePath)
	if err := errors.Join(err1, err2); err != nil {
		die("check failed: %v", err)
	}
	var r seed004.LargeStruct
	var x seed004.XLStruct
	if err := errors.Join(json.Unmarshal(reg, &r), json.Unmarshal(large, &x)); err != nil {
		die("check failed: %v", err)
	}
	if len(x.Data) != 50 {
		die("check failed: %s holds %d copies of the regular document, expected 50", largePath, len(x.Data))
	}
	for i := range x.Data {
		if !reflect.DeepEqual(x.Data[i], r) {
			die("check failed: %s: Data[%d] differs from %s", largePath, i, regularPath)
		}
	}
}

func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
