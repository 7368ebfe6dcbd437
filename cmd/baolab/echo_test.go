package main

import (
	"strings"
	"testing"
)

// TestShortenEchoes cuts long quoted values and words of an error line,
// keeps short ones and paths whole, and never splits a rune.
func TestShortenEchoes(t *testing.T) {
	long := strings.Repeat("9", 100_000)
	msg := `--rules: ruleset "kingulu:holes=` + long + `": kingulu: option "holes": value "` + long + `" is not an integer`
	got := shortenEchoes(msg)
	want := `--rules: ruleset "kingulu:holes=` + strings.Repeat("9", 46) + `..." (100014 bytes): kingulu: option "holes": value "` + strings.Repeat("9", 60) + `..." (100000 bytes) is not an integer`
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
	short := `open /tmp/a/very/long/path/` + strings.Repeat("d/", 100) + `x.parquet: "kingulu:holes=9": no such file`
	if got := shortenEchoes(short); got != short {
		t.Errorf("a short line changed: %q", got)
	}
	word := strings.Repeat("é", 300) // 600 bytes, no quotes
	if got := shortenEchoes("unknown " + word); got != "unknown "+strings.Repeat("é", 30)+"... (600 bytes)" {
		t.Errorf("long word: %q", got)
	}
}
