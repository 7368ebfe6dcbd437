package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/analysis/summary"
)

// TestDocsCurrent fails while a generated table of README.md or docs/ is
// stale against results/ or the option tables: run make results.
func TestDocsCurrent(t *testing.T) {
	stale, err := Update(filepath.Join("..", ".."), false)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range stale {
		t.Errorf("stale generated table %s: run make results", s)
	}
}

func TestReplace(t *testing.T) {
	gen := func(name string) (string, error) { return "<" + name + ">", nil }
	doc := "a\n<!-- results:x -->\nold\nlines\n<!-- /results:x -->\nb\n  <!-- results:y -->\n<!-- /results:y -->\n"
	got, err := Replace(doc, gen)
	if err != nil {
		t.Fatal(err)
	}
	want := "a\n<!-- results:x -->\n<x>\n<!-- /results:x -->\nb\n  <!-- results:y -->\n<y>\n<!-- /results:y -->\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for _, bad := range []string{
		"<!-- results:x -->\n",                      // not closed
		"<!-- /results:x -->\n",                     // not open
		"<!-- results:x -->\n<!-- /results:y -->\n", // closed as another
		"<!-- results:x -->\n<!-- results:y -->\n",  // nested
		"<!-- results:x -->\n<!-- /results:x -->\n<!-- results:x -->\n<!-- /results:x -->\n", // twice
	} {
		if _, err := Replace(bad, gen); err == nil {
			t.Errorf("no error for %q", bad)
		}
	}
}

// writeExact writes a results/exact/ of hand-made files into a temporary
// root and returns the root.
func writeExact(t *testing.T, exact, carried, summaryCSV string) string {
	root := t.TempDir()
	writeFiles(t, filepath.Join(root, "results", "exact"), map[string]string{"exact.json": exact, "carried.json": carried, "summary.csv": summaryCSV})
	return root
}

