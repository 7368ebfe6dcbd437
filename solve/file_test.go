package solve_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

func TestTableRoundTrip(t *testing.T) {
	r, err := solve.Solve(engine.MustParse("kimasai-four-rows:holes=4").NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Put a None in, which the file must keep as a null (with no distance).
	r.Table.South[3], r.Table.SouthPlies[3] = -128, 1<<16-1
	if !r.Table.HasPlies() {
		t.Fatal("a table solved with predecessor lists has no distances")
	}
	dir := t.TempDir()
	if err := solve.WriteTable(dir, r.Table); err != nil {
		t.Fatal(err)
	}
	back, err := solve.ReadTable(dir)
	if err != nil {
		t.Fatal(err)
	}
	if back.Ruleset != r.Table.Ruleset || back.KeyBytes != r.Table.KeyBytes || !slices.Equal(back.Keys, r.Table.Keys) ||
		!slices.Equal(back.South, r.Table.South) || !slices.Equal(back.North, r.Table.North) ||
		!slices.Equal(back.SouthPlies, r.Table.SouthPlies) || !slices.Equal(back.NorthPlies, r.Table.NorthPlies) {
		t.Errorf("table read back differs: %s/%d %d rows, want %s/%d %d rows", back.Ruleset, back.KeyBytes, back.Len(), r.Table.Ruleset, r.Table.KeyBytes, r.Table.Len())
	}
	if v, d := back.Value(3), back.Plies(3); v.South != solve.None || d.South != solve.NoPlies {
		t.Errorf("none read back as %v, distance %d", v.South, d.South)
	}
}

// TestTableFormats: a table without distances (the sweep method) is
// written in format 1 and reads back without them; so does a file with
// no format in its footer (as written before format 2); a later format
// is refused with a message naming it, and so is a row of format 2 whose
// distance does not match its value (a distance for none, none for a
// value).
func TestTableFormats(t *testing.T) {
	r, err := solve.Solve(engine.MustParse("kingulu:holes=4,seeds=1").NewState(), solve.Options{Sweep: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Table.HasPlies() || r.RootPlies != (solve.Plies{South: solve.NoPlies, North: solve.NoPlies}) {
		t.Fatalf("sweep method: distances %v, want none", r.RootPlies)
	}
	for _, format := range []string{"", "-", "1"} {
		dir := t.TempDir()
		if err := solve.WriteTableFormat(dir, r.Table, format); err != nil {
			t.Fatal(err)
		}
		back, err := solve.ReadTable(dir)
		if err != nil {
			t.Fatalf("format %q: %v", format, err)
		}
		if back.HasPlies() || !slices.Equal(back.Keys, r.Table.Keys) || !slices.Equal(back.South, r.Table.South) || !slices.Equal(back.North, r.Table.North) {
			t.Errorf("format %q: read back differs or has distances (%v)", format, back.HasPlies())
		}
	}
	lists, err := solve.Solve(engine.MustParse("kingulu:holes=4,seeds=1").NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := solve.WriteTableFormat(dir, lists.Table, "3"); err != nil {
		t.Fatal(err)
	}
	if _, err := solve.ReadTable(dir); !errors.Is(err, solve.ErrBadTable) || !strings.Contains(err.Error(), `table format "3"`) {
		t.Errorf("format 3: error %v, want ErrBadTable naming the format", err)
	}
	for name, edit := range map[string]func(tab *solve.Table){
		"distance for none": func(tab *solve.Table) { tab.North[0] = -128 },
		"none for a value":  func(tab *solve.Table) { tab.SouthPlies[0] = 1<<16 - 1 },
	} {
		bad := *lists.Table
		bad.North, bad.SouthPlies = slices.Clone(bad.North), slices.Clone(bad.SouthPlies)
		edit(&bad)
		dir := t.TempDir()
		if err := solve.WriteTable(dir, &bad); err != nil {
			t.Fatal(err)
		}
		if _, err := solve.ReadTable(dir); !errors.Is(err, solve.ErrBadTable) || !strings.Contains(err.Error(), "row 0: a distance") {
			t.Errorf("%s: error %v, want ErrBadTable at row 0", name, err)
		}
	}
}

func TestReadTableBad(t *testing.T) {
	r, err := solve.Solve(engine.MustParse("kingulu:holes=4,seeds=1").NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	good := t.TempDir()
	if err := solve.WriteTable(good, r.Table); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(filepath.Join(good, solve.TableFile))
	if err != nil {
		t.Fatal(err)
	}
	unsorted := *r.Table
	unsorted.Keys = slices.Clone(r.Table.Keys)
	unsorted.Keys[0], unsorted.Keys[1] = unsorted.Keys[1], unsorted.Keys[0]
	for name, write := range map[string]func(dir string) error{
		"truncated": func(dir string) error {
			return os.WriteFile(filepath.Join(dir, solve.TableFile), data[:len(data)/2], 0o644)
		},
		"garbage": func(dir string) error {
			return os.WriteFile(filepath.Join(dir, solve.TableFile), []byte("PAR1 not really"), 0o644)
		},
		"unsorted": func(dir string) error { return solve.WriteTable(dir, &unsorted) },
	} {
		dir := t.TempDir()
		if err := write(dir); err != nil {
			t.Fatal(err)
		}
		if _, err := solve.ReadTable(dir); !errors.Is(err, solve.ErrBadTable) {
			t.Errorf("%s: error %v, want ErrBadTable", name, err)
		}
	}
	if _, err := solve.ReadTable(t.TempDir()); err == nil || !errors.Is(err, os.ErrNotExist) {
		t.Errorf("missing file: error %v, want one wrapping os.ErrNotExist", err)
	}
}
