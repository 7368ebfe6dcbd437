package solve_test

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/solve"
)

func TestTableRoundTrip(t *testing.T) {
	r, err := solve.Solve(engine.MustParse("kimasai-four-rows:holes=4").NewState(), solve.Options{})
	if err != nil {
		t.Fatal(err)
	}
	// Put a None in, which the file must keep as a null.
	r.Table.South[3] = -128
	dir := t.TempDir()
	if err := solve.WriteTable(dir, r.Table); err != nil {
		t.Fatal(err)
	}
	back, err := solve.ReadTable(dir)
	if err != nil {
		t.Fatal(err)
	}
	if back.Ruleset != r.Table.Ruleset || back.KeyBytes != r.Table.KeyBytes || !slices.Equal(back.Keys, r.Table.Keys) ||
		!slices.Equal(back.South, r.Table.South) || !slices.Equal(back.North, r.Table.North) {
		t.Errorf("table read back differs: %s/%d %d rows, want %s/%d %d rows", back.Ruleset, back.KeyBytes, back.Len(), r.Table.Ruleset, r.Table.KeyBytes, r.Table.Len())
	}
	if v := back.Value(3); v.South != solve.None {
		t.Errorf("none read back as %v", v.South)
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