// writeFiles writes hand-made files into dir, creating it.
func writeFiles(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

const summaryHead = "ruleset,agent_south,agent_north,games,first_player_advantage,first_player_advantage_lo,first_player_advantage_hi\n"

// TestExactTable: two hand-made boards, one solved by the analysis and one
// carried with its random play from summary.csv, printed as the docs
// print them (sorted by board with 10 after 4, minus signs, thousands,
// two decimals, the carried mark and its note).
func TestExactTable(t *testing.T) {
	exact := `[{"ruleset":"kingulu:holes=10,seeds=1","variant":"kingulu","board":"holes=10,seeds=1","reading":"","first":"south",
 "positions":1234567,"terminal":12,"cyclic":true,"outcome":"north","south_can_force":-6,"north_can_force":-6,"margin":-6,
 "first_player_value":0,"random_games":100,"random_fpa":{"value":0.5549,"lo":0.45,"hi":0.6449}}]`
	carried := `[{"ruleset":"kingulu:holes=4,seeds=3,penultimate=never","variant":"kingulu","board":"holes=4,seeds=3","reading":"penultimate=never",
 "first":"south","positions":18950,"terminal":1991,"cyclic":false,"outcome":"draw","south_can_force":0,"north_can_force":0,"margin":0,
 "first_player_value":0.5,"random_games":0,"random_fpa":{"value":null,"lo":null,"hi":null},
 "command":"bin/baolab solve --rules kingulu:holes=4,seeds=3,penultimate=never --max-positions 40000000","source":"a test"}]`
	csv := summaryHead + "\"kingulu:holes=4,seeds=3,penultimate=never\",random,random,10000,0.68,0.67,0.69\n" +
		"\"kingulu:holes=4,seeds=3,penultimate=never\",greedy,random,10000,0.9,0.8,0.95\n"
	root := writeExact(t, exact, carried, csv)
	got, err := exactTable(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| `kingulu:holes=4,seeds=3,penultimate=never` † | 18,950 | 1,991 | no | draw | 0 | 0.68 [0.67, 0.69] |\n" +
			"| `kingulu:holes=10,seeds=1` | 1,234,567 | 12 | yes | north | −6 | 0.55 [0.45, 0.64] |\n",
		"† and [n]: a board larger than the analysis solves (results/exact/carried.json: a test). † solves with `bin/baolab solve --rules R --max-positions 40000000`.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("exact table lacks\n%s\ngot\n%s", want, got)
		}
	}
	readings, err := exactReadings("kingulu")(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "| board | `default` | `penultimate=never` |\n|---|---:|---:|\n" +
		"| `holes=4,seeds=3` | – | 0 † |\n| `holes=10,seeds=1` | −6 | – |\n"
	if readings != want {
		t.Errorf("readings\n%s\nwant\n%s", readings, want)
	}
	// The draw is clear of 0.5 (0.67 > 0.5); the loss for the first mover
	// is undecided (0.45 < 0.5 < 0.6449).
	findings, err := exactFindings(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := "Of the 2 solved boards, 1 are exact draws (random play's interval is clear of 0.5 on 1 of them). On the others random play's first-player advantage (interval clear of 0.5) points to the perfect-play winner on 0, the wrong way on 0, and is undecided (interval around 0.5) on 1.\n"; findings != want {
		t.Errorf("findings\n%s\nwant\n%s", findings, want)
	}
}

func TestExactErrors(t *testing.T) {
	row := `{"ruleset":"kingulu:holes=3,seeds=1","variant":"kingulu","board":"holes=3,seeds=1","outcome":"north","margin":-2,"random_fpa":{"value":0,"lo":0,"hi":0}`
	for name, c := range map[string][3]string{
		"twice":      {"[" + row + "}]", "[" + row + `,"command":"x","source":"y"}]`, summaryHead},
		"no command": {"[]", "[" + row + "}]", summaryHead},
		"no column":  {"[" + row + "}]", "[]", "ruleset,games\n"},
		"bad json":   {"[" + row, "[]", summaryHead},
	} {
		if _, err := exactTable(writeExact(t, c[0], c[1], c[2])); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

func TestNatLess(t *testing.T) {
	for _, c := range []struct {
		a, b string
		less bool
	}{
		{"holes=4,seeds=3", "holes=10,seeds=1", true},
		{"holes=10", "holes=4", false},
		{"holes=4,seeds=3", "holes=4,seeds=12", true},
		{"a", "ab", true},
		{"b", "a", false},
	} {
		if got := natLess(c.a, c.b); got != c.less {
			t.Errorf("natLess(%q, %q) = %v", c.a, c.b, got)
		}
	}
}

// TestReadingsTable: a hand-made grid of two readings, printed as the docs
// print it (three decimals with signs and minus signs, length to one
// decimal, Holm p below 0.001 as <0.001, a missing quantity as –,
// interactions left out).
func TestReadingsTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "readings", "g")
	ranking := "variant,agents,rank,ruleset,games,first_player_advantage,first_player_advantage_lo,first_player_advantage_hi,as_balanced_as_best\n" +
		"kingulu,random/random,1,kingulu:min_lift=2,20000,0.4704,0.4634,0.4773,true\n" +
		"kingulu,random/random,2,kingulu,20000,0.4174,0.4106,0.4243,false\n"
	effects := "variant,agents,option,value,quantity,estimate,lo,hi,se,p,p_holm\n" +
		"kingulu,random/random,min_lift,2,first_player_advantage,0.0431,0.0352,0.0510,0,0,0.0000001\n" +
		"kingulu,random/random,min_lift,2,mean_length,-8.34,-8.51,-8.17,0,0,0.02\n" +
		"kingulu,random/random,min_lift:penultimate,2:never,mean_length,1,0,2,0,0,0.5\n"
	writeFiles(t, dir, map[string]string{"ranking.csv": ranking, "effects.csv": effects})
	got, err := readingsTable("g")(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "2 readings × 20,000 games (random/random). Default rules: first-player advantage 0.417 [0.411, 0.424]." +
		" Over the readings it runs from 0.417 to 0.470. Most balanced: `kingulu:min_lift=2`, 0.470 [0.463, 0.477];" +
		" 1 of the 2 readings are not distinguishable from it (Gupta's subset, ranking.csv).\n\n" +
		"| option | first-player advantage: log odds ratio [95%] | p (Holm) | mean length: plies [95%] | p (Holm) | never-ending: log odds ratio [95%] | p (Holm) |\n" +
		"| --- | --- | ---: | --- | ---: | --- | ---: |\n" +
		"| `min_lift=2` | +0.043 [0.035, 0.051] | <0.001 | −8.3 [−8.5, −8.2] | 0.020 | – | – |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	writeFiles(t, dir, map[string]string{"effects.csv": "option,value\n"})
	if _, err := readingsTable("g")(root); err == nil {
		t.Error("effects.csv without its columns accepted")
	}
}

// TestLadderTable: a hand-made ladder of two agents on one ruleset.
func TestLadderTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "ladders", "l")
	csv := "ruleset,agent,rating,rating_lo,rating_hi,self_play_games,self_play_fpa,self_play_fpa_lo,self_play_fpa_hi,first_move,first_move_lo,first_move_hi\n" +
		"kingulu,random,0,0,0,200,0.395,0.33,0.4644,-41.6,-50.2,-32.5\n" +
		"kingulu,perfect,+Inf,512.4,+Inf,,,,,-41.6,-50.2,-32.5\n"
	writeFiles(t, dir, map[string]string{"ladder.csv": csv})
	got, err := ladderTable("l")(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "`kingulu`: first-move advantage −42 [−50, −33] Elo points.\n\n" +
		"| agent | rating [95%] | self-play games | self-play first-player advantage [95%] |\n| --- | ---: | ---: | --- |\n" +
		"| `random` | 0 [0, 0] | 200 | 0.395 [0.330, 0.464] |\n" +
		"| `perfect` | ∞ [512, ∞] | – | – |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestLayersTable: a hand-made total line; a layer line (not a total) is
// refused.
func TestLayersTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "layers")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "layers.jsonl"), []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(`{"ruleset":"kingulu:holes=5,seeds=1","layers":36,"positions":5830,"terminal":506,"largest":901}` + "\n")
	got, err := layersTable(root)
	if err != nil {
		t.Fatal(err)
	}
	// 901/5830 = 15.45...%
	if want := "| `kingulu:holes=5,seeds=1` | 5,830 | 36 | 901 (15.5%) |\n"; !strings.HasSuffix(got, want) {
		t.Errorf("got\n%s\nwant a last row\n%s", got, want)
	}
	write(`{"layer":"south_bank=0 north_bank=0 reserved=-","positions":21,"terminal":1}` + "\n")
	if _, err := layersTable(root); err == nil {
		t.Error("a layer line accepted as a total")
	}
}

