// Package optdoc writes the option table of a variant's package doc from
// the variant's option table (engine.Table), so that each option is
// described in one place. engine/all's TestOptionDocTables checks every
// registered variant's doc.go against it, and rewrites the tables with
// -update (go generate ./engine/all).
package optdoc

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"text/tabwriter"

	"github.com/baolab/baolab/engine"
)

// meaningWidth is the width the meaning column is wrapped at.
const meaningWidth = 60

// Heading is the doc comment line the option table follows.
const Heading = "// # Options"

// Lines returns the option table as doc comment lines, one option per
// row (key, default, allowed values, meaning as `baolab rules` gives it),
// long meanings wrapped onto further lines.
func Lines(opts []engine.Option) []string {
	var buf bytes.Buffer
	tw := tabwriter.NewWriter(&buf, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "option\tdefault\tallowed\tmeaning")
	for _, o := range opts {
		parts := wrap(o.Meaning(), meaningWidth)
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", o.Key, o.Default, o.Allowed(), parts[0])
		for _, p := range parts[1:] {
			fmt.Fprintf(tw, "\t\t\t%s\n", p)
		}
	}
	tw.Flush()
	var lines []string
	for _, l := range strings.Split(strings.TrimRight(buf.String(), "\n"), "\n") {
		lines = append(lines, "//\t"+strings.TrimRight(l, " "))
	}
	return lines
}

// wrap splits text into lines of at most width bytes at spaces (a longer
// word stands alone).
func wrap(text string, width int) []string {
	var lines []string
	line := ""
	for _, w := range strings.Fields(text) {
		switch {
		case line == "":
			line = w
		case len(line)+1+len(w) <= width:
			line += " " + w
		default:
			lines = append(lines, line)
			line = w
		}
	}
	return append(lines, line)
}

// Replace returns the Go source doc with the option table under its
// Heading line replaced by Lines(opts): the first run of "//\t" lines
// after the heading.
func Replace(doc string, opts []engine.Option) (string, error) {
	lines := strings.Split(doc, "\n")
	at := -1
	for i, l := range lines {
		if l == Heading {
			at = i
			break
		}
	}
	if at < 0 {
		return "", fmt.Errorf("no %q line", Heading)
	}
	start := at + 1
	for start < len(lines) && !strings.HasPrefix(lines[start], "//\t") {
		if !strings.HasPrefix(lines[start], "//") {
			return "", errors.New("the doc comment ends before the option table")
		}
		start++
	}
	end := start
	for end < len(lines) && strings.HasPrefix(lines[end], "//\t") {
		end++
	}
	if start == len(lines) {
		return "", errors.New("no option table (lines starting //<tab>) after " + Heading)
	}
	out := append(append(append([]string(nil), lines[:start]...), Lines(opts)...), lines[end:]...)
	return strings.Join(out, "\n"), nil
}
