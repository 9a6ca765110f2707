#!/usr/bin/env python3
"""The instruction-count guard (README.md): counts, with valgrind's callgrind, the instructions of each case of
prism_instructions (only its measured() function and what it calls), compares them with baseline.json and fails when
a case takes more than 5% more than its baseline. A case more than 5% below its baseline passes, with a note to
update the baseline in the same commit.

  check_instructions.py --driver BUILD/tests/perf/prism_instructions --data BUILD/data/json --compiler g++
                        [--baseline tests/perf/baseline.json] [--update] [--case NAME]...

--update, or PRISM_UPDATE_BASELINE=1 in the environment, rewrites the baseline with this run's counts. The baseline
holds for the toolchain that made it (the compiler's `--version` line, the C library, whether the CPU has AVX2, which
prism's string code uses): anywhere else the check is skipped (exit 77, CTest's SKIP_RETURN_CODE for this test).
Standard library only."""

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time

TOLERANCE = 0.05
SKIP = 77
HERE = os.path.dirname(os.path.abspath(__file__))

# glibc picks how to copy and clear memory by the CPU (rep movsb/stosb past thresholds that depend on the CPU's
# features, vendor and cache sizes), and callgrind counts a `rep` instruction once per byte: pin the thresholds so
# that memcpy and memset run the same vector loops on every x86-64 machine.
GLIBC_TUNABLES = ":".join(["glibc.cpu.x86_rep_movsb_threshold=0x1000000000",
                           "glibc.cpu.x86_rep_stosb_threshold=0x1000000000",
                           "glibc.cpu.x86_non_temporal_threshold=0x1000000000"])
MEASURED = "prism_perf::measured*"  # the driver's measured(), demangled


def fail(message):
    print("perf.instructions: FAILED: " + message, flush=True)
    sys.exit(1)


def skip(message):
    print("perf.instructions: SKIPPED: " + message, flush=True)
    sys.exit(SKIP)


def compiler_line(compiler):
    try:
        out = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        fail(f"cannot run {compiler} --version: {e}")
    return out.splitlines()[0].strip() if out else ""


def platform_line():
    """What, besides the compiler, moves the counts: the machine, the C library (malloc, memcpy), AVX2 (prism's
    string scans and skipping take their AVX2 paths where the CPU has it; valgrind hides AVX-512 from the program)."""
    avx2 = False
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("flags"):
                    avx2 = "avx2" in line.split()
                    break
    except OSError:
        pass
    try:
        libc = os.confstr("CS_GNU_LIBC_VERSION") or "unknown C library"
    except (ValueError, OSError):
        libc = "unknown C library"
    return f"{platform.machine()}, {libc}, {'AVX2' if avx2 else 'no AVX2'}"