// TestSpeedTable: a hand-made bench-c output gives each figure its goal
// and verdict (1.25 meets ≤ 1.25, 1.26 does not; NA has none and its
// yardstick says it was not measured; a peak-MB line has none), and an
// unknown figure or a short line is an error.
func TestSpeedTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "speed")
	if err := os.MkdirAll(dir, 0o777); err != nil {
		t.Fatal(err)
	}
	write := func(s string) {
		if err := os.WriteFile(filepath.Join(dir, "bench-c.txt"), []byte(s), 0o666); err != nil {
			t.Fatal(err)
		}
	}
	write("# comment\nperft-kingulu-1..17 1.25 1.00 1.25\nperft-kimasai-two-rows-1..9 1.26 1.00 1.26\nsolve-kimasai-four-rows:holes=7 100.0 NA NA\n" +
		"solve-kimasai-four-rows:holes=7 100.0 10.0 10.00\nsolve-kimasai-four-rows:holes=7-peak-MB 700.0 800.0 0.88\n")
	got, err := speedTable(root)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| `perft-kingulu-1..17` | 1.25 | fast.c (C) 1.00 | 1.25 | ≤ 1.25 | yes |",
		"| `perft-kimasai-two-rows-1..9` | 1.26 | kimasai2 perft.c (C) 1.00 | 1.26 | ≤ 1.25 | no |",
		"| `solve-kimasai-four-rows:holes=7` | 100.0 | four.c (C), not measured | NA | ≤ 1.25 | — |",
		"| `solve-kimasai-four-rows:holes=7` | 100.0 | four.c (C) 10.0 | 10.00 | ≤ 1.25 | no |",
		"| `solve-kimasai-four-rows:holes=7-peak-MB` | 700.0 | four.c 7 (C), peak MB 800.0 | 0.88 | ≤ 16 B/position | — |",
	} {
		if !strings.Contains(got, want+"\n") {
			t.Errorf("table lacks\n%s\ngot\n%s", want, got)
		}
	}
	for _, bad := range []string{"no-such-figure 1 1 1\n", "perft-kingulu-1..17 1 1\n", "# only a comment\n"} {
		write(bad)
		if _, err := speedTable(root); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestBalanceTable: a hand-made top.csv (one reading of each verdict, and
// an undecided one whose interval excludes 0.5) and ladder.csv give the
// table, the sentences and the ladder rows; a top.csv that is not
// self-play, or has an unknown verdict, is refused.
func TestBalanceTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "balance", "g")
	head := "ruleset,agent_south,agent_north,games,first_player_advantage,first_player_advantage_lo,first_player_advantage_hi,draws_share,length_mean,fpa_equivalence_margin,fpa_equivalence_verdict,fpa_equivalence_p,fpa_equivalence_p_beyond\n"
	top := head +
		"a,x,x,2500,0.501,0.4814,0.5206,0.02,40.25,0.05,balanced,0.0000001,1\n" +
		"b,x,x,2500,0.62,0.6008,0.6388,0.01,38,0.05,not balanced,1,0.0000004\n" +
		"c,x,x,1100,0.46,0.4307,0.4896,0,51.04,0.05,undecided,0.2999,0.7\n" +
		"d,x,x,1100,0.51,0.4805,0.5394,0,51,0.05,undecided,0.06,0.9\n"
	ladder := "ruleset,agent,rating,rating_lo,rating_hi,self_play_games,self_play_fpa,self_play_fpa_lo,self_play_fpa_hi,self_play_draw_rate,self_play_mean_length\n" +
		"a,random,0,0,0,200,0.395,0.33,0.4644,0.03,22.305\n" +
		"a,x,301.4,280,322.6,200,0.5,0.431,0.569,0.1,40\n" +
		"b,random,0,0,0,200,0.4,0.33,0.47,0,20\n" +
		"b,x,20,-10,50,200,0.5,0.431,0.569,0,20.05\n"
	writeFiles(t, dir, map[string]string{"top.csv": top, "ladder.csv": ladder})
	got, err := balanceTable("g")(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "Strongest rung, `x` against itself (configs/balance-g-top.toml):\n\n" +
		"| reading | games | first-player advantage [95%] | draws | mean length (plies) | verdict at ±margin |\n" +
		"| --- | ---: | --- | ---: | ---: | --- |\n" +
		"| `a` | 2,500 | 0.501 [0.481, 0.521] | 0.020 | 40.2 | balanced at ±0.05 |\n" +
		"| `b` | 2,500 | 0.620 [0.601, 0.639] | 0.010 | 38.0 | not balanced at ±0.05 |\n" +
		"| `c` | 1,100 | 0.460 [0.431, 0.490] | 0.000 | 51.0 | undecided at ±0.05 |\n" +
		"| `d` | 1,100 | 0.510 [0.480, 0.539] | 0.000 | 51.0 | undecided at ±0.05 |\n\n" +
		"- `a`: balanced: the first mover's score is shown within 0.45..0.55 (two one-sided tests, p = <0.001).\n" +
		"- `b`: not balanced: the first mover is favoured beyond the margin, the score is shown outside 0.45..0.55 (p = <0.001).\n" +
		"- `c`: undecided at the margin: the second mover is favoured (the interval excludes 0.5), but whether by more than 0.05 is not shown (p = 0.300 within, 0.700 beyond).\n" +
		"- `d`: undecided: neither side is shown favoured and the score is not shown within 0.45..0.55 (p = 0.060).\n" +
		"\nBalance against strength (configs/balance-g.toml: every ordered pair of the ladder, self-play included):\n" +
		"\n`a`:\n\n" +
		"| rung | rating [95%] | self-play games | self-play first-player advantage [95%] | draws | mean length |\n" +
		"| --- | ---: | ---: | --- | ---: | ---: |\n" +
		"| `random` | 0 [0, 0] | 200 | 0.395 [0.330, 0.464] | 0.030 | 22.3 |\n" +
		"| `x` | 301 [280, 323] | 200 | 0.500 [0.431, 0.569] | 0.100 | 40.0 |\n" +
		"\nThe strongest rung `x` is rated above `random` with intervals apart: strength was still growing at the top of this ladder.\n" +
		"\n`b`:\n\n" +
		"| rung | rating [95%] | self-play games | self-play first-player advantage [95%] | draws | mean length |\n" +
		"| --- | ---: | ---: | --- | ---: | ---: |\n" +
		"| `random` | 0 [0, 0] | 200 | 0.400 [0.330, 0.470] | 0.000 | 20.0 |\n" +
		"| `x` | 20 [−10, 50] | 200 | 0.500 [0.431, 0.569] | 0.000 | 20.1 |\n" +
		"\nThe rating intervals of `random` and `x` overlap: at these games the ladder does not show the strongest rung stronger than the one below it.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for name, bad := range map[string]string{
		"not self-play":   head + "a,x,y,10,0.5,0.4,0.6,0,10,0.05,undecided,0.5,0.5\n",
		"unknown verdict": head + "a,x,x,10,0.5,0.4,0.6,0,10,0.05,equal,0.5,0.5\n",
		"two rungs":       head + "a,x,x,10,0.5,0.4,0.6,0,10,0.05,undecided,0.5,0.5\nb,y,y,10,0.5,0.4,0.6,0,10,0.05,undecided,0.5,0.5\n",
	} {
		writeFiles(t, dir, map[string]string{"top.csv": bad})
		if _, err := balanceTable("g")(root); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestDoublingTable: a hand-made doubling.csv with a gain that shows,
// one that does not and one that shows again; the verdict names the
// first step without a gain, the later one with a gain, and the widest
// gain the intervals still allow.
func TestDoublingTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "strength", "doubling", "g")
	head := "ruleset,variant,agent,doubled,key,budget,games,score,score_lo,score_hi,detectable,verdict\n"
	rows := "k,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.6,0.5511,0.6470,yes,gain\n" +
		"k,k,a:nodes=2000,a:nodes=4000,nodes,2000,400,0.52,0.4710,0.5686,no,none\n" +
		"k,k,a:nodes=4000,a:nodes=8000,nodes,4000,400,0.56,0.5110,0.6078,yes,gain\n" +
		"k,k,a:nodes=8000,a:nodes=16000,nodes,8000,400,0.5,0.4512,0.5488,no,none\n"
	writeFiles(t, dir, map[string]string{"doubling.csv": head + rows})
	got, err := doublingTable("g")(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "`k` (configs/doubling-g.toml): each row is `a` at nodes 2N against itself at N, both seat orders; the score is the doubled agent's, draws and unfinished games half, with its 95% Wilson interval.\n\n" +
		"| nodes N | nodes 2N | games | score of 2N [95%] | gain detectable |\n| ---: | ---: | ---: | --- | --- |\n" +
		"| 1,000 | 2,000 | 400 | 0.600 [0.551, 0.647] | yes |\n" +
		"| 2,000 | 4,000 | 400 | 0.520 [0.471, 0.569] | no |\n" +
		"| 4,000 | 8,000 | 400 | 0.560 [0.511, 0.608] | yes |\n" +
		"| 8,000 | 16,000 | 400 | 0.500 [0.451, 0.549] | no |\n\n" +
		"The first doubling whose gain these games do not show is 2,000 → 4,000 nodes (every smaller one shows a gain); " +
		"larger doublings show one again (4,000 → 8,000 nodes), so at these games growth does not stop at one budget. " +
		"Where no gain shows, the intervals still allow one of up to 0.069 in score: more games per pair (a cluster run) can show a gain that small.\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for d, want := range map[doublingRow]string{{verdict: summary.DoublingGain}: "yes", {verdict: summary.DoublingNone}: "no", {verdict: summary.DoublingWorse}: "no: 2N worse"} {
		if got := d.gainText(); got != want {
			t.Errorf("gainText of %s = %q, want %q", d.verdict, got, want)
		}
	}
	for spec, want := range map[string]string{"a:nodes=5": "a", "a:eval=fitted,nodes=5": "a:eval=fitted", "a:nodes=5,tt=64": "a:tt=64", "mcts:iters=8": "mcts:iters=8"} {
		if got := withoutBudget(spec, "nodes"); got != want {
			t.Errorf("withoutBudget(%q) = %q, want %q", spec, got, want)
		}
	}
	for _, c := range []struct {
		rows []doublingRow
		want string
	}{
		{[]doublingRow{{budget: 500, verdict: summary.DoublingGain, lo: 0.55, hi: 0.7}, {budget: 1000, verdict: summary.DoublingGain, lo: 0.51, hi: 0.6}},
			"Every doubling measured shows a detectable gain, the last 1,000 → 2,000 iters: strength was still growing at the largest budget played."},
		{[]doublingRow{{budget: 500, verdict: summary.DoublingNone, hi: 0.58}, {budget: 1000, verdict: summary.DoublingNone, hi: 0.54}},
			"The first doubling whose gain these games do not show is 500 → 1,000 iters; no larger one shows a gain either. Where no gain shows, the intervals still allow one of up to 0.080 in score: more games per pair (a cluster run) can show a gain that small."},
		// A doubling that did detectably worse: not a gain, named apart,
		// with the chance of a difference by chance among 3 tests
		// (1 - 0.95^3 = 0.142625).
		{[]doublingRow{{budget: 500, verdict: summary.DoublingGain, lo: 0.52, hi: 0.6}, {budget: 1000, verdict: summary.DoublingWorse, lo: 0.40, hi: 0.49}, {budget: 2000, verdict: summary.DoublingNone, lo: 0.45, hi: 0.55}},
			"The first doubling whose gain these games do not show is 1,000 → 2,000 iters (every smaller one shows a gain); no larger one shows a gain either. Where no gain shows, the intervals still allow one of up to 0.050 in score: more games per pair (a cluster run) can show a gain that small. At 1,000 → 2,000 iters the doubled agent did detectably worse; with 3 doublings each tested at the 5% level, at least one shows a difference in either direction by chance alone with probability 0.14 when none is real, so one such row is weak evidence."},
	} {
		if got := doublingVerdict(c.rows, "iters"); got != c.want {
			t.Errorf("got\n%s\nwant\n%s", got, c.want)
		}
	}
	for name, bad := range map[string]string{
		"two rulesets":       "k,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.6,0.5511,0.6470,yes,gain\nj,j,a:nodes=2000,a:nodes=4000,nodes,2000,400,0.52,0.4710,0.5686,no,none\n",
		"falling budget":     "k,k,a:nodes=2000,a:nodes=4000,nodes,2000,400,0.52,0.4710,0.5686,no,none\nk,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.6,0.5511,0.6470,yes,gain\n",
		"wrong detectable":   "k,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.6,0.5511,0.6470,no,gain\n",
		"unknown detectable": "k,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.6,0.5511,0.6470,true,gain\n",
		"wrong verdict":      "k,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.52,0.4710,0.5686,no,gain\n",
		"worse called gain":  "k,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.45,0.40,0.49,yes,gain\n",
		"no verdict column":  "k,k,a:nodes=1000,a:nodes=2000,nodes,1000,400,0.6,0.5511,0.6470,yes\n",
		"no rows":            "",
	} {
		writeFiles(t, dir, map[string]string{"doubling.csv": head + bad})
		if _, err := doublingTable("g")(root); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestAccuracyTable: hand-made accuracy rows of two boards; perfect
// keeping less than everything is refused.
func TestAccuracyTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "strength", "accuracy")
	head := "ruleset,variant,agent,moves,kept_outcome,keeps_outcome,keeps_outcome_lo,keeps_outcome_hi,kept_margin,keeps_margin,keeps_margin_lo,keeps_margin_hi," +
		"vs_perfect_south_games,vs_perfect_south,vs_perfect_south_lo,vs_perfect_south_hi,vs_perfect_north_games,vs_perfect_north,vs_perfect_north_lo,vs_perfect_north_hi\n"
	rows := "a,k,random,1200,900,0.75,0.7247,0.7737,600,0.5,0.4718,0.5282,200,0.1,0.0661,0.1487,200,0.05,0.0273,0.0898\n" +
		"a,k,perfect,1300,1300,1,0.9971,1,1300,1,0.9971,1,,,,,,,,\n" +
		"b,k,greedy,10,9,0.9,0.5958,0.9821,8,0.8,0.4902,0.9433,5,0.5,0.2366,0.7634,5,0,0,0.4345\n"
	writeFiles(t, dir, map[string]string{"accuracy.csv": head + rows})
	got, err := accuracyTable(root)
	if err != nil {
		t.Fatal(err)
	}
	th := "| agent | moves judged | keeps outcome [95%] | keeps margin [95%] | score vs perfect as South (games) | as North (games) |\n| --- | ---: | --- | --- | --- | --- |\n"
	want := "`a`:\n\n" + th +
		"| `random` | 1,200 | 0.750 [0.725, 0.774] | 0.500 [0.472, 0.528] | 0.100 [0.066, 0.149] (200) | 0.050 [0.027, 0.090] (200) |\n" +
		"| `perfect` | 1,300 | 1.000 [0.997, 1.000] | 1.000 [0.997, 1.000] | – | – |\n" +
		"\n`b`:\n\n" + th +
		"| `greedy` | 10 | 0.900 [0.596, 0.982] | 0.800 [0.490, 0.943] | 0.500 [0.237, 0.763] (5) | 0.000 [0.000, 0.434] (5) |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	writeFiles(t, dir, map[string]string{"accuracy.csv": head + "a,k,perfect,1300,1299,0.999,0.99,1,1300,1,0.9971,1,,,,,,,,\n"})
	if _, err := accuracyTable(root); err == nil {
		t.Error("perfect losing an outcome: no error")
	}
}

