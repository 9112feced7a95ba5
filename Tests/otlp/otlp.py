"""Helpers for the OTLP export test: running `di-inspect export`, decoding OTLP/JSON with the official
protobuf definitions (opentelemetry-proto, from `make deps`), and a local OTLP/HTTP receiver on 127.0.0.1.
"""

import base64
import binascii
import http.server
import json
import os
import re
import subprocess
import threading

try:
    from google.protobuf import json_format
    from opentelemetry.proto.collector.trace.v1.trace_service_pb2 import ExportTraceServiceRequest
except ImportError as error:  # pragma: no cover - a missing dependency, not a test failure
    raise ImportError("%s; install the OTLP definitions with `make deps` (pip package opentelemetry-proto)."
                      % error) from error

ROOT = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", ".."))
FIXTURES = os.path.join(ROOT, "Tests", "InspectorKitTests", "Fixtures")
TIMEOUT = 60  # seconds, for every di-inspect run

# OTLP/JSON writes ids as hex (https://opentelemetry.io/docs/specs/otlp/#json-protobuf-encoding); the generic
# proto3 JSON mapping that json_format implements expects base64 for `bytes` fields.
ID_LENGTHS = {"traceId": 16, "spanId": 8, "parentSpanId": 8}


def di_inspect():
    path = os.environ.get("DI_INSPECT") or os.path.join(ROOT, ".build", "debug", "di-inspect")
    if not os.path.exists(path):
        raise RuntimeError("%s not found; build it first (swift build --product di-inspect)." % path)
    return path


def local_environment():
    """The environment for di-inspect with every proxy variable removed, so requests go straight to 127.0.0.1."""
    environment = {key: value for key, value in os.environ.items()
                   if not key.lower().endswith("_proxy")}
    environment["no_proxy"] = environment["NO_PROXY"] = "127.0.0.1,localhost"
    return environment


def run(*arguments):
    """Runs di-inspect with ARGUMENTS; returns the CompletedProcess (text output, bounded by TIMEOUT)."""
    return subprocess.run([di_inspect(), *arguments], capture_output=True, text=True, timeout=TIMEOUT,
                          stdin=subprocess.DEVNULL, env=local_environment())


def export(*arguments):
    """Runs `di-inspect export --format otlp-json ARGUMENTS`."""
    return run("export", "--format", "otlp-json", *arguments)


def strict_json(text):
    """json.loads that also refuses duplicate keys and NaN/Infinity, which OTLP/JSON receivers may not take."""
    def no_duplicates(pairs):
        keys = [key for key, _ in pairs]
        duplicates = sorted({key for key in keys if keys.count(key) > 1})
        if duplicates:
            raise ValueError("duplicate keys %s" % duplicates)
        return dict(pairs)

    def no_constant(name):
        raise ValueError("%s is not JSON" % name)

    return json.loads(text, object_pairs_hook=no_duplicates, parse_constant=no_constant)


def hex_id_to_base64(field, value):
    """One OTLP/JSON id (hex, case-insensitive per the spec) as the base64 that json_format expects."""
    if value == "" and field == "parentSpanId":
        return ""
    length = ID_LENGTHS[field]
    if not isinstance(value, str) or not re.fullmatch(r"[0-9a-fA-F]{%d}" % (2 * length), value):
        raise ValueError("%s %r is not %d hex digits" % (field, value, 2 * length))
    return base64.b64encode(binascii.unhexlify(value)).decode("ascii")


def ids_to_base64(request):
    """A copy of an OTLP/JSON ExportTraceServiceRequest dict with span and link ids turned from hex to base64."""
    converted = json.loads(json.dumps(request))
    for resource in converted.get("resourceSpans") or []:
        for scope in resource.get("scopeSpans") or []:
            for span in scope.get("spans") or []:
                for item in [span] + list(span.get("links") or []):
                    for field in ID_LENGTHS:
                        if field in item:
                            item[field] = hex_id_to_base64(field, item[field])
    return converted


def decode_json(text):
    """Decodes an OTLP/JSON body with the official definitions; raises on anything they do not accept."""
    if isinstance(text, bytes):
        text = text.decode("utf-8")
    request = ExportTraceServiceRequest()
    json_format.ParseDict(ids_to_base64(strict_json(text)), request, ignore_unknown_fields=False)
    return request


