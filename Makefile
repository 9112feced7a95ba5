# DependencyInjection: the two quick-start commands are `make demo` and `make test`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

SWIFT ?= swift
DEMO_DIR := demo
# The Examples package: the ModularApp demo and the SeedPatterns (one package, so swift-syntax builds once).
EXAMPLE := Examples
# System packages the build and tests need on Debian/Ubuntu (libgvc for di-inspect, pkg-config to find it,
# graphviz for the benchmark's comparison with `dot`, python3-jsonschema for the trace-schema test, chromium and
# its chromedriver for the HTML report's browser test).
APT_PACKAGES := libgraphviz-dev pkg-config graphviz python3 python3-jsonschema python3-pip chromium chromium-driver
# Python packages of the browser test (Selenium drives the system chromedriver; it never downloads one) and of the
# OTLP export test (opentelemetry-proto: the official OpenTelemetry protobuf definitions, to decode the export).
PIP_PACKAGES := selenium pytest opentelemetry-proto

# Runs `swift test --skip-build $(1)`, keeping its output in $(2); on failure, repeats just the failures at the end,
# where a CI log that shows only its last lines will have them.
define swift_test
( set -o pipefail; $(SWIFT) test --skip-build $(1) 2>&1 | tee $(2) ) || { status=$$?; \
	echo "==== failures (whole output: $(2)) ===="; \
	grep -E 'recorded an issue|error: |Fatal error|Test Case .* failed|signal [0-9]+' $(2) 2>/dev/null | cut -c1-1500 | tail -40; \
	exit $$status; }
endef

.PHONY: help deps build install test test-browser test-otlp test-otel-example test-tsan bench bench-graph bench-compiled-out bench-scan demo docs docs-examples format lint clean

help: ## List the targets.
	@grep -E '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-10s %s\n", $$1, $$2}'

deps: ## Install missing system packages (as root on Debian/Ubuntu); otherwise say what is missing.
	@missing=""; \
	pkg-config --exists libgvc 2>/dev/null || missing="$$missing libgraphviz-dev pkg-config"; \
	command -v dot >/dev/null 2>&1 || missing="$$missing graphviz"; \
	python3 -c "import jsonschema" >/dev/null 2>&1 || missing="$$missing python3 python3-jsonschema"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null 2>&1 || missing="$$missing chromium-driver"; \
	if [ -z "$$missing" ]; then \
		:; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		echo "Installing system packages:$$missing"; \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES) >/dev/null; \
	else \
		echo "Missing system packages:$$missing. On Debian/Ubuntu run as root: apt-get install $(APT_PACKAGES)"; \
		echo "(macOS: brew install graphviz chromium chromedriver; pip3 install jsonschema)"; \
	fi; \
	if ! python3 -c "import selenium, pytest, opentelemetry.proto" >/dev/null 2>&1; then \
		echo "Installing Python packages: $(PIP_PACKAGES)"; \
		python3 -m pip install -q $(PIP_PACKAGES) >/dev/null 2>&1 \
			|| python3 -m pip install -q --break-system-packages $(PIP_PACKAGES) >/dev/null 2>&1 \
			|| echo "Could not install $(PIP_PACKAGES) with pip; on Debian: apt-get install python3-selenium python3-pytest (opentelemetry-proto has no Debian package: pip only)"; \
	fi

build: deps ## Build the library, the macros and di-inspect (debug).
	$(SWIFT) build

# Where `make install` puts di-inspect: $(DESTDIR)$(PREFIX)/bin.
PREFIX ?= /usr/local

install: deps ## Release build of di-inspect into PREFIX/bin (default /usr/local; make install PREFIX=~/.local).
	$(SWIFT) build -c release --product di-inspect
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/di-inspect" $(DESTDIR)$(PREFIX)/bin/di-inspect
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/di-inspect."

test: deps ## Build everything and run every test suite.
	$(SWIFT) build --build-tests
	# The fast-path tests need a process with no container but the default one alive (and resolve with no
	# container bound, an escape while any test container is active), so they run in a process of their own.
	$(call swift_test,--skip DefaultContainerTests,.build/test-root.log)
	$(call swift_test,--filter DefaultContainerTests,.build/test-default-container.log)
	# The failing-test output shown in the docs is the output of a real run.
	python3 scripts/regenerate-failure-example.py --check || { echo "The failure report in TestingWithContainers.md is out of date: run make docs-examples."; exit 1; }
	python3 scripts/regenerate-inspect-examples.py --check || { echo "The example output in docs/di-inspect.md is out of date: run make docs-examples."; exit 1; }
	# The examples build and pass their own tests against this checkout.
	cd $(EXAMPLE) && $(SWIFT) build --build-tests && $(call swift_test,,.build/test-examples.log)
	# Several test processes recording into one directory, read as one by di-inspect.
	bash scripts/parallel-traces-check.sh
	# The HTML report in a real browser.
	@$(MAKE) --no-print-directory test-browser
	# The OTLP export, decoded with the official OpenTelemetry definitions and sent to a local receiver.
	@$(MAKE) --no-print-directory test-otlp

