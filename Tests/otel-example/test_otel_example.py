"""End-to-end test of Examples/OTelSpans: the example app, with swift-otel bootstrapped and resolution spans on,
sends its spans over OTLP/HTTP (protobuf) to a receiver on 127.0.0.1 built on the official OpenTelemetry
definitions; the test checks the span tree, the di.* attributes and the failed resolution's error status.

Run by `make test-otel-example`, which builds the example first (OTEL_SPANS_EXAMPLE names the binary).
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "otlp"))
import otlp  # noqa: E402  (the receiver and decoding helpers of the export test)

EXAMPLE = os.environ.get("OTEL_SPANS_EXAMPLE") or os.path.join(
    otlp.ROOT, "Examples", "OTelSpans", ".build", "debug", "OTelSpans")


def run_example(receiver):
    environment = otlp.local_environment()
    environment["OTEL_EXPORTER_OTLP_ENDPOINT"] = receiver.url[: -len("/v1/traces")]
    environment["OTEL_EXPORTER_OTLP_PROTOCOL"] = "http/protobuf"
    environment.pop("DI_INSPECT_SPANS", None)
    return subprocess.run([EXAMPLE], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL,
                          env=environment)


def received_spans(receiver):
    spans = []
    for entry in receiver.requests:
        assert entry["error"] is None, entry["error"]
        for resource in entry["request"].resource_spans:
            service = otlp.attributes(resource.resource.attributes).get("service.name")
            assert service == ("string_value", "OTelSpans"), service
            spans.extend(otlp.spans_of(resource))
    return spans


def test_resolution_spans_arrive_nested_under_the_request():
    receiver = otlp.Receiver().start()
    try:
        result = run_example(receiver)
    finally:
        receiver.stop()
    assert result.returncode == 0, result.stdout + result.stderr
    assert "open orders: #1001, #1002" in result.stdout
    spans = received_spans(receiver)
    by_name = {}
    for span in spans:
        by_name.setdefault(span.name, []).append(span)
    names = sorted(by_name)
    for name in ("GET /orders", "resolve OrderService", "resolve OrderStore", "resolve PriceList",
                 "resolve Database", "connect", "resolve PaymentConfiguration"):
        assert len(by_name.get(name, [])) == 1, "%s: %s" % (name, names)
    request = by_name["GET /orders"][0]
    service = by_name["resolve OrderService"][0]
    store = by_name["resolve OrderStore"][0]
    prices = by_name["resolve PriceList"][0]
    database = by_name["resolve Database"][0]
    payment = by_name["resolve PaymentConfiguration"][0]
    connect = by_name["connect"][0]

    # One trace; the tree follows the resolutions, under the request's span.
    assert {span.trace_id for span in spans} == {request.trace_id}
    assert service.parent_span_id == request.span_id
    assert store.parent_span_id == service.span_id and prices.parent_span_id == service.span_id
    assert database.parent_span_id in (store.span_id, prices.span_id)
    # A span the resolver's own code starts is a child of the resolution's span.
    assert connect.parent_span_id == database.span_id
    assert payment.parent_span_id == request.span_id
    # Children lie within their parents.
    for child, parent in ((service, request), (store, service), (prices, service)):
        assert parent.start_time_unix_nano <= child.start_time_unix_nano <= child.end_time_unix_nano
        assert child.end_time_unix_nano <= parent.end_time_unix_nano
    # The database takes 40 ms to open.
    assert database.end_time_unix_nano - database.start_time_unix_nano >= 40_000_000

    attributes = otlp.attributes(database.attributes)
    assert attributes["di.factory.type"] == ("string_value", "Database")
    assert attributes["di.factory.scope"] == ("string_value", "cached")
    assert attributes["di.factory.kind"] == ("string_value", "asyncThrowing")
    assert attributes["di.factory.module"] == ("string_value", "OTelSpans")
    assert attributes["di.factory.site"][1].startswith("OTelSpans/Orders.swift:")
    assert attributes["di.resolution.outcome"] == ("string_value", "created")
    assert attributes["di.resolution.source"] == ("string_value", "production")
    assert attributes["di.container.kind"] == ("string_value", "default")
    assert attributes["di.container.id"] == ("int_value", 1)

    # The failed resolution: an error status with the error's text.
    assert otlp.attributes(payment.attributes)["di.resolution.outcome"] == ("string_value", "failed")
    assert payment.status.code == 2, payment.status
    assert payment.status.message == "PAYMENT_URL is not set"
    assert service.status.code != 2