def decode_protobuf(body):
    request = ExportTraceServiceRequest()
    request.ParseFromString(body)
    return request


def attributes(key_values):
    """A repeated KeyValue as {key: (kind, value)}, kind being the AnyValue case ("string_value", "int_value", …)."""
    result = {}
    for item in key_values:
        assert item.key not in result, "attribute %s appears twice" % item.key
        kind = item.value.WhichOneof("value")
        result[item.key] = (kind, getattr(item.value, kind) if kind else None)
    return result


def spans_of(resource_spans):
    return [span for scope in resource_spans.scope_spans for span in scope.spans]


def summary(request):
    """The request with its random-looking ids replaced by the di.resolution.id of the spans they name, so two
    exports of the same traces compare equal whatever ids each run picked."""
    resources = []
    for resource in request.resource_spans:
        spans = spans_of(resource)
        resolution = {span.span_id: attributes(span.attributes)["di.resolution.id"][1] for span in spans}
        root_of_trace = {span.trace_id: resolution[span.span_id] for span in spans if not span.parent_span_id}
        described = []
        for span in spans:
            fields = json_format.MessageToDict(span)
            for field in ("traceId", "spanId", "parentSpanId"):
                fields.pop(field, None)
            fields["attributes"] = sorted(json.dumps(item, sort_keys=True) for item in fields.get("attributes", []))
            fields["resolution"] = resolution[span.span_id]
            fields["parentResolution"] = resolution.get(span.parent_span_id) if span.parent_span_id else None
            fields["traceRoot"] = root_of_trace.get(span.trace_id)
            described.append(fields)
        described.sort(key=lambda fields: fields["resolution"])
        resources.append({"resource": sorted(attributes(resource.resource.attributes).items()),
                          "scopes": [json_format.MessageToDict(scope.scope) for scope in resource.scope_spans],
                          "spans": described})
    return resources


class Receiver:
    """An OTLP/HTTP trace receiver on 127.0.0.1 (a free port) in a thread.

    It takes POST /v1/traces, decodes the body with the official definitions (application/json through the
    hex-to-base64 step, application/x-protobuf with ParseFromString), keeps what it got in `requests` and
    answers `status` with `{}`. start() runs it; call stop() in a finally block.
    """

    def __init__(self, status=200):
        self.status = status
        self.requests = []  # dicts: path, content_type, body, request (decoded or None), error
        receiver = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def do_POST(self):
                body = self.read_body()
                content_type = (self.headers.get("Content-Type") or "").split(";")[0].strip().lower()
                entry = {"path": self.path, "content_type": content_type, "body": body, "request": None,
                         "error": None}
                status = receiver.status
                try:
                    if self.path != "/v1/traces":
                        status, entry["error"] = 404, "unexpected path %s" % self.path
                    elif content_type == "application/json":
                        entry["request"] = decode_json(body)
                    elif content_type == "application/x-protobuf":
                        entry["request"] = decode_protobuf(body)
                    else:
                        status, entry["error"] = 415, "unexpected Content-Type %r" % content_type
                except Exception as error:  # the test reads the error from `requests`
                    status, entry["error"] = 400, "%s: %s" % (type(error).__name__, error)
                receiver.requests.append(entry)
                answer = b"{}"
                self.send_response(status)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def read_body(self):
                if (self.headers.get("Transfer-Encoding") or "").lower() == "chunked":
                    chunks = []
                    while True:
                        size = int(self.rfile.readline().split(b";")[0].strip(), 16)
                        if size == 0:
                            while self.rfile.readline() not in (b"\r\n", b"\n", b""):
                                pass
                            return b"".join(chunks)
                        chunks.append(self.rfile.read(size))
                        self.rfile.readline()
                return self.rfile.read(int(self.headers.get("Content-Length") or 0))

            def log_message(self, *arguments):
                pass

        self.server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.url = "http://127.0.0.1:%d/v1/traces" % self.server.server_address[1]
        self.thread = threading.Thread(target=self.server.serve_forever, kwargs={"poll_interval": 0.1},
                                       daemon=True)

    def start(self):
        self.thread.start()
        return self

    def stop(self):
        if self.thread.is_alive():
            self.server.shutdown()
            self.thread.join(timeout=10)
        self.server.server_close()
