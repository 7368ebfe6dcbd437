package htmlreport

import (
	"fmt"
	"html/template"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// Replay is the page of one logged game.
type Replay struct {
	Title string
	Facts []Fact
	// Plies holds the start position and the position after every move.
	Plies []Ply
}

// Ply is one position of a replayed game: the start (Move empty) or the
// position after a move.
type Ply struct {
	Label string // "start", or e.g. "ply 12: north plays 3"
	// Number is the dataset's ply number of the move (0 for the first).
	Number int
	// Board is the diagram as SVG markup (see InlineSVG).
	Board template.HTML
	// The move's facts from the log (zero for the start).
	Player, Move string
	Legal        int
	Laps, Sown   int64
	Captured     int32
	// NeverEnding counts the candidates found never-ending before the
	// move was chosen.
	NeverEnding int
	Material    string // "South 24, North 20"
}

// WriteReplay writes the page of r to w. The page works without a network
// and, with scripting off, still shows the start position and the move
// list; with it, it shows one position at a time: the buttons, the ← and
// → keys (Home and End for the first and last) and a click on a move
// step through the game, and the address's #ply-N fragment opens
// position N (0 the start, N the position after the move of dataset
// ply N-1).
func WriteReplay(w io.Writer, r Replay) error {
	return replayTmpl.Execute(w, struct {
		Replay
		Style, Extra template.CSS
		Script       template.JS
	}{r, style, replayStyle, replayScript})
}

var (
	xmlDecl  = regexp.MustCompile(`(?s)^<\?xml.*?\?>\s*(<!--.*?-->\s*)?`)
	fontDecl = regexp.MustCompile(`font-family:[^;"]*;font-variant:normal;font-weight:normal;font-style:normal;`)
)

// InlineSVG prepares an SVG document written by gonum's SVG canvas for
// inlining in a page, and makes it about half as large (a long game has
// a diagram per ply): the XML declaration and comment go; the font
// declaration repeated on every text element is left to the page's style
// (which sets the same font); a circle drawn as two arcs becomes a
// <circle>; and a shape filled and then stroked is one element. The
// drawing is unchanged.
func InlineSVG(svg string) template.HTML {
	svg = xmlDecl.ReplaceAllString(svg, "")
	svg = fontDecl.ReplaceAllString(svg, "")
	svg = strings.Replace(svg, "<svg", `<svg class="board" role="img"`, 1)
	lines := strings.Split(svg, "\n")
	out := lines[:0]
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := fillPath.FindStringSubmatch(l); m != nil && i+1 < len(lines) {
			if n := strokePath.FindStringSubmatch(lines[i+1]); n != nil && n[1] == m[1] {
				l = `<path d="` + m[1] + `" style="fill:` + m[2] + ";" + n[2] + `" />`
				i++
			}
		}
		out = append(out, circlePath.ReplaceAllStringFunc(l, toCircle))
	}
	return template.HTML(strings.Join(out, "\n"))
}

var (
	fillPath   = regexp.MustCompile(`^<path d="([^"]+)" style="fill:(#[0-9A-Fa-f]{6})" />$`)
	strokePath = regexp.MustCompile(`^<path d="([^"]+)" style="fill:none;([^"]*)" />$`)
	num        = `(-?[0-9.]+(?:e-?[0-9]+)?)`
	circlePath = regexp.MustCompile(`^<path d="M` + num + `,` + num + `A` + num + `,` + num + ` 0 1 1 ` + num + `,` + num + `A[^"]*Z"`)
)

// toCircle rewrites the start of a path element that draws a full circle
// (two half arcs from its rightmost point) as a circle element.
func toCircle(s string) string {
	m := circlePath.FindStringSubmatch(s)
	f := make([]float64, 7)
	for i := 1; i < 7; i++ {
		v, err := strconv.ParseFloat(m[i], 64)
		if err != nil {
			return s
		}
		f[i] = v
	}
	x1, y1, rx, ry, x2, y2 := f[1], f[2], f[3], f[4], f[5], f[6]
	if rx != ry || y1 != y2 || math.Abs(x1-x2-2*rx) > 1e-3*max(1, rx) {
		return s
	}
	return fmt.Sprintf(`<circle cx="%.5g" cy="%.5g" r="%.5g"`, (x1+x2)/2, y1, rx)
}

const replayStyle template.CSS = `
svg.board { width: 100%; max-width: 40rem; height: auto; display: block; }
svg.board text { font-family: "Liberation Serif", "Times New Roman", serif; }
.replay { display: grid; grid-template-columns: minmax(20rem, 40rem) minmax(16rem, 1fr); gap: 1.5rem; align-items: start; }
.controls { margin: 0.6rem 0; display: flex; gap: 0.4rem; align-items: center; flex-wrap: wrap; }
.controls button { font: inherit; padding: 0.25rem 0.8rem; border: 1px solid var(--rule); background: var(--band); border-radius: 3px; cursor: pointer; }
.controls button:disabled { opacity: 0.4; cursor: default; }
.controls input { width: 14rem; }
.js .ply { display: none; }
.js .ply.current { display: block; }
.ply h3 { margin: 0.2rem 0 0.4rem; font-weight: normal; }
.moves { max-height: 75vh; overflow-y: auto; border: 1px solid var(--rule); }
.moves table { width: 100%; }
.moves tr { cursor: pointer; }
.moves tr.current td { background: #ffeb99; }
.moves tr.never td { font-weight: bold; color: #a0301d; }
.moves th { position: sticky; top: 0; background: #fff; }
.nojs-note { color: var(--muted); font-size: 0.9rem; }
.js .nojs-note { display: none; }
@media (max-width: 50rem) { .replay { grid-template-columns: 1fr; } }
@media print {
  .controls { display: none; }
  .replay { grid-template-columns: 1fr; }
  .moves { max-height: none; overflow: visible; border: none; }
}
`