test-browser: ## Load di-inspect's HTML report in headless Chromium (Selenium); pages, screenshots in .build/browser-test/.
	$(SWIFT) build --product di-inspect
	@PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/browser; status=$$?; \
	if [ $$status -ne 0 ]; then \
		echo "The browser test failed (pytest exit $$status; 5 means no test ran). Its pages, screenshots and timings"; \
		echo "are in .build/browser-test/; chromium, chromedriver and selenium come from make deps."; \
		exit $$status; \
	fi

test-otlp: ## Check `di-inspect export --format otlp-json` with the official OTLP protobuf definitions (pytest).
	$(SWIFT) build --product di-inspect
	@DI_INSPECT=$(CURDIR)/.build/debug/di-inspect PYTHONDONTWRITEBYTECODE=1 python3 -m pytest -q -p no:cacheprovider Tests/otlp; \
	status=$$?; \
	if [ $$status -ne 0 ]; then \
		echo "The OTLP export test failed (pytest exit $$status; 5 means no test ran). opentelemetry-proto and pytest"; \
		echo "come from make deps; the test runs .build/debug/di-inspect (DI_INSPECT)."; \
		exit $$status; \
	fi

test-otel-example: deps ## Build Examples/OTelSpans (swift-otel; minutes the first time) and check the spans it sends.
	cd Examples/OTelSpans && $(SWIFT) build
	@OTEL_SPANS_EXAMPLE=$(CURDIR)/Examples/OTelSpans/.build/debug/OTelSpans PYTHONDONTWRITEBYTECODE=1 \
	python3 -m pytest -q -p no:cacheprovider Tests/otel-example; status=$$?; \
	if [ $$status -ne 0 ]; then \
		echo "The swift-otel example's test failed (pytest exit $$status). It runs Examples/OTelSpans against an OTLP/HTTP"; \
		echo "receiver on 127.0.0.1 (Tests/otlp/otlp.py); opentelemetry-proto and pytest come from make deps."; \
		exit $$status; \
	fi

# die_after_fork=0: di-inspect lays graphs out in a forked child (so a Graphviz crash cannot take it down); the child
# runs Graphviz's C code and exits, and the sanitizer would otherwise kill it for starting a thread after the fork.
# The sanitizer does not support fork in a multi-threaded process, and now and then such a child crashes inside its
# runtime: the suites that assert how Graphviz's forked layout children end run in `make test` only. They test
# Graphviz's behaviour, not our threads: the real-size graph suite (over 600 children, --focus on every factory of
# S), the layout-fallback suite (a child crashed with SIGSEGV in a full sanitized run of 2026-11-23, so the layout
# "failed" and fell back) and the HTML report suite (its children hung until their timeout in another). Each passes
# alone under the sanitizer, and no run reported a race.
TSAN_TEST_OPTIONS := halt_on_error=1:die_after_fork=0
TSAN_SKIP := --skip DefaultContainerTests --skip GraphRealSizeTests --skip LayoutFallbackTests --skip HTMLReportTests

test-tsan: deps ## Run the test suites under the thread sanitizer (with lock annotations the sanitizer can see).
	$(SWIFT) build --build-tests --sanitize=thread -Xswiftc -DDI_TSAN_ANNOTATIONS --scratch-path .build-tsan
	TSAN_OPTIONS=$(TSAN_TEST_OPTIONS) $(SWIFT) test --skip-build --sanitize=thread -Xswiftc -DDI_TSAN_ANNOTATIONS --scratch-path .build-tsan $(TSAN_SKIP)
	TSAN_OPTIONS=$(TSAN_TEST_OPTIONS) $(SWIFT) test --skip-build --sanitize=thread -Xswiftc -DDI_TSAN_ANNOTATIONS --scratch-path .build-tsan --filter DefaultContainerTests

bench: deps ## Release build of Benchmarks/ and the comparison with Swinject and swift-dependencies.
	cd Benchmarks && $(SWIFT) build -c release && ./.build/release/DIBenchmarks --json ../benchmark-results.json

