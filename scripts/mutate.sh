#!/usr/bin/env bash
# mutate.sh — mutation testing of the packages whose numbers get published.
#
# Runs gremlins (github.com/go-gremlins/gremlins, installed with go install at
# $GREMLINS_VERSION into bin/tools/ when missing) over each package named on
# the command line: every covered mutant of the package's code (a + turned
# into -, a < into <=, a condition negated, ...) is compiled and the package's
# tests run against it; a mutant the tests let pass LIVED. Efficacy is killed
# over killed + lived. Each package's raw result (gremlins' JSON, and a .run
# file with the date, commit, gremlins version, settings and the machine's
# load) goes to docs/mutation/, replacing that package's previous one; then
# scripts/mutationreport rewrites $MUTATION_OUT (default docs/mutation.md,
# committed) from every package there: its efficacy and every mutant that
# lived. So a run of one package updates its row and leaves the others'.
#
# Usage: scripts/mutate.sh PKG...      e.g. scripts/mutate.sh ./analysis/stats ./dataset
#   TIMEOUT_COEFFICIENT=30  gremlins' --timeout-coefficient (generous: a loaded
#                           machine makes slow tests look like timeouts)
#   WORKERS=1               mutants tested at once
#   GREMLINS                the gremlins binary (default: bin/tools/, installed
#                           there at $GREMLINS_VERSION when missing)
#   TMPDIR                  where the work directory goes (default /tmp); it must
#                           be outside the repository: gremlins copies the whole
#                           module into it once per worker, and a copy inside the
#                           tree would be copied into itself and picked up by
#                           go ./... . The work directory is removed on exit, so a
#                           run leaves nothing in the clone but its results (and
#                           its logs under $OUT/mutation/).
set -Eeuo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd -P)
GREMLINS_VERSION=${GREMLINS_VERSION:-v0.6.0}
TIMEOUT_COEFFICIENT=${TIMEOUT_COEFFICIENT:-30}
WORKERS=${WORKERS:-1}
OUT=${OUT:-out}
MUTATION_OUT=${MUTATION_OUT:-docs/mutation.md}
[ $# -gt 0 ] || { echo "usage: $0 PKG..." >&2; exit 2; }

say() { echo "mutate: $*"; }

# The work directory: gremlins' module copies (it makes them under
# os.TempDir(), i.e. $TMPDIR) and its unfinished JSON.
base=$(realpath -m "${TMPDIR:-/tmp}")
case "$base/" in
"$ROOT"/*)
	echo "mutate: TMPDIR $base is inside the repository $ROOT: gremlins would copy the repository into itself; set TMPDIR outside it" >&2
	exit 2
	;;
esac
mkdir -p "$base"
WORK=$(mktemp -d "$base/baolab-mutate.XXXXXX")
trap 'rm -rf "$WORK"' EXIT
export TMPDIR=$WORK

TOOLS=$ROOT/bin/tools
GREMLINS=${GREMLINS:-$TOOLS/gremlins-$GREMLINS_VERSION}
if [ ! -x "$GREMLINS" ]; then
	say "installing gremlins $GREMLINS_VERSION into $TOOLS"
	mkdir -p "$TOOLS"
	GOBIN=$TOOLS go install "github.com/go-gremlins/gremlins/cmd/gremlins@$GREMLINS_VERSION"
	mv "$TOOLS/gremlins" "$GREMLINS"
fi

RAW=$(dirname "$MUTATION_OUT")/mutation
mkdir -p "$RAW"
commit=$(git describe --always --dirty 2>/dev/null || echo unknown)
for pkg in "$@"; do
	dir=${pkg#./}
	dir=${dir%/}
	[ -d "$dir" ] || { echo "mutate: no package directory $dir" >&2; exit 2; }
	name=$(echo "$dir" | tr / _)
	log=$OUT/mutation/$name.log
	mkdir -p "$OUT/mutation"
	say "$dir (timeout coefficient $TIMEOUT_COEFFICIENT, $WORKERS worker(s); log in $log)"
	load_before=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
	started=$(date -u '+%Y-%m-%d %H:%M UTC')
	if ! "$GREMLINS" unleash --workers "$WORKERS" --timeout-coefficient "$TIMEOUT_COEFFICIENT" \
		--output "$WORK/$name.json" "./$dir" >"$log" 2>&1; then
		tail -n 20 "$log" >&2
		echo "mutate: gremlins failed on $dir" >&2
		exit 1
	fi
	mv "$WORK/$name.json" "$RAW/$name.json"
	load_after=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null || echo unknown)
	printf 'package=%s\nstarted=%s\ncommit=%s\ngremlins=%s\ntimeout_coefficient=%s\nworkers=%s\nload=%s / %s\n' \
		"$dir" "$started" "$commit" "$GREMLINS_VERSION" "$TIMEOUT_COEFFICIENT" "$WORKERS" "$load_before" "$load_after" >"$RAW/$name.run"
done
go run ./scripts/mutationreport -out "$MUTATION_OUT" "$RAW"
say "results in $MUTATION_OUT (raw results in $RAW/)"