// replayScript steps through the positions. It writes data-ready="1" on
// <body> when it has run, and window errors into data-error, so that a
// headless browser test can tell a page that works from one that does
// not.
const replayScript template.JS = `
(function () {
  var body = document.body;
  window.addEventListener('error', function (e) { body.setAttribute('data-error', String(e.message || e)); });
  body.classList.add('js');
  var plies = document.querySelectorAll('.ply');
  var rows = document.querySelectorAll('.moves tbody tr');
  var slider = document.getElementById('slider');
  var label = document.getElementById('where');
  var cur = -1;
  function show(i) {
    i = Math.max(0, Math.min(plies.length - 1, i));
    if (cur >= 0) { plies[cur].classList.remove('current'); rows[cur].classList.remove('current'); }
    cur = i;
    plies[i].classList.add('current');
    rows[i].classList.add('current');
    slider.value = i;
    label.textContent = i === 0 ? 'start' : 'after ply ' + (i - 1) + ' (of 0..' + (plies.length - 2) + ')';
    document.getElementById('first').disabled = document.getElementById('prev').disabled = i === 0;
    document.getElementById('last').disabled = document.getElementById('next').disabled = i === plies.length - 1;
    var box = rows[i].closest('.moves');
    var top = rows[i].offsetTop - box.offsetTop;
    if (top < box.scrollTop + 30 || top > box.scrollTop + box.clientHeight - 30) { box.scrollTop = top - box.clientHeight / 2; }
    if (history.replaceState) { history.replaceState(null, '', '#ply-' + i); }
  }
  document.getElementById('first').onclick = function () { show(0); };
  document.getElementById('prev').onclick = function () { show(cur - 1); };
  document.getElementById('next').onclick = function () { show(cur + 1); };
  document.getElementById('last').onclick = function () { show(plies.length - 1); };
  slider.max = plies.length - 1;
  slider.oninput = function () { show(+slider.value); };
  rows.forEach(function (r, i) { r.onclick = function () { show(i); }; });
  document.addEventListener('keydown', function (e) {
    if (e.target.tagName === 'INPUT' && e.target.type !== 'range') { return; }
    var k = { ArrowLeft: cur - 1, ArrowRight: cur + 1, Home: 0, End: plies.length - 1 }[e.key];
    if (k !== undefined) { e.preventDefault(); show(k); }
  });
  var m = /^#ply-(\d+)$/.exec(location.hash);
  show(m ? +m[1] : 0);
  body.setAttribute('data-ready', '1');
})();
`

var replayTmpl = template.Must(template.New("replay").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{.Style}}{{.Extra}}</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<nav><a href="index.html">report</a></nav>
</header>
<main>
<table class="facts"><tbody>
{{range .Facts}}<tr><th>{{.Label}}</th><td>{{.Value}}</td></tr>
{{end}}</tbody></table>
<div class="replay">
<div>
<div class="controls noprint">
<button id="first" type="button" title="first position (Home)">first</button>
<button id="prev" type="button" title="previous move (←)">◀ previous</button>
<button id="next" type="button" title="next move (→)">next ▶</button>
<button id="last" type="button" title="last position (End)">last</button>
<input id="slider" type="range" min="0" value="0" aria-label="position">
<span id="where"></span>
</div>
<p class="nojs-note">With scripting on, the buttons and the ← → keys step through the game; here every position follows.</p>
{{range $i, $p := .Plies}}<section class="ply diagram" id="position-{{$i}}">
<h3>{{$p.Label}}</h3>
{{$p.Board}}
</section>
{{end}}</div>
<div class="moves">
<table>
<thead><tr><th class="right">ply</th><th>player</th><th class="right">move</th><th class="right">legal</th><th class="right">laps</th><th class="right">sown</th><th class="right">captured</th><th class="right" title="candidates found never-ending before the move was chosen">never-ending</th><th>material</th></tr></thead>
<tbody>
{{range $i, $p := .Plies}}<tr id="move-{{$i}}"{{if $p.NeverEnding}} class="never"{{end}}><td class="right">{{if $i}}{{$p.Number}}{{end}}</td><td>{{if $i}}{{$p.Player}}{{else}}start{{end}}</td><td class="right">{{$p.Move}}</td><td class="right">{{if $i}}{{$p.Legal}}{{end}}</td><td class="right">{{if $i}}{{$p.Laps}}{{end}}</td><td class="right">{{if $i}}{{$p.Sown}}{{end}}</td><td class="right">{{if $i}}{{$p.Captured}}{{end}}</td><td class="right">{{if $p.NeverEnding}}{{$p.NeverEnding}}{{end}}</td><td>{{$p.Material}}</td></tr>
{{end}}</tbody>
</table>
</div>
</div>
</main>
<script>{{.Script}}</script>
</body>
</html>
`))
