package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/sim/config"
	"github.com/baolab/baolab/solve"
)

func TestSolveOutputFormat(t *testing.T) {
	dir := t.TempDir()
	out, _, code := baolab(t, "solve", "--rules", "kingulu:holes=3,seeds=2", "--out", dir, "--workers", "2")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if sweep, _, code := baolab(t, "solve", "--rules", "kingulu:holes=3,seeds=2", "--method", "sweep"); code != 0 || sweep != unknownPlies(out) {
		t.Errorf("--method sweep: exit %d, output\n%s\nwant\n%s", code, sweep, out)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	forms := []string{`^positions=\d+ terminal=\d+ cyclic=(yes|no)$`, `^outcome=(south|north|draw) south_can_force=(-?\d+|none) north_can_force=(-?\d+|none) plies=(\d+|none)$`}
	for i, line := range lines {
		form := `^move=\d+ outcome=(south|north|draw) south_can_force=(-?\d+|none) north_can_force=(-?\d+|none)$`
		if i < 2 {
			form = forms[i]
		}
		if !regexp.MustCompile(form).MatchString(line) {
			t.Errorf("line %d %q does not match %s", i+1, line, form)
		}
	}
	// The numbers are the library's (worked by hand in package solve's
	// tests): 47 positions, 8 terminal, North wins by 2 after 1, by 12
	// after 2.
	r, err := solve.Solve(engine.MustParse("kingulu:holes=3,seeds=2").NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var want bytes.Buffer
	printSolved(&want, r)
	if out != want.String() {
		t.Errorf("got\n%swant\n%s", out, want.String())
	}
	if d := r.RootPlies.North; d < 1 || !strings.HasSuffix(lines[1], " plies="+strconv.Itoa(d)) {
		t.Errorf("line 2 %q: want North's distance %d at the end", lines[1], d)
	}
	back, err := solve.ReadTable(dir)
	if err != nil || back.Len() != int(r.Positions) || back.Ruleset != "kingulu:holes=3,seeds=2" {
		t.Errorf("table read back: %v, %d rows of %q", err, back.Len(), back.Ruleset)
	}
}

// unknownPlies is want, the output of the default method, as a method
// that keeps no distances (sweep, layers) prints it: plies=unknown.
func unknownPlies(want string) string {
	return regexp.MustCompile(`(?m) plies=\d+$`).ReplaceAllString(want, " plies=unknown")
}

// TestRootPlies: the plies field is the winner's distance, none for a
// draw, unknown without distances.
func TestRootPlies(t *testing.T) {
	d := solve.Plies{South: 5, North: 7}
	for _, c := range []struct {
		root  solve.Value
		plies solve.Plies
		want  string
	}{
		{solve.Value{South: 2, North: 2}, d, "5"},
		{solve.Value{South: -1, North: -3}, d, "7"},
		{solve.Value{South: 0, North: 0}, d, "none"},
		{solve.Value{South: solve.None, North: solve.None}, solve.Plies{South: solve.NoPlies, North: solve.NoPlies}, "none"},
		{solve.Value{South: 1, North: 1}, solve.Plies{South: solve.NoPlies, North: solve.NoPlies}, "unknown"},
	} {
		if got := rootPlies(&solve.Result{Root: c.root, RootPlies: c.plies}); got != c.want {
			t.Errorf("%v %+v: plies=%s, want %s", c.root, c.plies, got, c.want)
		}
	}
}

// TestSolveMethodLayers: --method layers prints what the default method
// prints, with one and two workers, on a board whose layer keys take 55
// bits too (kingulu:holes=3,seeds=8: more than the 54 the layered solve
// once packed, which refused it; checked on that code).
func TestSolveMethodLayers(t *testing.T) {
	for _, rules := range []string{"kingulu:holes=4,seeds=3", "kingulu:holes=3,seeds=8"} {
		want, _, code := baolab(t, "solve", "--rules", rules)
		if code != 0 {
			t.Fatalf("%s: exit %d", rules, code)
		}
		for _, w := range []string{"1", "2"} {
			if got, errOut, code := baolab(t, "solve", "--rules", rules, "--method", "layers", "--workers", w); code != 0 || got != unknownPlies(want) {
				t.Errorf("%s --method layers --workers %s: exit %d, stderr %q, output\n%s\nwant\n%s", rules, w, code, errOut, got, want)
			}
		}
	}
}

// TestSolveMethodLayersLayerMem: --method layers --layer-mem 64 (every
// layer of more than a few positions spilled to disk) prints what the
// default method prints, and leaves nothing in $TMPDIR; --layers --plan
// --layer-mem reckons a layer at the budget at most, so a board whose
// largest layer does not fit --mem fits with a budget that does; the
// count (--layers) with --layer-mem 64 prints the count in memory's
// lines. Bad
// values and a --layer-mem without a layered count, solve or plan are one line
// on stderr and exit status 2.
func TestSolveMethodLayersLayerMem(t *testing.T) {
	const rules = "kingulu:holes=5,seeds=1" // its largest layer takes 23,787 bytes in the plan
	want, _, code := baolab(t, "solve", "--rules", rules)
	if code != 0 {
		t.Fatalf("%s: exit %d", rules, code)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	if got, errOut, code := baolab(t, "solve", "--rules", rules, "--method", "layers", "--layer-mem", "64"); code != 0 || got != unknownPlies(want) {
		t.Errorf("--method layers --layer-mem 64: exit %d, stderr %q, output\n%s\nwant\n%s", code, errOut, got, want)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%d entries left in $TMPDIR (%s ...)", len(left), left[0].Name())
	}
	fits := regexp.MustCompile(`(?m)^cluster .* fits=(yes|no)$`)
	plan := func(extra ...string) string {
		out, errOut, code := baolab(t, append([]string{"solve", "--rules", rules, "--layers", "--plan", "--mem", "0.00001"}, extra...)...)
		m := fits.FindStringSubmatch(out)
		if code != 0 || m == nil {
			t.Fatalf("--plan %v: exit %d, stderr %q, output\n%s", extra, code, errOut, out)
		}
		return m[1]
	}
	if got := plan(); got != "no" {
		t.Errorf("--plan --mem 0.00001 (10.7 KB): fits=%s, want no", got)
	}
	if got := plan("--layer-mem", "10000"); got != "yes" {
		t.Errorf("--plan --mem 0.00001 --layer-mem 10000: fits=%s, want yes", got)
	}
	// The count out of core: the same layer lines as in memory.
	count, _, code := baolab(t, "solve", "--rules", rules, "--layers")
	if got, errOut, code2 := baolab(t, "solve", "--rules", rules, "--layers", "--layer-mem", "64"); code != 0 || code2 != 0 || got != count {
		t.Errorf("--layers --layer-mem 64: exit %d, stderr %q, output\n%s\nwant (exit %d)\n%s", code2, errOut, got, code, count)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--method", "layers", "--layer-mem", "-1"}, "--layer-mem must be 0 or more bytes, got -1"},
		{[]string{"--method", "layers", "--layer-mem", "lots"}, "layer-mem"},
		{[]string{"--layer-mem", "1000000"}, "--layer-mem goes with --method layers"},
	} {
		args := append([]string{"solve", "--rules", "kingulu:holes=3,seeds=1"}, c.args...)
		out, errOut, code := baolab(t, args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, c.want) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr with %q", args, code, out, errOut, c.want)
		}
	}
}

func TestSolveBadInput(t *testing.T) {
	for _, args := range [][]string{
		{"solve", "--rules", "nope"},
		{"solve", "--rules", "kingulu:holes=2"},
		{"solve", "--rules", "kingulu"},                                            // key too long for the solver
		{"solve", "--rules", "kingulu:holes=4,seeds=3", "--max-positions", "1000"}, // over the limit
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--max-positions", "0"},    // absurd limit
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--workers", "-1"},         // absurd workers
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--method", "fast"},        // unknown method
		{"solve", "--rules", "kingulu:holes=4,seeds=3", "--max-positions", "1000", "--method", "sweep"},
		{"solve", "--rules", "kimasai-four-rows:holes=4", "--layers"}, // no layers
		{"solve", "--rules", "kingulu:holes=12,seeds=4", "--layers"},  // layer keys too long
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--layers", "--count"},
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--layers", "--checkpoint", "0s", "--out", "/nonexistent/x"},
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--layers", "--checkpoint", "1m"},               // no --out: nothing to save
		{"solve", "--rules", "kimasai-two-rows:holes=4", "--method", "layers"},                          // no layers
		{"solve", "--rules", "kingulu:holes=4,seeds=3", "--method", "layers", "--max-positions", "400"}, // a layer over the limit
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--method", "layers", "--checkpoint", "1m"},     // no --out: nothing to save
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--method", "layers", "--count"},
		{"solve", "--rules", "kingulu:holes=3,seeds=1", "--method", "layers", "--layers"},
		{"solve", "--grid", "configs/solve/solved.toml", "--method", "layers"},
		{"solve", "--rules", "kingulu:holes=4,seeds=1,first_lap_rule=off", "--method", "dfs"}, // a margin of 2 (and cycles)
		{"solve", "--rules", "kimasai-four-rows:holes=4", "--method", "dfs", "--max-positions", "1000"},
		{"solve"},
	} {
		out, errOut, code := baolab(t, args...)
		if code != 2 || out != "" || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2 and one line on stderr", args, code, out, errOut)
		}
	}
}

// TestSolveMethodDFS: on kimasai-four-rows, --method auto (the default,
// depth first there) and dfs print what --method lists prints and write
// the same table file, and --stats says the solve was depth first.
func TestSolveMethodDFS(t *testing.T) {
	rules := "kimasai-four-rows:holes=4,first=north"
	dirs := map[string]string{}
	var want string
	for _, m := range []string{"lists", "auto", "dfs"} {
		dirs[m] = t.TempDir()
		out, errOut, code := baolab(t, "solve", "--rules", rules, "--method", m, "--out", dirs[m], "--stats")
		if code != 0 || m == "lists" && strings.Contains(errOut, "depth first") || m != "lists" && !strings.Contains(errOut, "depth first") {
			t.Fatalf("--method %s: exit %d, stderr %q", m, code, errOut)
		}
		if want == "" {
			want = out
		} else if out != want {
			t.Errorf("--method %s printed\n%s\n--method lists\n%s", m, out, want)
		}
		if m != "lists" {
			a, errA := os.ReadFile(filepath.Join(dirs["lists"], solve.TableFile))
			b, errB := os.ReadFile(filepath.Join(dirs[m], solve.TableFile))
			if errA != nil || errB != nil || !bytes.Equal(a, b) {
				t.Errorf("--method %s: the table file differs from --method lists' (%v, %v)", m, errA, errB)
			}
		}
	}
}

// TestSolveLayers: --layers prints a line per layer and a total, which
// agrees with --count; a limit stops it with one line on stderr and exit
// status 2, after the layers it finished (the first lines, unchanged).
func TestSolveLayers(t *testing.T) {
	out, _, code := baolab(t, "solve", "--rules", "kingulu:holes=4,seeds=3", "--layers")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	layer := regexp.MustCompile(`^layer south_bank=(\d+) north_bank=(\d+) reserved=(-|[SN]\d+(,[SN]\d+)*) positions=(\d+) terminal=(\d+)$`)
	sum := 0
	for _, line := range lines[:len(lines)-1] {
		m := layer.FindStringSubmatch(line)
		if m == nil {
			t.Fatalf("line %q does not match %s", line, layer)
		}
		n, _ := strconv.Atoi(m[5])
		sum += n
	}
	count, _, _ := baolab(t, "solve", "--rules", "kingulu:holes=4,seeds=3", "--count")
	if want := fmt.Sprintf("layers=%d positions=%d terminal=1357 largest=457", len(lines)-1, sum); lines[len(lines)-1] != want || count != "positions=10682 terminal=1357\n" || sum != 10682 {
		t.Errorf("last line %q, want %q; --count says %q", lines[len(lines)-1], want, count)
	}
	part, errOut, code := baolab(t, "solve", "--rules", "kingulu:holes=4,seeds=3", "--layers", "--max-positions", "400") // the largest layer has 457
	if code != 2 || strings.Count(errOut, "\n") != 1 || part == "" || !strings.HasPrefix(out, part) {
		t.Errorf("over the limit: exit %d, stderr %q, %d lines on stdout; want exit 2, one line, the finished layers", code, errOut, strings.Count(part, "\n"))
	}
}

// TestSolveLayersResumeAfterKill9 kills `baolab solve --layers --out DIR`
// with SIGKILL after its first save of the count, runs it again with the
// same DIR, and checks that it prints what a count in one go prints.
// Another board's DIR is refused with one line and exit status 2.
func TestSolveLayersResumeAfterKill9(t *testing.T) {
	const rules = "kingulu:holes=5,seeds=3" // 2,606 layers, about 0.6 s in one go
	want, _, code := baolab(t, "solve", "--rules", rules, "--layers")
	if code != 0 {
		t.Fatalf("in one go: exit %d", code)
	}
	dir := t.TempDir()
	killWhen(t, saved(filepath.Join(dir, "count.json")), "solve", "--rules", rules, "--layers", "--out", dir, "--checkpoint", "50ms")
	b, _ := os.ReadFile(filepath.Join(dir, "count.json"))
	t.Logf("count.json at the kill: %d bytes", len(b))
	got, errOut, code := baolab(t, "solve", "--rules", rules, "--layers", "--out", dir)
	if code != 0 || got != want {
		t.Errorf("after the kill: exit %d (%s), %d lines; in one go %d lines, differing", code, errOut, strings.Count(got, "\n"), strings.Count(want, "\n"))
	}
	if left, _ := os.ReadDir(filepath.Join(dir, "wait")); len(left) != 0 {
		t.Errorf("%d waiting files left", len(left))
	}
	again, _, code := baolab(t, "solve", "--rules", rules, "--layers", "--out", dir)
	if code != 0 || again != want {
		t.Errorf("the finished count run again: exit %d, output differs", code)
	}
	_, errOut, code = baolab(t, "solve", "--rules", "kingulu:holes=4,seeds=3", "--layers", "--out", dir)
	if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "holds a count of "+rules) {
		t.Errorf("another board's DIR: exit %d, stderr %q; want exit 2 and one line naming the board in DIR", code, errOut)
	}
}

