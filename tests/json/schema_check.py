#!/usr/bin/env python3
"""prism's JSON Schemas against a real validator (the jsonschema package), for every case schema_tool knows.

For each case (a model and a view):
  1. the schema is a valid draft 2020-12 schema;
  2. documents generated from the schema (random, seeded by the case's name) are all read by prism, and what prism
     writes back from each validates against the schema;
  3. each written document broken in one place (a value of another type, an integer past its type's range, an
     unknown key, a member removed) is judged alike by the validator and by prism's reader: where one refuses it the
     other does too, at the same path. The one difference allowed: a member the view always writes (so the schema
     requires it) that the reader does not need.

  schema_check.py SCHEMA_TOOL [DOCS_PER_CASE]
"""
import base64
import datetime
import json
import random
import re
import subprocess
import sys

try:
    from jsonschema import Draft202012Validator
except ImportError:
    sys.exit("schema_check: the Python jsonschema package is missing (tools/deps.sh installs python3-jsonschema)")

TOOL = sys.argv[1]
DOCS = int(sys.argv[2]) if len(sys.argv) > 2 else 300
failures = []


def fail(case, what):
    failures.append(f"{case}: {what}")
    if len(failures) > 40:
        report()


def report():
    for f in failures[:40]:
        print("FAIL", f)
    print(f"schema_check: {len(failures)} failure(s)")
    sys.exit(1)


def tool(*args, stdin=None):
    r = subprocess.run([TOOL, *args], input=stdin, capture_output=True, text=True, timeout=300)
    if r.returncode != 0:
        sys.exit(f"schema_check: {TOOL} {' '.join(args)} failed: {r.stderr}")
    return r.stdout


# ---- documents from a schema --------------------------------------------------------------------------------

def deref(root, s):
    """s, or the record definition its $ref names (prism's refs are all #/$defs/NAME)."""
    while "$ref" in s:
        s = root["$defs"][s["$ref"].split("/")[-1]]
    return s


class Generator:
    """Random instances of the subset of JSON Schema prism writes."""

    def __init__(self, schema, rng):
        self.root = schema
        self.rng = rng

    def resolve(self, s):
        return deref(self.root, s)

    def string(self):
        alphabet = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\t", "\u0001", "\u00e9", "\u65e5", "\U0001F600"]
        return "".join(self.rng.choice(alphabet) for _ in range(self.rng.randrange(0, 9)))

    def any_value(self, depth):
        choices = [None, True, 17, -2.5, "text", [], {}]
        v = self.rng.choice(choices if depth < 3 else choices[:5])
        if v == []:
            return [self.any_value(depth + 1) for _ in range(self.rng.randrange(3))]
        if v == {}:
            return {self.string(): self.any_value(depth + 1) for _ in range(self.rng.randrange(3))}
        return v

    def number(self):
        r = self.rng
        return r.choice([0.0, -0.0, 1.5, -1e-300, 5e-324, 1.7976931348623157e308, r.uniform(-1e6, 1e6),
                         r.uniform(-1, 1) * 10 ** r.randrange(-30, 30), float(r.randrange(-1000, 1000))])

    def gen(self, s, depth=0):
        s = self.resolve(s)
        r = self.rng
        for key in ("anyOf", "oneOf"):
            if key in s:
                alternatives = s[key]
                if depth > 4:  # deep: prefer what ends the recursion
                    nulls = [a for a in alternatives if self.resolve(a).get("type") == "null"]
                    if nulls:
                        return None
                return self.gen(r.choice(alternatives), depth + 1)
        if "enum" in s:
            return r.choice(s["enum"])
        t = s.get("type")
        if isinstance(t, list):
            t = r.choice(t)
        if t is None:
            return self.any_value(depth)
        if t == "null":
            return None
        if t == "boolean":
            return r.random() < 0.5
        if t == "integer":
            lo, hi = s.get("minimum", -2**53), s.get("maximum", 2**53)
            return r.choice([lo, hi, 0 if lo <= 0 <= hi else lo, r.randint(lo, hi), r.randint(lo, hi)])
        if t == "number":
            v = self.number()
            lo, hi = s.get("minimum"), s.get("maximum")
            if (lo is not None and v < lo) or (hi is not None and v > hi):
                v = r.choice([lo, hi, 0.0])
            return v
        if t == "string":
            if s.get("format") == "date-time":
                lo = epoch_seconds(s.get("formatMinimum", "0001-01-01T00:00:00Z")) + 1
                hi = epoch_seconds(s.get("formatMaximum", "9999-12-31T23:59:59Z")) - 1
                d = datetime.datetime(1970, 1, 1) + datetime.timedelta(seconds=r.randrange(lo, hi))
                text = f"{d.year:04d}" + d.strftime("-%m-%dT%H:%M:%S")  # strftime drops a small year's zeros
                if r.random() < 0.5:
                    text += "." + "".join(r.choice("0123456789") for _ in range(r.choice([1, 3, 6, 9])))
                return text + "Z"
            if s.get("contentEncoding") == "base64":
                return base64.b64encode(bytes(r.randrange(256) for _ in range(r.randrange(0, 12)))).decode()
            if s.get("maxLength") == 1:
                return r.choice("aZ0 ~\"\\\n\u0001")
            return self.string()
        if t == "array":
            if "prefixItems" in s:
                return [self.gen(p, depth + 1) for p in s["prefixItems"]]
            n = r.randrange(0, 4 if depth < 3 else 1)
            n = max(n, s.get("minItems", 0))
            n = min(n, s.get("maxItems", n))
            return [self.gen(s["items"], depth + 1) for _ in range(n)]
        if t == "object":
            out = {}
            required = set(s.get("required", []))
            for name, sub in s.get("properties", {}).items():
                if self.resolve(sub).get("readOnly") and name not in required and r.random() < 0.5:
                    continue
                if name in required or r.random() < 0.7:
                    out[name] = self.gen(sub, depth + 1)
            for pattern, sub in s.get("patternProperties", {}).items():
                signed = pattern.startswith("^-?")
                for _ in range(r.randrange(0, 3 if depth < 3 else 1)):
                    key = r.choice([0, 1, 42, 2**31 - 1, r.randrange(10**6)]) * (r.choice([1, -1]) if signed else 1)
                    out[str(key)] = self.gen(sub, depth + 1)
            extra = s.get("additionalProperties", True)
            if isinstance(extra, dict):
                names = s.get("propertyNames", {})
                for _ in range(r.randrange(0, 3 if depth < 3 else 1)):
                    if "enum" in names:
                        key = r.choice(names["enum"])
                    elif "pattern" in names:
                        key = str(r.randrange(-5, 5))
                    else:
                        key = self.string()
                    out[key] = self.gen(extra, depth + 1)
            return out
        raise ValueError(f"no generator for {s}")


