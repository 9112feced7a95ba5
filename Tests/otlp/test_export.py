"""`di-inspect export --format otlp-json`, checked by decoding its output with the official OpenTelemetry
protobuf definitions (run by `make test`, through `make test-otlp`).

Every expectation comes from the trace lines themselves (read here with json), not from a stored copy of
the output.
"""

import calendar
import json
import os
import re
import socket
import time

from opentelemetry.proto.trace.v1.trace_pb2 import Span, Status

import otlp

CLEAN = os.path.join(otlp.FIXTURES, "clean.ditrace")
CYCLE = os.path.join(otlp.FIXTURES, "cycle.ditrace")


def read_trace(path):
    """The header and the events of a trace, keyed the way the export needs them."""
    with open(path, encoding="utf-8") as handle:
        lines = [json.loads(line) for line in handle if line.strip()]
    events = lines[1:]
    return {
        "header": lines[0],
        "factories": {event["id"]: event for event in events if event["event"] == "factory"},
        "containers": {event["id"]: event for event in events if event["event"] == "container"},
        "resolutions": {event["id"]: event for event in events if event["event"] == "resolution"},
        "resolution_lines": sum(1 for event in events if event["event"] == "resolution"),
        "issues": [event for event in events if event["event"] == "issue"],
    }


def iso_to_ns(text):
    """An ISO 8601 UTC time as integer nanoseconds since 1970, without going through a float."""
    match = re.fullmatch(r"(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.(\d{1,9}))?Z", text)
    assert match, "unexpected startTime %r" % text
    seconds = calendar.timegm(tuple(int(part) for part in match.groups()[:6]))
    return seconds * 10**9 + int((match.group(7) or "").ljust(9, "0"))


def expected_attributes(trace, event):
    """The span attributes the contract asks for, as {key: (AnyValue case, value)}."""
    factory = trace["factories"][event["factory"]]
    container = trace["containers"][event["container"]]
    expected = {
        "di.factory.type": ("string_value", factory["type"]),
        "di.factory.site": ("string_value", "%s:%d" % (factory["file"], factory["line"])),
        "di.factory.module": ("string_value", factory["module"]),
        "di.factory.scope": ("string_value", factory["scope"]),
        "di.factory.kind": ("string_value", factory["kind"]),
        "di.resolution.id": ("int_value", event["id"]),
        "di.resolution.outcome": ("string_value", event["outcome"]),
        "di.resolution.source": ("string_value", event["source"]),
        "di.container.id": ("int_value", event["container"]),
        "di.container.kind": ("string_value", container["kind"]),
        "thread.id": ("int_value", event["thread"]),
    }
    if factory["name"] is not None:
        expected["di.factory.name"] = ("string_value", factory["name"])
    if container.get("test") is not None:
        expected["di.test.name"] = ("string_value", container["test"])
    if event.get("main") is True:
        expected["di.main_thread"] = ("bool_value", True)
    return expected


def name_matches(span_name, factory):
    """`resolve TYPE`, plus ` "NAME"` for a named factory. How a name holding a quote or a backslash is escaped
    inside the quotes is not specified, so such a name only has to sit between the quotes."""
    expected = "resolve " + factory["type"]
    name = factory["name"]
    if name is None:
        return span_name == expected
    if '"' in name or "\\" in name:
        return span_name.startswith(expected + ' "') and span_name.endswith('"')
    return span_name == '%s "%s"' % (expected, name)


def root_of(trace, resolution_id):
    while trace["resolutions"][resolution_id]["parent"] is not None:
        resolution_id = trace["resolutions"][resolution_id]["parent"]
    return resolution_id


def check_int_values(items):
    # proto3 JSON writes 64-bit integers as decimal strings.
    for item in items:
        if "intValue" in item["value"]:
            value = item["value"]["intValue"]
            assert isinstance(value, str) and re.fullmatch(r"-?\d+", value), item


