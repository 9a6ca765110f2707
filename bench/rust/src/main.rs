//! prism's cross-language JSON benchmark, Rust side: serde_json and sonic-rs (both through serde derive) write
//! and read the six shared documents into typed models. See README.md and bench/README.md.

mod check;
mod models;

use std::alloc::{GlobalAlloc, Layout, System};
use std::collections::BTreeMap;
use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::exit;
use std::rc::Rc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::time::Instant;

use serde::de::DeserializeOwned;
use serde::Serialize;

use models::{canada, json_performance, seed004, twitter};

// ---- allocation counting: on only in the untimed loops ----

struct Counting;

static COUNTING: AtomicBool = AtomicBool::new(false);
static ALLOCS: AtomicU64 = AtomicU64::new(0);
static ALLOC_BYTES: AtomicU64 = AtomicU64::new(0);

#[inline]
fn count(bytes: usize) {
    if COUNTING.load(Relaxed) {
        ALLOCS.fetch_add(1, Relaxed);
        ALLOC_BYTES.fetch_add(bytes as u64, Relaxed);
    }
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc(layout) }
    }
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        count(layout.size());
        unsafe { System.alloc_zeroed(layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        count(new_size);
        unsafe { System.realloc(ptr, layout, new_size) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

// ---- the measured libraries ----

trait Library {
    const NAME: &'static str;
    const WRITE_API: &'static str;
    const READ_API: &'static str;
    fn write<T: Serialize>(buf: &mut Vec<u8>, value: &T) -> Result<(), String>;
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String>;
}

struct SerdeJson;
struct SonicRs;

impl Library for SerdeJson {
    const NAME: &'static str = "serde_json";
    const WRITE_API: &'static str = "serde_json::to_writer(&mut Vec<u8>, &value) (serde derive; one Vec reused, cleared per op)";
    const READ_API: &'static str =
        "serde_json::from_slice::<T>(&input) (serde derive; new value per op, owning Strings)";
    #[inline]
    fn write<T: Serialize>(buf: &mut Vec<u8>, value: &T) -> Result<(), String> {
        serde_json::to_writer(buf, value).map_err(|e| e.to_string())
    }
    #[inline]
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        serde_json::from_slice(bytes).map_err(|e| e.to_string())
    }
}

impl Library for SonicRs {
    const NAME: &'static str = "sonic-rs";
    const WRITE_API: &'static str =
        "sonic_rs::to_writer(&mut Vec<u8>, &value) (serde derive; one Vec reused, cleared per op)";
    const READ_API: &'static str =
        "sonic_rs::from_slice::<T>(&input) (serde derive; new value per op, owning Strings)";
    #[inline]
    fn write<T: Serialize>(buf: &mut Vec<u8>, value: &T) -> Result<(), String> {
        sonic_rs::to_writer(buf, value).map_err(|e| e.to_string())
    }
    #[inline]
    fn read<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, String> {
        sonic_rs::from_slice(bytes).map_err(|e| e.to_string())
    }
}

// ---- rows ----

/// Runs the row's operation n times.
type Op = Box<dyn FnMut(u64)>;

struct Row {
    library: &'static str,
    doc: &'static str,
    op: &'static str,
    api: &'static str,
    input_bytes: usize,
    output_bytes: usize,
    run: Op,
    batch: u64,
    seconds_per_op: Vec<f64>,
    allocs_per_op: f64,
    bytes_per_op: f64,
}

impl Row {
    fn name(&self) -> String {
        format!("{}/{}/{}", self.library, self.doc, self.op)
    }
}

fn die(message: &str) -> ! {
    eprintln!("xlang_rust_bench: {message}");
    exit(1)
}

fn read_file(path: &Path) -> Vec<u8> {
    std::fs::read(path).unwrap_or_else(|e| die(&format!("cannot read {}: {e}", path.display())))
}

/// A document's files and, for seed004_large, the value to write when it is built rather than read.
struct Doc {
    name: &'static str,
    input: Rc<Vec<u8>>,
    expected: Vec<u8>,
}

/// The check before timing, then the doc's write and read rows for library L.
fn add_doc<L: Library, T>(
    rows: &mut Vec<Row>,
    doc: &Doc,
    built: Option<T>,
    float32_path: Option<&str>,
) where
    T: Serialize + DeserializeOwned + PartialEq + Clone + 'static,
{
    let fail =
        |what: String| -> ! { die(&format!("check failed: {} {}: {what}", L::NAME, doc.name)) };
    let read: T = L::read(&doc.input).unwrap_or_else(|e| fail(format!("reading the input: {e}")));
    let value = match built {
        Some(v) => {
            if v != read {
                fail("the built value differs from the one read from the input".into());
            }
            v
        }
        None => read.clone(),
    };
    let mut out = Vec::new();
    L::write(&mut out, &value).unwrap_or_else(|e| fail(format!("writing: {e}")));
    let written =
        check::parse(&out).unwrap_or_else(|e| fail(format!("the written output is not JSON: {e}")));
    let expected = check::parse(&doc.expected)
        .unwrap_or_else(|e| fail(format!("prism's output is not JSON: {e}")));
    let mut path = String::from("$");
    if let Err(e) = check::compare(&written, &expected, &mut path, float32_path) {
        fail(format!("the written output differs from prism's: {e}"));
    }
    let from_prism: T =
        L::read(&doc.expected).unwrap_or_else(|e| fail(format!("reading prism's output: {e}")));
    if from_prism != read {
        fail("the value read from prism's output differs from the one read from the input".into());
    }

    let value = Rc::new(value);
    let mut buf: Vec<u8> = Vec::new();
    rows.push(Row {
        library: L::NAME,
        doc: doc.name,
        op: "write",
        api: L::WRITE_API,
        input_bytes: doc.input.len(),
        output_bytes: out.len(),
        run: Box::new(move |n| {
            for _ in 0..n {
                buf.clear();
                L::write(&mut buf, black_box(&*value)).expect("write");
                black_box(buf.as_slice());
            }
        }),
        batch: 1,
        seconds_per_op: Vec::new(),
        allocs_per_op: 0.0,
        bytes_per_op: 0.0,
    });
    let input = Rc::clone(&doc.input);
    rows.push(Row {
        library: L::NAME,
        doc: doc.name,
        op: "read",
        api: L::READ_API,
        input_bytes: doc.input.len(),
        output_bytes: out.len(),
        run: Box::new(move |n| {
            for _ in 0..n {
                let v: T = L::read(black_box(input.as_slice())).expect("read");
                black_box(&v);
            }
        }),
        batch: 1,
        seconds_per_op: Vec::new(),
        allocs_per_op: 0.0,
        bytes_per_op: 0.0,
    });
}

fn add_library<L: Library>(rows: &mut Vec<Row>, docs: &[Doc]) {
    let doc = |name: &str| docs.iter().find(|d| d.name == name).unwrap();
    add_doc::<L, canada::FeatureCollection>(rows, doc("canada"), None, None);
    add_doc::<L, twitter::SearchResponse>(rows, doc("twitter"), None, None);
    add_doc::<L, json_performance::Obj>(
        rows,
        doc("json_performance"),
        None,
        Some("$.fixed_object.float_array["),
    );
    add_doc::<L, seed004::Entities>(rows, doc("seed004_small"), None, None);
    let regular = doc("seed004_regular");
    add_doc::<L, seed004::LargeStruct>(rows, regular, None, None);
    let regular_value: seed004::LargeStruct = L::read(&regular.input).unwrap();
    add_doc::<L, seed004::XlStruct>(
        rows,
        doc("seed004_large"),
        Some(seed004::make_large(&regular_value)),
        None,
    );
}

// ---- timing ----

/// The process's CPU time (user + system), in seconds.
fn cpu_seconds() -> f64 {
    let mut ru = std::mem::MaybeUninit::<libc::rusage>::zeroed();
    // SAFETY: getrusage fills the struct it is given.
    let ru = unsafe {
        if libc::getrusage(libc::RUSAGE_SELF, ru.as_mut_ptr()) != 0 {
            die("getrusage failed");
        }
        ru.assume_init()
    };
    let tv = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    tv(ru.ru_utime) + tv(ru.ru_stime)
}

/// Warms the row up and picks a batch size of about a twentieth of the minimum time, so that the clock is read
/// rarely and the loop overshoots the minimum time by little.
fn calibrate(row: &mut Row, min_time: f64) {
    (row.run)(1);
    let target = (min_time / 20.0).max(1e-4);
    let mut n = 1u64;
    loop {
        let t = Instant::now();
        (row.run)(n);
        let dt = t.elapsed().as_secs_f64();
        if dt >= target / 4.0 || n >= 1 << 30 {
            row.batch = ((n as f64 * target / dt.max(1e-9)) as u64).max(1);
            return;
        }
        n *= 4;
    }
}

/// One repetition: batches until at least min_time of CPU time has passed; returns CPU seconds per op.
fn repetition(row: &mut Row, min_time: f64) -> f64 {
    let mut iterations = 0u64;
    let start = cpu_seconds();
    loop {
        (row.run)(row.batch);
        iterations += row.batch;
        let elapsed = cpu_seconds() - start;
        if elapsed >= min_time {
            return elapsed / iterations as f64;
        }
    }
}

/// Allocations and bytes requested per op over 100 ops after a warm-up op (untimed).
fn count_allocations(row: &mut Row) {
    const OPS: u64 = 100;
    (row.run)(1);
    ALLOCS.store(0, Relaxed);
    ALLOC_BYTES.store(0, Relaxed);
    COUNTING.store(true, Relaxed);
    (row.run)(OPS);
    COUNTING.store(false, Relaxed);
    row.allocs_per_op = ALLOCS.load(Relaxed) as f64 / OPS as f64;
    row.bytes_per_op = ALLOC_BYTES.load(Relaxed) as f64 / OPS as f64;
}

/// splitmix64: the fixed-seed generator of the shuffle.
struct SplitMix(u64);
impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
}

fn median(sorted: &[f64]) -> f64 {
    let n = sorted.len();
    if n % 2 == 1 {
        sorted[n / 2]
    } else {
        (sorted[n / 2 - 1] + sorted[n / 2]) / 2.0
    }
}

// ---- the results file ----

#[derive(Serialize)]
struct Results<'a> {
    harness: &'a str,
    toolchain: &'a str,
    libraries: BTreeMap<&'a str, &'a str>,
    method: String,
    rows: Vec<ResultRow<'a>>,
}

