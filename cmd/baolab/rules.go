package main

import (
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/engine"
)

func newRulesCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "rules",
		Short: "List the variants and their rule options, defaults and allowed values",
		Long: `List every variant with its rule options: default, allowed values and meaning.
The list is generated from the same tables the ruleset parser uses.
A ruleset is written VARIANT or VARIANT:key=value,key=value. In baolab sim a
value may also be * (every value of the option) or a..b (a range of an
integer option): kingulu:penultimate=*,min_lift=* stands for 6 rulesets.
Options marked (board size) set the board; the others are readings of the
rules (the exact-readings tables of baolab analyze keep the two apart).`,
		Example: `  baolab rules`,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			return writeRules(cmd.OutOrStdout())
		},
	}
}

func writeRules(w io.Writer) error {
	for i, v := range engine.Variants() {
		if i > 0 {
			fmt.Fprintln(w)
		}
		fmt.Fprintf(w, "%s — %s\n", v.Name, v.Title)
		tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
		fmt.Fprintln(tw, "  option\tdefault\tallowed\tmeaning")
		for _, o := range v.Options {
			fmt.Fprintf(tw, "  %s\t%s\t%s\t%s\n", o.Key, o.Default, o.Allowed(), o.Meaning())
		}
		if err := tw.Flush(); err != nil {
			return err
		}
	}
	return nil
}
