// Command lapgen writes kimasai2's lap loops (laps_gen.go, and the
// reference detector's loops in laps_ref_gen_test.go) from one template:
// the lap and its rules (lifting, sowing, where the lap ends, skip_origin,
// win_check=capture, the raid and capture_sow) are written once below, and
// instantiated for each row width (two words: boards of up to 8 holes a
// row, the player's counts kept in registers, with a variant for the
// default 8 holes whose board size is written in as constants; four
// words: any board and every option) and each way of watching for a
// never-ending move: none (short: the first shortLaps laps), Brent's
// method (brent), the run loops under Nivasch's stacks (run, driven by a
// small stacks loop written once below too), and the test's Brent-only
// reference (ref). Go's generics would not do: the two-word loop lives in
// registers, which arrays (needed to index words generically) do not,
// and methods of a type parameter are called indirectly, not inlined.
//
// Run it with go generate in engine/kimasai2; the test of this package
// fails when the committed files differ from what it writes.
package main

import (
	"bytes"
	"flag"
	"fmt"
	"go/format"
	"os"
	"path/filepath"
	"strings"
	"text/template"
)

// kernel is one instantiation of the lap loop.
type kernel struct {
	Name string
	Doc  string
	W4   bool // four-word rows (any board, skip_origin, win_check=capture)
	// Holes8: two-word rows of 8 holes each (the default board), with the
	// board's size written in as constants.
	Holes8 bool
	Det    string // short, brent, run, stacks or ref (see the package doc)
}

// Short etc. report the kernel's way of watching for a never-ending move.
func (k kernel) Short() bool  { return k.Det == "short" }
func (k kernel) Brent() bool  { return k.Det == "brent" || k.Det == "ref" }
func (k kernel) Stacks() bool { return k.Det == "stacks" }
func (k kernel) Run() bool    { return k.Det == "run" }
func (k kernel) Ref() bool    { return k.Det == "ref" }

// Memo reports whether the kernel takes a never-ending memo (memo.go): the
// Brent loops of two-word rows, which hand long moves to the stacks.
func (k kernel) Memo() bool { return k.Det == "brent" && !k.W4 }

// Packed reports whether the kernel counts captures packed in capt
// (captures<<32 | cows captured), as the loops without engine.MoveInfo do.
func (k kernel) Packed() bool { return k.Short() || k.Run() }

// O0, Capt, Sown and SumR name the opponent's inner row (two-word rows),
// the packed captures, the cows sown and the player's hash key sum: in the
// run loops, fields of rare, which stays in memory, so that the registers
// go to what every lap uses.
func (k kernel) O0() string       { return k.rare("o0") }
func (k kernel) Capt() string     { return k.rare("capt") }
func (k kernel) Sown() string     { return k.rare("sown") }
func (k kernel) SumR() string     { return k.rare("sumR") }
func (k kernel) RaidMask() string { return k.rare("raidMask") }

func (k kernel) rare(v string) string {
	if k.Run() {
		return "rare." + v
	}
	return v
}

// RunName is the run kernel a stacks kernel drives.
func (k kernel) RunName() string { return strings.Replace(k.Name, "Long", "Run", 1) }

// H, Rko and CapNext name g.rules.Holes, the opponent's hash keys and
// capture_sow=next in the loop: local variables, except in the short and
// run loops, which keep the registers for their laps and read them from g
// on the rarer raids.
func (k kernel) H() string {
	if k.Holes8 {
		return "8"
	}
	if k.Packed() {
		return "g.rules.Holes"
	}
	return "H"
}
func (k kernel) Rko() string {
	if k.Packed() || k.Holes8 {
		return "g.rk[(p^1)&1]"
	}
	return "rko"
}
func (k kernel) CapNext() string {
	if k.Packed() || k.Holes8 {
		return "g.rules.CaptureNext"
	}
	return "capNext"
}

// Rows is the type of the rows being sown.
func (k kernel) Rows() string {
	if k.W4 {
		return "rows4"
	}
	return "rows2"
}

