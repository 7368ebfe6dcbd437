package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
)

func newRulesCmd() *cobra.Command {
	return newListCmd(&cobra.Command{
		Use:   "rules [--json]",
		Short: "List the variants and their rule options, defaults and allowed values",
		Long: `List every variant with its rule options: default, allowed values and meaning.
The list is generated from the same tables the ruleset parser uses.
A ruleset is written VARIANT or VARIANT:key=value,key=value. In baolab sim a
value may also be * (every value of the option) or a..b (a range of an
integer option): kingulu:penultimate=*,min_lift=* stands for 6 rulesets.
Options marked (board size) set the board; the others are readings of the
rules (the exact-readings tables of baolab analyze keep the two apart).

--json prints one JSON object instead, {"variants":[...]}, each variant
{"name", "title", "options":[...]} and each option {"key", "default",
"allowed" (as in the text), "values" (the allowed words), "numeric", "min",
"max" (the range of a numeric option; no max: no upper bound), "board_size", "ignored", "help"}.`,
		Example: `  baolab rules
  baolab rules --json`,
	}, writeRules, writeRulesJSON)
}

// newListCmd completes cmd, a listing command such as baolab rules: it
// takes no arguments and prints text, or one JSON object with --json.
func newListCmd(cmd *cobra.Command, text, asJSON func(io.Writer) error) *cobra.Command {
	var j bool
	cmd.Args = cobra.NoArgs
	cmd.RunE = func(cmd *cobra.Command, _ []string) error {
		if j {
			return asJSON(cmd.OutOrStdout())
		}
		return text(cmd.OutOrStdout())
	}
	cmd.Flags().BoolVar(&j, "json", false, "print one JSON object instead of the text table")
	return cmd
}

func writeRules(w io.Writer) error {
	var list []optionList
	for _, v := range engine.Variants() {
		list = append(list, optionList{v.Name, v.Title, "option", v.Options})
	}
	return writeOptionLists(w, list, func(o engine.Option) (string, string) { return o.Default, o.Meaning() })
}

// optionList is one variant (or agent) of baolab rules (or agents): its
// name, title and options, and the word that heads the key column.
type optionList struct {
	name, title, keyWord string
	options              []engine.Option
}

// writeOptionLists writes the text listing of baolab rules and baolab
// agents: "NAME — TITLE", then a table of the options, columns key,
// default, allowed and meaning (cells gives the default and meaning
// cells of an option).
func writeOptionLists(w io.Writer, lists []optionList, cells func(engine.Option) (def, meaning string)) error {
	for i, l := range lists {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s — %s\n", l.name, l.title)
		if len(l.options) == 0 {
			fmt.Fprintln(w, "  (no keys)")
			continue
		}
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintf(tw, "  %s\tdefault\tallowed\tmeaning\n", l.keyWord)
		for _, o := range l.options {
			def, meaning := cells(o)
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", o.Key, def, o.Allowed(), meaning)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}

// optionJSON is one option in baolab rules --json.
type optionJSON struct {
	Key       string   `json:"key"`
	Default   string   `json:"default"`
	Allowed   string   `json:"allowed"`
	Values    []string `json:"values"`
	Numeric   bool     `json:"numeric"`
	Min       *int     `json:"min,omitempty"`
	Max       *int     `json:"max,omitempty"`
	BoardSize bool     `json:"board_size"`
	Ignored   bool     `json:"ignored"`
	Optional  bool     `json:"optional,omitempty"`
	Help      string   `json:"help"`
}

// newOptionJSON returns o as baolab rules --json and baolab agents --json
// write it.
func newOptionJSON(o engine.Option) optionJSON {
	oj := optionJSON{Key: o.Key, Default: o.Default, Allowed: o.Allowed(), Values: append([]string{}, o.Values...),
		Numeric: o.Numeric, BoardSize: o.Size, Ignored: o.Ignored, Optional: o.Optional, Help: o.Help}
	if o.Numeric {
		lo, hi := o.Min, o.Max
		oj.Min = &lo
		if hi != 0 { // 0: no upper bound
			oj.Max = &hi
		}
	}
	return oj
}

// optionsJSON is opts as --json lists them (an empty list, not null).
func optionsJSON(opts []engine.Option) []optionJSON {
	out := []optionJSON{}
	for _, o := range opts {
		out = append(out, newOptionJSON(o))
	}
	return out
}

type variantJSON struct {
	Name    string       `json:"name"`
	Title   string       `json:"title"`
	Options []optionJSON `json:"options"`
}

func writeRulesJSON(w io.Writer) error {
	var out struct {
		Variants []variantJSON `json:"variants"`
	}
	for _, v := range engine.Variants() {
		out.Variants = append(out.Variants, variantJSON{Name: v.Name, Title: v.Title, Options: optionsJSON(v.Options)})
	}
	return newJSONEncoder(w).Encode(out)
}