def check_raw_ids(raw):
    """The raw JSON: ids in lowercase hex of the right length (span ids never all zeros), 64-bit integers as
    decimal strings."""
    for resource in raw["resourceSpans"]:
        check_int_values(resource["resource"]["attributes"])
        for scope in resource["scopeSpans"]:
            for span in scope["spans"]:
                assert re.fullmatch(r"[0-9a-f]{32}", span["traceId"]), span["traceId"]
                assert span["traceId"] != "0" * 32
                assert re.fullmatch(r"[0-9a-f]{16}", span["spanId"]), span["spanId"]
                assert span["spanId"] != "0" * 16
                parent = span.get("parentSpanId", "")
                assert parent == "" or (re.fullmatch(r"[0-9a-f]{16}", parent) and parent != "0" * 16), parent
                for field in ("startTimeUnixNano", "endTimeUnixNano"):
                    assert isinstance(span[field], str) and span[field].isdigit(), (field, span[field])
                check_int_values(span.get("attributes", []))


def check_export(request, paths):
    """Everything the contract says about one export of the traces at PATHS (one resource per trace)."""
    assert len(request.resource_spans) == len(paths)
    by_path = {}
    for resource in request.resource_spans:
        path = otlp.attributes(resource.resource.attributes).get("di.trace.path", (None, None))[1]
        assert path not in by_path, "two resources for %s" % path
        by_path[path] = resource
    assert sorted(by_path) == sorted(paths), "di.trace.path should be each trace's path as given"

    trace_ids_of_roots = {}
    for path in paths:
        trace = read_trace(path)
        header = trace["header"]
        start_ns = iso_to_ns(header["startTime"])
        resource = by_path[path]

        assert otlp.attributes(resource.resource.attributes) == {
            "service.name": ("string_value", os.path.basename(header["executable"])),
            "process.pid": ("int_value", header["pid"]),
            "di.trace.path": ("string_value", path),
        }
        assert len(resource.scope_spans) == 1
        assert resource.scope_spans[0].scope.name == "DependencyInjection"
        assert resource.scope_spans[0].scope.version == "1"

        # One span per resolution event, found by its di.resolution.id.
        spans = otlp.spans_of(resource)
        assert len(spans) == trace["resolution_lines"], path
        span_of = {}
        for span in spans:
            kind, resolution_id = otlp.attributes(span.attributes)["di.resolution.id"]
            assert kind == "int_value" and resolution_id not in span_of
            span_of[resolution_id] = span
        assert sorted(span_of) == sorted(trace["resolutions"])

        for resolution_id, event in trace["resolutions"].items():
            span = span_of[resolution_id]
            factory = trace["factories"][event["factory"]]
            where = "%s resolution %d" % (os.path.basename(path), resolution_id)

            # The parent link is the span of the event's parent resolution; roots have none.
            if event["parent"] is None:
                assert span.parent_span_id == b"", where
            else:
                assert span.parent_span_id == span_of[event["parent"]].span_id, where
            # A tree shares its root's traceId.
            assert span.trace_id == span_of[root_of(trace, resolution_id)].trace_id, where

            assert name_matches(span.name, factory), "%s: name %r" % (where, span.name)
            assert span.kind == Span.SPAN_KIND_INTERNAL, where

            # Wall-clock times: header startTime plus the monotonic offset, exactly (no float rounding).
            assert span.start_time_unix_nano == start_ns + event["start"], where
            assert span.end_time_unix_nano == span.start_time_unix_nano + event["ns"], where
            assert span.start_time_unix_nano >= start_ns and span.end_time_unix_nano >= span.start_time_unix_nano

            actual = otlp.attributes(span.attributes)
            expected = expected_attributes(trace, event)
            for key, value in expected.items():
                assert actual.get(key) == value, "%s: %s is %r, expected %r" % (where, key, actual.get(key), value)
            for key in ("di.factory.name", "di.test.name", "di.main_thread"):
                if key not in expected:
                    assert key not in actual, "%s: %s should be absent" % (where, key)

            if event["outcome"] == "failed":
                messages = [issue["message"] for issue in trace["issues"] if issue.get("resolution") == resolution_id]
                assert span.status.code == Status.STATUS_CODE_ERROR, where
                assert span.status.message in (messages or ["resolution failed"]), where
            else:
                assert span.status.code == Status.STATUS_CODE_UNSET, where

        for resolution_id, event in trace["resolutions"].items():
            if event["parent"] is None:
                trace_ids_of_roots[(path, resolution_id)] = span_of[resolution_id].trace_id

    # Different roots are different traces, also across processes (the two fixtures share pid and startTime).
    roots_of_trace_id = {}
    for root, trace_id in trace_ids_of_roots.items():
        label = "%s resolution %d" % (os.path.basename(root[0]), root[1])
        roots_of_trace_id.setdefault(trace_id.hex(), []).append(label)
    shared = {trace_id: roots for trace_id, roots in roots_of_trace_id.items() if len(roots) > 1}
    assert not shared, "different roots share a traceId: %s" % shared
    # Span ids are unique within each trace.
    seen = set()
    for resource in request.resource_spans:
        for span in otlp.spans_of(resource):
            assert (span.trace_id, span.span_id) not in seen, "span id used twice in one trace"
            seen.add((span.trace_id, span.span_id))