// kernels are the loops of laps_gen.go; refKernels those of
// laps_ref_gen_test.go.
var (
	kernels = []kernel{
		{Name: "sow2Short", Det: "short", Doc: `sow2Short is sow2 for the common short move, kept small enough that
its loop lives in registers: it sows at most shortLaps laps (never more
than lap_limit) and looks for no cycle. A move that ends within them
comes back with laps > 0 (capt is captures<<32 | cows captured); for
any other move it returns laps == 0 and the caller plays the move again
from the start with sow2, which finds cycles and applies lap_limit. Both
sow the same laps, so a move gets the same outcome whichever finishes it.`},
		{Name: "sow2", Det: "brent", Doc: `sow2 sows move h of player p on a board of up to 8 holes a row (see
sow4).`},
		{Name: "sow4", Det: "brent", W4: true, Doc: `sow4 lifts hole h of player p from start (a reserve cow already
brought in) and sows laps until one ends in an empty hole; raids allows
raids (phase 2). With limit > 0 a move still sowing after limit laps is
never-ending (info.NeverEnding); with limit 0 detection is exact: the
state at the start of each relay lap (the mover's rows and the hole to
lift; the opponent's row is constant between raids) is checked for a
repeat, and the search restarts after each raid (a raid lowers the
opponent's total for good, so no earlier state can recur, and a cycle of
lap states cannot contain a raid). The first nvStart laps use Brent's
algorithm; a move still sowing then goes on in sow4Long (cycle.go),
which finds long cycles in far fewer laps. For a never-ending move the
returned rows are meaningless.
sow4 handles any board (up to 32 holes a player) and every option.`},
		{Name: "sow2Long", Det: "stacks", Doc: `sow2Long is sow4Long for the two-word rows of sow2.`},
		{Name: "sow2Holes8", Det: "brent", Holes8: true, Doc: `sow2Holes8 is sow2 for boards of 8 holes a row (the default).`},
		{Name: "sow2Short8", Det: "short", Holes8: true, Doc: `sow2Short8 is sow2Short for boards of 8 holes a row (the default).`},
		{Name: "sow2Long8", Det: "stacks", Holes8: true, Doc: `sow2Long8 is sow2Long for boards of 8 holes a row (the default).`},
		{Name: "sow2Run", Det: "run", Doc: `sow2Run is sow4Run for the two-word rows of sow2.`},
		{Name: "sow2Run8", Det: "run", Holes8: true, Doc: `sow2Run8 is sow2Run for boards of 8 holes a row (the default).`},
		{Name: "sow4Run", Det: "run", W4: true, Doc: `sow4Run is the lap loop of sow4Long: from the state at the start of a
lap that lifts hole h, with the laps, cows sown, captures and deadline
of at, it sows until the move ends (why = runEnd, stop = the hole of the
last lap's end), or stops at the start of a relay lap that lifts hole
stop when that state is distinguished (runDist) or the laps reach the
deadline (runDeadline). why has runRaided set if a raid happened; a raid
moves the deadline to nvGap laps after it. It calls nothing, so that
its loop keeps its values in registers (a call on the path of
distinguished states made the compiler store them at every lap).`},
		{Name: "sow4Long", Det: "stacks", W4: true, Doc: `sow4Long continues sow4 under exact detection for a move still sowing
after nvStart laps, from the start of a lap that lifts hole h; done
holds the laps and cows sown so far. It returns the move's outcome, or
back = true with the state at the start of a lap that lifts hole s when
the stacks cannot be relied on to find the cycle (no distinguished state
for nvGap laps, or a full stack): sow4 then goes on with Brent's method.`},
	}
	refKernels = []kernel{
		{Name: "sow2Brent", Det: "ref", Doc: `sow2Brent is sow4Brent for the two-word rows of sow2.`},
		{Name: "sow4Brent", Det: "ref", W4: true, Doc: `sow4Brent is sow4 with Brent's cycle finding alone (restarted after
each raid), as the engine's first detector was, except that a limit > 0
caps the laps without turning detection off: a move still sowing after
limit laps is reported never-ending with info.Laps == limit, so tests can
skip it.`},
	}
)

// header heads both generated files.
const header = `// Code generated by lapgen (internal/lapgen); DO NOT EDIT.

`

