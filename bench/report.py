#!/usr/bin/env python3
"""Turns the benchmarks' JSON output (and compile_cost.sh's TSV) into the markdown tables of RESULTS.md.

    python3 bench/report.py [BENCH_JSON [COMPILE_TSV]] [--read READ_JSON] [--dom DOM_JSON] [--views VIEW_JSON]
                            [--bin BIN_JSON] [--stream STREAM_JSON] [--service SERVICE_JSON]

BENCH_JSON is prism_json_bench's output (the writer), READ_JSON prism_json_read_bench's (the reader),
DOM_JSON prism_dom_bench's (generic values: prism::json::value against the DOMs of nlohmann::json, RapidJSON and
yyjson), VIEW_JSON prism_view_bench's (writing and reading through views against the default view).
Throughput is the fastest repetition's bytes per second (the median when the output has aggregates alone), where
the bytes are those of each library's own output for the writer and those of the input document for the reader
and for generic values (their reads and writes alike);
MB is 10^6 bytes. Ratios compare rows of the same run. Standard library only.
"""
import argparse
import csv
import json
import statistics

TITLES = {
    "json_performance": "json_performance object (json_performance::make(), the object of json_performance.json)",
    "canada": "canada (canada.json in the typed model)",
    "twitter": "twitter (twitter.json in the typed model)",
    "jsonsink": "jsonsink workload (seed 003: 24 objects of a u32 and four doubles)",
    "seed000": "seed 000 model (ns::model::build(1000, 10))",
    "seed004_small": "seed 004's small payload (82 bytes: one status's entities)",
    "seed004_regular": "seed 004's regular payload (a 13 KB search API response)",
    "seed004_large": "seed 004's large payload (50 regular ones in one object)",
}
ROWS = [
    ("prism", "prism → reused std::string"),
    ("prism_fixed64", "prism → fixed_sink, 64-byte buffer"),
    ("prism_to_string", "prism::json::to_string (new string per doc)"),
    ("rapidjson", "RapidJSON Writer, StringBuffer + Writer reused"),
    ("rapidjson_fresh", "RapidJSON Writer, new StringBuffer + Writer per doc"),
    ("nlohmann", "nlohmann::json j = model; j.dump()"),
    ("builder", "prism builder (build_array, by hand) → reused std::string"),
    ("builder_fixed64", "prism builder → fixed_sink, 64-byte buffer"),
]

# The reader: every row reads the same input into the same typed model; prism is compared with each peer.
READ_TITLES = {
    "json_performance": "json_performance.json into json_performance::obj_t",
    "canada": "canada.json into canada::feature_collection",
    "twitter": "twitter.json into twitter::search_response (a typed subset: unknown keys skipped)",
    "seed000": "seed 000 model (prism's output for ns::model::build(1000, 0)) into ns::model::C",
    "seed004_small": "seed 004's small payload into seed004::entities_t",
    "seed004_regular": "seed 004's regular payload into seed004::large_struct",
    "seed004_large": "seed 004's large payload (prism's output for 50 regular ones) into seed004::xl_struct",
}
READ_ROWS = [
    ("prism", "prism::json::read_into, object reused"),
    ("prism_fresh", "prism::json::read<T> (new object per doc)"),
    ("simdjson", "simdjson On Demand, parser + object reused"),
    ("rapidjson", "RapidJSON Document::Parse (reused) + fill from the DOM"),
    ("nlohmann", "nlohmann::json::parse + from_json"),
]
READ_PEERS = [("simdjson", "simdjson"), ("rapidjson", "RapidJSON"), ("nlohmann", "nlohmann")]


def load(path):
    with open(path) as f:
        data = json.load(f)
    runs = {}
    for b in data["benchmarks"]:
        name = b.get("run_name", b["name"])
        kind = b.get("aggregate_name") if b.get("run_type") == "aggregate" else "iteration"
        runs.setdefault(name, {}).setdefault(kind, []).append(b)
    out = {}
    for name, kinds in runs.items():
        its = kinds.get("iteration", [])
        if its:  # the fastest repetition: on a shared machine, the one least disturbed
            m = max(its, key=lambda r: r["bytes_per_second"])
            vals = [r["bytes_per_second"] for r in its]
            cv = statistics.pstdev(vals) / statistics.mean(vals) if len(vals) > 1 else None
            reps = len(its)
        else:  # aggregates alone
            m = kinds["median"][0]
            cv = kinds.get("cv", [{}])[0].get("bytes_per_second")
            reps = m.get("repetitions", 1)
        out[name] = {
            "mbps": m["bytes_per_second"] / 1e6,
            "cv": cv,
            "allocs": m["allocs/doc"],
            "alloc_bytes": m.get("alloc_bytes/doc"),
            "bytes": m["bytes/doc"],
            "us": to_us(m["cpu_time"], m.get("time_unit", "ns")),
            "heap": m.get("heap/doc"),  # generic values' read rows: the peak heap bytes of one read
            "reps": reps,
        }
    return data.get("context", {}), out


