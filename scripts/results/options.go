package main

import (
	"fmt"
	"strings"

	"github.com/baolab/baolab/engine"
	_ "github.com/baolab/baolab/engine/all" // registers the variants
)

// optionsTable makes the option table of a variant as `baolab rules`
// lists it: one row per option (key, default, allowed values, meaning),
// from the table the ruleset parser reads.
func optionsTable(variant string) generator {
	return func(string) (string, error) {
		for _, v := range engine.Variants() {
			if v.Name != variant {
				continue
			}
			var b strings.Builder
			b.WriteString("| option | default | allowed | meaning |\n| --- | --- | --- | --- |\n")
			for _, o := range v.Options {
				fmt.Fprintf(&b, "| `%s` | `%s` | %s | %s |\n", o.Key, o.Default, cell(o.Allowed()), cell(o.Meaning()))
			}
			return b.String(), nil
		}
		return "", fmt.Errorf("no variant %q", variant)
	}
}

// cell escapes text for a Markdown table cell.
func cell(s string) string {
	return strings.ReplaceAll(s, "|", `\|`)
}
