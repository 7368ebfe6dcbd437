#!/usr/bin/env bash
# test-report.sh — the report pages in a real browser (headless Chromium).
#
# Installs Debian's chromium with apt-get when it is missing, builds baolab,
# simulates the quick-start experiment (configs/quickstart.toml, as `make run`
# does, with GAMES games per cell, default 200, to keep it short) and analyses
# it. Then, for index.html and every example replay page of the report:
#   - loads the page in an iframe of scripts/report-harness.html and reads
#     what the harness found with --dump-dom: every <img>/<object> loaded, at
#     least one figure renders on the index (an image file, a data: URI or
#     an inline SVG), a replay page's script ran (data-ready) without an
#     error (data-error), and its every control (previous, next, first,
#     last, arrow keys, Home, End, the slider, a row click, a #ply-N link)
#     shows the expected position;
#   - the index also copied alone into an empty directory (as when mailed):
#     every figure must still show, since the page carries them inline;
#     and, to show the harness would catch a page without figures, an index
#     with its images removed must FAIL;
#   - greps Chromium's console log for uncaught JavaScript errors;
#   - takes a screenshot (laptop size, 1366 px wide) and fails when it is
#     blank (scripts/pngcheck: under 1% of the pixels differ from the
#     background);
# checks that the harness fails an index without figures and a replay page
# whose previous button steps forward, and prints index.html to PDF. Then it
# typesets the report's LaTeX tables with pdflatex (TeX Live installed with
# apt-get when missing). Screenshots,
# the PDFs and the LaTeX log are kept in $OUT/test-report/ (default out/).
#
# Usage: scripts/test-report.sh                 (needs go, and root or sudo for apt-get)
#        REPORT=DIR scripts/test-report.sh      tests an existing report directory instead
#        GAMES=2000 scripts/test-report.sh      the full quick-start experiment (make run's)
set -Eeuo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
OUT=${OUT:-out}
case $OUT in
/*) SHOTS=$OUT/test-report ;;
*) SHOTS=$ROOT/$OUT/test-report ;;
esac
GAMES=${GAMES:-200}
WORK=$(mktemp -d "${TMPDIR:-/tmp}/baolab-test-report.XXXXXX")
trap 'rm -rf "$WORK"' EXIT

say() { echo "test-report: $*"; }

if ! command -v chromium >/dev/null 2>&1; then
	say "installing Debian's chromium (apt-get)"
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium >/dev/null
fi
say "$(chromium --version 2>/dev/null)"
if ! command -v pdflatex >/dev/null 2>&1; then
	say "installing TeX Live (apt-get) for the LaTeX tables"
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq texlive-latex-recommended >/dev/null
fi
# siunitx (the S columns of the tables) is in texlive-science, not in
# texlive-latex-recommended.
if ! kpsewhich siunitx.sty >/dev/null 2>&1; then
	say "installing texlive-science (apt-get) for siunitx"
	SUDO=
	[ "$(id -u)" -eq 0 ] || SUDO=sudo
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq texlive-science >/dev/null
fi

make -s build
if [ -z "${REPORT:-}" ]; then
	say "simulating configs/quickstart.toml with $GAMES games per cell"
	bin/baolab sim --config configs/quickstart.toml --games "$GAMES" --out "$WORK/data" --quiet
	bin/baolab analyze "$WORK/data" --out "$WORK/report" --quiet
	REPORT=$WORK/report
	# Its 4-hole boards are solved, so the page shows the exact values too.
	for want in 'data-file="exact.svg"' 'id="table-exact"' 'id="table-exact-readings"'; do
		grep -q "$want" "$REPORT/index.html" || { say "FAIL: index.html has no $want" >&2; exit 1; }
	done
fi
REPORT=$(cd "$REPORT" && pwd)
[ -f "$REPORT/index.html" ] || { say "no index.html in $REPORT" >&2; exit 1; }
mkdir -p "$SHOTS"
rm -f "$SHOTS"/*.png "$SHOTS"/*.pdf

# browser runs headless Chromium with a fresh profile and prints its
# console log (uncaught errors included) into $WORK/console.log.
browser() {
	DBUS_SESSION_BUS_ADDRESS=disabled: timeout 120 chromium --headless --no-sandbox --disable-gpu \
		--no-first-run --disable-dev-shm-usage --hide-scrollbars --user-data-dir="$WORK/profile" \
		--enable-logging=stderr --v=0 "$@" 2>>"$WORK/console.log"
}

fail=0
pages=("$REPORT/index.html")
for f in "$REPORT"/*.html; do
	[ "$f" = "$REPORT/index.html" ] || pages+=("$f")
done
[ ${#pages[@]} -ge 2 ] || { say "FAIL: index.html links no replay page" >&2; fail=1; }
cp "$ROOT/scripts/report-harness.html" "$WORK/harness.html"
# harness prints what the harness finds in the page at path $1.
harness() {
	: >"$WORK/console.log"
	local r
	r=$(browser --allow-file-access-from-files --virtual-time-budget=15000 --dump-dom \
		"file://$WORK/harness.html#file://$1" | sed -n '/<pre id="result">/,/<\/pre>/p' | sed 's/<[^>]*>//g')
	if grep -q "Uncaught" "$WORK/console.log"; then
		r="$r
FAIL JavaScript error: $(grep -m1 Uncaught "$WORK/console.log")"
	fi
	echo "$r"
}
mkdir -p "$WORK/alone" "$WORK/bare"
cp "$REPORT/index.html" "$WORK/alone/index.html"
result=$(harness "$WORK/alone/index.html")
say "index.html copied alone into an empty directory:"
echo "$result" | sed 's/^/    /'
case "$result" in *"RESULT OK"*) ;; *) fail=1 ;; esac
case "$result" in *FAIL*) fail=1 ;; esac
# The same page with every <img> removed: the harness must fail it.
sed -e 's/<img [^>]*>//g' "$REPORT/index.html" >"$WORK/bare/index.html"
result=$(harness "$WORK/bare/index.html")
case "$result" in
*"RESULT FAIL"*"no image at all"*) say "ok: the harness fails an index without images" ;;
*) say "FAIL: the harness passed an index without images:" >&2; echo "$result" | sed 's/^/    /' >&2; fail=1 ;;
esac
for page in "${pages[@]}"; do
	name=$(basename "$page" .html)
	result=$(harness "$page")
	say "$name:"
	echo "$result" | sed 's/^/    /'
	case "$result" in *"RESULT OK"*) ;; *) fail=1 ;; esac
	case "$result" in *FAIL*) fail=1 ;; esac
	browser --window-size=1366,900 --screenshot="$SHOTS/$name.png" "file://$page" >/dev/null
	if [ "$name" != index ] && [ -z "${shown:-}" ]; then
		# One replay page also after a few moves (its #ply-N address).
		browser --window-size=1366,900 --screenshot="$SHOTS/$name-ply-5.png" "file://$page#ply-5" >/dev/null
		shown=1
	fi
done
# The harness must fail broken pages: the index without its figures (every
# <img>, <object> and <svg> removed), and a replay page whose previous
# button steps forward.
mkdir -p "$WORK/broken"
cp -r "$REPORT"/. "$WORK/broken/"
perl -0pi -e 's/<img\b[^>]*>//g; s/<object\b.*?<\/object>//gs; s/<svg\b.*?<\/svg>//gs' "$WORK/broken/index.html"
replay=${pages[1]:-}
if [ -n "$replay" ]; then
	sed -i "s/getElementById('prev').onclick = function () { show(cur - 1); }/getElementById('prev').onclick = function () { show(cur + 1); }/" "$WORK/broken/$(basename "$replay")"
	cmp -s "$replay" "$WORK/broken/$(basename "$replay")" && { say "FAIL: could not break $(basename "$replay") for the harness self-check" >&2; fail=1; }
fi
for page in "$WORK/broken/index.html" ${replay:+"$WORK/broken/$(basename "$replay")"}; do
	result=$(harness "$page")
	case "$result" in
	*"RESULT FAIL"*) say "broken $(basename "$page") fails the harness, as it must: $(echo "$result" | grep -m1 FAIL\ )" ;;
	*) say "FAIL: the harness passes a broken $(basename "$page"):" >&2; echo "$result" | sed 's/^/    /' >&2; fail=1 ;;
	esac
done

browser --window-size=1366,3000 --screenshot="$SHOTS/index-full.png" "file://$REPORT/index.html" >/dev/null
browser --no-pdf-header-footer --print-to-pdf="$SHOTS/index.pdf" "file://$REPORT/index.html" >/dev/null
if [ "$(head -c 4 "$SHOTS/index.pdf" 2>/dev/null)" != "%PDF" ]; then
	say "FAIL: printing index.html to PDF gave no PDF" >&2
	fail=1
fi
go run ./scripts/pngcheck "$SHOTS"/*.png || fail=1

# The report's LaTeX tables, set in one document with pdflatex: no LaTeX
# error and no float too tall for a page; then the tables package's test
# that typesets a 60-reading grid, a ladder and exact values.
{
	printf '%s\n' '\documentclass{article}' '\usepackage{booktabs,array,longtable,siunitx,textcomp}' '\begin{document}'
	for f in "$REPORT"/*.tex; do
		[ "$(basename "$f")" = methods.tex ] && continue
		printf '\\input{%s}\\clearpage\n' "$f"
	done
	# The methods paragraph, with its bibliography.
	[ -f "$REPORT/methods.tex" ] && printf '\\input{%s}\n' "$REPORT/methods.tex"
	printf '%s\n' '\end{document}'
} >"$WORK/tables.tex"
if ! (cd "$WORK" && timeout 300 pdflatex -interaction=nonstopmode -halt-on-error tables.tex >/dev/null 2>&1) ||
	grep -E '^!|Float too large' "$WORK/tables.log" >&2; then
	say "FAIL: the report's .tex tables do not typeset (log: $SHOTS/tables.log)" >&2
	fail=1
fi
cp "$WORK/tables.log" "$SHOTS/" 2>/dev/null || true
cp "$WORK/tables.pdf" "$SHOTS/" 2>/dev/null || true
CI=true go test -count=1 -run TestLaTeXCompiles ./analysis/tables || fail=1
if [ "$fail" -ne 0 ]; then
	say "FAILED (screenshots in $SHOTS)" >&2
	exit 1
fi
say "ok: ${#pages[@]} pages; screenshots and index.pdf in $SHOTS"
