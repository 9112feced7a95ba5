#!/usr/bin/env python3
"""Regenerates the failing-test output shown in the "Testing with containers" article from a real run.

Runs the inner test `InnerTraitTests/innerThrowingUnregistered` (Tests/DependencyInjectionTestingTests) of the built
test bundle, strips terminal colours, replaces the checkout's absolute path with `.`, and writes the output between
the `failure-report` markers of Sources/DependencyInjection/Documentation.docc/TestingWithContainers.md.

Usage (after `swift build --build-tests`): python3 scripts/regenerate-failure-example.py [--check]
With --check it changes nothing and exits 1 when the article differs from a new run.
"""
import glob
import os
import re
import subprocess
import sys

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
article = os.path.join(root, "Sources/DependencyInjection/Documentation.docc/TestingWithContainers.md")
begin, end = "<!-- failure-report:begin (scripts/regenerate-failure-example.py) -->", "<!-- failure-report:end -->"

bundles = glob.glob(os.path.join(root, ".build/debug/*PackageTests.xctest"))
if not bundles:
    sys.exit("No test bundle under .build/debug: run `swift build --build-tests` first.")
env = dict(os.environ, DI_INNER_TESTS="1", NO_COLOR="1")
env.pop("DI_INSPECT_TRACE", None)
run = subprocess.run([bundles[0], "--testing-library", "swift-testing", "--filter", "InnerTraitTests/innerThrowingUnregistered"],
                     env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=120)
output = re.sub(r"\x1b\[[0-9;]*m", "", run.stdout).replace(root + "/", "./")
# Keep the test's own lines: from the issue to the end of the failure report; drop timings that change every run.
lines = output.splitlines()
start = next(i for i, line in enumerate(lines) if "recorded an issue at" in line)
stop = next(i for i, line in enumerate(lines) if "Open it with: di-inspect trace" in line)
kept = [re.sub(r"\d+(\.\d+)? (ms|µs|ns|s)\b", "…", line) for line in lines[start:stop + 1]]
block = "\n".join([begin, "```", *kept, "```", end])

text = open(article, encoding="utf-8").read()
if begin not in text:
    sys.exit(f"{article} has no line {begin!r}: add the markers where the example belongs.")
new = re.sub(re.escape(begin) + r".*?" + re.escape(end), lambda _: block, text, flags=re.S)
if "--check" in sys.argv:
    sys.exit(0 if new == text else 1)
open(article, "w", encoding="utf-8").write(new)
print(f"Updated {os.path.relpath(article, root)} from a run of InnerTraitTests/innerThrowingUnregistered.")