// killWhen runs baolab with args and kills it with SIGKILL 30 ms after
// ready is true (or lets it finish, and says so).
func killWhen(t *testing.T, ready func() bool, args ...string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], args...)
	cmd.Env = append(os.Environ(), "BAOLAB_RUN_MAIN=1")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var err error
	for over := false; !over; {
		select {
		case err = <-done:
			over = true
		case <-time.After(time.Millisecond):
			if ready() {
				time.Sleep(30 * time.Millisecond)
				cmd.Process.Kill() // SIGKILL
				err, over = <-done, true
			}
		}
	}
	var ee *exec.ExitError
	if !errors.As(err, &ee) || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Logf("baolab %v was not killed (%v): the test only checks that a finished run is read back", args, err)
	}
}

// saved returns whether file exists.
func saved(file string) func() bool {
	return func() bool {
		_, err := os.Stat(file)
		return err == nil
	}
}

// TestSolveMethodLayersResumeAfterKill9 kills `baolab solve --method
// layers --out DIR` with SIGKILL after its first save (enumerating), runs
// it again with the same DIR and kills it after a save made while
// solving, runs it again, and checks that it prints what a solve in one go
// prints, and again once finished. A count's DIR is refused with one line
// and exit status 2.
func TestSolveMethodLayersResumeAfterKill9(t *testing.T) {
	const rules = "kingulu:holes=5,seeds=3" // 2,606 layers
	want, _, code := baolab(t, "solve", "--rules", rules)
	if code != 0 {
		t.Fatalf("in one go: exit %d", code)
	}
	dir := t.TempDir()
	state := filepath.Join(dir, "solve.json")
	killWhen(t, saved(state), "solve", "--rules", rules, "--method", "layers", "--out", dir, "--checkpoint", "200ms")
	b, _ := os.ReadFile(state)
	t.Logf("solve.json at the first kill: %d bytes", len(b))
	solving := func() bool { // a save made while solving
		b, _ := os.ReadFile(state)
		return bytes.Contains(b, []byte(`"solved": [`))
	}
	killWhen(t, solving, "solve", "--rules", rules, "--method", "layers", "--out", dir, "--checkpoint", "200ms")
	if !solving() {
		t.Error("the second run made no save while solving")
	}
	for run := range 2 {
		got, errOut, code := baolab(t, "solve", "--rules", rules, "--method", "layers", "--out", dir)
		if code != 0 || got != unknownPlies(want) {
			t.Errorf("run %d after the kill: exit %d (%s), output\n%s\nwant\n%s", run, code, errOut, got, want)
		}
		t.Logf("run %d: %s", run, errOut)
	}
	counted := t.TempDir()
	if _, _, code := baolab(t, "solve", "--rules", "kingulu:holes=3,seeds=1", "--layers", "--out", counted); code != 0 {
		t.Fatalf("count: exit %d", code)
	}
	_, errOut, code := baolab(t, "solve", "--rules", "kingulu:holes=3,seeds=1", "--method", "layers", "--out", counted)
	if code != 2 || strings.Count(errOut, "\n") != 1 || !strings.Contains(errOut, "holds a count") {
		t.Errorf("a count's DIR: exit %d, stderr %q; want exit 2 and one line saying it holds a count", code, errOut)
	}
}