def test_fixtures_decode_with_the_official_definitions():
    # Both fixtures at once: one resourceSpans entry each, every span checked against its trace line.
    result = otlp.export(CLEAN, CYCLE)
    assert result.returncode == 0, result.stderr
    raw = otlp.strict_json(result.stdout)
    assert list(raw) == ["resourceSpans"]
    check_raw_ids(raw)
    request = otlp.decode_json(result.stdout)
    check_export(request, [CLEAN, CYCLE])


def test_one_span_against_its_fixture_line():
    # clean.ditrace's resolution 3 of the named factory "sqlite", spelled out by hand.
    result = otlp.export(CLEAN)
    assert result.returncode == 0, result.stderr
    (resource,) = otlp.decode_json(result.stdout).resource_spans
    spans = {otlp.attributes(span.attributes)["di.resolution.id"][1]: span for span in otlp.spans_of(resource)}
    span = spans[3]
    assert span.name == 'resolve any CalendarStoring "sqlite"'
    assert span.parent_span_id == spans[2].span_id
    assert span.trace_id == spans[1].trace_id
    assert len({spans[1].trace_id, spans[7].trace_id, spans[8].trace_id}) == 3  # three roots, three traces
    start = iso_to_ns("2026-11-22T17:10:00.123Z") + 1300
    assert (span.start_time_unix_nano, span.end_time_unix_nano) == (start, start + 40000)
    assert otlp.attributes(span.attributes) == {
        "di.factory.type": ("string_value", "any CalendarStoring"),
        "di.factory.name": ("string_value", "sqlite"),
        "di.factory.site": ("string_value", "CalendarStore/CalendarStore.swift:20"),
        "di.factory.module": ("string_value", "CalendarStore"),
        "di.factory.scope": ("string_value", "shared"),
        "di.factory.kind": ("string_value", "syncThrowing"),
        "di.resolution.id": ("int_value", 3),
        "di.resolution.outcome": ("string_value", "created"),
        "di.resolution.source": ("string_value", "production"),
        "di.container.id": ("int_value", 1),
        "di.container.kind": ("string_value", "default"),
        "thread.id": ("int_value", 1),
    }
    assert span.status.code == Status.STATUS_CODE_UNSET