def to_us(t, unit):
    return t * {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[unit]


def fmt_ratio(x):
    return f"{x:.2f}x"


def fmt_allocs(a):
    return f"{a:.0f}" if abs(a - round(a)) < 0.005 else f"{a:.2f}"


def workload_table(w, res):
    base_r = res.get(f"{w}/rapidjson")
    base_n = res.get(f"{w}/nlohmann")
    lines = [f"#### {TITLES.get(w, w)}", ""]
    lines.append("| library | MB/s | cv | µs/doc (CPU) | vs RapidJSON | vs nlohmann | allocs/doc | bytes/doc |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for key, label in ROWS:
        r = res.get(f"{w}/{key}")
        if r is None:
            continue
        vr = fmt_ratio(r["mbps"] / base_r["mbps"]) if base_r else "—"
        vn = fmt_ratio(r["mbps"] / base_n["mbps"]) if base_n else "—"
        cv = f"{100 * r['cv']:.1f}%" if r["cv"] is not None else ""
        lines.append(f"| {label} | {r['mbps']:.0f} | {cv} | {r['us']:.2f} | {vr} | {vn} | {fmt_allocs(r['allocs'])} | "
                     f"{r['bytes']:.0f} |")
    scaling = scaling_table(w, res)
    if scaling:
        lines += [""] + scaling
    return lines


def scaling_table(w, res):
    """Independent documents written from 1 and 2 threads at once (rows NAME_threads/real_time/threads:N)."""
    lines = []
    for key, label in (("prism_threads", "prism (typed)"), ("builder_threads", "prism builder")):
        one, two = (res.get(f"{w}/{key}/real_time/threads:{n}") for n in (1, 2))
        if not one or not two:
            continue
        if not lines:
            lines = ["Writing independent documents from 1 and 2 threads at once (MB/s summed over the threads):", "",
                     "| writer | 1 thread MB/s | 2 threads MB/s | scaling |", "| --- | ---: | ---: | ---: |"]
        lines.append(f"| {label} | {one['mbps']:.0f} | {two['mbps']:.0f} | {two['mbps'] / one['mbps']:.2f}x |")
    return lines


def load_service(path):
    """prism_service_bench's output: each row's fastest repetition (requests per second)."""
    with open(path) as f:
        data = json.load(f)
    best = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        name = b.get("run_name", b["name"])
        if name not in best or b["items_per_second"] > best[name]["items_per_second"]:
            best[name] = b
    return best


def service_section(path):
    """examples/service answering a page of its collection (prism_service_bench), from 1 and 2 connections."""
    best = load_service(path)
    if not best:
        return [f"No benchmark results in {path}."]
    out = ["examples/service (`prism_service`, cpp-httplib, Release) answering `GET /vN/posts?page=2&per_page=20` "
           "(a page built by the builder, 20 posts through the version's view) to keep-alive connections from the "
           "same machine; server and clients share its cores. The fastest repetition.", "",
           "| request | 1 connection, requests/s | 2 connections, requests/s | 2 / 1 | answer bytes |",
           "| --- | ---: | ---: | ---: | ---: |"]
    for version in ("v1", "v2"):
        one, two = (best.get(f"collection/{version}/real_time/threads:{n}") for n in (1, 2))
        if not one or not two:
            continue
        size = one["bytes_per_second"] / one["items_per_second"]
        out.append(f"| `GET /{version}/posts` | {one['items_per_second']:.0f} | {two['items_per_second']:.0f} | "
                   f"{two['items_per_second'] / one['items_per_second']:.2f}x | {size:.0f} |")
    return out


def summary_table(workloads, res):
    lines = ["#### Writing typed models: prism (reused std::string) against each peer", ""]
    lines.append("| workload | prism MB/s | vs RapidJSON | vs nlohmann | "
                 "allocs/doc: prism fixed sink / RapidJSON fresh / RapidJSON reused |")
    lines.append("| --- | ---: | ---: | ---: | --- |")
    for w in workloads:
        p, r, n = res.get(f"{w}/prism"), res.get(f"{w}/rapidjson"), res.get(f"{w}/nlohmann")
        if not (p and r and n):
            continue
        f, rf = res.get(f"{w}/prism_fixed64"), res.get(f"{w}/rapidjson_fresh")
        allocs = " / ".join(fmt_allocs(x["allocs"]) if x else "?" for x in (f, rf, r))
        lines.append(f"| {w} | {p['mbps']:.0f} | {fmt_ratio(p['mbps'] / r['mbps'])} | {fmt_ratio(p['mbps'] / n['mbps'])} | "
                     f"{allocs} |")
    return lines


def compile_table(path):
    rows = {}
    with open(path) as f:
        for r in csv.DictReader(f, delimiter="\t"):
            rows.setdefault(r["tu"], []).append(r)
    names = {
        "prism": "prism (bench/compile_cost/prism_tu.cpp)",
        "nlohmann": "nlohmann::json (bench/compile_cost/nlohmann_tu.cpp)",
        "baseline": "floor: the models and <string>, no JSON (baseline_tu.cpp)",
    }
    n = max(len(v) for v in rows.values())
    lines = ["#### Compile cost: the TU serializing the canada and twitter models, `g++ -std=c++20 -O2 -c`", ""]
    lines.append(f"| translation unit | wall s (median of {n}) | CPU s (median) | peak RSS MiB (max) |")
    lines.append("| --- | ---: | ---: | ---: |")
    med = {}
    for tu in ("prism", "nlohmann", "baseline"):
        if tu not in rows:
            continue
        wall = statistics.median(float(r["wall_s"]) for r in rows[tu])
        cpu = statistics.median(float(r["cpu_s"]) for r in rows[tu])
        rss = max(int(r["max_rss_kib"]) for r in rows[tu]) / 1024
        med[tu] = (wall, cpu, rss)
        lines.append(f"| {names[tu]} | {wall:.2f} | {cpu:.2f} | {rss:.0f} |")
    if "prism" in med and "nlohmann" in med:
        p, q = med["prism"], med["nlohmann"]
        lines.append("")
        lines.append(f"prism / nlohmann: {p[1] / q[1]:.2f}x the CPU seconds, {p[2] / q[2]:.2f}x the peak memory.")
    return lines


def workloads_of(res):
    """The workloads of a JSON benchmark's results, in JSON_ORDER (the output's order is the random interleaving's)."""
    workloads = []
    for name in res:
        w = name.split("/")[0]
        if w not in workloads:
            workloads.append(w)
    return sorted(workloads, key=lambda w: (JSON_ORDER.index(w) if w in JSON_ORDER else len(JSON_ORDER), w))


def run_line(ctx, res, what):
    reps = max(r["reps"] for r in res.values())
    return (f"Benchmark run {ctx.get('date', '?')} on {ctx.get('host_name', '?')}: {ctx.get('num_cpus', '?')} CPUs "
            f"at {ctx.get('mhz_per_cpu', '?')} MHz, Google Benchmark "
            f"(library built as {ctx.get('library_build_type', '?')}). The fastest of {reps} repetitions "
            "run in random interleaved order; "
            f"MB/s counts {what} (MB = 10^6 bytes); cv is the coefficient of "
            "variation of MB/s across repetitions.")


def write_section(ctx, res):
    workloads = workloads_of(res)
    out = [run_line(ctx, res, "each library's own output bytes"), ""]
    out += summary_table(workloads, res)
    for w in workloads:
        out.append("")
        out += workload_table(w, res)
    return out


def read_summary_table(workloads, res):
    lines = ["#### Reading typed models: prism (`read_into`, object reused) against each peer", ""]
    lines.append("| workload | input bytes | prism MB/s | vs simdjson | vs RapidJSON | vs nlohmann | "
                 "allocs/doc: prism / prism fresh / simdjson / RapidJSON / nlohmann |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for w in workloads:
        p = res.get(f"{w}/prism")
        if not p or not any(f"{w}/{key}" in res for key, _ in READ_PEERS):  # seed 004's peers are other languages
            continue
        ratios = []
        for key, _ in READ_PEERS:
            q = res.get(f"{w}/{key}")
            ratios.append(fmt_ratio(p["mbps"] / q["mbps"]) if q else "?")
        allocs = " / ".join(fmt_allocs(x["allocs"]) if x else "?"
                            for x in (res.get(f"{w}/{key}") for key, _ in READ_ROWS))
        lines.append(f"| {w} | {p['bytes']:.0f} | {p['mbps']:.0f} | {' | '.join(ratios)} | {allocs} |")
    return lines


def read_workload_table(w, res):
    peers = [(res.get(f"{w}/{key}"), name) for key, name in READ_PEERS]
    lines = [f"#### Read: {READ_TITLES.get(w, w)}", ""]
    lines.append("| library | MB/s | cv | µs/doc (CPU) | " + " | ".join(f"vs {name}" for _, name in peers) +
                 " | allocs/doc |")
    lines.append("| --- | ---: | ---: | ---: | " + " | ".join("---:" for _ in peers) + " | ---: |")
    for key, label in READ_ROWS:
        r = res.get(f"{w}/{key}")
        if r is None:
            continue
        ratios = " | ".join(fmt_ratio(r["mbps"] / q["mbps"]) if q else "" for q, _ in peers)
        cv = f"{100 * r['cv']:.1f}%" if r["cv"] is not None else ""
        lines.append(f"| {label} | {r['mbps']:.0f} | {cv} | {r['us']:.2f} | {ratios} | {fmt_allocs(r['allocs'])} |")
    return lines


def read_section(ctx, res):
    workloads = workloads_of(res)
    out = [run_line(ctx, res, "the bytes of the input document, the same for every library")]
    if "simdjson" in ctx:
        out[0] += (f" simdjson: {ctx['simdjson']} (stage 1 is chosen at run time, On Demand is compiled for "
                   "the build's flags).")
    out.append("")
    out += read_summary_table(workloads, res)
    for w in workloads:
        out.append("")
        out += read_workload_table(w, res)
    return out


# Generic values: rows DOC/read/LIB and DOC/write/LIB; ratios are to prism::json::value on the heap.
DOM_TITLES = {
    "twitter": "twitter.json",
    "canada": "canada.json",
    "json_performance": "json_performance.json",
}
DOM_ROWS = [
    ("prism_value", "prism::json::value (heap)"),
    ("prism_value_arena", "prism::json::value in a json::arena (read only)"),
    ("nlohmann", "nlohmann::json"),
    ("rapidjson", "RapidJSON Document"),
    ("yyjson", "yyjson"),
]


def dom_workload_table(w, res):
    base_r, base_w = res.get(f"{w}/read/prism_value"), res.get(f"{w}/write/prism_value")
    size = next((r["bytes"] for k, r in res.items() if k.startswith(f"{w}/")), None)
    title = DOM_TITLES.get(w, w) + (f" ({size:,.0f} bytes)" if size is not None else "")
    lines = [f"#### {title}", ""]
    lines.append("| library | read MB/s | read vs prism_value | read allocs/doc | read peak heap bytes | write MB/s | "
                 "write vs prism_value |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for key, label in DOM_ROWS:
        r, wr = res.get(f"{w}/read/{key}"), res.get(f"{w}/write/{key}")
        if r is None and wr is None:
            continue
        cells = [label]
        if r:
            heap = f"{r['heap']:,.0f}" if r["heap"] is not None else "—"
            cells += [f"{r['mbps']:.0f}", fmt_ratio(r["mbps"] / base_r["mbps"]) if base_r else "—",
                      fmt_allocs(r["allocs"]), heap]
        else:
            cells += ["—"] * 4
        if wr:
            cells += [f"{wr['mbps']:.0f}", fmt_ratio(wr["mbps"] / base_w["mbps"]) if base_w else "—"]
        else:
            cells += ["—"] * 2
        lines.append("| " + " | ".join(cells) + " |")
    return lines


def dom_section(ctx, res):
    order = list(DOM_TITLES)  # the binary's order (random interleaving shuffles the output's)
    workloads = sorted(workloads_of(res), key=lambda w: order.index(w) if w in order else len(order))
    out = [run_line(ctx, res, "the bytes of the input document for every row, reads and writes alike")]
    yy = ctx.get("yyjson")
    out[0] += (f" yyjson {yy}, compiled from its source with the benchmark." if yy and yy != "not built" else
               " yyjson was not built (bench/run.sh with YYJSON_DIR adds its rows).")
    out += ["", "Read: the text into a new DOM per document, destroyed in the loop (prism::json::value also read into "
            "a new json::arena per document, blocks counted as allocations); RapidJSON's `Document::Parse` with "
            "`kParseFullPrecisionFlag`. Write: the DOM made once, written compact (prism into a reused std::string, "
            "RapidJSON's `Writer<StringBuffer>` reused, nlohmann's `dump()` and yyjson's `yyjson_write` a new buffer "
            "each). Ratios: the row's MB/s / prism::json::value's. Peak heap: the most heap bytes held at once "
            "during one read, the DOM included, measured once outside the timed loop."]
    for w in workloads:
        out.append("")
        out += dom_workload_table(w, res)
    return out


def load_views(path):
    """prism_view_bench's output: per benchmark, the min and median CPU time (µs/doc) over the repetitions."""
    with open(path) as f:
        data = json.load(f)
    out = {}
    for b in data["benchmarks"]:
        if b.get("run_type") != "aggregate" or b.get("aggregate_name") not in ("min", "median", "cv"):
            continue
        entry = out.setdefault(b["run_name"], {"reps": b.get("repetitions", 0), "bytes": b["bytes/doc"]})
        if b["aggregate_name"] == "cv":
            entry["cv"] = b["cpu_time"]
        else:
            entry[b["aggregate_name"]] = to_us(b["cpu_time"], b.get("time_unit", "ns"))
    return data.get("context", {}), out


def view_section(path):
    ctx, res = load_views(path)
    if not res:
        return [f"No benchmark results in {path}."]
    reps = max(r["reps"] for r in res.values())
    out = [f"Benchmark run {ctx.get('date', '?')} on {ctx.get('host_name', '?')}: {ctx.get('num_cpus', '?')} CPUs. "
           f"{reps} repetitions per row, run in random interleaved order; µs/doc is CPU time, the fastest repetition "
           "(min) and the median. Ratios are view / default from the same run, on the min (the steadiest estimate "
           "on a shared machine) and on the median.", ""]
    out.append("| direction / workload | default µs (min / median) | camel µs (min / median) | camel / default | "
               "screaming µs (min / median) | screaming / default | bytes/doc default / camel / screaming |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for direction in ("write", "read"):
        for w in ("seed000", "twitter"):
            rows = [res.get(f"{direction}/{w}/{v}") for v in ("default", "camel", "screaming")]
            if not all(rows):
                continue
            d, c, sc = rows
            ratio = lambda r, k: r[k] / d[k]
            out.append(
                f"| {direction} {w} | {d['min']:.1f} / {d['median']:.1f} | {c['min']:.1f} / {c['median']:.1f} | "
                f"{ratio(c, 'min'):.3f}x / {ratio(c, 'median'):.3f}x | {sc['min']:.1f} / {sc['median']:.1f} | "
                f"{ratio(sc, 'min'):.3f}x / {ratio(sc, 'median'):.3f}x | "
                f"{d['bytes']:.0f} / {c['bytes']:.0f} / {sc['bytes']:.0f} |")
    return out


# prism first: every other library gets a ratio column. msgpack-cxx and the schema formats skip the trees.
BIN_LIBS = ["prism", "cereal", "boost", "msgpack", "protobuf", "flatbuffers", "capnp"]


def load_bin(path):
    """prism_bin_bench's output: {(direction, workload): {library: (CPU ns, allocs/op, bytes/op, heap/op)}}, the bulk
    copies, the context, and how rows were taken."""
    with open(path) as f:
        data = json.load(f)
    ctx, rows, copies = data.get("context", {}), {}, {}
    # the fastest repetition of each row (on a shared machine, the one least disturbed); the median where the
    # output has aggregates alone
    iterations = any(b.get("run_type") != "aggregate" for b in data["benchmarks"])
    reps = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate" and (iterations or b.get("aggregate_name") != "median"):
            continue
        name = b.get("run_name", b["name"])
        reps[name] = reps.get(name, 0) + 1
        direction, workload, lib = name.split("/")
        t = b["cpu_time"] * {"ns": 1, "us": 1e3, "ms": 1e6}[b.get("time_unit", "ns")]
        if direction == "copy":
            copies.setdefault(workload, {})[lib] = min(t, copies.get(workload, {}).get(lib, t))
            continue
        old = rows.get((direction, workload), {}).get(lib)
        if old is None or t < old[0]:
            rows.setdefault((direction, workload), {})[lib] = (t, b["allocs/op"], b["bytes/op"], b.get("heap/op"))
    n = max(reps.values(), default=1)
    how = (f"the fastest of {n} repetitions run in random interleaved order" if iterations and n > 1
           else "medians when repeated")
    return ctx, rows, copies, how


def bin_section(path):
    """prism_bin_bench's output: per workload and direction, each library's CPU ns and allocations per op."""
    ctx, rows, copies, how = load_bin(path)
    if not rows:
        return [f"No benchmark results in {path}."]
    out = [f"Benchmark run {ctx.get('date', '?')} on {ctx.get('host_name', '?')}: {ctx.get('num_cpus', '?')} CPUs. "
           f"CPU ns per operation ({how}), allocations per operation in parentheses; "
           "a ratio above 1 means prism is faster; — where a library skips the workload (msgpack-cxx, Protocol "
           "Buffers, FlatBuffers and Cap'n Proto have no pointers: no tree rows).", ""]
    ratio_heads = ["prism vs " + BIN_LIBS[1]] + [f"vs {lib}" for lib in BIN_LIBS[2:]]
    for direction in ("write", "read"):
        out.append(f"#### {direction}")
        out.append("")
        out.append("| workload | " + " | ".join(BIN_LIBS + ratio_heads) + " |")
        out.append("| --- |" + " ---: |" * (2 * len(BIN_LIBS) - 1))
        for (d, w), libs in rows.items():
            if d != direction:
                continue
            cells = []
            for lib in BIN_LIBS:
                cells.append(f"{libs[lib][0]:,.0f} ({fmt_allocs(libs[lib][1])})" if lib in libs else "—")
            p = libs.get("prism")
            ratios = [fmt_ratio(libs[lib][0] / p[0]) if p and lib in libs else "—" for lib in BIN_LIBS[1:]]
            out.append(f"| {w} | " + " | ".join(cells) + " | " + " | ".join(ratios) + " |")
        out.append("")
    out.append("#### bytes per document")
    out.append("")
    out.append("| workload | " + " | ".join(BIN_LIBS) + " |")
    out.append("| --- |" + " ---: |" * len(BIN_LIBS))
    for (d, w), libs in rows.items():
        if d == "write":
            out.append(f"| {w} | " + " | ".join(f"{libs[lib][2]:.0f}" if lib in libs else "—" for lib in BIN_LIBS) + " |")
    out += ["", "#### peak heap bytes per operation (write / read; the read's includes the object read)", "",
            "| workload | " + " | ".join(BIN_LIBS) + " |", "| --- |" + " ---: |" * len(BIN_LIBS)]
    heap = lambda d, w, lib: rows.get((d, w), {}).get(lib, (0, 0, 0, None))[3]
    for (d, w), libs in rows.items():
        if d == "write":
            out.append(f"| {w} | " + " | ".join(
                f"{heap('write', w, lib):,.0f} / {heap('read', w, lib):,.0f}"
                if lib in libs and heap('write', w, lib) is not None and heap('read', w, lib) is not None else "—"
                for lib in BIN_LIBS) + " |")
    if copies:
        out += ["", "#### bulk copies of 256 KiB: memcpy against prism's copy_in_chunks (copy_bytes' path where memcpy is slow: AMD)", "",
                "| case | memcpy µs | prism copy_in_chunks µs | memcpy / copy_in_chunks |", "| --- | ---: | ---: | ---: |"]
        for case, t in copies.items():
            out.append(f"| {case} | {t.get('memcpy', 0) / 1e3:.1f} | {t.get('prism', 0) / 1e3:.1f} | "
                       f"{fmt_ratio(t['memcpy'] / t['prism']) if 'memcpy' in t and 'prism' in t else '—'} |")
    return out


STREAM_ROWS = [  # (key, label, the same job in memory, which the row is compared with)
    ("validate/memory", "`json::validate(string_view)`: the file's text in memory (the yardstick)", None),
    ("memcpy/memory", "`memcpy` of the file's text in memory (a bound: what writing it out again costs at least)", None),
    ("fmt_minify/memory", "`json::reformat(string_view, FILE*)`, compact: fmt's job on the text in memory", None),
    ("fmt_pretty/memory", "`json::reformat(string_view, FILE*)`, indent 2", None),
    ("validate/stream", "`json::validate(FILE*)`: `prism check FILE`", "validate/memory"),
    ("tokens/stream", "reformat's walk over the stream, every token handed to a counter, nothing written", None),
    ("fmt_minify/stream", "`json::reformat(FILE*, FILE*)`, compact: `prism fmt --minify FILE > /dev/null`",
     "fmt_minify/memory"),
    ("fmt_pretty/stream", "`json::reformat(FILE*, FILE*)`, indent 2: `prism fmt FILE > /dev/null`", "fmt_pretty/memory"),
]


def stream_section(path):
    """The streaming benchmark (prism_stream_bench): check and fmt from a stream against the same jobs in memory,
    and the prism tool's peak memory."""
    with open(path) as f:
        data = json.load(f)
    best, tools = {}, {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        name = b.get("run_name", b["name"]).split("/real_time")[0].split("/iterations")[0]
        if name.startswith("tool/"):
            tools[name[5:]] = b
        elif name not in best or b["bytes_per_second"] > best[name]["bytes_per_second"]:
            best[name] = b  # the fastest repetition
    if not best:
        return [f"No benchmark results in {path}."]
    ctx = data.get("context", {})
    reps = max(sum(1 for b in data["benchmarks"] if b.get("run_name", b["name"]).startswith(n) and
                   b.get("run_type") != "aggregate") for n in best)
    memory = best.get("validate/memory")
    out = [f"The file: {ctx.get('stream_file', '?')}, the repository's canada.json, twitter.json and "
           "json_performance.json repeated as the elements of one array, read from the page cache. The fastest of "
           f"{reps} repetitions in random interleaved order. Each job from a stream is compared with the same job on "
           "the file's text in memory (`prism check` with `validate`, `prism fmt` with `reformat` of a string), and "
           "every row with `validate` in memory, the fastest walk (ratios of time: above 1 is slower).",
           "", "| path | MB/s | ratio to validate in memory | ratio to the same job in memory |",
           "|---|---:|---:|---:|"]
    for key, label, same_job in STREAM_ROWS:
        if key not in best:
            continue
        mbps = best[key]["bytes_per_second"] / 1e6
        to_validate = f"{memory['bytes_per_second'] / best[key]['bytes_per_second']:.2f}x" if memory else "?"
        to_same = "—"
        if same_job and same_job in best:
            ratio = best[same_job]["bytes_per_second"] / best[key]["bytes_per_second"]
            to_same = f"{ratio:.2f}x"
        out.append(f"| {label} | {mbps:.0f} | {to_validate} | {to_same} |")
    pretty, tokens, copy = best.get("fmt_pretty/stream"), best.get("tokens/stream"), best.get("memcpy/memory")
    if memory and pretty and tokens and copy and "output_per_input" in pretty:
        grow = pretty["output_per_input"]
        walk = memory["bytes_per_second"] / tokens["bytes_per_second"]
        one_copy = memory["bytes_per_second"] / copy["bytes_per_second"]
        out += ["", f"An indented reformat writes {grow:.2f} bytes per byte it reads: the token walk alone ({walk:.2f}x) "
                f"plus one copy of its output ({grow:.2f} x {one_copy:.2f}x) comes to {walk + grow * one_copy:.2f}x, "
                "the least it can take by walking tokens and writing each output byte once."]
    if tools:
        out += ["", "The prism tool (Release), run once each before the timed rows, its output to /dev/null: wall time "
                "(with the process's start) and peak resident memory (VmHWM as it exits, read from /proc).", "",
                "| command | wall time | peak RSS | exit status |", "|---|---:|---:|---:|"]
        for what, b in tools.items():
            command = "prism " + what.replace("zero", "/dev/zero")
            seconds = to_us(b["real_time"], b.get("time_unit", "ns")) / 1e6
            out.append(f"| `{command}` | {seconds:.3f} s | {b['peak_rss_KiB'] / 1024:.1f} MiB | "
                       f"{int(b['exit_status'])} |")
    return out


# ---- across languages: bench/go and bench/rust, separate processes on the same files ----

XLANG_LIBS = [  # (library as the harness names it, label)
    ("serde_json", "serde_json (Rust)"),
    ("sonic-rs", "sonic-rs (Rust)"),
    ("encoding/json", "encoding/json (Go)"),
    ("easyjson", "easyjson (Go)"),
    ("easyjson (reused buffer)", "easyjson, reused buffer (Go)"),
]
XLANG_DOCS = ["canada", "twitter", "json_performance", "seed004_small", "seed004_regular", "seed004_large"]


def load_xlang(paths):
    """The harnesses' results: ({(library, doc, op): row}, [harness header])."""
    rows, heads = {}, []
    for path in paths or []:
        with open(path) as f:
            data = json.load(f)
        heads.append(data)
        for r in data["rows"]:
            rows[(r["library"], r["doc"], r["op"])] = r
    return rows, heads


def xlang_label(lib):
    return dict(XLANG_LIBS).get(lib, lib)


# ---- families: {workload: {library label: value}}, the value higher-is-better unless said ----

PRISM = "prism"


def json_family(res, xrows, op):
    """MB/s per workload: prism's main row (reused output, or reused object when reading), the C++ peers, and the
    other languages' rows for the same document. The other languages read into a new object per document: their
    figure is scaled by prism's read_into over prism's read<T>, so that their ratio to prism is their ratio to
    read<T>, which makes a new object too."""
    peers = [("rapidjson", "RapidJSON"), ("nlohmann", "nlohmann")] if op == "write" else READ_PEERS
    fam = {}
    for w in workloads_of(res):
        p = res.get(f"{w}/prism")
        if not p:
            continue
        row = fam.setdefault(w, {PRISM: p["mbps"]})
        for key, label in peers:
            if f"{w}/{key}" in res:
                row[label] = res[f"{w}/{key}"]["mbps"]
        fresh = res.get(f"{w}/prism_fresh")
        for lib, label in XLANG_LIBS:
            x = xrows.get((lib, w, op))
            if x and op == "write":
                row[label] = x["mb_s"]
            elif x and fresh:
                row[label] = x["mb_s"] * p["mbps"] / fresh["mbps"]
    return fam


JSON_ORDER = ["canada", "twitter", "json_performance", "jsonsink", "seed000", "seed004_small", "seed004_regular",
              "seed004_large"]
# The binary workloads drawn (the tables have them all): one of each kind the paper tests.
BIN_CHARTED = ["integers_small", "integers_uniform", "vector_integers_512", "vector_int32_8192", "vector_float_8192",
               "map_int32_512", "tree_unique", "tree_shared_weak", "tree_polymorphic"]


def in_order(fam, order):
    """The family's workloads in `order` first, the others after, by name."""
    return {w: fam[w] for w in sorted(fam, key=lambda w: (order.index(w) if w in order else len(order), w))}


BIN_LABELS = {"prism": PRISM, "cereal": "cereal", "boost": "Boost", "msgpack": "msgpack-cxx",
              "protobuf": "Protocol Buffers", "flatbuffers": "FlatBuffers", "capnp": "Cap'n Proto"}


def bin_family(rows, direction, size=False):
    """Operations per second (or bytes per document, with size) per workload."""
    fam = {}
    for (d, w), libs in rows.items():
        if d != direction or "prism" not in libs:
            continue
        fam[w] = {BIN_LABELS[lib]: (v[2] if size else 1e9 / v[0]) for lib, v in libs.items() if lib in BIN_LABELS}
    return in_order(fam, BIN_CHARTED)


def leads_and_trails(title, fam, lower_is_better=False):
    """One line per peer: where prism leads and where it trails, with ratios (prism's speed / the peer's; for
    sizes, the peer's bytes / prism's: above 1, prism is ahead). Within 0.5% counts as even."""
    per_peer = {}
    for w, libs in fam.items():
        for lib, v in libs.items():
            if lib == PRISM or not v:
                continue
            ratio = v / libs[PRISM] if lower_is_better else libs[PRISM] / v
            per_peer.setdefault(lib, []).append((w, ratio))
    span = lambda items: (f"{min(r for _, r in items):.2f}x" if len(items) == 1 else
                          f"{min(r for _, r in items):.2f}x to {max(r for _, r in items):.2f}x")
    listed = lambda items: ", ".join(f"{w} {r:.2f}x" for w, r in items)
    out = []
    for lib, items in per_peer.items():
        lead = [(w, r) for w, r in items if r >= 1.005]
        even = [(w, r) for w, r in items if 0.995 < r < 1.005]
        trail = [(w, r) for w, r in items if r <= 0.995]
        parts = []
        if lead:
            parts.append(f"leads on all {len(items)} ({span(lead)})" if len(lead) == len(items) else
                         f"leads on {listed(lead)}" if len(lead) <= 3 else
                         f"leads on {len(lead)} of {len(items)} ({span(lead)})")
        if even:
            parts.append(f"even on {listed(even)}" if len(even) <= 3 else f"even on {len(even)}")
        if trail:
            parts.append(f"trails on {listed(trail)}")
        out.append(f"  - vs {lib}: " + "; ".join(parts))
    return [f"- **{title}**"] + out if out else []


# ---- the seeds' own tables ----

def seed000_table(view_path):
    """Seed 000: the cost of a second serialization of one model, chosen at run time (views)."""
    ctx, res = load_views(view_path)
    out = ["### Seed 000: the cost of a second serialization", "",
           "One model written and read through its default serialization and through a second one chosen at run "
           "time (`prism::one_of`): camelCase keys (`camel`) or every key renamed to one of the same length "
           "(`screaming`). Fastest repetition, CPU µs per document; the post measured about 1% for its wrappers.", "",
           "| direction / model | default µs | camel µs | camel / default | screaming µs | screaming / default |",
           "| --- | ---: | ---: | ---: | ---: | ---: |"]
    for direction in ("write", "read"):
        for w in ("seed000", "twitter"):
            d, c, sc = (res.get(f"{direction}/{w}/{v}") for v in ("default", "camel", "screaming"))
            if d and c and sc:
                out.append(f"| {direction} {w} | {d['min']:.1f} | {c['min']:.1f} | {c['min'] / d['min']:.3f}x | "
                           f"{sc['min']:.1f} | {sc['min'] / d['min']:.3f}x |")
    return out


def seed001_table(write_res, service_path):
    """Seed 001: single- and multi-core throughput."""
    out = ["### Seed 001: one core and two", "",
           "Independent documents from 1 and 2 threads at once (the jsonsink document; MB/s summed over the "
           "threads, wall time), and the HTTP service example answering from 1 and 2 keep-alive connections (client "
           "and server on the same 2 cores).", "",
           "| what | 1 core | 2 cores | 2 / 1 |", "| --- | ---: | ---: | ---: |"]
    for key, label in (("prism_threads", "typed writer, MB/s"), ("builder_threads", "builder, MB/s")):
        one, two = (write_res.get(f"jsonsink/{key}/real_time/threads:{n}") for n in (1, 2))
        if one and two:
            out.append(f"| {label} | {one['mbps']:.0f} | {two['mbps']:.0f} | {two['mbps'] / one['mbps']:.2f}x |")
    if service_path:
        best = load_service(service_path)
        for v in ("v1", "v2"):
            one, two = (best.get(f"collection/{v}/real_time/threads:{n}") for n in (1, 2))
            if one and two:
                one, two = one["items_per_second"], two["items_per_second"]
                out.append(f"| HTTP `GET /{v}/posts`, requests/s | {one:.0f} | {two:.0f} | {two / one:.2f}x |")
    return out


def seed002_tables(rows, exe_size_path):
    """Seed 002 (cereal_fwd's paper): time, size, peak heap and allocations per operation (its tables 5 and 6),
    and executable size (its table 7)."""
    libs = [lib for lib in BIN_LIBS if any(lib in v for v in rows.values())]
    out = ["### Seed 002: time, size, peak heap, allocations, executable size", "",
           "The paper's tests: vectors of IntegerClass (ten int32, small values) of 8, 512 and 4096 elements and "
           "full trees of depth 9 through `unique_ptr`, `shared_ptr` with `weak_ptr` parents and polymorphic "
           "`unique_ptr`. Each cell: CPU ns per operation / peak heap bytes / allocations; bytes per document below. "
           "— where a library has no such pointers.", ""]
    workloads = ["vector_integers_8", "vector_integers_512", "vector_integers_4096", "tree_unique",
                 "tree_shared_weak", "tree_polymorphic"]
    for direction in ("write", "read"):
        out += [f"#### {direction}", "", "| workload | " + " | ".join(BIN_LABELS[lib] for lib in libs) + " |",
                "| --- |" + " ---: |" * len(libs)]
        for w in workloads:
            r = rows.get((direction, w), {})
            if not r:
                continue
            cell = lambda v: f"{v[0]:,.0f} / {v[3]:,.0f} / {fmt_allocs(v[1])}" if v[3] is not None else f"{v[0]:,.0f} / ? / {fmt_allocs(v[1])}"
            out.append(f"| {w} | " + " | ".join(cell(r[lib]) if lib in r else "—" for lib in libs) + " |")
        out.append("")
    out += ["#### bytes per document", "", "| workload | " + " | ".join(BIN_LABELS[lib] for lib in libs) + " |",
            "| --- |" + " ---: |" * len(libs)]
    for w in workloads:
        r = rows.get(("write", w), {})
        if r:
            out.append(f"| {w} | " + " | ".join(f"{r[lib][2]:,.0f}" if lib in r else "—" for lib in libs) + " |")
    if exe_size_path:
        with open(exe_size_path) as f:
            out += ["", "#### executable size (its table 7)", "",
                    "A small program per library writing and reading every model of the tests above "
                    "(`bench/exe_size/`), stripped; the baseline copies the models instead of serializing them.", ""]
            out += [line.rstrip("\n") for line in f]
    return out


def seed003_table(ctx, res):
    """Seed 003 (jsonsink): documents per second and peak heap, on its document."""
    rows = [("prism", "prism → std::string"), ("prism_fixed64", "prism → 64-byte fixed sink"),
            ("builder", "prism builder → std::string"), ("builder_fixed64", "prism builder → 64-byte fixed sink"),
            ("rapidjson", "RapidJSON Writer, reused"), ("rapidjson_fresh", "RapidJSON Writer, new per document"),
            ("nlohmann", "nlohmann::json")]
    size = res.get("jsonsink/prism", {}).get("bytes")
    out = ["### Seed 003: objects per second and peak heap", "",
           f"jsonsink's document (24 records of a u32 and four doubles, {size or 0:,.0f} bytes as prism writes it). "
           "Objects per second: documents written per CPU second, the fastest repetition. Peak heap: the most heap "
           "bytes held at once while one document is made from nothing (a reused buffer's first growth included).", "",
           "| writer | objects/s | allocations per object | peak heap bytes |", "| --- | ---: | ---: | ---: |"]
    for key, label in rows:
        r = res.get(f"jsonsink/{key}")
        if not r:
            continue
        heap = ctx.get(f"peak_heap/jsonsink/{key}")
        heap = f"{int(heap):,}" if heap is not None else "—"
        out.append(f"| {label} | {r['mbps'] * 1e6 / r['bytes']:,.0f} | {fmt_allocs(r['allocs'])} | {heap} |")
    return out


def seed004_tables(write_res, read_res, xrows):
    """Seed 004 (easyjson): MB/s, allocs/op and B/op on its small, regular and large payloads."""
    sizes = ["small", "regular", "large"]
    out = ["### Seed 004: MB/s, allocs/op and B/op on small, regular and large payloads", "",
           "easyjson's own payloads (`tests/data/json/seed004_*.json`, `models/seed004.hpp`): writing (marshaling) "
           "and reading (unmarshaling) into typed structs. prism's rows come from the C++ benchmarks, the others from "
           "`bench/go` and `bench/rust`, separate processes on the same files. MB/s: the writer's own output bytes, "
           "or the input's for reading, per CPU second; B/op: bytes allocated per operation."]
    for op, res, prism_rows in (("write", write_res, [("prism", "prism → reused std::string"),
                                                       ("prism_to_string", "prism::json::to_string (new string)")]),
                                ("read", read_res, [("prism", "prism::json::read_into (object reused)"),
                                                    ("prism_fresh", "prism::json::read<T> (new object)")])):
        out += ["", f"#### {'Marshaling (write)' if op == 'write' else 'Unmarshaling (read)'}", "",
                "| library | " + " | ".join(f"{s} MB/s | {s} allocs/op | {s} B/op" for s in sizes) + " |",
                "| --- |" + " ---: |" * (3 * len(sizes))]
        for key, label in prism_rows:
            cells = []
            for s_ in sizes:
                r = res.get(f"seed004_{s_}/{key}") if res else None
                cells += [f"{r['mbps']:.0f}", fmt_allocs(r["allocs"]), f"{r['alloc_bytes']:,.0f}"] if r else ["—"] * 3
            out.append(f"| {label} | " + " | ".join(cells) + " |")
        for lib, label in XLANG_LIBS:
            cells, any_row = [], False
            for s_ in sizes:
                x = xrows.get((lib, f"seed004_{s_}", op))
                any_row |= x is not None
                cells += [f"{x['mb_s']:.0f}", fmt_allocs(x["allocs_per_op"]), f"{x['bytes_per_op']:,.0f}"] if x else ["—"] * 3
            if any_row:
                out.append(f"| {label} | " + " | ".join(cells) + " |")
    return out


def xlang_section(write_res, read_res, xrows, heads):
    """prism against the other languages' libraries on the documents they share."""
    if not heads:
        return ["No results from bench/go or bench/rust in this run (their toolchains were not found)."]
    out = []
    for h in heads:
        libs = ", ".join(f"{k} {v}" for k, v in h.get("libraries", {}).items())
        out.append(f"- `bench/{h['harness']}` ({h.get('toolchain', '?')}): {libs}. {h.get('method', '')}")
    apis = {}
    for (lib, doc, op), r in xrows.items():
        apis.setdefault((lib, op), r.get("api", ""))
    out += ["", "What each row calls:", ""]
    out += [f"- {xlang_label(lib)}, {op}: {api}" for (lib, op), api in sorted(apis.items())]
    for op, res, main, second in (("write", write_res, "prism", "prism_to_string"),
                                  ("read", read_res, "prism", "prism_fresh")):
        libs = [lib for lib, _ in XLANG_LIBS if any((lib, d, op) in xrows for d in XLANG_DOCS)]
        out += ["", f"#### {op}: MB/s, and prism's MB/s over each library's "
                f"({'prism into a reused string' if op == 'write' else 'prism into a new object, as the others read'})",
                "",
                f"| document | prism | prism ({'new string' if op == 'write' else 'new object'}) | " +
                " | ".join(xlang_label(lib) for lib in libs) + " | " +
                " | ".join(f"prism vs {xlang_label(lib)}" for lib in libs) + " |",
                "| --- | ---: | ---: |" + " ---: |" * (2 * len(libs))]
        for d in XLANG_DOCS:
            p, p2 = res.get(f"{d}/{main}") if res else None, res.get(f"{d}/{second}") if res else None
            if not p:
                continue
            xs = [xrows.get((lib, d, op)) for lib in libs]
            out.append(f"| {d} | {p['mbps']:.0f} | {p2['mbps']:.0f} | " if p2 else f"| {d} | {p['mbps']:.0f} | — | ")
            out[-1] += " | ".join(f"{x['mb_s']:.0f}" if x else "—" for x in xs) + " | "
            base = p if op == "write" or not p2 else p2  # the others read into a new value per document
            out[-1] += " | ".join(fmt_ratio(base["mbps"] / x["mb_s"]) if x else "—" for x in xs) + " |"
    return out


def section_of(path, section, loaded=None):
    ctx, res = loaded or load(path)
    # A --benchmark_filter that matches nothing in one binary leaves its output empty.
    return section(ctx, res) if res else [f"No benchmark results in {path}."]


CHARTS = [  # (file, title, x label)
    ("json_write.png", "JSON write: typed model to text", "MB/s relative to prism (higher is faster)"),
    ("json_read.png", "JSON read: text to typed model", "MB/s relative to prism (higher is faster)"),
    ("binary_write.png", "Binary write", "operations/s relative to prism (higher is faster)"),
    ("binary_read.png", "Binary read", "operations/s relative to prism (higher is faster)"),
    ("binary_size.png", "Binary size", "bytes per document relative to prism (lower is smaller)"),
]

METHOD = (
    "Each C++ benchmark binary runs prism and its peers in one process, on the same typed data, and checks before "
    "timing that every library wrote or read the same document as prism (the run stops otherwise). Rows run as "
    "repetitions of at least {min_time} s in random interleaved order, so that the drifts of a shared 2-core machine "
    "fall on every library alike; each row reports its fastest repetition, and ratios compare rows of the same run. "
    "MB/s is 10^6 bytes per CPU second: the bytes each writer wrote, or the input's bytes for readers. The Go and Rust "
    "libraries run in their own processes (`bench/go`, `bench/rust`), on the same files, right after the C++ "
    "binaries, with the same method (process CPU time, so a garbage collector's threads count), after checking that "
    "their output equals prism's. Everything is built without `-march` (g++ 12 `-O3 -DNDEBUG`; Go's default "
    "GOAMD64=v1; Rust's default target CPU). `bench/README.md` says what each row does."
)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("bench_json", nargs="?", help="prism_json_bench's JSON output (the writer)")
    ap.add_argument("compile_tsv", nargs="?", help="compile_cost.sh's TSV")
    ap.add_argument("--read", metavar="READ_JSON", help="prism_json_read_bench's JSON output (the reader)")
    ap.add_argument("--dom", metavar="DOM_JSON", help="prism_dom_bench's JSON output (generic values)")
    ap.add_argument("--views", metavar="VIEW_JSON", help="prism_view_bench's JSON output (the cost of views)")
    ap.add_argument("--bin", metavar="BIN_JSON", help="prism_bin_bench's JSON output (the binary format)")
    ap.add_argument("--stream", metavar="STREAM_JSON", help="prism_stream_bench's JSON output (check and fmt)")
    ap.add_argument("--service", metavar="SERVICE_JSON", help="prism_service_bench's JSON output (the HTTP example)")
    ap.add_argument("--exe-size", metavar="EXE_SIZE_MD", help="exe_size.sh's table")
    ap.add_argument("--xlang", metavar="RESULTS_JSON", action="append", help="bench/go's or bench/rust's results")
    ap.add_argument("--meta", metavar="META_JSON", help="the run's facts, from run.sh: command, commit, machine, ...")
    ap.add_argument("--charts", metavar="DIR", help="write the PNG charts there")
    ap.add_argument("--chart-link", metavar="PREFIX", default="charts/", help="how the report links the charts")
    ap.add_argument("--readme", metavar="README_MD", help="also rewrite README_MD's part between the markers "
                    f"{README_BEGIN} and {README_END}: the run, the charts and where prism leads and trails")
    args = ap.parse_args()
    if not (args.bench_json or args.read or args.dom or args.views or args.bin or args.stream or args.service):
        ap.error("give BENCH_JSON, --read READ_JSON, --dom DOM_JSON, --views VIEW_JSON, --bin BIN_JSON, "
                 "--stream STREAM_JSON, --service SERVICE_JSON, or any")
    wctx, wres = load(args.bench_json) if args.bench_json else ({}, {})
    rctx, rres = load(args.read) if args.read else ({}, {})
    xrows, heads = load_xlang(args.xlang)
    bin_rows = load_bin(args.bin)[1] if args.bin else {}
    meta = {}
    if args.meta:
        with open(args.meta) as f:
            meta = json.load(f)

    doc = [["# Benchmark results", "",
            "prism against the libraries people use for the same jobs: its JSON writer and typed reader against "
            "RapidJSON, simdjson, nlohmann::json, and across languages Go's encoding/json and easyjson and Rust's "
            "serde_json and sonic-rs; its generic value against the DOMs of RapidJSON, nlohmann::json and yyjson; "
            "its binary format against cereal, Boost.Serialization, msgpack-cxx, Protocol Buffers, FlatBuffers and "
            "Cap'n Proto. Generated by `bash bench/run.sh`; the method and every row are described in "
            "`bench/README.md`."]]
    if meta:
        doc.append([f"**This run:** prism {meta.get('library', '?')}, {meta.get('date', '?')}, "
                    f"{meta.get('duration', '?')}. Machine: {meta.get('machine', '?')}; load average before: "
                    f"{meta.get('load_before', '?')}, after: {meta.get('load_after', '?')}. Compilers: "
                    f"{meta.get('compiler', '?')}; {meta.get('toolchains', 'no Go or Rust toolchain')}. "
                    f"Command: `{meta.get('command', 'bash bench/run.sh')}`."])
    doc.append(["## Method", "", METHOD.format(min_time=meta.get("min_time", "0.1"))])

    # families, for the charts and the leads
    fams = []
    mbps = lambda v: f"{v:,.0f} MB/s"
    ns = lambda v: f"{1e9 / v:,.0f} ns"
    size = lambda v: f"{v:,.0f} bytes"
    if wres:
        fams.append((CHARTS[0], json_family(wres, xrows, "write"), False, mbps))
    if rres:
        fams.append((CHARTS[1], json_family(rres, xrows, "read"), False, mbps))
    if bin_rows:
        fams += [(CHARTS[2], bin_family(bin_rows, "write"), False, ns), (CHARTS[3], bin_family(bin_rows, "read"), False, ns),
                 (CHARTS[4], bin_family(bin_rows, "write", size=True), True, size)]
    charts_shown = []
    if args.charts:
        import os
        import charts  # matplotlib: only when charts are asked for
        os.makedirs(args.charts, exist_ok=True)
        charts_shown = shown = ["## Charts", "", "Each panel is one workload, titled with prism's own figure; bars are "
                                "each library's figure over prism's (prism, in orange, is 1; the dashed line marks it). "
                                "In the JSON read chart, the Go and Rust libraries, which read into a new object per "
                                "document, are compared with `prism::json::read<T>`, which does too; the C++ peers, "
                                "which refill one object, with `read_into`. The binary charts show one workload of "
                                "each kind the cereal_fwd paper tests; the tables below have them all, with the "
                                "absolute figures."]
        for (file, title, xlabel), fam, lower, unit in fams:
            name = lambda w, fam=fam, unit=unit: f"{w} (prism: {unit(fam[w][PRISM])})"
            drawn = {w: v for w, v in fam.items() if w in BIN_CHARTED} if file.startswith("binary") else fam
            if charts.family_chart(os.path.join(args.charts, file), title, drawn, xlabel, lower, subtitle=name):
                shown += ["", f"![{title}]({args.chart_link}{file})"]
        doc.append(shown)
    leads = ["## Where prism leads and trails", "",
             "Ratios of prism's figure to each peer's on each workload: above 1, prism is faster (or, for sizes, "
             "smaller). Reading, the Go and Rust libraries are compared with `prism::json::read<T>` (a new object "
             "per document, as they read), the C++ peers with `read_into` (one object refilled, as they do).", ""]
    for (file, title, xlabel), fam, lower, unit in fams:
        leads += leads_and_trails(title, fam, lower)
    doc.append(leads)

    seeds = ["## The seeds' tables", "",
             "The measures of the five documents prism grew from, each with prism in it, on the same data."]
    if args.views:
        seeds += [""] + seed000_table(args.views)
    if wres:
        seeds += [""] + seed001_table(wres, args.service)
    if bin_rows:
        seeds += [""] + seed002_tables(bin_rows, args.exe_size)
    if wres:
        seeds += [""] + seed003_table(wctx, wres)
    if wres or rres:
        seeds += [""] + seed004_tables(wres, rres, xrows)
    doc.append(seeds)
    doc.append(["## Across languages", ""] + xlang_section(wres, rres, xrows, heads))

    doc.append(["## All tables"])
    if args.bench_json:
        doc.append(["### Writing typed models", ""] + section_of(args.bench_json, write_section, (wctx, wres)))
        if args.compile_tsv:  # the compile cost is the writer's
            doc.append(compile_table(args.compile_tsv))
    if args.read:
        doc.append(["### Reading typed models", ""] + section_of(args.read, read_section, (rctx, rres)))
    if args.dom:
        doc.append(["### Generic values (DOM)", ""] + section_of(args.dom, dom_section))
    if args.stream:
        doc.append(["### Streaming: `prism check` and `prism fmt` on a large file", ""] + stream_section(args.stream))
    if args.service:
        doc.append(["### An HTTP service: requests per second", ""] + service_section(args.service))
    if args.views:
        doc.append(["### Views", ""] + view_section(args.views))
    if args.bin:
        doc.append(["### The binary format", ""] + bin_section(args.bin))
    print("\n\n".join("\n".join(lines) for lines in doc))
    if args.readme:
        rewrite_readme(args.readme, meta, charts_shown, leads)


README_BEGIN, README_END = "<!-- bench/run.sh: begin -->", "<!-- bench/run.sh: end -->"


def rewrite_readme(path, meta, charts_shown, leads):
    """The README's speed summary, from the same run as RESULTS.md."""
    with open(path) as f:
        text = f.read()
    begin, end = text.index(README_BEGIN) + len(README_BEGIN), text.index(README_END)
    part = [f"From one `{meta.get('command', 'bash bench/run.sh')}` ({meta.get('date', '?')}, prism "
            f"{meta.get('library', '?')}; {meta.get('machine', '?')}; {meta.get('compiler', '?')}, no `-march`; "
            f"{meta.get('toolchains', '')}). Every table, the method and the seeds' own measures are in "
            "[bench/RESULTS.md](bench/RESULTS.md).", ""]
    for line in charts_shown:
        if line.startswith("!["):
            part += [line.replace("](charts/", "](bench/charts/"), ""]
    part += leads[2:]
    with open(path, "w") as f:
        f.write(text[:begin] + "\n" + "\n".join(part) + "\n" + text[end:])


if __name__ == "__main__":
    main()
