#!/bin/sh
# bench.sh: time `baolab perft` against the C perft of
# testdata/cperft/perft.c on the default kingulu rules, the same work on
# both sides: perft of every depth 1..D (D=15 unless given, 3,859,712
# leaves in all), with Go built both portably and for this CPU (see
# scripts/cperft-bench.sh). Not run by go test. Run from anywhere:
#   sh engine/kingulu/testdata/cperft/bench.sh [D]
dir=$(cd "$(dirname "$0")" && pwd)
exec sh "$dir/../../../../scripts/cperft-bench.sh" kingulu "$dir/perft.c" "${1:-15}"
