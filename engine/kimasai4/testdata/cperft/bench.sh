#!/bin/sh
# bench.sh: time `baolab perft` against the C perft of
# testdata/cperft/perft.c on the default kimasai-four-rows rules, the same work on
# both sides: perft of every depth 1..D (D=19 unless given, 751,861,427
# leaves in all). Not run by go test. Run from anywhere:
#   sh engine/kimasai4/testdata/cperft/bench.sh [D]
# Times are CPU seconds (user+sys) of each process, so that other jobs on
# the machine inflate them less than wall time; C and Go run alternately,
# 5 times each, and the best of each is printed with their ratio. The C
# is built with the fastest flags we found, -O3 -march=native (the counts
# are the same as with -O2, which TestCPerft uses).
set -e
d=${1:-19}
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O3 -march=native -o "$tmp/perft" "$dir/perft.c"
(cd "$dir/../../../.." && go build -o "$tmp/baolab" ./cmd/baolab)
for i in 1 2 3 4 5; do
	/usr/bin/time -f "c %U %S" "$tmp/perft" "$d" 2>>"$tmp/t" >/dev/null
	/usr/bin/time -f "go %U %S" "$tmp/baolab" perft --rules kimasai-four-rows --depth "$d" 2>>"$tmp/t" >/dev/null
done
awk -v d="$d" '$1 == "c" || $1 == "go" {
	t = $2 + $3
	if (!($1 in best) || t < best[$1]) best[$1] = t
} END {
	printf "perft 1..%d, best of 5 (CPU s): C %.2f, Go %.2f, Go/C %.2f\n", d, best["c"], best["go"], best["go"] / best["c"]
}' "$tmp/t"