// TestEvalTable: two hand-made budgets of the fitted evaluation against
// material, the seat orders in either order in the file; the fitted
// agent's wins, losses and draws per seat, and its score over both orders
// (draws and unfinished half) with the Wilson interval. Another game's
// file whose name starts with the game's is left alone; a file with the
// wrong agents, a missing or repeated seat order, or counts that do not
// add up is refused.
func TestEvalTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "eval")
	head := "ruleset,agent_south,agent_north,games,south_wins_count,north_wins_count,draws_count,unfinished_count,first\n"
	fittedSouth100 := "g,\"alphabeta:nodes=100,eval=fitted\",alphabeta:nodes=100,50,30,10,8,2,south\n"
	fittedNorth100 := "g,alphabeta:nodes=100,\"alphabeta:nodes=100,eval=fitted\",50,20,25,5,0,south\n"
	writeFiles(t, dir, map[string]string{
		"g-100.csv":          head + fittedSouth100 + fittedNorth100,
		"g-1000.csv":         head + "g,alphabeta:nodes=1000,\"alphabeta:nodes=1000,eval=fitted\",100,40,60,0,0,south\n" + "g,\"alphabeta:nodes=1000,eval=fitted\",alphabeta:nodes=1000,100,70,30,0,0,south\n",
		"g-two-rows-100.csv": "not this game's\n",
	})
	got, err := evalTable("g")(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "`g` (results/eval/COMMAND, results/eval/g-NODES.csv): `alphabeta:nodes=N,eval=fitted` against `alphabeta:nodes=N`, both seat orders; the score is the fitted agent's, draws and unfinished games half, with its 95% Wilson interval.\n\n" +
		"| nodes per move N | fitted as South (W-L-D) | fitted as North (W-L-D) | games | fitted score [95%] |\n| ---: | --- | --- | ---: | --- |\n" +
		"| 100 | 30-10-8 (2 unfinished) | 25-20-5 | 100 | 0.625 [0.527, 0.714] |\n" +
		"| 1,000 | 70-30-0 | 60-40-0 | 200 | 0.650 [0.582, 0.713] |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for name, bad := range map[string]string{
		"other agents":     fittedSouth100 + "g,alphabeta:nodes=100,\"alphabeta:nodes=200,eval=fitted\",50,20,25,5,0,south\n",
		"other ruleset":    fittedSouth100 + "h,alphabeta:nodes=100,\"alphabeta:nodes=100,eval=fitted\",50,20,25,5,0,south\n",
		"one seat order":   fittedSouth100,
		"seat order twice": fittedSouth100 + fittedSouth100 + fittedNorth100,
		"counts":           fittedSouth100 + "g,alphabeta:nodes=100,\"alphabeta:nodes=100,eval=fitted\",50,20,25,4,0,south\n",
	} {
		writeFiles(t, dir, map[string]string{"g-100.csv": head + bad})
		if _, err := evalTable("g")(root); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
}