// lapTmpl is the lap loop. Names of the two-word rows: w0, w1 (the mover's
// rows), o0 (the opponent's inner row); of the four-word rows: w, ow.
const lapTmpl = `
{{define "count"}}{{/* cows in hole .S of the mover's rows, into .V */}}
{{- if .K.W4}}{{.V}} {{.Op}} count(&w, {{.S}})
{{- else}}{{.V}} {{.Op}} w0 >> (uint({{.S}}&7) * 8) & 0xFF
	if {{.S}} >= 8 {
		{{.V}} = w1 >> (uint({{.S}}&7) * 8) & 0xFF
	}
{{- end}}{{end}}

{{define "lift"}}// Lift the c cows of hole s.
{{- if .W4}}
		w[s>>3&3] -= c << (uint(s&7) * 8)
{{- else}}
		x := c << (uint(s&7) * 8)
		hi := -uint64(s >> 3 & 1) // all ones when s is in the second word
		w0 -= x &^ hi
		w1 -= x & hi
{{- end}}
		lin -= c * rk[s&31]
{{- end}}

{{define "capture"}}
{{- if .Packed}}{{.Capt}} += 1<<32 | k
{{- else}}info.Captures++
				info.Captured += int32(k)
{{- end}}{{end}}

{{define "rows"}}{{if .W4}}rows4{w, ow, lin}{{else}}rows2{w0, w1, {{.O0}}, lin}{{end}}{{end}}

{{define "save"}}{{if .W4}}saved, savedS = w, s{{else}}saved0, saved1, savedS = w0, w1, s{{end}}{{end}}

{{define "end"}}{{/* return: the move ended (.V: never) */}}
{{- if .K.Short}}return {{template "rows" .K}}, laps, sown, capt
{{- else if .K.Run}}return {{template "rows" .K}}, {{.S}}, runCount{laps, rare.sown, rare.capt, rare.deadline}, {{if eq .V "false"}}runEnd{{else}}{{.V}}{{end}} | rare.raided
{{- else}}info.Laps, info.Sown, info.NeverEnding = laps, sown, {{.V}}
			return {{template "rows" .K}}, info
{{- end}}{{end}}

// {{.Doc}}
{{- if .Stacks}}{{template "stacks" .}}
{{- else}}
func (g *Game) {{.Name}}(start {{.Rows}}, p, h int, raids bool{{if .Run}}, at runCount{{else if not .Short}}, limit int64{{end}}{{if .Memo}}, memo *neverMemo{{end}}) (
{{- if .Short}}after rows2, laps, sown int64, capt uint64
{{- else if .Run}}after {{.Rows}}, stop int, cnt runCount, why int
{{- else}}after {{.Rows}}, info engine.MoveInfo
{{- end}}) {
{{- if and .Holes8 .Run}}
	rk, lapR := &g.rk[p&1], &g.lapR[p&1]
{{- else if .Holes8}}
	rk, sumR, lapR := &g.rk[p&1], g.sumR[p&1], &g.lapR[p&1]
{{- else if .Run}}
	n := g.n
	rk, lapR := &g.rk[p&1], &g.lapR[p&1]
{{- else if .Short}}
	n := g.n
	rk, sumR, lapR := &g.rk[p&1], g.sumR[p&1], &g.lapR[p&1]
{{- else}}
	n, H := g.n, g.rules.Holes
	rk, rko, sumR, lapR := &g.rk[p&1], &g.rk[(p^1)&1], g.sumR[p&1], &g.lapR[p&1]
	capNext := g.rules.CaptureNext
{{- end}}
{{- if .W4}}
	ones := g.ones
	skip, winCapture := g.rules.SkipOrigin, g.rules.WinCapture
	w, ow, lin := start.w, start.ow, start.lin
{{- else}}
	{{- if not .Holes8}}
	ones0, ones1 := g.ones[0], g.ones[1]
	{{- end}}
	{{- if .Run}}
	w0, w1, lin := start.w0, start.w1, start.lin
	{{- else}}
	w0, w1, o0, lin := start.w0, start.w1, start.o0, start.lin
	raidMask := uint64(0) // all ones when the move raids
	if raids {
		raidMask = ^raidMask
	}
	{{- end}}
{{- end}}
{{- if .Short}}
	max := int64(shortLaps)
	if l := g.rules.LapLimit; l > 0 && l < max {
		max = l
	}
	s := h & 31
{{- else if .Run}}
	laps := at.laps
	// What the laps use seldom stays in memory (a struct of more than four
	// fields is not kept in registers), so that the registers go to the rest.
	rare := runRare{sown: at.sown, capt: at.capt, deadline: at.deadline, sumR: g.sumR[p&1]{{if not .W4}}, o0: start.o0{{end}}}
	{{- if not .W4}}
	if raids {
		rare.raidMask = ^rare.raidMask // all ones when the move raids
	}
	{{- end}}
	s := h & 31
{{- else}}
	var laps, sown int64
	s := h & 31
{{- end}}
	{{template "count" (args . "s" "c" ":=")}}
{{- if .Brent}}
	// Brent's cycle finding on the lap-start states (rows and hole s),
	// restarted at the first relay after a raid.
	{{- if .W4}}
	saved, savedS := w, s
	{{- else}}
	saved0, saved1, savedS := w0, w1, s
	{{- end}}
	power, lam := int64(1), int64(0)
	raided := false
{{- end}}
{{- if eq .Det "brent"}}
	handover := int64(nvStart)
{{- end}}
{{- if .W4}}
	lifted := true // the lap's cows were lifted from s (not raided)
{{- end}}
	{{template "lift" .}}
	for {{if .Short}}laps < max{{end}} {
		// Hole s is empty (lifted, or the raiding hole's turn is next):
		// sow c = q*n+r cows from the hole after s. Every hole gets q, the
		// r holes after s one more (d = divq[c] holds q, r and q+[r>0]).
{{- if .Holes8}}
		q, r := c>>4, int(c&15) // n = 16: no table to wait for
		qn := q + uint64(r+15)>>4
{{- else}}
		d := g.divq[c&0xFF]
{{- if .W4}}
		if skip && lifted {
			d = g.divqSkip[c&0xFF]
		}
{{- end}}
		q, r, qn := uint64(d&0xFF), int(d>>8&0xFF), uint64(d>>16)
{{- end}}
{{- if .Holes8}}
		last := (s + r) & 15
{{- else}}
		last := s + r
		if last >= n {
			last -= n
		}
{{- end}}
		// The count of hole last after the lap, from its count before it
{{- if .W4}}
		// (so the next lap need not wait for the additions).
		cn := count(&w, last) + qn
{{- else}}
		// (so the next lap need not wait for the additions); the word of
		// hole last is picked without a branch (it would go either way at
		// random).
		wl := w0 ^ (w0^w1)&-uint64(last>>3)
		cn := wl>>(uint(last&7)*8)&0xFF + qn
{{- end}}
		idx := (s<<5 | r) & (32*32 - 1)
		mk := &g.lapMask[idx]
{{- if .W4}}
		w[0] += q*ones[0] + mk[0]
		w[1] += q*ones[1] + mk[1]
		w[2] += q*ones[2] + mk[2]
		w[3] += q*ones[3] + mk[3]
{{- else}}
{{- if .Holes8}}
		w0 += q*ones8 + mk[0]
		w1 += q*ones8 + mk[1]
{{- else}}
		w0 += q*ones0 + mk[0]
		w1 += q*ones1 + mk[1]
{{- end}}
{{- end}}
		lin += q*{{.SumR}} + lapR[idx]
{{- if .W4}}
		if skip && lifted && q > 0 { // skip_origin: the lifted hole gets none
			w[s>>3&3] -= q << (uint(s&7) * 8)
			lin -= q * rk[s&31]
		}
{{- end}}
		laps++
		{{.Sown}} += int64(c)
		if cn == 1 { // the hole was empty before the last cow: the move ends
			{{template "end" (args . "last" "false" "")}}
		}
{{- if .W4}}
		if winCapture && raids && last < {{.H}} {
			if k := g.winRaid(&w, &ow, &lin, p, last); k != 0 {
				{{template "capture" .}}
				{{template "end" (args . "last" "false" "")}}
			}
		}
{{- end}}
{{- if and (not .Packed)}}
		if limit > 0 && laps >= limit {
			{{template "end" (args . "last" "true" "")}}
		}
{{- end}}
{{- if not .W4}}
		// A raid: the cows of the facing inner hole f of the opponent are
		// sown at once from the capturing hole last. Found without a branch
		// on last (it would go either way at random): k counts only when
		// last is an inner hole (last < Holes) and the move raids.
		{
			f := {{.H}} - 1 - last
			if k := {{.O0}} >> (uint(f&7) * 8) & 0xFF & uint64(int64(last-{{.H}})>>63) & {{.RaidMask}}; k != 0 {
				{{.O0}} -= k << (uint(f&7) * 8)
{{- else}}
		if raids && last < {{.H}} {
			// A raid: the cows of the facing inner hole f of the opponent
			// are sown at once from the capturing hole last.
			f := {{.H}} - 1 - last
{{- if .W4}}
			if k := count(&ow, f); k != 0 {
				ow[f>>3&3] -= k << (uint(f&7) * 8)
{{- else}}
			if k := {{.O0}} >> (uint(f&7) * 8) & 0xFF; k != 0 {
				{{.O0}} -= k << (uint(f&7) * 8)
{{- end}}
{{- end}}
				lin -= k * {{.Rko}}[f&31]
				{{template "capture" .}}
				// capture_sow=next: the first cow falls in the hole after
				// last; here: in last itself (the sowing starts after the
				// hole before it).
				c, s = k, last
				if !{{.CapNext}} {
{{- if .Holes8}}
					s = (last - 1) & 15
{{- else}}
					s = last - 1
					if s < 0 {
						s += n
					}
{{- end}}
				}
{{- if .W4}}
				lifted = false
{{- end}}
{{- if .Brent}}
				raided = true
{{- end}}
{{- if .Run}}
				rare.raided, rare.deadline = runRaided, laps+nvGap
{{- end}}
				continue
			}
		}
		// A relay: the lap ended in an occupied hole, whose cows are
		// lifted and sown next. The lap-start state is the rows as they
		// are now and the hole s.
		s, c = last, cn
{{- if .W4}}
		lifted = true
{{- end}}
{{- if .Brent}}
		if raided {
			{{template "save" .}}
			power, lam, raided = 1, 0, false
		} else {{if not .Ref}}if limit == 0 {{end}}{
			lam++
			if {{if .W4}}s == savedS && w == saved{{else}}w0 == saved0 && s == savedS && w1 == saved1{{end}} {
				{{template "end" (args . "s" "true" "")}}
			}
			if lam == power {
				{{template "save" .}}
				power <<= 1
				lam = 0
			}
	{{- if not .Ref}}
			if laps >= handover {
				// A long move: go on with the stacks (see cycle.go), which
				// find long cycles faster; they hand the move back here, to
				// Brent's method alone, for the rare cycles they cannot see.
				info.Laps, info.Sown = laps, sown
				var back, never bool
				var a {{.Rows}}
	{{- if .W4}}
				a, s, info, never, back = g.sow4Long({{template "rows" .}}, p, s, raids, info)
	{{- else if .Holes8}}
				a, s, info, never, back = g.sow2Long8({{template "rows" .}}, p, s, raids, info, memo)
	{{- else}}
				a, s, info, never, back = g.sow2Long({{template "rows" .}}, p, s, raids, info, memo)
	{{- end}}
				if !back {
					info.NeverEnding = never
					return a, info
				}
	{{- if .W4}}
				w, ow, lin = a.w, a.ow, a.lin
	{{- else}}
				w0, w1, o0, lin = a.w0, a.w1, a.o0, a.lin
	{{- end}}
				laps, sown, handover = info.Laps, info.Sown, math.MaxInt64
				{{template "count" (args . "s" "c" "=")}}
				{{template "save" .}}
				power, lam = 1, 0
			}
	{{- end}}
		}
{{- end}}
{{- if .Run}}
		if nvHash(lin, s)>>nvDistShift == 0 {
			{{template "end" (args . "s" "runDist" "")}}
		}
		if laps >= rare.deadline {
			{{template "end" (args . "s" "runDeadline" "")}}
		}
{{- end}}
		{{template "lift" .}}
	}
{{- if .Short}}
	return rows2{}, 0, 0, 0
{{- end}}
}
{{- end}}

{{define "stacks"}}
func (g *Game) {{.Name}}(start {{.Rows}}, p, h int, raids bool, done engine.MoveInfo{{if not .W4}}, memo *neverMemo{{end}}) (after {{.Rows}}, s int, info engine.MoveInfo, never, back bool) {
	stk := getStacks()
	after, s, info = start, h, done
	cnt := runCount{laps: done.Laps, sown: done.Sown, deadline: done.Laps + nvGap}
	for {
		var why int
		after, s, cnt, why = g.{{.RunName}}(after, p, s, raids, cnt)
		if why&runRaided != 0 {
			// No state before the raid can recur: start afresh.
			stk.n = [nvClasses]uint8{}
		}
		if why&^runRaided == runDist {
			k := nvKey(nvHash(after.lin, s), s)
	{{- if not .W4}}
			if memo.knows(k, after, raids) {
				never = true // a state already shown never to end (see memo.go)
			} else {
	{{- end}}
			switch stk.step(k, {{if .W4}}&after.w{{else}}&[4]uint64{after.w0, after.w1}{{end}}) {
			case nvPushed:
				cnt.deadline = cnt.laps + nvGap
				continue
			case nvRepeat:
				never = true
	{{- if not .W4}}
				memo.learn(stk, after.o0, raids)
	{{- end}}
			case nvFull:
				back = true
			}
	{{- if not .W4}}
			}
	{{- end}}
		} else if why&^runRaided == runDeadline {
			back = true
		}
		nvPool.Put(stk)
		info.Laps, info.Sown = cnt.laps, cnt.sown
		info.Captures += int32(cnt.capt >> 32)
		info.Captured += int32(uint32(cnt.capt))
		return after, s, info, never, back
	}
}
{{- end}}
`

