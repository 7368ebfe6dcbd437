# baolab — build, test, run. Only Go is needed; modules come through the Go
# module proxy.
GO      ?= go
BIN     := bin/baolab
COMMIT  := $(shell git rev-parse --short HEAD 2>/dev/null || echo unknown)
LDFLAGS := -X main.version=$(COMMIT)
OUT     ?= out
CONFIG  ?= configs/quickstart.toml

.PHONY: all build test test-short bench bench-sim run lint fuzz clean

all: build

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/baolab

## test: vet and the whole test suite (what CI runs).
test: lint
	$(GO) test -count=1 -timeout 30m ./...

## lint: go vet and a gofmt check.
lint:
	$(GO) vet ./...
	@fmt=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$fmt" ]; then echo "gofmt needed:"; echo "$$fmt"; exit 1; fi

## bench: engine and analysis benchmarks (games/s, plies/s, laps/s, allocations).
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 2s ./engine/... ./sim/... ./analysis/...

## run: the main job on built-in defaults — simulate, analyse, write figures into $(OUT)/.
run: build
	$(BIN) sim --config $(CONFIG) --out $(OUT)/data --force
	$(BIN) analyze $(OUT)/data --out $(OUT)
	@echo "figures and tables are in $(OUT)/"

## fuzz: run every fuzz target for FUZZTIME each.
FUZZTIME ?= 30s
fuzz:
	@for pkg in $$($(GO) list ./...); do \
	  for f in $$($(GO) test -list '^Fuzz' $$pkg | grep '^Fuzz'); do \
	    echo "== $$pkg $$f"; $(GO) test -run '^$$' -fuzz "^$$f$$" -fuzztime $(FUZZTIME) $$pkg || exit 1; \
	  done; \
	done

clean:
	rm -rf bin $(OUT)