def test_cycle_failure_carries_the_issue_message():
    # The resolution the cycle issue names gets STATUS_CODE_ERROR with that issue's message; its failed
    # ancestors, which no issue names, get the generic message.
    result = otlp.export(CYCLE)
    assert result.returncode == 0, result.stderr
    (resource,) = otlp.decode_json(result.stdout).resource_spans
    spans = {otlp.attributes(span.attributes)["di.resolution.id"][1]: span for span in otlp.spans_of(resource)}
    assert spans[3].status.code == Status.STATUS_CODE_ERROR
    assert spans[3].status.message == ("Dependency cycle: any SessionManaging \u2192 any AuthServicing \"oauth\""
                                       " \u2192 any SessionManaging.")
    for resolution_id in (1, 2):
        assert spans[resolution_id].status.code == Status.STATUS_CODE_ERROR
        assert spans[resolution_id].status.message == "resolution failed"
    assert spans[12].status.code == Status.STATUS_CODE_UNSET
    assert spans[1].trace_id == spans[2].trace_id == spans[3].trace_id != spans[12].trace_id


def test_output_file_matches_standard_output(tmp_path):
    # -o FILE writes the same request as standard output (ids may differ between runs; the summary maps them
    # to resolution ids).
    output = tmp_path / "export.json"
    result = otlp.export(CLEAN, CYCLE, "-o", str(output))
    assert result.returncode == 0, result.stderr
    from_file = otlp.decode_json(output.read_text(encoding="utf-8"))
    check_export(from_file, [CLEAN, CYCLE])
    from_stdout = otlp.decode_json(otlp.export(CLEAN, CYCLE).stdout)
    assert otlp.summary(from_file) == otlp.summary(from_stdout)


HOSTILE_TYPE = 'Q"uo\\te</script><script>alert(1)</script>\u2028\u2029\x1b[31m\r\nEnd\t\u00e9\U0001F600'
HOSTILE_NAME = 'n"a\\me</script>\u2028\x1b\r\n\x7f'
HOSTILE_TEST = 'Suite/"t"\\</script>\u2028\x1b\r\n()'


def write_hostile_trace(path):
    """A valid trace whose strings hold quotes, backslashes, </script>, U+2028, control characters and CRLF.

    It also covers what the fixtures do not: a test container with a test name, a resolution on the main
    thread, the largest id the format allows and a factory declared after its resolution.
    """
    big = 9223372036854775807
    lines = [
        {"format": "di-trace", "version": 1, "pid": 77, "executable": "/x/My \u2028App\x1b",
         "argumentCount": 0, "startTime": "2026-01-01T00:00:00Z", "clock": "monotonic-ns"},
        {"event": "container", "id": 1, "kind": "default", "parent": None, "file": "App/main.swift", "line": 1,
         "function": "main()", "test": None, "t": 0},
        {"event": "container", "id": 2, "kind": "test", "parent": 1, "file": "T/\"T\".swift", "line": 3,
         "function": "t()", "test": HOSTILE_TEST, "t": 5},
        {"event": "factory", "id": 2, "type": "any Clock", "name": None, "module": "Time",
         "file": "Time/C.swift", "line": 2, "scope": "unique", "kind": "async", "t": 2},
        {"event": "resolution", "id": big, "factory": 2, "container": 2, "parent": 1, "outcome": "created",
         "source": "override", "start": 20, "ns": 10, "thread": 3},
        {"event": "resolution", "id": 1, "factory": 1, "container": 2, "parent": None, "outcome": "cacheHit",
         "source": "production", "start": 10, "ns": 50, "thread": 1, "main": True},
        {"event": "factory", "id": 1, "type": HOSTILE_TYPE, "name": HOSTILE_NAME, "module": "M\u2028\"<b>",
         "file": "M\u2028\"<b>/F\\.swift", "line": 7, "scope": "cached", "kind": "asyncThrowing", "t": 30},
        {"event": "end", "t": 100, "events": 6},
    ]
    with open(path, "w", encoding="utf-8", newline="\n") as handle:
        # ensure_ascii=False leaves U+2028, U+2029, é and the emoji raw in the file (control characters are
        # still escaped, as JSON requires).
        handle.write("\n".join(json.dumps(line, ensure_ascii=False) for line in lines) + "\n")


