#!/bin/sh
# bench.sh: time `baolab perft` against the fastest C perft we have,
# testdata/cperft/fast.c (built -O3 -march=native), on the default kingulu
# rules, the same work on both sides: perft of every depth 1..D (D=17
# unless given, 18,837,740 leaves in all), with Go built both portably and
# for this CPU (see scripts/cperft-bench.sh). Not run by go test. Run from
# anywhere:
#   sh engine/kingulu/testdata/cperft/bench.sh [D]
dir=$(cd "$(dirname "$0")" && pwd)
exec sh "$dir/../../../../scripts/cperft-bench.sh" kingulu "$dir/fast.c" "${1:-17}"
