#!/usr/bin/env bash
# Several test processes recording into one directory, then analysed as one (issue #14): the examples' suites
# under `swift test --parallel` and, at the same time, two test processes that each run part of them, all with
# DI_INSPECT_TRACE=DIR/ (one trace per process). `check`, `stats`, `dump` and `graph` then read the directory.
#
#   scripts/parallel-traces-check.sh      # after `swift build --build-tests` here and in Examples (make test)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
inspect=$root/.build/debug/di-inspect
dir=$root/Examples/.build/parallel-traces
rm -rf "$dir"
mkdir -p "$dir"
cd Examples
bin=$(swift build --show-bin-path)
bundle=$(ls -d "$bin"/*PackageTests.xctest | head -1)
fail() { echo "parallel traces: $*" >&2; exit 1; }

DI_INSPECT_TRACE=$dir/ swift test --skip-build --parallel >"$root/.build/test-parallel-traces.log" 2>&1 &
DI_INSPECT_TRACE=$dir/ "$bundle" --testing-library swift-testing --filter ModularAppTests >/dev/null 2>&1 &
DI_INSPECT_TRACE=$dir/ "$bundle" --testing-library swift-testing --filter SeedPatternsTests >/dev/null 2>&1 &
for job in $(jobs -p); do wait "$job" || fail "a test process failed (log: .build/test-parallel-traces.log)"; done

traces=$(find "$dir" -name '*.ditrace' | wc -l)
[ "$traces" -ge 3 ] || fail "expected a trace per test process (3 or more) in $dir, found $traces"
for file in "$dir"/*.ditrace; do
    [ "$(stat -c %a "$file")" = 600 ] || fail "$file is not private (mode $(stat -c %a "$file"), expected 600)"
done

status=0
"$inspect" check "$dir" >"$dir.check.txt" 2>"$dir.check.err" || status=$?
[ "$status" -le 1 ] || fail "check $dir exited $status: $(cat "$dir.check.err")"
[ "$(grep -c "$dir/" "$dir.check.txt")" -ge "$traces" ] || fail "check did not report each of the $traces traces"

"$inspect" dump "$dir" >"$dir.dump.json" 2>"$dir.dump.err" || fail "dump $dir failed: $(cat "$dir.dump.err")"
python3 - "$dir.dump.json" "$traces" <<'PY'
import json, sys
dump = json.load(open(sys.argv[1]))
count = int(sys.argv[2])
assert len(dump["traces"]) == count, (len(dump["traces"]), count)
assert {c["trace"] for c in dump["containers"]} == set(range(count)), "every process keeps its own containers"
defaults = [c for c in dump["containers"] if c["kind"] == "default"]
assert len(defaults) == count, "one default container per process"
assert any(f["resolutions"] > 0 for f in dump["factories"])
PY

total=0
for file in "$dir"/*.ditrace; do
    one=$("$inspect" stats "$file" | tail -1 | sed -E 's/.* ([0-9]+) resolutions?\./\1/')
    total=$((total + one))
done
together=$("$inspect" stats "$dir" | tail -1 | sed -E 's/.* ([0-9]+) resolutions?\./\1/')
[ "$together" = "$total" ] || fail "stats of the directory counts $together resolutions, the files $total"

"$inspect" graph "$dir" -o "$dir.svg" >/dev/null 2>"$dir.graph.err" || fail "graph $dir failed: $(cat "$dir.graph.err")"
grep -q '<svg' "$dir.svg" || fail "graph $dir wrote no SVG"
echo "parallel traces: $traces test processes recorded into one directory; check, dump, stats and graph read it as one ($together resolutions)."