#[derive(Serialize)]
struct ResultRow<'a> {
    library: &'a str,
    doc: &'a str,
    op: &'a str,
    api: &'a str,
    input_bytes: usize,
    output_bytes: usize,
    mb_s: f64,
    mb_s_median: f64,
    ns_per_op: f64,
    ns_per_op_median: f64,
    allocs_per_op: f64,
    bytes_per_op: f64,
    reps: usize,
}

struct Args {
    data: PathBuf,
    expected: PathBuf,
    out: PathBuf,
    reps: usize,
    min_time: f64,
    filter: Option<String>,
}

const USAGE: &str =
    "usage: xlang_rust_bench --data DATA --expected EXPECTED --out RESULTS.json [--reps N] [--min-time S] [--filter SUBSTRING]";

fn parse_args() -> Args {
    let mut data = None;
    let mut expected = None;
    let mut out = None;
    let mut reps = 15usize;
    let mut min_time = 0.1f64;
    let mut filter = None;
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        if flag == "-h" || flag == "--help" {
            println!("{USAGE}");
            exit(0);
        }
        let value = it
            .next()
            .unwrap_or_else(|| die(&format!("{flag} needs a value\n{USAGE}")));
        match flag.as_str() {
            "--data" => data = Some(PathBuf::from(value)),
            "--expected" => expected = Some(PathBuf::from(value)),
            "--out" => out = Some(PathBuf::from(value)),
            "--reps" => {
                reps = value
                    .parse()
                    .ok()
                    .filter(|&r| r > 0)
                    .unwrap_or_else(|| die("--reps: a positive integer"))
            }
            "--min-time" => {
                min_time = value
                    .parse()
                    .ok()
                    .filter(|&t: &f64| t > 0.0)
                    .unwrap_or_else(|| die("--min-time: seconds > 0"))
            }
            "--filter" => filter = Some(value),
            _ => die(&format!("unknown flag {flag}\n{USAGE}")),
        }
    }
    let need = |v: Option<PathBuf>, flag: &str| {
        v.unwrap_or_else(|| die(&format!("{flag} is required\n{USAGE}")))
    };
    Args {
        data: need(data, "--data"),
        expected: need(expected, "--expected"),
        out: need(out, "--out"),
        reps,
        min_time,
        filter,
    }
}

