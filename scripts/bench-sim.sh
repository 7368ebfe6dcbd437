#!/usr/bin/env bash
# bench-sim.sh — the simulator's speed and memory against the targets of the
# "Simulator" issue, measured with the real binary and /usr/bin/time -v.
#
#   scripts/bench-sim.sh            # 1,000,000 games per case (about 4 minutes on 2 cores)
#   GAMES=100000 scripts/bench-sim.sh   # quicker, same rates
#
# Environment: BIN (default bin/baolab, built if missing), GAMES (games per
# case, default 1000000), K2GAMES (games of the exact kimasai-two-rows case,
# default GAMES/10), WORKERS (default: all CPUs), TMP (scratch directory;
# default a fresh one under /tmp, deleted at the end).
#
# For each case it prints wall time, games/s, peak RSS and the target, and
# "ok" or "MISSED". Targets (2 cores): kingulu random-vs-random with move logs
# <= 30 s per million games, outcomes only <= 10 s; kimasai-four-rows and
# kimasai-two-rows:lap_limit=2000 within 3x of kingulu's budget (90 s);
# kimasai-two-rows
# (exact never-ending detection) within 2x of 12 min per million games per
# core. A last pair of runs checks that peak RSS does not grow with --games.
set -euo pipefail
cd "$(dirname "$0")/.."

BIN=${BIN:-bin/baolab}
GAMES=${GAMES:-1000000}
K2GAMES=${K2GAMES:-$((GAMES / 10))}
WORKERS=${WORKERS:-$(nproc)}
if [[ ! -x $BIN ]]; then
	go build -o "$BIN" ./cmd/baolab
fi
if [[ ! -x /usr/bin/time ]]; then
	echo "bench-sim: /usr/bin/time is missing (apt-get install time)" >&2
	exit 1
fi
own_tmp=0
if [[ -z ${TMP:-} ]]; then
	TMP=$(mktemp -d /tmp/bench-sim.XXXXXX)
	own_tmp=1
fi
cleanup() { if ((own_tmp)); then rm -rf "$TMP"; fi; }
trap cleanup EXIT

# run NAME GAMES ARGS... — runs one simulation, sets WALL (s), RATE (games/s), RSS (MB).
run() {
	local name=$1 games=$2
	shift 2
	rm -rf "$TMP/$name"
	/usr/bin/time -v -o "$TMP/$name.time" "$BIN" sim --quiet --seed 1 --workers "$WORKERS" \
		--games "$games" --out "$TMP/$name" "$@"
	WALL=$(awk -F': ' '/Elapsed \(wall clock\)/ {
		n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i]; print s }' "$TMP/$name.time")
	RSS=$(awk -F': ' '/Maximum resident set size/ { printf "%.0f", $2 / 1024 }' "$TMP/$name.time")
	RATE=$(awk -v g="$games" -v w="$WALL" 'BEGIN { printf "%.0f", g / w }')
	rm -rf "$TMP/$name"
}

# report NAME GAMES LIMIT_SECONDS_PER_MILLION NOTE
report() {
	local per_m status
	per_m=$(awk -v w="$WALL" -v g="$2" 'BEGIN { printf "%.1f", w * 1e6 / g }')
	status=$(awk -v p="$per_m" -v l="$3" 'BEGIN { print (p <= l) ? "ok" : "MISSED" }')
	printf '%-40s %9d games %8.2f s %9d games/s %6d MB RSS  %8.1f s/M (target <= %s s/M) %s\n' \
		"$1" "$2" "$WALL" "$RATE" "$RSS" "$per_m" "$3" "$status"
}

echo "bench-sim: $BIN, $WORKERS workers, $(nproc) CPUs, $GAMES games per case"

run kingulu-moves "$GAMES" --rules kingulu --agents random
k_moves=$(awk -v w="$WALL" -v g="$GAMES" 'BEGIN { print w * 1e6 / g }')
report "kingulu, move logs" "$GAMES" 30

run kingulu-games "$GAMES" --rules kingulu --agents random --moves=false
report "kingulu, outcomes only" "$GAMES" 10

# "Within 3x of kingulu": of kingulu's 30 s budget (90 s per million); the
# ratio to the kingulu time measured above is printed too.
ratio() { awk -v w="$WALL" -v g="$GAMES" -v k="$k_moves" 'BEGIN { printf "%.1fx measured kingulu", w * 1e6 / g / k }'; }

run k4-moves "$GAMES" --rules kimasai-four-rows --agents random
report "kimasai-four-rows, move logs" "$GAMES" 90
echo "    ($(ratio))"

run k2-lap-moves "$GAMES" --rules kimasai-two-rows:lap_limit=2000 --agents random
report "kimasai-two-rows:lap_limit=2000, logs" "$GAMES" 90
echo "    ($(ratio))"

# Exact detection: 12 min per million games per core in C, so 2x of that
# on WORKERS cores is 1440/WORKERS s per million.
run k2-exact "$K2GAMES" --rules kimasai-two-rows --agents random --moves=false
report "kimasai-two-rows (exact), outcomes" "$K2GAMES" "$((1440 / WORKERS))"

# Bounded memory: with the same batch size, peak RSS with 10x the games must
# not grow. (The default batch size grows with --games up to 16384 games,
# reached at 262144 games per cell, and memory with it.)
run rss-small $((GAMES / 10)) --rules kingulu --agents random --batch 16384
small=$RSS
run rss-large "$GAMES" --rules kingulu --agents random --batch 16384
printf 'peak RSS, kingulu with move logs: %d MB at %d games, %d MB at %d games %s\n' \
	"$small" $((GAMES / 10)) "$RSS" "$GAMES" "$(awk -v a="$small" -v b="$RSS" 'BEGIN { print (b <= 1.25 * a + 16) ? "ok (bounded)" : "GROWS" }')"