// TestSolveMethodLayersLayerMemKill9 kills `baolab solve --method layers
// --out DIR --layer-mem 64` with SIGKILL while it enumerates a layer out
// of core (its files of keys in $TMPDIR), runs it again and kills it while
// it solves a layer out of core (its mapped words in $TMPDIR), runs it
// again: it prints what a solve in one go prints, and $TMPDIR is left
// empty (the next run removes what a run killed left).
func TestSolveMethodLayersLayerMemKill9(t *testing.T) {
	const rules = "kingulu:holes=5,seeds=3" // 2,606 layers, the largest 10,115 positions
	want, _, code := baolab(t, "solve", "--rules", rules)
	if code != 0 {
		t.Fatalf("in one go: exit %d", code)
	}
	dir, tmp := t.TempDir(), t.TempDir()
	t.Setenv("TMPDIR", tmp)
	inLayer := func(pattern string) func() bool {
		return func() bool {
			m, _ := filepath.Glob(filepath.Join(tmp, pattern))
			return len(m) > 0
		}
	}
	args := []string{"solve", "--rules", rules, "--method", "layers", "--out", dir, "--layer-mem", "64", "--checkpoint", "100ms"}
	killWhen(t, inLayer("baolab-layer-spill-*/visited"), args...)
	killWhen(t, inLayer("baolab-layer-sweep-*/words"), args...)
	left, _ := os.ReadDir(tmp)
	t.Logf("%d entries left in $TMPDIR by the runs killed", len(left))
	if got, errOut, code := baolab(t, args...); code != 0 || got != unknownPlies(want) {
		t.Errorf("run after the kills: exit %d (%s), output\n%s\nwant\n%s", code, errOut, got, want)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%d entries left in $TMPDIR (%s ...)", len(left), left[0].Name())
	}
}