def list_cases(driver):
    try:
        out = subprocess.run([driver, "--list"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError) as e:
        fail(f"cannot run {driver} --list: {e}")
    return [line.split()[0] for line in out.splitlines() if line.strip()]


def count(valgrind, driver, data, case, tmp):
    out_file = os.path.join(tmp, case.replace("/", "_") + ".callgrind")
    command = [valgrind, "--tool=callgrind", f"--callgrind-out-file={out_file}", "--collect-atstart=no",
               f"--toggle-collect={MEASURED}", driver, case, data]
    # A fixed environment: its size moves the stack, whatever else it holds may move the program.
    env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "GLIBC_TUNABLES": GLIBC_TUNABLES}
    if "VALGRIND_LIB" in os.environ:
        env["VALGRIND_LIB"] = os.environ["VALGRIND_LIB"]
    run = subprocess.run(command, capture_output=True, text=True, env=env)
    if run.returncode != 0:
        fail(f"{case}: the driver failed under callgrind (exit {run.returncode}):\n" +
             (run.stdout + run.stderr).strip() + "\ncommand: " + " ".join(command))
    summary = totals = None
    with open(out_file) as f:
        for line in f:
            if line.startswith("summary:"):
                summary = int(line.split()[1])
            elif line.startswith("totals:"):
                totals = int(line.split()[1])
    n = summary if summary is not None else totals
    if not n:
        fail(f"{case}: callgrind counted nothing in {MEASURED} (no summary: or totals: line in {out_file})")
    return n


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--driver", required=True, help="the prism_instructions executable")
    parser.add_argument("--data", required=True, help="the folder of twitter.json, canada.json, json_performance.json")
    parser.add_argument("--compiler", default="g++", help="the compiler that built the driver")
    parser.add_argument("--baseline", default=os.path.join(HERE, "baseline.json"))
    parser.add_argument("--valgrind", default=shutil.which("valgrind"))
    parser.add_argument("--update", action="store_true", help="rewrite the baseline (or PRISM_UPDATE_BASELINE=1)")
    parser.add_argument("--case", action="append", help="only this case (repeatable); no --update with it")
    args = parser.parse_args()
    update = args.update or os.environ.get("PRISM_UPDATE_BASELINE", "") not in ("", "0")
    if update and args.case:
        fail("--update rewrites the whole baseline: run it without --case")

    compiler = compiler_line(args.compiler)
    machine = platform_line()
    baseline = None
    if not update:
        try:
            with open(args.baseline) as f:
                baseline = json.load(f)
        except (OSError, ValueError) as e:
            fail(f"cannot read the baseline {args.baseline}: {e} (PRISM_UPDATE_BASELINE=1 makes one)")
        if baseline.get("compiler") != compiler:
            skip(f"the baseline holds for the compiler '{baseline.get('compiler')}', this build's is '{compiler}' "
                 f"({args.compiler}): instruction counts are not comparable across compilers")
        if baseline.get("platform") != machine:
            skip(f"the baseline holds for '{baseline.get('platform')}', this machine is '{machine}': "
                 "instruction counts are not comparable")

    if not args.valgrind or not shutil.which(args.valgrind):
        fail("valgrind is not installed (it counts the instructions): bash tools/deps.sh test installs it")

    cases = list_cases(args.driver)
    if args.case:
        unknown = [c for c in args.case if c not in cases]
        if unknown:
            fail(f"no such case: {', '.join(unknown)} (the driver has {', '.join(cases)})")
        cases = [c for c in cases if c in args.case]

    counts = {}
    start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="prism-callgrind-") as tmp:
        for case in cases:
            counts[case] = count(args.valgrind, args.driver, args.data, case, tmp)
    seconds = time.monotonic() - start

    if update:
        with open(args.baseline, "w") as f:
            json.dump({"compiler": compiler, "platform": machine, "cases": counts}, f, indent=2)
            f.write("\n")
        for case, n in counts.items():
            print(f"{case:30} {n:>14,}")
        print(f"perf.instructions: wrote {args.baseline} ({compiler}; {machine}) in {seconds:.1f} s")
        return 0

    expected = baseline.get("cases", {})
    regressions, faster, missing = [], [], []
    print(f"{'case':30} {'instructions':>14} {'baseline':>14} {'ratio':>7}")
    for case, n in counts.items():
        base = expected.get(case)
        if not base:
            missing.append(case)
            print(f"{case:30} {n:>14,} {'none':>14}")
            continue
        ratio = n / base
        verdict = ""
        if ratio > 1 + TOLERANCE:
            regressions.append(f"{case} ({ratio:.3f}x its baseline: {n:,} instructions against {base:,})")
            verdict = "  REGRESSION"
        elif ratio < 1 - TOLERANCE:
            faster.append(case)
            verdict = "  faster"
        print(f"{case:30} {n:>14,} {base:>14,} {ratio:7.3f}{verdict}")
    stale = [c for c in expected if c not in counts] if not args.case else []
    print(f"({len(counts)} cases in {seconds:.1f} s; {compiler}; {machine})")
    update_hint = ("PRISM_UPDATE_BASELINE=1 ctest --test-dir BUILD -R perf.instructions, "
                   "and commit tests/perf/baseline.json with the change")
    for case in faster:
        print(f"note: {case} runs more than {TOLERANCE:.0%} fewer instructions than its baseline: "
              f"update the baseline ({update_hint})")
    problems = []
    if regressions:
        problems.append(f"more than {TOLERANCE:.0%} above the baseline: " + "; ".join(regressions))
    if missing:
        problems.append("no baseline for " + ", ".join(missing) + f" ({update_hint})")
    if stale:
        problems.append("the baseline names cases the driver does not have: " + ", ".join(stale) + f" ({update_hint})")
    if problems:
        fail("\n  ".join(problems))
    print("perf.instructions: passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
