#!/bin/sh
# bench.sh: compare Game.Perft with the C perft of testdata/cperft/perft.c
# on the default kimasai-two-rows rules (depth 6, 151,316 leaves, the
# depth BenchmarkPerft uses). Not run by go test. Run from anywhere:
# sh engine/kimasai2/testdata/cperft/bench.sh
# On a busy machine take the best of several runs (the script runs 5).
set -e
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/perft" "$dir/perft.c"
echo "C (best of 5, perft(6)):"
for i in 1 2 3 4 5; do "$tmp/perft" 6 | tail -1; done | sort -k4 -g | head -1
echo "Go (best of 5, BenchmarkPerft = perft(6)):"
cd "$dir/../.."
go test -run '^$' -bench '^BenchmarkPerft$' -benchtime 20x -count 5 -cpu 1 . | grep ns/op | sort -k3 -n | head -1