// TestKilledSolveTempDirRemoved kills `baolab solve --method layers`
// (layers in $TMPDIR) with SIGKILL once it has made its directory there,
// and checks that the next solve removes that directory and then its
// own, printing what a solve in one go prints.
func TestKilledSolveTempDirRemoved(t *testing.T) {
	const rules = "kingulu:holes=5,seeds=3"
	want, _, code := baolab(t, "solve", "--rules", rules)
	if code != 0 {
		t.Fatalf("in one go: exit %d", code)
	}
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	made := func() bool {
		locks, _ := filepath.Glob(filepath.Join(tmp, "baolab-solve-layers-*", "lock"))
		return len(locks) > 0
	}
	killWhen(t, made, "solve", "--rules", rules, "--method", "layers")
	left, _ := os.ReadDir(tmp)
	t.Logf("%d directories left by the run killed", len(left))
	if got, errOut, code := baolab(t, "solve", "--rules", rules, "--method", "layers"); code != 0 || got != unknownPlies(want) {
		t.Errorf("the next solve: exit %d (%s), output\n%s\nwant\n%s", code, errOut, got, want)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("%d entries left in $TMPDIR (%s ...)", len(left), left[0].Name())
	}
}

// TestSimPerfect: perfect plays a small board after solving it (and from a
// table written by baolab solve); a board too big to solve, or a missing
// table, stops the run before any game with one line and exit status 2.
func TestSimPerfect(t *testing.T) {
	table := t.TempDir()
	if _, _, code := baolab(t, "solve", "--rules", "kingulu:holes=4,seeds=3", "--out", table); code != 0 {
		t.Fatalf("solve: exit %d", code)
	}
	for _, agents := range []string{"perfect/random", "random/perfect:table=" + table} {
		if _, errOut, code := baolab(t, "sim", "--rules", "kingulu:holes=4,seeds=3", "--agents", agents, "--games", "20", "--out", t.TempDir(), "-q"); code != 0 {
			t.Errorf("%s: exit %d: %s", agents, code, errOut)
		}
	}
	for _, args := range [][]string{
		{"--rules", "kingulu", "--agents", "perfect/random"},
		{"--rules", "kingulu:holes=4,seeds=3", "--agents", "perfect:table=" + t.TempDir()},
		{"--rules", "kingulu:holes=4,seeds=2", "--agents", "perfect:table=" + table}, // another ruleset's table
	} {
		out := t.TempDir()
		_, errOut, code := baolab(t, append([]string{"sim", "--games", "5", "--out", out, "-q"}, args...)...)
		if code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%v: exit %d, stderr %q; want exit 2 and one line", args, code, errOut)
		}
	}
}

