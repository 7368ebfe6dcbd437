package endgame_test

import (
	"errors"
	"iter"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/kimasai2"
	"github.com/baolab/baolab/engine/kingulu"
	"github.com/baolab/baolab/solve"
	"github.com/baolab/baolab/solve/endgame"
)

// TestRoundTrip: a database written and read back gives every canonical
// position the same value, and serves the same ruleset and K.
func TestRoundTrip(t *testing.T) {
	const rs, k = "kingulu:holes=4,seeds=3", 3
	d := build(t, rs, k)
	_, r := writeAndRead(t, d, rs)
	if r.Seeds() != k || d.Len() == 0 {
		t.Fatalf("read back K=%d, %d positions; wrote K=%d", r.Seeds(), r.Len(), k)
	}
	sameValues(t, d, r, endgame.Canonical(engine.MustParse(rs).(*kingulu.Game), k))
}

// writeDB writes d to a new directory and returns it.
func writeDB(t *testing.T, d *endgame.DB) string {
	t.Helper()
	dir := t.TempDir()
	if err := endgame.Write(dir, d); err != nil {
		t.Fatal(err)
	}
	return dir
}

// editMeta replaces the first old in the metadata file of the database in
// dir by new, failing the test when the file has no old.
func editMeta(t *testing.T, dir, old, new string) {
	t.Helper()
	p := filepath.Join(dir, endgame.MetaFile)
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), old) {
		t.Fatalf("%s has no %q:\n%s", p, old, b)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}

// writeAndRead writes d to a new directory and reads it back for ruleset
// rs, failing the test unless the copy has d's ruleset, K and size.
func writeAndRead(t *testing.T, d *endgame.DB, rs string) (dir string, r *endgame.DB) {
	t.Helper()
	dir = writeDB(t, d)
	r, err := endgame.ReadFor(dir, engine.MustParse(rs))
	if err != nil {
		t.Fatal(err)
	}
	if r.Ruleset() != d.Ruleset() || r.K() != d.K() || r.Len() != d.Len() {
		t.Fatalf("read back %s K=%d, %d positions; wrote %s K=%d, %d positions", r.Ruleset(), r.K(), r.Len(), d.Ruleset(), d.K(), d.Len())
	}
	return dir, r
}

// sameValues checks that d and its copy r give every position of all the
// same value, and that all has exactly d's positions.
func sameValues(t *testing.T, d, r *endgame.DB, all iter.Seq[engine.State]) {
	t.Helper()
	n := 0
	for s := range all {
		a, ok1 := d.Lookup(s)
		b, ok2 := r.Lookup(s)
		if !ok1 || !ok2 || a != b {
			t.Fatalf("position\n%v\nwritten %v (%v), read %v (%v)", s, a, ok1, b, ok2)
		}
		n++
	}
	if n != d.Len() {
		t.Errorf("%d positions yielded, the database holds %d", n, d.Len())
	}
}

// TestReadBad: a missing, corrupt or inconsistent database, and one of
// another ruleset, are refused with an error wrapping ErrBadDB that names
// the file.
func TestReadBad(t *testing.T) {
	const rs = "kingulu:holes=4,seeds=3"
	d := build(t, rs, 2)
	other := build(t, "kingulu:holes=4,seeds=3,first_lap_rule=off", 2)
	for _, c := range []struct {
		name, want string
		make       func() string
	}{
		{"missing", "endgame.json", func() string { return t.TempDir() }},
		{"truncated table", "solved.parquet", func() string {
			dir := writeDB(t, d)
			p := filepath.Join(dir, solve.TableFile)
			fi, err := os.Stat(p)
			if err != nil {
				t.Fatal(err)
			}
			if err := os.Truncate(p, fi.Size()/2); err != nil {
				t.Fatal(err)
			}
			return dir
		}},
		{"bad json", "endgame.json", func() string {
			dir := writeDB(t, d)
			editMeta(t, dir, "{", "[")
			return dir
		}},
		{"other format", "format", func() string {
			dir := writeDB(t, d)
			editMeta(t, dir, endgame.Format, "baolab-kingulu-endgame/0")
			return dir
		}},
		{"seeds changed", "keys", func() string {
			dir := writeDB(t, d)
			editMeta(t, dir, `"seeds": 2`, `"seeds": 30`)
			return dir
		}},
		{"count changed", "positions", func() string {
			dir := writeDB(t, d)
			editMeta(t, dir, `"positions": `, `"positions": 1`)
			return dir
		}},
		{"table of another ruleset", "solves", func() string {
			dir := writeDB(t, d)
			if err := solve.WriteTable(dir, mustTable(t, writeDB(t, other))); err != nil {
				t.Fatal(err)
			}
			return dir
		}},
		{"infinite=draw", "infinite=draw", func() string {
			dir := writeDB(t, d)
			editMeta(t, dir, rs, rs+",infinite=draw")
			return dir
		}},
	} {
		_, err := endgame.Read(c.make())
		if !errors.Is(err, endgame.ErrBadDB) || !strings.Contains(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s: error %v, want one line wrapping ErrBadDB and saying %q", c.name, err, c.want)
		}
	}
	// A good database of another ruleset.
	if _, err := endgame.ReadFor(writeDB(t, other), engine.MustParse(rs)); !errors.Is(err, endgame.ErrBadDB) || !strings.Contains(err.Error(), "not "+rs) {
		t.Errorf("database of another ruleset: error %v", err)
	}
}

func mustTable(t *testing.T, dir string) *solve.Table {
	t.Helper()
	tab, err := solve.ReadTable(dir)
	if err != nil {
		t.Fatal(err)
	}
	return tab
}

// TestBuildRefuses: a ruleset of another variant, infinite=draw and K out
// of range wrap ErrCannot.
func TestBuildRefuses(t *testing.T) {
	for _, c := range []struct {
		rs string
		k  int
	}{
		{"kimasai-two-rows", 2},
		{"kingulu:infinite=draw", 2},
		{"kingulu", -1},
		{"kingulu", 37},
	} {
		if _, _, err := endgame.Build(engine.MustParse(c.rs), c.k, solve.Options{}); !errors.Is(err, endgame.ErrCannot) {
			t.Errorf("%s K=%d: error %v, want ErrCannot", c.rs, c.k, err)
		}
	}
}
