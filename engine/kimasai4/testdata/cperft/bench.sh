#!/bin/sh
# bench.sh: compare Game.Perft with the C perft of testdata/cperft/perft.c
# on the default kimasai-four-rows rules (depth 16, 7,678,961 leaves, the
# depth BenchmarkPerft uses). Not run by go test. Run from anywhere:
# sh engine/kimasai4/testdata/cperft/bench.sh
# On a busy machine take the best of several runs (the script runs 5).
# perft(16) takes 10-20 ms in C (depth 14, used before, took about a
# millisecond: too short to time on a shared machine); the Go figure is
# ns/op over 20 iterations.
set -e
dir=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O2 -o "$tmp/perft" "$dir/perft.c"
echo "C (best of 5, perft(16)):"
# line: perft(16) = <nodes>  <seconds> s; field 4 is the time
for i in 1 2 3 4 5; do "$tmp/perft" 16 | tail -1; done | sort -k4 -g | head -1
echo "Go (best of 5, BenchmarkPerft = perft(16)):"
cd "$dir/../.."
go test -run '^$' -bench '^BenchmarkPerft$' -benchtime 20x -count 5 -cpu 1 . | grep ns/op | sort -k3 -n | head -1
