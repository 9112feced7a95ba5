#!/usr/bin/env python3
"""Regenerates the example output in docs/di-inspect.md from real runs of di-inspect.

Records the trace fixture's scenarios (Tests/Fixtures/TraceFixture) into demo/, runs each example's commands with
the built di-inspect (.build/debug), and writes command and output between the example's markers:

    <!-- example:NAME (scripts/regenerate-inspect-examples.py) -->
    ...
    <!-- example:end -->

Durations, times and span ids, which change every run, are shown as `…`.

Usage (after `swift build --build-tests`): python3 scripts/regenerate-inspect-examples.py [--check]
With --check it changes nothing and exits 1 when the document differs from new runs.
"""
import json
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
document = os.path.join(root, "docs/di-inspect.md")
binaries = os.path.join(root, ".build/debug")
for tool in ("di-inspect", "TraceFixture"):
    if not os.path.exists(os.path.join(binaries, tool)):
        sys.exit(f"No {tool} under .build/debug: run `swift build --build-tests` first.")

env = dict(os.environ, NO_COLOR="1", PATH=binaries + os.pathsep + os.environ.get("PATH", ""))
env.pop("DI_INSPECT_TRACE", None)
os.makedirs(os.path.join(root, "demo"), exist_ok=True)
for scenario in ("captive", "main-thread"):
    trace = os.path.join(root, "demo", scenario + ".ditrace")
    if os.path.exists(trace):
        os.remove(trace)
    subprocess.run([os.path.join(binaries, "TraceFixture"), scenario], env=dict(env, DI_INSPECT_TRACE=trace),
                   cwd=root, check=True, stdout=subprocess.DEVNULL, timeout=120)


def first_span(path):
    """The first span of an export, with one attribute a line."""
    with open(os.path.join(root, path), encoding="utf-8") as handle:
        span = json.load(handle)["resourceSpans"][0]["scopeSpans"][0]["spans"][0]
    lines = ["{"]
    for key in sorted(span):
        if key == "attributes":
            lines.append('  "attributes": [')
            rows = [json.dumps(attribute, ensure_ascii=False) for attribute in span[key]]
            lines += ["    " + row + ("," if index < len(rows) - 1 else "") for index, row in enumerate(rows)]
            lines.append("  ],")
        else:
            lines.append(f"  {json.dumps(key)}: {json.dumps(span[key], ensure_ascii=False)},")
    lines[-1] = lines[-1].rstrip(",")
    return "\n".join(lines + ["}"])


# Each example: (shell command shown and run, or (label, function) for a view of a file the commands wrote).
examples = {
    "captive": [
        "di-inspect check demo/captive.ditrace",
        "di-inspect check --captive-scopes demo/captive.ditrace | head -n 9",
        "di-inspect check demo/main-thread.ditrace",
    ],
    "export": [
        "di-inspect export --format otlp-json demo/captive.ditrace -o demo/spans.json",
        ("# the first span of demo/spans.json, one attribute a line", lambda: first_span("demo/spans.json")),
    ],
}


def run(step):
    if isinstance(step, tuple):
        label, view = step
        return f"$ {label}\n{view()}\n"
    result = subprocess.run(["bash", "-o", "pipefail", "-c", step], env=env, cwd=root, stdout=subprocess.PIPE,
                            stderr=subprocess.STDOUT, text=True, timeout=120)
    text = f"$ {step}\n{result.stdout}"
    if result.returncode not in (0, 1):
        sys.exit(f"`{step}` exited {result.returncode}:\n{result.stdout}")
    return text


def normalised(text):
    text = re.sub(r"\d+(\.\d+)? (ms|µs|ns|s)\b", "… \\2", text)
    text = re.sub(r'"(start|end)TimeUnixNano": "\d+"', r'"\1TimeUnixNano": "…"', text)
    # Ids come from the process id and start time of the recording.
    return re.sub(r'"(traceId|spanId|parentSpanId)": "[0-9a-f]+"', r'"\1": "…"', text)


content = open(document, encoding="utf-8").read()
new = content
for name, steps in examples.items():
    begin = f"<!-- example:{name} (scripts/regenerate-inspect-examples.py) -->"
    if begin not in new:
        sys.exit(f"{document} has no line {begin!r}: add the markers where the example belongs.")
    output = normalised("".join(run(step) for step in steps)).rstrip("\n")
    block = "\n".join([begin, "```", output, "```", "<!-- example:end -->"])
    new = re.sub(re.escape(begin) + r".*?<!-- example:end -->", lambda _: block, new, count=1, flags=re.S)

if "--check" in sys.argv:
    if new != content:
        sys.exit("docs/di-inspect.md differs from new runs: run `make docs-examples` and review the diff.")
    sys.exit(0)
open(document, "w", encoding="utf-8").write(new)
print("Updated docs/di-inspect.md from runs of " + ", ".join(examples) + ".")
