#!/bin/sh
# bench.sh: compare Game.Perft with the C perft of testdata/cperft/perft.c
# on the default kimasai-four-rows rules (depth 14, 493,133 leaves, the
# depth BenchmarkPerft uses). Not run by go test. Run from anywhere:
# sh engine/kimasai4/testdata/cperft/bench.sh
# On a busy machine take the best of several runs (the script runs 5).
# perft(14) takes about a millisecond, so the C time is a single run at
# microsecond resolution; the Go figure is ns/op over 200 iterations.
set -e
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/perft" "$dir/perft.c"
echo "C (best of 5, perft(14)):"
# line: perft(14) = <nodes>  <seconds> s; field 4 is the time
for i in 1 2 3 4 5; do "$tmp/perft" 14 | tail -1; done | sort -k4 -g | head -1
echo "Go (best of 5, BenchmarkPerft = perft(14)):"
cd "$dir/../.."
go test -run '^$' -bench '^BenchmarkPerft$' -benchtime 200x -count 5 -cpu 1 . | grep ns/op | sort -k3 -n | head -1