def epoch_seconds(text):
    """The whole seconds since 1970 of an RFC 3339 time in UTC (its fraction dropped)."""
    d = datetime.datetime.strptime(text[:19], "%Y-%m-%dT%H:%M:%S")
    return int((d - datetime.datetime(1970, 1, 1)).total_seconds())


# ---- paths --------------------------------------------------------------------------------------------------

def prism_path(text):
    """prism's error path ($.a[0]["k"].b) as a list of strings."""
    parts, i = [], 1
    while i < len(text):
        if text[i] == ".":
            j = i + 1
            while j < len(text) and text[j] not in ".[":
                j += 1
            parts.append(text[i + 1:j])
            i = j
        elif text.startswith('["', i):
            j = text.index('"]', i + 2)
            parts.append(text[i + 2:j])
            i = j + 2
        else:
            j = text.index("]", i)
            parts.append(text[i + 1:j])
            i = j + 1
    return parts


def error_paths(errors):
    """Every path the validator's errors (and the errors of each alternative they tried) point at."""
    out = set()
    for e in errors:
        out.add(tuple(str(p) for p in e.absolute_path))
        out |= error_paths(e.context or [])
    return out


def walk(root, doc, path):
    """The schemas met on the way to path in doc, each resolved (through $ref, and the anyOf or oneOf alternative the
    value there matches), after the schema of the property or element it is."""
    defs = root.get("$defs", {})

    def resolve(s, v):
        while True:
            s = deref(root, s)
            alternatives = s.get("anyOf", s.get("oneOf"))
            if alternatives is None:
                return s
            s = next(a for a in alternatives if Draft202012Validator(dict(a, **{"$defs": defs})).is_valid(v))

    met, s, v = [], root, doc
    for step in path:
        s = resolve(s, v)
        if isinstance(v, dict):
            if step in s.get("properties", {}):
                s = s["properties"][step]
            else:
                s = next(iter(s.get("patternProperties", {}).values()), s.get("additionalProperties", {}))
        else:
            s = s["prefixItems"][step] if "prefixItems" in s else s.get("items", {})
        v = v[step]
        met.append(s)
    if met:
        met[-1] = resolve(met[-1], v)
    return met


def read_only_on(root, doc, path):
    """Whether path passes through a readOnly property (a computed field: the reader ignores what it holds)."""
    return any(s.get("readOnly") for s in walk(root, doc, path))


# ---- mutations ----------------------------------------------------------------------------------------------

def locations(doc, path=()):
    yield path, doc
    if isinstance(doc, dict):
        for k, v in doc.items():
            yield from locations(v, path + (k,))
    elif isinstance(doc, list):
        for i, v in enumerate(doc):
            yield from locations(v, path + (i,))