fn main() {
    let args = parse_args();
    let wall = Instant::now();

    let mut docs = Vec::new();
    for name in [
        "canada",
        "twitter",
        "json_performance",
        "seed004_small",
        "seed004_regular",
        "seed004_large",
    ] {
        let file = format!("{name}.json");
        let input = if name == "seed004_large" {
            args.expected.join(&file)
        } else {
            args.data.join(&file)
        };
        docs.push(Doc {
            name,
            input: Rc::new(read_file(&input)),
            expected: read_file(&args.expected.join(&file)),
        });
    }

    // The check runs on every library and doc, whatever the filter.
    let mut rows = Vec::new();
    add_library::<SerdeJson>(&mut rows, &docs);
    add_library::<SonicRs>(&mut rows, &docs);
    eprintln!(
        "check passed: {} rows, every document written and read back as prism's",
        rows.len()
    );
    if let Some(f) = &args.filter {
        rows.retain(|r| r.name().contains(f.as_str()));
        if rows.is_empty() {
            die(&format!("no row matches --filter {f}"));
        }
    }

    for row in rows.iter_mut() {
        calibrate(row, args.min_time);
        count_allocations(row);
    }

    let mut schedule: Vec<usize> = (0..rows.len())
        .flat_map(|r| std::iter::repeat_n(r, args.reps))
        .collect();
    let mut rng = SplitMix(0x5EED_0004);
    for i in (1..schedule.len()).rev() {
        let j = (rng.next() % (i as u64 + 1)) as usize;
        schedule.swap(i, j);
    }
    eprintln!(
        "timing {} rows x {} reps x >= {} s, interleaved",
        rows.len(),
        args.reps,
        args.min_time
    );
    for &r in &schedule {
        let t = repetition(&mut rows[r], args.min_time);
        rows[r].seconds_per_op.push(t);
    }

    let toolchain = env!("XLANG_RUSTC_VERSION");
    let mut out_rows = Vec::new();
    println!(
        "{:<11} {:<17} {:<5} {:>9} {:>9} {:>12} {:>12} {:>10} {:>12}",
        "library",
        "doc",
        "op",
        "MB/s best",
        "MB/s med",
        "ns/op best",
        "ns/op med",
        "allocs/op",
        "bytes/op"
    );
    for row in &mut rows {
        row.seconds_per_op.sort_by(f64::total_cmp);
        let best = row.seconds_per_op[0];
        let med = median(&row.seconds_per_op);
        let bytes = if row.op == "write" {
            row.output_bytes
        } else {
            row.input_bytes
        } as f64;
        let r = ResultRow {
            library: row.library,
            doc: row.doc,
            op: row.op,
            api: row.api,
            input_bytes: row.input_bytes,
            output_bytes: row.output_bytes,
            mb_s: bytes / best / 1e6,
            mb_s_median: bytes / med / 1e6,
            ns_per_op: best * 1e9,
            ns_per_op_median: med * 1e9,
            allocs_per_op: row.allocs_per_op,
            bytes_per_op: row.bytes_per_op,
            reps: row.seconds_per_op.len(),
        };
        println!(
            "{:<11} {:<17} {:<5} {:>9.1} {:>9.1} {:>12.0} {:>12.0} {:>10.1} {:>12.0}",
            r.library,
            r.doc,
            r.op,
            r.mb_s,
            r.mb_s_median,
            r.ns_per_op,
            r.ns_per_op_median,
            r.allocs_per_op,
            r.bytes_per_op
        );
        out_rows.push(r);
    }

    let results = Results {
        harness: "rust",
        toolchain,
        libraries: BTreeMap::from([
            ("serde_json", env!("XLANG_SERDE_JSON_VERSION")),
            ("sonic-rs", env!("XLANG_SONIC_RS_VERSION")),
        ]),
        method: format!(
            "CPU time from getrusage(RUSAGE_SELF) user+system over each repetition's loop (batched, >= {} s) divided by \
             its iterations; {} repetitions per row in one shuffled interleaved order (fixed seed); best and median \
             reported; allocations counted by a #[global_allocator] over 100 untimed ops",
            args.min_time, args.reps
        ),
        rows: out_rows,
    };
    let mut json = serde_json::to_vec_pretty(&results).expect("results");
    json.push(b'\n');
    std::fs::write(&args.out, json)
        .unwrap_or_else(|e| die(&format!("cannot write {}: {e}", args.out.display())));
    eprintln!(
        "wrote {} ({} target features: {}; {:.1} s wall)",
        args.out.display(),
        toolchain,
        env!("XLANG_TARGET_FEATURES"),
        wall.elapsed().as_secs_f64()
    );
}
