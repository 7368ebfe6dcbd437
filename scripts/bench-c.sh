#!/usr/bin/env bash
# bench-c.sh — every speed figure of docs/speed.md with its yardstick next
# to it, one line per figure:
#
#   name go_s c_s ratio
#
# (name without spaces; go_s and c_s in seconds; ratio = go_s / c_s, the
# figure the speed goals bound). Lines starting with # are comments. Turn
# the output into a table with e.g.
#   awk '!/^#/ { printf "| %s | %s | %s | %s |\n", $1, $2, $3, $4 }'
#
# Every figure is the median of RUNS whole-process runs (default 3), the
# two sides run in turn (A B A B ...) so that a drift in the machine's
# speed hits both alike. Times are CPU seconds (user+sys, /usr/bin/time)
# unless the name ends in -wall. Run it on a quiet machine: under load the
# figures are noise. About 5 minutes on 2 cores (the four-rows solve,
# Go's and four.c's, is much of it; SOLVE4=0 leaves it out).
#
# The yardsticks, all in the repository:
#   perft-*        the variant's C perft, engine/*/testdata/cperft
#                  (kingulu: fast.c), built cc -O3 -march=native; Go is
#                  the default portable build (GOAMD64=v1 on amd64), as
#                  `make build`. Both count perft of every depth 1..D.
#   solve-*        baolab solve --workers 1 against solve/testdata/csolve
#                  (cc -O3 -march=native; kingulu: solve.c, kimasai-four-
#                  rows: four.c); *-peak-MB lines compare peak RSS.
#                  solve.c computes no distances to the end: a comment
#                  line gives Go's CPU seconds per stage and without them.
#                  four.c computes both sides' distances, as baolab solve
#                  does, so its line compares the whole CPU time (Go's
#                  default method there is depth first, as four.c's:
#                  go doc ./solve). The four-rows figures are one run of
#                  each side, CPU and peak MB from the same runs.
#   sim-outcomes-1w  baolab sim --workers 1 --moves=false, GAMES1 games,
#                  against the engine's BenchmarkRandomGames playing as
#                  many games (the test binary, built once).
#   sim-logged-2w-wall  1,000,000 logged kingulu games on 2 workers (wall
#                  s) against fast.c -g (random games, C, one thread,
#                  nothing logged; wall s).
#
#   # isa lines    (amd64 only) how much of each perft ratio is the
#                  instruction set: the same perft with Go built for the
#                  CPU's own level (GOAMD64=v3) against the portable Go,
#                  and the portable Go against the C built -O3 without
#                  -march=native (no hardware popcount either), each
#                  "name a_s b_s ratio" as above.
#
# Environment: RUNS, GAMES1 (default 200000), GAMES2 (default 1000000),
# SOLVE4 (1: also solve kimasai-four-rows:holes=7), ISA (1: the # isa
# lines), TMP.
set -euo pipefail
cd "$(dirname "$0")/.."

RUNS=${RUNS:-3}
GAMES1=${GAMES1:-200000}
GAMES2=${GAMES2:-1000000}
SOLVE4=${SOLVE4:-1}
ISA=${ISA:-1}
[[ $(go env GOARCH) == amd64 ]] || ISA=0
if [[ ! -x /usr/bin/time ]]; then
	echo "bench-c: /usr/bin/time is missing (apt-get install time)" >&2
	exit 1
fi
own_tmp=0
if [[ -z ${TMP:-} ]]; then
	TMP=$(mktemp -d /tmp/bench-c.XXXXXX)
	own_tmp=1
fi
cleanup() { if ((own_tmp)); then rm -rf "$TMP"; fi; }
trap cleanup EXIT

CFLAGS="-O3 -march=native"
go_env=()
if [[ $(go env GOARCH) == amd64 ]]; then
	go_env=(GOAMD64=v1)
fi
env "${go_env[@]}" go build -o "$TMP/baolab" ./cmd/baolab
env "${go_env[@]}" go test -c -o "$TMP/kingulu.test" ./engine/kingulu
cc $CFLAGS -o "$TMP/kingulu-perft" engine/kingulu/testdata/cperft/fast.c
cc $CFLAGS -o "$TMP/kimasai2-perft" engine/kimasai2/testdata/cperft/perft.c
cc $CFLAGS -o "$TMP/kimasai4-perft" engine/kimasai4/testdata/cperft/perft.c
cc $CFLAGS -o "$TMP/csolve" solve/testdata/csolve/solve.c
cc $CFLAGS -o "$TMP/csolve4" solve/testdata/csolve/four.c
if [[ $ISA == 1 ]]; then
	GOAMD64=v3 go build -o "$TMP/baolab-v3" ./cmd/baolab
	for v in kingulu/testdata/cperft/fast.c:kingulu kimasai2/testdata/cperft/perft.c:kimasai2 kimasai4/testdata/cperft/perft.c:kimasai4; do
		cc -O3 -o "$TMP/${v#*:}-perft-portable" "engine/${v%:*}"
	done
fi
echo "# bench-c: $(go version | cut -d' ' -f3) ${go_env[*]:-}; cc $CFLAGS ($(cc --version | head -1)); $(nproc) CPUs; median of $RUNS"
echo "# name go_s c_s ratio"