// args passes the kernel, a hole, a variable or value and an operator
// to a sub-template.
func args(k kernel, s, v, op string) map[string]any {
	return map[string]any{"K": k, "S": s, "V": v, "Op": op}
}

// source returns the gofmt'ed Go file of the kernels ks in package
// kimasai2 importing imports.
func source(ks []kernel, imports ...string) ([]byte, error) {
	t, err := template.New("lap").Funcs(template.FuncMap{"args": args}).Parse(lapTmpl)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString(header + "package kimasai2\n\nimport (\n")
	for _, im := range imports {
		if im == "" { // a blank line between the standard library and the module
			b.WriteString("\n")
			continue
		}
		fmt.Fprintf(&b, "\t%q\n", im)
	}
	b.WriteString(")\n")
	for _, k := range ks {
		k.Doc = strings.ReplaceAll(k.Doc, "\n", "\n// ")
		if err := t.Execute(&b, k); err != nil {
			return nil, fmt.Errorf("%s: %v", k.Name, err)
		}
	}
	out, err := format.Source(b.Bytes())
	if err != nil {
		return nil, fmt.Errorf("%v\n%s", err, b.Bytes())
	}
	return out, nil
}

// files returns the generated files by name.
func files() (map[string][]byte, error) {
	lap, err := source(kernels, "math", "", "github.com/baolab/baolab/engine")
	if err != nil {
		return nil, err
	}
	ref, err := source(refKernels, "github.com/baolab/baolab/engine")
	if err != nil {
		return nil, err
	}
	return map[string][]byte{"laps_gen.go": lap, "laps_ref_gen_test.go": ref}, nil
}

func main() {
	dir := flag.String("dir", ".", "directory of package kimasai2")
	flag.Parse()
	fs, err := files()
	if err != nil {
		fmt.Fprintln(os.Stderr, "lapgen:", err)
		os.Exit(2)
	}
	for name, b := range fs {
		if err := os.WriteFile(filepath.Join(*dir, name), b, 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "lapgen:", err)
			os.Exit(2)
		}
	}
}
