package tables

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// quantityNames are the headings of the effect quantities and the scale of
// their estimates.
var quantityNames = map[string]string{
	"first_player_advantage": "First-player advantage (log odds ratio)",
	"draw_rate":              "Draw rate (log odds ratio)",
	"never_ending_rate":      "Never-ending rate (log odds ratio)",
	"mean_length":            "Mean length (plies)",
}

// effectQuantities lists the quantities in the order of package effects.
var effectQuantities = []string{"first_player_advantage", "draw_rate", "never_ending_rate", "mean_length"}

// WriteEffectsJSON writes the option effects of s (effects.json): a list
// of entries with exactly the keys variant, agents, option, value,
// quantity, estimate, lo, hi and p_holm.
func WriteEffectsJSON(w io.Writer, s *summary.Summary) error {
	return writeJSONList(w, s.Effects)
}

// effectCI formats an effect with its interval: three decimals for log
// odds ratios, one for a difference in mean length (plies).
func effectCI(e summary.Effect) string {
	prec := 3
	if e.Quantity == "mean_length" {
		prec = 1
	}
	return ci(summary.Interval{Value: e.Estimate, Lo: e.Lo, Hi: e.Hi}, prec)
}

// WriteEffectsCSV writes one row per effect, with the standard error and
// the uncorrected p-value besides the keys of effects.json.
func WriteEffectsCSV(w io.Writer, s *summary.Summary) error {
	cw := csv.NewWriter(w)
	if err := cw.Write([]string{"variant", "agents", "option", "value", "quantity", "estimate", "lo", "hi", "se", "test", "p", "p_holm"}); err != nil {
		return err
	}
	for _, e := range s.Effects {
		if err := cw.Write([]string{e.Variant, e.Agents, e.Option, e.Value, e.Quantity, num(e.Estimate), num(e.Lo), num(e.Hi), num(e.SE), EffectTest, num(e.P), num(e.PHolm)}); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// effectSection keys the effects of one table: variant, agent pair and
// quantity.
func effectSection(e summary.Effect) [3]string { return [3]string{e.Variant, e.Agents, e.Quantity} }

// WriteEffectsMarkdown writes the effects of s, one table per variant,
// agent pair and quantity, options ranked by the size of their effect.
func WriteEffectsMarkdown(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	fmt.Fprintf(&b, "# Which clause matters: effects of the rule options\n\nFor the readings of each variant played by one agent pair: the effect of each option value against the option's default, from a regression over the games on the option indicators (logistic for shares: log odds ratios; linear for mean length: plies), with %g%% intervals and Holm-corrected p-values (one family per quantity). An option `a:b` is the interaction of two options (departure from additivity). Largest effects first.\n\n", 100*s.Confidence)
	keys, rows := groupBy(s.Effects, effectSection)
	if len(keys) == 0 {
		b.WriteString("The dataset has no two readings of one variant played by the same agents.\n")
	}
	for _, k := range keys {
		fmt.Fprintf(&b, "## %s, %s: %s\n\n", k[0], k[1], quantityNames[k[2]])
		var r [][]string
		for _, e := range rows[k] {
			r = append(r, []string{"`" + e.Option + "`", "`" + e.Value + "`", effectCI(e), pval(e.PHolm)})
		}
		mdTable(&b, []string{"Option", "Value", "Effect [95% interval]", "p (Holm)"}, "llrr", r)
		b.WriteString("\n")
	}
	_, err := io.WriteString(w, strings.TrimRight(b.String(), "\n")+"\n")
	return err
}

// WriteEffectsLaTeX writes the effects of s as booktabs tables, one per
// variant, agent pair and quantity.
func WriteEffectsLaTeX(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	b.WriteString(texHeader)
	keys, rows := groupBy(s.Effects, effectSection)
	if len(keys) == 0 {
		b.WriteString("% The dataset has no two readings of one variant played by the same agents.\n")
	}
	for i, k := range keys {
		var r [][]string
		for _, e := range rows[k] {
			r = append(r, []string{tt(e.Option), tt(e.Value), effectCI(e), pval(e.PHolm)})
		}
		texTable(&b, fmt.Sprintf("Effects of the rule options of %s (%s) on %s, against each option's default, with %g\\%% intervals and Holm-corrected $p$-values.",
			tex(k[0]), tex(k[1]), tex(strings.ToLower(quantityNames[k[2]])), 100*s.Confidence),
			fmt.Sprintf("tab:baolab-effects-%d", i+1), "LLrr", []string{"Option", "Value", "Effect", "$p$"}, r)
	}
	_, err := io.WriteString(w, b.String())
	return err
}
