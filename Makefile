# baolab — build, test, run. Only Go is needed; modules come through the Go
# module proxy.
GO      ?= go
BIN     := bin/baolab
OUT     ?= out
# A release build: no file system paths in the binary (-trimpath), no symbol
# table or DWARF (-s -w). The version and commit come from the build
# information the toolchain stamps (baolab version); BUILDVCS=auto stamps
# them in a git checkout even where GOFLAGS sets -buildvcs=false (set
# BUILDVCS=false where git cannot be run on the tree).
BUILDVCS ?= auto
BUILDFLAGS := -buildvcs=$(BUILDVCS) -trimpath -ldflags='-s -w'
CONFIG  ?= configs/quickstart.toml

.PHONY: all build test bench bench-c bench-sim run lint fuzz mutate test-slurm test-interop test-report notebooks notebook-server results results-rerun clean

all: build

build:
	$(GO) build $(BUILDFLAGS) -o $(BIN) ./cmd/baolab

## test: vet and the whole test suite (what CI runs).
test: lint
	$(GO) test -count=1 -timeout 30m ./...

## lint: go vet and a gofmt check.
lint:
	$(GO) vet ./...
	@fmt=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
	if [ -n "$$fmt" ]; then echo "gofmt needed:"; echo "$$fmt"; exit 1; fi

## results: rewrite the generated tables of README.md and docs/ from the committed
## run outputs in results/ and the variants' option tables (seconds;
## `go test ./scripts/results` fails while one is stale).
results:
	$(GO) run ./scripts/results

## results-rerun: re-run the commands whose outputs results/ holds (each folder's
## COMMAND file; minutes, except results/balance: CPU hours), then make results.
## The boards of results/exact/carried.json take CPU hours and are not re-run: their
## commands are in that file.
results-rerun: build
	@for f in results/*/COMMAND; do echo "== $$f"; BAOLAB=$(CURDIR)/$(BIN) bash $$f || exit 1; done
	$(GO) run ./scripts/results

## bench: engine and analysis benchmarks (games/s, plies/s, laps/s, allocations).
bench:
	$(GO) test -run '^$$' -bench . -benchmem -benchtime 2s ./engine/... ./solve/... ./sim/... ./analysis/...

## bench-c: every speed figure of docs/speed.md next to its C (or engine) yardstick,
## one "name go_s c_s ratio" line each (about 5 minutes on a quiet 2-core machine;
## SOLVE4=0 leaves out the four-rows solve, Go's over a minute and four.c's).
bench-c:
	bash scripts/bench-c.sh

## run: the main job on built-in defaults — simulate, analyse, write figures into $(OUT)/.
run: build
	$(BIN) sim --config $(CONFIG) --out $(OUT)/data --force
	$(BIN) analyze $(OUT)/data --out $(OUT)
	@echo "figures and tables are in $(OUT)/"

## bench-sim: the simulator against its speed and memory targets (games/s, peak RSS);
## GAMES=100000 for a quicker run.
bench-sim: build
	bash scripts/bench-sim.sh

## test-slurm: bring up a real single-node Slurm cluster here, run an experiment as a
## job array through `baolab slurm --submit` and a layered solve as wave arrays through
## `baolab slurm --solve --submit`, compare each with a single-process run, tear down.
test-slurm:
	bash scripts/test-slurm.sh

## test-interop: DuckDB (an outside reader, via cgo) reads a simulated dataset as one
## table per kind; a separate module (sim/interop) so the main suite does not link DuckDB.
test-interop:
	cd sim/interop && $(GO) vet ./... && $(GO) test -count=1 ./...

## test-report: the report pages in headless Chromium (installed with apt-get when
## missing): images load, scripts run without errors, pages are not blank; screenshots
## go to $(OUT)/test-report/. Also typesets the LaTeX tables with pdflatex (TeX Live
## installed with apt-get when missing).
test-report:
	OUT=$(OUT) bash scripts/test-report.sh

## notebooks: install Jupyter and the Go kernel if missing, make the notebooks' datasets,
## run every notebook headless; fails on any cell error.
notebooks:
	bash scripts/notebooks.sh

## notebook-server: the same install and data, then Jupyter on notebooks/
## (e.g. ARGS="--no-browser --port 9999").
notebook-server:
	bash scripts/notebooks.sh server $(ARGS)

## mutate: mutation testing with gremlins ($(GREMLINS_VERSION), installed into bin/tools/
## when missing) of the packages whose numbers get published; per-package efficacy
## and every surviving mutant go to docs/mutation.md (committed). Slow (tens of
## minutes): not part of make test. MUTATE_MORE=./solve adds the solver (slower still).
GREMLINS_VERSION    ?= v0.6.0
MUTATE_PKGS         ?= ./analysis/stats ./analysis/rating ./analysis/effects ./dataset
MUTATE_MORE         ?=
TIMEOUT_COEFFICIENT ?= 30
mutate:
	GREMLINS_VERSION=$(GREMLINS_VERSION) TIMEOUT_COEFFICIENT=$(TIMEOUT_COEFFICIENT) OUT=$(OUT) \
	  bash scripts/mutate.sh $(MUTATE_PKGS) $(MUTATE_MORE)

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
