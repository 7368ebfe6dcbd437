package optdoc

import (
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
)

// TestReplace checks that Replace puts the table, worked out by hand,
// in place of the old one under the heading, leaves the text around it
// alone, wraps a long meaning under its column, and refuses a doc without
// a heading or a table.
func TestReplace(t *testing.T) {
	opts := []engine.Option{
		{Key: "holes", Default: "6", Numeric: true, Min: 3, Max: 12, Size: true, Help: "holes per row"},
		{Key: "mode", Default: "a", Values: []string{"a", "b"}, Help: strings.Repeat("word ", 14) + "end"},
	}
	doc := "// Package toy.\n//\n// # Options\n//\n// Intro.\n//\n//\told table\n//\tstill old\n//\n// After.\npackage toy\n"
	got, err := Replace(doc, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := "// Package toy.\n//\n// # Options\n//\n// Intro.\n//\n" +
		"//\toption  default  allowed  meaning\n" +
		"//\tholes   6        3..12    (board size) holes per row\n" +
		"//\tmode    a        a, b     word word word word word word word word word word word word\n" +
		"//\t                          word word end\n" +
		"//\n// After.\npackage toy\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if again, _ := Replace(got, opts); again != got {
		t.Errorf("a second Replace changed the doc:\n%s", again)
	}
	if _, err := Replace("// Package toy.\npackage toy\n", opts); err == nil {
		t.Error("a doc without the heading accepted")
	}
	if _, err := Replace("// # Options\n//\n// No table.\npackage toy\n", opts); err == nil {
		t.Error("a doc without a table accepted")
	}
}
