"""Writes a deterministic di-trace shaped like a real app, for the report's size test.

Factories are spread over modules in layers (features use services, services use core), edges only go from
a higher layer (or a later factory in the same module) to a lower one, so there are no cycles. An app run
resolves every top-layer factory once, depth first, with cached and shared factories created once and then
served from cache; then a number of tests each run in a test container with overrides, test defaults and
cached hits. Every line follows docs/trace-format.md.

    python3 Tests/browser/app_trace.py --factories 2000 --modules 60 --edges 8000 -o /tmp/l.ditrace
"""

import argparse
import json
import random


def generate(factories=2000, modules=60, edges=8000, tests=40, seed=7):
    rng = random.Random(seed)
    lines = [{"format": "di-trace", "version": 1, "pid": 4242, "executable": "/app/.build/debug/LargeApp",
              "arguments": [], "startTime": "2026-11-23T10:00:00Z", "clock": "monotonic-ns"}]
    lines.append({"event": "container", "id": 1, "kind": "default", "parent": None, "file": "App/main.swift",
                  "line": 1, "function": "main()", "test": None, "t": 0})
    module_of = [0] * (factories + 1)
    layer_of = [0] * (factories + 1)
    scope_of = [""] * (factories + 1)
    for fid in range(1, factories + 1):
        module = (fid - 1) * modules // factories
        module_of[fid] = module
        layer_of[fid] = module * 4 // modules  # 0 core .. 3 features
        scope_of[fid] = rng.choice(["cached", "cached", "shared", "unique"])
        name = "Feature" if layer_of[fid] == 3 else ("Service" if layer_of[fid] >= 1 else "Core")
        mod = "%s%02d" % (name, module)
        lines.append({"event": "factory", "id": fid, "type": "any %s%dProviding" % (mod, fid),
                      "name": None if fid % 9 else "variant%d" % fid, "module": mod,
                      "file": "%s/%sFactories.swift" % (mod, mod), "line": 10 + (fid % 400) * 3,
                      "scope": scope_of[fid], "kind": rng.choice(["sync", "sync", "async", "syncThrowing"]),
                      "t": fid})

    children = {fid: [] for fid in range(1, factories + 1)}
    seen = set()
    attempts = 0
    while len(seen) < edges and attempts < edges * 50:
        attempts += 1
        a = rng.randint(1, factories)
        b = rng.randint(1, factories)
        allowed = a > b if module_of[a] == module_of[b] else layer_of[a] > layer_of[b]
        if not allowed or (a, b) in seen:
            continue
        seen.add((a, b))
        children[a].append(b)

    state = {"resolution": 0, "time": 1000, "container": 1}
    cached = {}

    def resolve(fid, parent, container, overrides, depth):
        rid = state["resolution"] = state["resolution"] + 1
        start = state["time"]
        state["time"] += rng.randint(200, 3000)
        key = (container, fid)
        source = "override" if fid in overrides else "production"
        if scope_of[fid] != "unique" and key in cached:
            outcome = "cacheHit"
        else:
            outcome = "created"
            cached[key] = True
            if depth < 12 and fid not in overrides:
                for child in children[fid]:
                    resolve(child, rid, container, overrides, depth + 1)
            state["time"] += rng.randint(500, 40000)
        lines.append({"event": "resolution", "id": rid, "factory": fid, "container": container, "parent": parent,
                      "outcome": outcome, "source": source, "start": start, "ns": state["time"] - start,
                      "thread": 1})

    for fid in range(1, factories + 1):
        if layer_of[fid] == 3:
            resolve(fid, None, 1, set(), 0)

    features = [fid for fid in range(1, factories + 1) if layer_of[fid] == 3]
    for test in range(tests):
        cid = 2 + test
        subject = rng.choice(features)
        mod = lines[subject + 1]["module"]
        lines.append({"event": "container", "id": cid, "kind": "test", "parent": 1,
                      "file": "%sTests/%sTests.swift" % (mod, mod), "line": 20 + test,
                      "function": "test%d()" % test, "test": "%sTests/test%d()" % (mod, test),
                      "t": state["time"]})
        overrides = set(children[subject][:3])
        for index, fid in enumerate(sorted(overrides)):
            lines.append({"event": "registration", "action": "testDefault" if index == 0 else "push",
                          "factory": fid, "container": cid, "file": "%sTests/%sTests.swift" % (mod, mod),
                          "line": 30 + index, "depth": 1, "t": state["time"] + index + 1})
        state["time"] += 100
        for fid in [subject] + list(overrides):
            resolve(fid, None, cid, overrides, 0)
        lines.append({"event": "containerEnded", "id": cid, "t": state["time"]})
    lines.append({"event": "end", "t": state["time"] + 1, "events": len(lines) - 1})
    return "\n".join(json.dumps(line, separators=(",", ":")) for line in lines) + "\n"


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--factories", type=int, default=2000)
    parser.add_argument("--modules", type=int, default=60)
    parser.add_argument("--edges", type=int, default=8000)
    parser.add_argument("--tests", type=int, default=40)
    parser.add_argument("-o", "--output", required=True)
    arguments = parser.parse_args()
    with open(arguments.output, "w") as handle:
        handle.write(generate(arguments.factories, arguments.modules, arguments.edges, arguments.tests))