# measure KIND CMD...: one run; prints "cpu wall peakMB".
measure() {
	/usr/bin/time -f '%U %S %e %M' -o "$TMP/t" "$@" >/dev/null 2>&1
	awk '{ printf "%.3f %.3f %.1f\n", $1 + $2, $3, $4 / 1024 }' "$TMP/t"
}

# median FILE COLUMN
median() { sort -g -k"$2" "$1" | awk -v c="$2" '{ v[NR] = $c } END { print v[int((NR + 1) / 2)] }'; }

# pair NAME COL "GO CMD" "C CMD" [RUNS]: the median of COL (1 cpu, 2 wall, 3
# peak MB) for each side, run in turn; C CMD "-" prints NA.
pair() {
	local name=$1 col=$2 a=$3 b=$4 runs=${5:-$RUNS}
	: >"$TMP/a"
	: >"$TMP/b"
	for ((i = 0; i < runs; i++)); do
		# A fresh output directory for every run: sim resumes a finished
		# dataset of the same experiment (even with --force) instead of
		# playing it again.
		rm -rf "$TMP/sim1" "$TMP/sim2"
		# shellcheck disable=SC2086
		measure $a >>"$TMP/a"
		if [[ $b != - ]]; then
			# shellcheck disable=SC2086
			measure $b >>"$TMP/b"
		fi
	done
	if [[ $b == - ]]; then
		echo "$name $(median "$TMP/a" "$col") NA NA"
		return
	fi
	again "$name" "$col"
}

# again NAME COL: pair's line from the runs of the last pair (both sides
# measured) for column COL, which may differ from the one pair printed.
again() {
	local ga cb
	ga=$(median "$TMP/a" "$2")
	cb=$(median "$TMP/b" "$2")
	awk -v n="$1" -v a="$ga" -v b="$cb" 'BEGIN { printf "%s %s %s %s\n", n, a, b, (b > 0 ? sprintf("%.2f", a / b) : "NA") }'
}

B=$TMP/baolab
pair perft-kingulu-1..17 1 "$B perft --rules kingulu --depth 17" "$TMP/kingulu-perft 17"
pair perft-kimasai-two-rows-1..9 1 "$B perft --rules kimasai-two-rows --depth 9" "$TMP/kimasai2-perft 9"
pair perft-kimasai-two-rows:reserve=2-1..9 1 "$B perft --rules kimasai-two-rows:reserve=2 --depth 9" "$TMP/kimasai2-perft 9 -r 2"
pair perft-kimasai-four-rows-1..19 1 "$B perft --rules kimasai-four-rows --depth 19" "$TMP/kimasai4-perft 19"

if [[ $ISA == 1 ]]; then
	# name, baolab arguments, C arguments of the perfts above
	for p in "perft-kingulu-1..17|kingulu --depth 17|kingulu-perft 17" \
		"perft-kimasai-two-rows-1..9|kimasai-two-rows --depth 9|kimasai2-perft 9" \
		"perft-kimasai-four-rows-1..19|kimasai-four-rows --depth 19|kimasai4-perft 19"; do
		IFS='|' read -r name args cargs <<<"$p"
		# shellcheck disable=SC2086
		echo "# isa $(pair "$name-go-v3/go" 1 "$TMP/baolab-v3 perft --rules $args" "$B perft --rules $args")"
		echo "# isa $(pair "$name-go/c-portable" 1 "$B perft --rules $args" "$TMP/${cargs%% *}-portable ${cargs#* }")"
	done
fi

solve_k="$B solve --rules kingulu:holes=6,seeds=1 --workers 1"
pair solve-kingulu:holes=6,seeds=1 1 "$solve_k" "$TMP/csolve 6 1"
pair solve-kingulu:holes=6,seeds=1-peak-MB 3 "$solve_k" "$TMP/csolve 6 1" 1
# The C computes no distances to the end: the like-with-like Go figure is
# the CPU time without the two distance stages, from one --stats run.
echo "# solve-kingulu:holes=6,seeds=1 $($solve_k --stats 2>&1 >/dev/null | grep '^solve stages')"
if [[ $SOLVE4 == 1 ]]; then
	pair solve-kimasai-four-rows:holes=7 1 "$B solve --rules kimasai-four-rows:holes=7 --workers 1" "$TMP/csolve4 7" 1
	again solve-kimasai-four-rows:holes=7-peak-MB 3
fi

sim=(sim --quiet --seed 1 --rules kingulu --agents random --force)
pair sim-outcomes-1w-kingulu-${GAMES1} 1 \
	"$B ${sim[*]} --workers 1 --moves=false --games $GAMES1 --out $TMP/sim1" \
	"$TMP/kingulu.test -test.run ^$ -test.bench ^BenchmarkRandomGames$ -test.benchtime ${GAMES1}x"
pair sim-logged-2w-kingulu-${GAMES2}-wall 2 \
	"$B ${sim[*]} --workers 2 --games $GAMES2 --out $TMP/sim2" \
	"$TMP/kingulu-perft -g $GAMES2"