demo: deps ## Build the example app, run it with recording on, and write its graph, stats, check and HTML reports.
	@mkdir -p $(DEMO_DIR)
	$(SWIFT) build --product di-inspect
	cd $(EXAMPLE) && $(SWIFT) build --product ModularApp
	@rm -f $(DEMO_DIR)/app.ditrace
	set -o pipefail; DI_INSPECT_TRACE=$(CURDIR)/$(DEMO_DIR)/app.ditrace $(EXAMPLE)/.build/debug/ModularApp | tee $(DEMO_DIR)/app-output.txt
	.build/debug/di-inspect graph $(DEMO_DIR)/app.ditrace -o $(DEMO_DIR)/graph.svg
	.build/debug/di-inspect graph $(DEMO_DIR)/app.ditrace -o $(DEMO_DIR)/graph.png
	.build/debug/di-inspect stats $(DEMO_DIR)/app.ditrace > $(DEMO_DIR)/stats.txt
	.build/debug/di-inspect report $(DEMO_DIR)/app.ditrace -o $(DEMO_DIR)/report.html
	@# `check` exits 1 when it finds problems: that is a finding for check.txt, not a failed demo. 2 and up are errors.
	.build/debug/di-inspect check $(DEMO_DIR)/app.ditrace > $(DEMO_DIR)/check.txt; status=$$?; \
		if [ $$status -gt 1 ]; then echo "di-inspect check could not read the trace (exit $$status)"; exit $$status; fi
	@echo
	@echo "check:  $$(tail -n 1 $(DEMO_DIR)/check.txt)"
	@echo "stats:  $$(tail -n 1 $(DEMO_DIR)/stats.txt)"
	@echo
	@echo "Demo written:"
	@echo "  output  $(CURDIR)/$(DEMO_DIR)/app-output.txt"
	@echo "  trace   $(CURDIR)/$(DEMO_DIR)/app.ditrace"
	@echo "  graph   $(CURDIR)/$(DEMO_DIR)/graph.svg"
	@echo "  graph   $(CURDIR)/$(DEMO_DIR)/graph.png"
	@echo "  stats   $(CURDIR)/$(DEMO_DIR)/stats.txt"
	@echo "  report  $(CURDIR)/$(DEMO_DIR)/report.html (open it in a browser)"
	@echo "  check   $(CURDIR)/$(DEMO_DIR)/check.txt"
	@echo "Next: $(CURDIR)/.build/debug/di-inspect trace $(DEMO_DIR)/app.ditrace"

bench-graph: deps ## Time `di-inspect graph` on S and L app-shaped traces beside Graphviz (XL=1 adds XL, 1.6 GB).
	Benchmarks/graph-bench.sh $(if $(XL),--xl,)

bench-compiled-out: deps ## The same benchmark built with instrumentation compiled out, to compare with `make bench`.
	cd Benchmarks && $(SWIFT) build -c release -Xswiftc -DDI_INSTRUMENTATION_COMPILED_OUT --scratch-path .build-compiled-out \
		&& ./.build-compiled-out/release/DIBenchmarks --ours-only --json ../benchmark-compiled-out.json

docs-examples: ## Regenerate the example output in the docs from real runs.
	$(SWIFT) build --build-tests
	python3 scripts/regenerate-failure-example.py
	python3 scripts/regenerate-inspect-examples.py

# Where `make bench-scan` writes the generated source tree.
SCAN_TREE := .build/scan-bench

bench-scan: deps ## Release-build di-inspect; time `scan` on Examples/ and on a generated 2,000-factory, 200-file tree.
	$(SWIFT) build -c release --product di-inspect
	$(SWIFT) build -c release --product ScanTreeGenerator
	.build/release/ScanTreeGenerator $(SCAN_TREE) --factories 2000 --files 200
	@for path in $(EXAMPLE) $(SCAN_TREE); do \
		for run in 1 2 3; do \
			start=$$(date +%s%N); \
			.build/release/di-inspect scan $$path -o /dev/null > /dev/null || exit $$?; \
			end=$$(date +%s%N); \
			echo "di-inspect scan $$path: $$(( (end - start) / 1000000 )) ms"; \
		done; \
	done

docs: ## Build the DocC documentation.
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target DependencyInjection --output-path .build/docs --transform-for-static-hosting

format: ## Format the sources with swift-format.
	$(SWIFT) format --in-place --recursive Sources Tests Benchmarks/Sources Examples

lint: ## Check formatting with swift-format.
	$(SWIFT) format lint --recursive Sources Tests

clean: ## Remove build products and the demo output.
	rm -rf .build .build-tsan $(DEMO_DIR) Benchmarks/.build $(EXAMPLE)/.build