func TestSolveGrid(t *testing.T) {
	dir := t.TempDir()
	file := dir + "/grid.toml"
	writeFile(t, file, `max_positions = 1000
rules = ["kingulu:holes=3,seeds=2", "kingulu:holes=4,seeds=3"]`)
	out, errOut, code := baolab(t, "solve", "--grid", file)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	single, _, _ := baolab(t, "solve", "--rules", "kingulu:holes=3,seeds=2")
	want := "rules=kingulu:holes=3,seeds=2\n" + single +
		"rules=kingulu:holes=4,seeds=3 stopped: board too big to solve: kingulu:holes=4,seeds=3: more than 1000 positions (raise --max-positions)\n"
	if out != want {
		t.Errorf("got\n%swant\n%s", out, want)
	}
	for _, text := range []string{`rules = ["nope"]`, `rules = []`, `rulez = ["kingulu"]`, `max_positions = -1
rules = ["kingulu:holes=3"]`} {
		writeFile(t, file, text)
		if _, errOut, code := baolab(t, "solve", "--grid", file); code != 2 || strings.Count(errOut, "\n") != 1 {
			t.Errorf("%q: exit %d, stderr %q; want 2 and one line", text, code, errOut)
		}
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestShippedSolveGrid checks that the study's grid file reads and that
// every ruleset in it parses (solving it is docs/exact.md's job).
func TestShippedSolveGrid(t *testing.T) {
	grid, games, err := loadSolveGrid("../../configs/solve/solved.toml")
	if err != nil || len(games) < 20 || grid.MaxPositions < 1 {
		t.Errorf("configs/solve/solved.toml: %d rulesets, max_positions %d, %v", len(games), grid.MaxPositions, err)
	}
}

// TestExactConfigInSolveGrid: configs/exact.toml plays the random games of
// docs/exact.md's table (random/random, 10,000 per ruleset, seed 1), and
// every ruleset it plays is in the solve grid, so the table's two sides
// come from the same boards.
func TestExactConfigInSolveGrid(t *testing.T) {
	grid, _, err := loadSolveGrid("../../configs/solve/solved.toml")
	if err != nil {
		t.Fatal(err)
	}
	c, err := config.Load("../../configs/exact.toml")
	if err != nil {
		t.Fatal(err)
	}
	if len(c.Rules) < 60 || len(c.Agents) != 1 || c.Agents[0] != "random" || c.Games != 10000 || c.Seed != 1 {
		t.Errorf("configs/exact.toml: %d rules, agents %q, %d games, seed %d: want docs/exact.md's 10,000 random games, seed 1", len(c.Rules), c.Agents, c.Games, c.Seed)
	}
	for _, r := range c.Rules {
		if !slices.Contains(grid.Rules, r) {
			t.Errorf("configs/exact.toml plays %s, which configs/solve/solved.toml does not solve", r)
		}
	}
}

// TestSolveBarPlainLines: off a terminal, a stage writes a line per
// interval with its progress and one when it ends; a stage that ends
// within the interval writes nothing.
func TestSolveBarPlainLines(t *testing.T) {
	var buf strings.Builder
	b := &solveBar{w: &buf, every: time.Hour}
	b.Stage("enumerate", -1)
	b.Add(10)
	b.Done()
	if buf.Len() != 0 {
		t.Fatalf("a short stage wrote %q", buf.String())
	}
	b.every = 0
	b.Stage("sweep 1", 100)
	b.Add(40)
	b.Add(60)
	b.Done()
	lines := strings.Split(strings.TrimSuffix(buf.String(), "\n"), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "solve: sweep 1: 40 of 100 positions (") ||
		!strings.HasPrefix(lines[1], "solve: sweep 1: 100 of 100 positions (") || !strings.HasPrefix(lines[2], "solve: sweep 1: done, 100 positions in ") {
		t.Errorf("lines:\n%s", buf.String())
	}
}