// TestEndgameTable: hand-made databases for K = 1, 2 of the default
// four-rows board, the rows up to K = 4 counted (2·C(48,1) = 96, 2·(48 +
// 1,128) = 2,352, 2·(48 + 1,128 + 17,296) = 36,944, 2·(... + 194,580) =
// 426,104, worked by hand); a row whose positions disagree with
// endgame.FourRowsPositions, rows out of order, fewer nodes than positions
// and a ruleset of another game are refused.
func TestEndgameTable(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "endgame")
	head := "k,positions,nodes,solved_bytes,meta_bytes\n"
	writeFiles(t, dir, map[string]string{"kimasai-four-rows.csv": head + "1,96,96,1000,112\n2,2352,2376,4316,114\n"})
	got, err := endgameTable("kimasai-four-rows", 4)(root)
	if err != nil {
		t.Fatal(err)
	}
	want := "| K | positions | nodes solved | solved.parquet bytes | endgame.json bytes |\n|---|---:|---:|---:|---:|\n" +
		"| 1 | 96 | 96 | 1,000 | 112 |\n" +
		"| 2 | 2,352 | 2,376 | 4,316 | 114 |\n" +
		"| 3 | 36,944 | not built | | |\n" +
		"| 4 | 426,104 | not built | | |\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	for name, bad := range map[string]string{
		"positions":    "1,96,96,1000,112\n2,2353,2376,4316,114\n",
		"order":        "2,2352,2376,4316,114\n1,96,96,1000,112\n",
		"nodes":        "1,96,95,1000,112\n",
		"no databases": "",
	} {
		writeFiles(t, dir, map[string]string{"kimasai-four-rows.csv": head + bad})
		if _, err := endgameTable("kimasai-four-rows", 4)(root); err == nil {
			t.Errorf("%s: no error", name)
		}
	}
	if _, err := endgameTable("kingulu", 4)(root); err == nil {
		t.Error("kingulu: no error")
	}
}