def test_hostile_strings_round_trip(tmp_path):
    # Strings come back exactly, whatever characters they hold, and the output still decodes.
    trace = str(tmp_path / "hostile.ditrace")
    write_hostile_trace(trace)
    result = otlp.export(trace)
    assert result.returncode == 0, result.stderr
    check_raw_ids(otlp.strict_json(result.stdout))
    request = otlp.decode_json(result.stdout)
    (resource,) = request.resource_spans
    assert otlp.attributes(resource.resource.attributes)["service.name"] == ("string_value", "My \u2028App\x1b")
    spans = {otlp.attributes(span.attributes)["di.resolution.id"][1]: span for span in otlp.spans_of(resource)}
    hostile = otlp.attributes(spans[1].attributes)
    assert hostile["di.factory.type"] == ("string_value", HOSTILE_TYPE)
    assert hostile["di.factory.name"] == ("string_value", HOSTILE_NAME)
    assert hostile["di.factory.module"] == ("string_value", "M\u2028\"<b>")
    assert hostile["di.factory.site"] == ("string_value", "M\u2028\"<b>/F\\.swift:7")
    assert hostile["di.test.name"] == ("string_value", HOSTILE_TEST)
    assert hostile["di.main_thread"] == ("bool_value", True)
    # How the name is quoted inside the span name is not specified; the type must be there verbatim.
    assert spans[1].name.startswith("resolve " + HOSTILE_TYPE)
    # The largest id survives as an exact 64-bit integer.
    assert spans[9223372036854775807].parent_span_id == spans[1].span_id
    check_export(request, [trace])


def test_endpoint_receives_the_same_request():
    # --endpoint POSTs to an OTLP/HTTP receiver on 127.0.0.1; what it receives decodes and equals the file export.
    receiver = otlp.Receiver().start()
    try:
        result = otlp.export(CLEAN, CYCLE, "--endpoint", receiver.url)
    finally:
        receiver.stop()
    assert result.returncode == 0, result.stderr
    assert len(receiver.requests) == 1, receiver.requests
    (received,) = receiver.requests
    assert received["error"] is None, received["error"]
    assert received["path"] == "/v1/traces"
    assert received["content_type"] == "application/json"
    check_export(received["request"], [CLEAN, CYCLE])
    exported = otlp.export(CLEAN, CYCLE)
    assert exported.returncode == 0, exported.stderr
    assert otlp.summary(received["request"]) == otlp.summary(otlp.decode_json(exported.stdout))


def test_endpoint_server_error_exits_2():
    # An HTTP 500 answer is a failure: exit 2, one sentence naming the URL and the status.
    receiver = otlp.Receiver(status=500).start()
    try:
        result = otlp.export(CLEAN, "--endpoint", receiver.url)
    finally:
        receiver.stop()
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert len(receiver.requests) == 1
    message = result.stderr.strip()
    assert receiver.url in message and "500" in message, message
    assert len(message.splitlines()) == 1, message


def test_endpoint_connection_refused_exits_2():
    # Nothing listens on the port: exit 2, naming the URL, well before any long network timeout.
    probe = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    finally:
        probe.close()
    url = "http://127.0.0.1:%d/v1/traces" % port
    began = time.monotonic()
    result = otlp.export(CLEAN, "--endpoint", url)
    elapsed = time.monotonic() - began
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert elapsed < 30, "took %.1f s" % elapsed
    message = result.stderr.strip()
    assert url in message, message
    assert len(message.splitlines()) == 1, message


def test_missing_trace_exits_2(tmp_path):
    # A trace that does not exist: exit 2 and a sentence naming it.
    missing = str(tmp_path / "nowhere.ditrace")
    result = otlp.export(missing)
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert missing in result.stderr, result.stderr


def test_invalid_trace_exits_2(tmp_path):
    # A file that is not a trace: exit 2 and a sentence naming it.
    invalid = tmp_path / "not-a-trace.ditrace"
    invalid.write_text("this is not json\n", encoding="utf-8")
    result = otlp.export(str(invalid))
    assert result.returncode == 2, (result.returncode, result.stderr)
    assert str(invalid) in result.stderr, result.stderr