def replaced(doc, path, value):
    if not path:
        return value
    copy = json.loads(json.dumps(doc))
    target = copy
    for p in path[:-1]:
        target = target[p]
    if value is REMOVE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return copy


REMOVE = object()


def other_type(v):
    if isinstance(v, bool) or v is None:
        return "not a literal"
    if isinstance(v, (int, float)):
        return "not a number"
    if isinstance(v, str):
        return 12345
    if isinstance(v, list):
        return {"not": "an array"}
    return ["not an object"]


def mutations(schema, doc, rng):
    """(what, path, mutated document): each breaks doc in one place."""
    places = list(locations(doc))
    rng.shuffle(places)
    out = []
    for path, v in places[:12]:
        out.append(("type", path, replaced(doc, path, other_type(v))))
        here = walk(schema, doc, path)[-1] if path else schema
        if here.get("type") == "integer":  # (a float's bounds plus one are the same double)
            if "maximum" in here:
                out.append(("range", path, replaced(doc, path, here["maximum"] + 1)))
            if "minimum" in here:
                out.append(("range", path, replaced(doc, path, here["minimum"] - 1)))
        if isinstance(v, dict):
            out.append(("unknown", path, replaced(doc, path, dict(v, zzUnknownKey=1))))
            for k in list(v)[:4]:
                out.append(("missing", path + (k,), replaced(doc, path + (k,), REMOVE)))
    return out


# ---- the check ----------------------------------------------------------------------------------------------

def check(case):
    rng = random.Random(case)
    schema = json.loads(tool("schema", case))
    Draft202012Validator.check_schema(schema)
    validator = Draft202012Validator(schema)
    gen = Generator(schema, rng)
    docs = [gen.gen(schema) for _ in range(DOCS)]
    for d in docs:
        if not validator.is_valid(d):  # the generator's own slip, not prism's
            fail(case, f"generated document does not validate: {json.dumps(d)[:300]}")
    answers = tool("read", case, stdin="".join(json.dumps(d, ensure_ascii=False) + "\n" for d in docs)).splitlines()
    written = []
    for d, a in zip(docs, answers):
        a = json.loads(a)
        if not a["ok"]:
            fail(case, f"prism refuses a document the schema allows: {a['message']}\n  {json.dumps(d)[:400]}")
            continue
        out = a["out"]
        errors = list(validator.iter_errors(out))
        if errors:
            fail(case, f"what prism wrote does not validate: {errors[0].message[:200]} at "
                       f"{list(errors[0].absolute_path)}\n  {json.dumps(out)[:400]}")
        written.append(out)

    broken = [(d, m) for d in written[:60] for m in mutations(schema, d, rng)]
    answers = tool("read", case, stdin="".join(json.dumps(m, ensure_ascii=False) + "\n" for _, (_, _, m) in broken))
    counts = {}
    for (original, (what, where, m)), a in zip(broken, answers.splitlines()):
        a = json.loads(a)
        errors = list(validator.iter_errors(m))
        paths = error_paths(errors)
        valid = not errors
        key = (what, valid, a["ok"])
        counts[key] = counts.get(key, 0) + 1
        if valid and a["ok"]:
            continue  # a change both accept (a null where an optional is, a key of a map...)
        if valid and not a["ok"]:
            fail(case, f"{what}: prism refuses what the schema allows: {a['message']}\n  {json.dumps(m)[:400]}")
            continue
        if not valid and a["ok"]:
            if what == "missing":
                continue  # the schema requires what the view always writes; the reader may not need it
            if read_only_on(schema, original, where):
                continue  # a computed field: readOnly, and the reader ignores what it holds
            fail(case, f"{what}: prism reads what the schema refuses ({errors[0].message[:160]} at "
                       f"{list(errors[0].absolute_path)})\n  {json.dumps(m)[:400]}")
            continue
        p = tuple(prism_path(a["path"]))
        # a key that is not there (missing) or should not be (unknown): prism names the key, the validator the object
        if p not in paths and not (what in ("missing", "unknown") and p[:-1] in paths):
            fail(case, f"{what}: prism refuses at {a['path']}, the validator at {sorted(paths)[:4]}\n"
                       f"  {json.dumps(m)[:400]}")
    summary = ", ".join(f"{w}:{'valid' if v else 'invalid'}/{'read' if ok else 'refused'}={n}"
                        for (w, v, ok), n in sorted(counts.items()))
    print(f"{case}: {len(docs)} generated documents read and written back valid; "
          f"{len(broken)} broken ones judged alike ({summary})")


def main():
    for case in tool("list").split():
        check(case)
    if failures:
        report()
    print("schema_check: all cases pass")


main()