// TestWithinComponentCells: an unbounded rating shows the agent's rating
// within its component, and the growth sentence compares two rungs by
// those when both are rated against the same agent (apart, then
// overlapping); a file without the within columns keeps the ladder's.
func TestWithinComponentCells(t *testing.T) {
	row := func(agent, rating, lo, hi, anchor, w, wlo, whi string) map[string]string {
		return map[string]string{"agent": agent, "rating": rating, "rating_lo": lo, "rating_hi": hi,
			"within_anchor": anchor, "within": w, "within_lo": wlo, "within_hi": whi}
	}
	greedy := row("greedy", "inf", "-inf", "inf", "greedy", "0", "0", "0")
	ab := row("ab", "inf", "-inf", "inf", "greedy", "424.6", "355.4", "501.1")
	deep := row("deep", "inf", "-inf", "inf", "greedy", "801.2", "718.3", "891.2")
	if got, want := ratingCell(ab), "∞ [−∞, ∞]; 425 [355, 501] over `greedy`"; got != want {
		t.Errorf("ratingCell = %q, want %q", got, want)
	}
	if got, want := ratingCell(greedy), "∞ [−∞, ∞]"; got != want {
		t.Errorf("ratingCell of the component's anchor = %q, want %q", got, want)
	}
	if got := ratingCell(map[string]string{"agent": "x", "rating": "inf", "rating_lo": "900", "rating_hi": "inf"}); got != "∞ [900, ∞]" {
		t.Errorf("ratingCell without within columns = %q", got)
	}
	if got := growth(ab, deep); !strings.Contains(got, "rated above `ab` with intervals apart") {
		t.Errorf("growth ab -> deep: %q, want apart (within: 501.1 < 718.3)", got)
	}
	near := row("near", "inf", "-inf", "inf", "greedy", "520", "480", "560")
	if got := growth(ab, near); !strings.Contains(got, "overlap") {
		t.Errorf("growth ab -> near: %q, want overlap (within: 501.1 >= 480)", got)
	}
}

// TestPlanBlocks: a plan's summary is quoted as it is; a file without
// its total or cluster line is refused, and so is a counted plan where
// an estimated one is checked against a solve.
func TestPlanBlocks(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "results", "plan")
	plan := "plan k: layers=2 waves=1 positions=10 terminal=1 complete=yes\ntotal layers=2 positions=10\ncluster nodes=1 fits=yes\n"
	writeFiles(t, dir, map[string]string{"p.txt": plan, "short.txt": "plan k: layers=2\ntotal layers=2\n", "c-estimate.txt": plan})
	if got, err := planBlock("p")(root); err != nil || got != "```\n"+plan+"```\n" {
		t.Errorf("planBlock: %q, %v", got, err)
	}
	if _, err := planBlock("short")(root); err == nil {
		t.Error("a plan without its cluster line is quoted")
	}
	if _, err := planCheck("c")(root); err == nil || !strings.Contains(err.Error(), "not an estimated plan") {
		t.Errorf("a counted plan checked as an estimate: %v", err)
	}
}
