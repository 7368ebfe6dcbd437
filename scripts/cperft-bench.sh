#!/bin/sh
# cperft-bench.sh RULES CFILE D: time `baolab perft --rules RULES` against
# the C perft CFILE, the same work on both sides: perft of every depth
# 1..D. The variants' testdata/cperft/bench.sh call it; not run by go test.
# Times are CPU seconds (user+sys) of each process, so that other jobs on
# the machine inflate them less than wall time; C and Go run alternately,
# 5 times each, and the best of each is printed with its ratio to C. The C
# is built with the fastest flags we found, -O3 -march=native (the counts
# are the same as with -O2, which TestCPerft uses). -march=native lets C
# use every instruction of this CPU (e.g. a hardware popcount), so Go is
# timed twice: the default build, as `make build` makes bin/baolab
# (portable: GOAMD64=v1 on amd64 unless set otherwise), and, like for
# like, a build for this CPU's level, the highest GOAMD64 whose binaries
# start here (the Go runtime checks the CPU at start and refuses to run
# without the level's features). The first build at a new level compiles
# every dependency again (minutes); later ones are cached.
set -e
rules=$1 cfile=$(cd "$(dirname "$2")" && pwd)/$(basename "$2") d=$3
root=$(cd "$(dirname "$0")/.." && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cc -O3 -march=native -o "$tmp/perft" "$cfile"
(cd "$root" && go build -o "$tmp/go" ./cmd/baolab)
level= def=
if [ "$(go env GOARCH)" = amd64 ]; then
	def=$(go env GOAMD64)
	mkdir "$tmp/probe"
	printf 'module probe\n' >"$tmp/probe/go.mod"
	printf 'package main\n\nfunc main() {}\n' >"$tmp/probe/main.go"
	for v in v4 v3 v2; do
		if (cd "$tmp/probe" && GOAMD64=$v go build -o "$v" . && "./$v") >/dev/null 2>&1; then
			level=$v
			break
		fi
	done
fi
if [ -n "$level" ]; then
	(cd "$root" && GOAMD64=$level go build -o "$tmp/go$level" ./cmd/baolab)
fi
for i in 1 2 3 4 5; do
	/usr/bin/time -f "c %U %S" "$tmp/perft" "$d" 2>>"$tmp/t" >/dev/null
	for b in go ${level:+go$level}; do
		/usr/bin/time -f "$b %U %S" "$tmp/$b" perft --rules "$rules" --depth "$d" 2>>"$tmp/t" >/dev/null
	done
done
awk -v rules="$rules" -v d="$d" -v def="$def" -v level="$level" '$1 == "c" || $1 ~ /^go/ {
	t = $2 + $3
	if (!($1 in best) || t < best[$1]) best[$1] = t
}
function ratio(t) { return best["c"] > 0 ? sprintf("%.2f", t / best["c"]) : "n/a" }
END {
	printf "%s perft 1..%d, best of 5 (CPU s): C -O3 -march=native %.2f\n", rules, d, best["c"]
	printf "  Go, default build (as make build%s): %.2f, Go/C %s\n", def == "" ? "" : ", GOAMD64=" def, best["go"], ratio(best["go"])
	if (level != "")
		printf "  Go, built for this CPU (GOAMD64=%s): %.2f, Go/C %s\n", level, best["go" level], ratio(best["go" level])
}' "$tmp/t"
