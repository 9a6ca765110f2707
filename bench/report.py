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

# Requirement targets: prism (reused std::string) as an MB/s ratio to RapidJSON's Writer and to nlohmann.
TARGETS = {
    "json_performance": (2.2, 6.0),
    "canada": (3.2, 6.0),
    "twitter": (5.2, 6.0),
    "jsonsink": (2.5, 6.0),
    "seed000": (None, None),  # an extra workload: measured, no target
}
TITLES = {
    "json_performance": "json_performance object (json_performance::make(), the object of json_performance.json)",
    "canada": "canada (canada.json in the typed model)",
    "twitter": "twitter (twitter.json in the typed model)",
    "jsonsink": "jsonsink workload (seed 003: 24 objects of a u32 and four doubles)",
    "seed000": "seed 000 model (ns::model::build(1000, 10)), extra, no target",
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
BUILDER_TARGET = (2.5, 0.95)  # the builder: at least 2.5x RapidJSON's MB/s, and 0.95x the typed path's (within 5%)
SCALING_TARGET = 1.8  # documents per second from 2 threads / from 1

# The reader: every row reads the same input into the same typed model; prism is compared with each peer.
READ_TITLES = {
    "json_performance": "json_performance.json into json_performance::obj_t",
    "canada": "canada.json into canada::feature_collection",
    "twitter": "twitter.json into twitter::search_response (a typed subset: unknown keys skipped)",
    "seed000": "seed 000 model (prism's output for ns::model::build(1000, 0)) into ns::model::C",
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


def verdict(ok):
    return "**met**" if ok else "not met"


def workload_table(w, res):
    base_r = res.get(f"{w}/rapidjson")
    base_n = res.get(f"{w}/nlohmann")
    t_r, t_n = TARGETS.get(w, (None, None))
    lines = [f"### {TITLES.get(w, w)}", ""]
    lines.append("| library | MB/s | cv | µs/doc (CPU) | vs RapidJSON | vs nlohmann | allocs/doc | bytes/doc | target | met |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |")
    for key, label in ROWS:
        r = res.get(f"{w}/{key}")
        if r is None:
            continue
        vr = r["mbps"] / base_r["mbps"] if base_r else float("nan")
        vn = r["mbps"] / base_n["mbps"] if base_n else float("nan")
        target, met = "", ""
        if key == "prism" and t_r is not None:
            target = f"≥ {t_r}x RapidJSON, ≥ {t_n:.0f}x nlohmann"
            met = f"RapidJSON {verdict(vr >= t_r)}, nlohmann {verdict(vn >= t_n)}"
        elif key in ("prism_fixed64", "builder_fixed64"):
            target = "0 allocs/doc"
            met = verdict(r["allocs"] == 0)
        elif key == "builder" and f"{w}/prism" in res:
            typed = r["mbps"] / res[f"{w}/prism"]["mbps"]
            target = f"≥ {BUILDER_TARGET[0]}x RapidJSON, within 5% of prism (≥ {BUILDER_TARGET[1]}x)"
            met = (f"RapidJSON {verdict(vr >= BUILDER_TARGET[0])}, {typed:.2f}x prism "
                   f"{verdict(typed >= BUILDER_TARGET[1])}")
        cv = f"{100 * r['cv']:.1f}%" if r["cv"] is not None else ""
        lines.append(
            f"| {label} | {r['mbps']:.0f} | {cv} | {r['us']:.2f} | {fmt_ratio(vr)} | {fmt_ratio(vn)} | "
            f"{fmt_allocs(r['allocs'])} | {r['bytes']:.0f} | {target} | {met} |"
        )
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
            lines = [f"Writing independent documents from 1 and 2 threads at once (MB/s summed over the threads; "
                     f"target: 2 threads ≥ {SCALING_TARGET}x one):", "",
                     "| writer | 1 thread MB/s | 2 threads MB/s | scaling | met |", "| --- | ---: | ---: | ---: | --- |"]
        ratio = two["mbps"] / one["mbps"]
        lines.append(f"| {label} | {one['mbps']:.0f} | {two['mbps']:.0f} | {ratio:.2f}x | "
                     f"{verdict(ratio >= SCALING_TARGET)} |")
    return lines


def service_section(path):
    """examples/service answering a page of its collection (prism_service_bench), from 1 and 2 connections."""
    with open(path) as f:
        data = json.load(f)
    best = {}
    for b in data["benchmarks"]:
        if b.get("run_type") == "aggregate":
            continue
        name = b.get("run_name", b["name"])
        if name not in best or b["items_per_second"] > best[name]["items_per_second"]:
            best[name] = b
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
    lines = ["### Targets at a glance", ""]
    lines.append("| workload | prism vs RapidJSON | target | met | prism vs nlohmann | target | met | "
                 "allocs/doc: prism fixed sink / RapidJSON fresh / RapidJSON reused |")
    lines.append("| --- | ---: | ---: | --- | ---: | ---: | --- | --- |")
    for w in workloads:
        p, r, n = res.get(f"{w}/prism"), res.get(f"{w}/rapidjson"), res.get(f"{w}/nlohmann")
        if not (p and r and n):
            continue
        t_r, t_n = TARGETS.get(w, (None, None))
        vr, vn = p["mbps"] / r["mbps"], p["mbps"] / n["mbps"]
        f, rf = res.get(f"{w}/prism_fixed64"), res.get(f"{w}/rapidjson_fresh")
        allocs = " / ".join(fmt_allocs(x["allocs"]) if x else "?" for x in (f, rf, r))
        lines.append(
            f"| {w} | {fmt_ratio(vr)} | {'≥ %.1fx' % t_r if t_r else '—'} | {verdict(vr >= t_r) if t_r else '—'} | "
            f"{fmt_ratio(vn)} | {'≥ %.0fx' % t_n if t_n else '—'} | {verdict(vn >= t_n) if t_n else '—'} | {allocs} |"
        )
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
    lines = ["### Compile cost: the TU serializing the canada and twitter models, `g++ -std=c++20 -O2 -c`", ""]
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
    workloads = []
    for name in res:
        w = name.split("/")[0]
        if w not in workloads:
            workloads.append(w)
    return workloads


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
    lines = ["### Reading typed models: prism (`read_into`, object reused) against each peer", ""]
    lines.append("| workload | input bytes | prism MB/s | vs simdjson | vs RapidJSON | vs nlohmann | "
                 "allocs/doc: prism / prism fresh / simdjson / RapidJSON / nlohmann |")
    lines.append("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for w in workloads:
        p = res.get(f"{w}/prism")
        if not p:
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
    lines = [f"### Read: {READ_TITLES.get(w, w)}", ""]
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


VIEW_TARGET = 1.02  # time through a renaming view / time through the default view, at most


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
               "screaming µs (min / median) | screaming / default | bytes/doc default / camel / screaming | "
               f"target ≤ {VIEW_TARGET:.2f}x | met |")
    out.append("| --- | ---: | ---: | ---: | ---: | ---: | --- | ---: | --- |")
    for direction in ("write", "read"):
        for w in ("seed000", "twitter"):
            rows = [res.get(f"{direction}/{w}/{v}") for v in ("default", "camel", "screaming")]
            if not all(rows):
                continue
            d, c, sc = rows
            ratio = lambda r, k: r[k] / d[k]
            worst = max(ratio(c, "min"), ratio(sc, "min"))
            out.append(
                f"| {direction} {w} | {d['min']:.1f} / {d['median']:.1f} | {c['min']:.1f} / {c['median']:.1f} | "
                f"{ratio(c, 'min'):.3f}x / {ratio(c, 'median'):.3f}x | {sc['min']:.1f} / {sc['median']:.1f} | "
                f"{ratio(sc, 'min'):.3f}x / {ratio(sc, 'median'):.3f}x | "
                f"{d['bytes']:.0f} / {c['bytes']:.0f} / {sc['bytes']:.0f} | ≤ {VIEW_TARGET:.2f}x | "
                f"{verdict(worst <= VIEW_TARGET)} |")
    return out


# prism first: every other library gets a ratio column. msgpack-cxx and the schema formats skip the trees.
BIN_LIBS = ["prism", "cereal", "boost", "msgpack", "protobuf", "flatbuffers", "capnp"]


def bin_section(path):
    """prism_bin_bench's output: per workload and direction, each library's CPU ns and allocations per op."""
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
    out += bin_targets(rows)
    if copies:
        out += ["", "#### bulk copies of 256 KiB: memcpy against prism's copy_in_chunks (copy_bytes' path where memcpy is slow: AMD)", "",
                "| case | memcpy µs | prism copy_in_chunks µs | memcpy / copy_in_chunks |", "| --- | ---: | ---: | ---: |"]
        for case, t in copies.items():
            out.append(f"| {case} | {t.get('memcpy', 0) / 1e3:.1f} | {t.get('prism', 0) / 1e3:.1f} | "
                       f"{fmt_ratio(t['memcpy'] / t['prism']) if 'memcpy' in t and 'prism' in t else '—'} |")
    return out


def bin_group(workload):
    """The paper's test a workload belongs to: T1 one IntegerClass, T2 vectors of it, T3 vectors and maps of
    numbers, the pointer trees; None for extra rows."""
    if workload.startswith("integers_"):
        return "T1"
    if workload.startswith("vector_integers_"):
        return "T2"
    if workload.startswith(("vector_int32_", "vector_float_", "map_int32_")) and not workload.endswith("_65536"):
        return "T3"
    if workload.startswith("tree_"):
        return "trees"
    return None


def bin_targets(rows):
    """Issue 5's targets, checked on this run's figures."""
    out = ["", "#### targets (ratios of prism's speed to each peer's; sizes in bytes)", "",
           "| workload | test | write vs protobuf (≥ 2x) | read vs protobuf (≥ 2x) | write vs cereal | read vs cereal | "
           "write vs flatbuffers / capnp | read vs flatbuffers / capnp | write vs boost | read vs boost | "
           "bytes prism / protobuf | met |",
           "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |"]
    met_all = True
    for (d, w), write in rows.items():
        group = bin_group(w)
        if d != "write" or group is None or "prism" not in write:
            continue
        read = rows.get(("read", w), {})
        if "prism" not in read:
            continue
        r = lambda libs, lib: libs[lib][0] / libs["prism"][0] if lib in libs else None
        show = lambda x: fmt_ratio(x) if x is not None else "—"
        checks = []
        if group in ("T1", "T2", "T3"):
            checks += [(r(write, "protobuf"), 2), (r(read, "protobuf"), 2), (r(write, "cereal"), 3), (r(read, "cereal"), 3)]
        if group == "T1":
            checks += [(r(write, lib), 1) for lib in ("flatbuffers", "capnp")] + [(r(read, lib), 1) for lib in ("flatbuffers", "capnp")]
        if group == "trees":
            checks += [(r(write, lib), 2) for lib in ("cereal", "boost")] + [(r(read, lib), 2) for lib in ("cereal", "boost")]
        size_ok = "protobuf" not in write or write["prism"][2] <= write["protobuf"][2]
        ok = size_ok and all(x is not None and x >= need for x, need in checks)
        met_all &= ok
        out.append(f"| {w} | {group} | {show(r(write, 'protobuf'))} | {show(r(read, 'protobuf'))} | "
                   f"{show(r(write, 'cereal'))} | {show(r(read, 'cereal'))} | "
                   f"{show(r(write, 'flatbuffers'))} / {show(r(write, 'capnp'))} | "
                   f"{show(r(read, 'flatbuffers'))} / {show(r(read, 'capnp'))} | "
                   f"{show(r(write, 'boost'))} | {show(r(read, 'boost'))} | "
                   f"{write['prism'][2]:.0f} / {write['protobuf'][2]:.0f} | {verdict(ok)} |" if "protobuf" in write else
                   f"| {w} | {group} | — | — | {show(r(write, 'cereal'))} | {show(r(read, 'cereal'))} | — | — | "
                   f"{show(r(write, 'boost'))} | {show(r(read, 'boost'))} | {write['prism'][2]:.0f} / — | {verdict(ok)} |")
    out += ["", "Targets: T1-T3 write and read ≥ 2x Protocol Buffers and ≥ 3x cereal; T1 also faster than FlatBuffers "
            "and Cap'n Proto; trees ≥ 2x cereal and Boost; bytes no more than Protocol Buffers'. "
            f"All met: {verdict(met_all)}."]
    return out


STREAM_ROWS = [  # (key, label, the same job in memory: what the row's target ratio is taken against)
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
STREAM_TARGET = 1.5  # time of a job from a stream / time of the same job on the text in memory, at most


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
           f"{reps} repetitions in random interleaved order. Each job from a stream is held to the same job on the "
           f"file's text in memory: at most {STREAM_TARGET}x its time (`prism check` to `validate`, `prism fmt` to "
           "`reformat` of a string). Every row is also given as a ratio to `validate` in memory, the fastest walk.",
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
            to_same = f"{ratio:.2f}x ({verdict(ratio <= STREAM_TARGET)})"
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


def section_of(path, section):
    ctx, res = load(path)
    # A --benchmark_filter that matches nothing in one binary leaves its output empty.
    return section(ctx, res) if res else [f"No benchmark results in {path}."]


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
    args = ap.parse_args()
    if not (args.bench_json or args.read or args.dom or args.views or args.bin or args.stream or args.service):
        ap.error("give BENCH_JSON, --read READ_JSON, --dom DOM_JSON, --views VIEW_JSON, --bin BIN_JSON, "
                 "--stream STREAM_JSON, --service SERVICE_JSON, or any")
    sections = []
    if args.bench_json:
        sections.append(section_of(args.bench_json, write_section))
        if args.compile_tsv:  # the compile cost is the writer's
            sections.append(compile_table(args.compile_tsv))
    if args.read:
        sections.append(section_of(args.read, read_section))
    if args.dom:
        sections.append(["### Generic values (DOM)", ""] + section_of(args.dom, dom_section))
    if args.stream:
        sections.append(["### Streaming: `prism check` and `prism fmt` on a large file", ""] +
                        stream_section(args.stream))
    if args.service:
        sections.append(["### An HTTP service: requests per second", ""] + service_section(args.service))
    if args.views:
        sections.append(view_section(args.views))
    if args.bin:
        sections.append(bin_section(args.bin))
    print("\n\n".join("\n".join(lines) for lines in sections))


if __name__ == "__main__":
    main()
