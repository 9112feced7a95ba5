#!/usr/bin/env bash
# Times `di-inspect graph` on app-shaped traces (S, L, and with --xl also XL) beside Graphviz's own
# command-line tools on the same DOT, and prints a Markdown table (wall time, peak resident memory).
#
#   Benchmarks/graph-bench.sh            # S and L (about a minute on 2 cores)
#   Benchmarks/graph-bench.sh --xl       # also XL: writes a 1.6 GB trace to $BENCH_DIR (default: a temp dir)
#
# Release build; run from the repository root (make bench-graph does).
set -euo pipefail

SWIFT=${SWIFT:-swift}
XL=0
[[ "${1:-}" == "--xl" ]] && XL=1
command -v /usr/bin/time >/dev/null || { echo "error: /usr/bin/time is missing (apt-get install time)." >&2; exit 2; }
command -v dot >/dev/null || { echo "error: Graphviz's dot is missing (apt-get install graphviz)." >&2; exit 2; }

$SWIFT build -c release --product di-inspect >&2
$SWIFT build -c release --product di-fixture >&2
BIN=$($SWIFT build -c release --show-bin-path)
DIR=${BENCH_DIR:-$(mktemp -d)}
mkdir -p "$DIR"
trap '[[ -z "${BENCH_DIR:-}" ]] && rm -rf "$DIR"' EXIT

# measure LABEL COMMAND...: runs COMMAND under /usr/bin/time -v; sets SECONDS_TAKEN and PEAK_MB.
measure() {
    local log="$DIR/time.log"
    /usr/bin/time -v -o "$log" "$@" >"$DIR/stdout.log" 2>"$DIR/stderr.log" || {
        echo "error: $* failed; its standard error:" >&2; cat "$DIR/stderr.log" >&2; exit 1; }
    local wall
    wall=$(sed -n 's/.*Elapsed (wall clock) time (h:mm:ss or m:ss): //p' "$log")
    SECONDS_TAKEN=$(awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; printf "%.2f", s }' <<<"$wall")
    PEAK_MB=$(awk '/Maximum resident set size/ { printf "%.0f", $NF / 1024 }' "$log")
}

echo "Graphviz: $(dot -V 2>&1); $(nproc) cores; load average $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| case | command | di-inspect | peak memory | Graphviz alone on the same DOT |"
echo "|---|---|---|---|---|"

row() {  # row CASE TRACE ENGINE OPTIONS...
    local name=$1 trace=$2 engine=$3
    shift 3
    measure "$BIN/di-inspect" graph "$DIR/$trace" -o "$DIR/out.svg" "$@"
    local ours=$SECONDS_TAKEN ours_mb=$PEAK_MB
    if grep -q '^warning:' "$DIR/stderr.log"; then ours="$ours (fell back: $(grep -m1 '^warning:' "$DIR/stderr.log" | cut -c1-80)…)"; fi
    "$BIN/di-inspect" graph "$DIR/$trace" --format dot "$@" >"$DIR/out.dot" 2>/dev/null
    measure "$engine" -Tsvg "$DIR/out.dot" -o "$DIR/graphviz.svg"
    local options=${*:+ $*}
    echo "| $name | \`di-inspect graph ${trace} -o out.svg${options}\` | ${ours} s | ${ours_mb} MB | \`$engine -Tsvg\`: ${SECONDS_TAKEN} s, ${PEAK_MB} MB |"
}

"$BIN/di-fixture" S -o "$DIR/s.ditrace" >/dev/null
"$BIN/di-fixture" L -o "$DIR/l.ditrace" >/dev/null
row "S, default options" s.ditrace dot
row "S, scope clusters" s.ditrace dot --cluster scope
row "S, no clusters" s.ditrace dot --cluster none
row "S, sfdp" s.ditrace sfdp --layout sfdp
row "L, default options (one node per module)" l.ditrace dot
row "L, every factory, sfdp" l.ditrace sfdp --collapse none --layout sfdp
if [[ $XL == 1 ]]; then
    measure "$BIN/di-fixture" XL -o "$DIR/xl.ditrace"
    echo "| XL, writing the trace | \`di-fixture XL -o xl.ditrace\` ($(du -m "$DIR/xl.ditrace" | cut -f1) MB) | ${SECONDS_TAKEN} s | ${PEAK_MB} MB | |"
    row "XL, default options" xl.ditrace dot
    # The reader's own cost at XL (issue #14's targets: under 10 s and 300 MB each). `check` exits 1 when it finds
    # problems, as it does on the fixture; only 2 and above are failures here.
    measure bash -c '"$@"; [ $? -le 1 ]' check "$BIN/di-inspect" check "$DIR/xl.ditrace"
    echo "| XL, check | \`di-inspect check xl.ditrace\` | ${SECONDS_TAKEN} s | ${PEAK_MB} MB | |"
    measure "$BIN/di-inspect" stats "$DIR/xl.ditrace"
    echo "| XL, stats | \`di-inspect stats xl.ditrace\` | ${SECONDS_TAKEN} s | ${PEAK_MB} MB | |"
    measure "$BIN/di-inspect" dump "$DIR/xl.ditrace"
    echo "| XL, dump | \`di-inspect dump xl.ditrace\` | ${SECONDS_TAKEN} s | ${PEAK_MB} MB | |"
fi
