package tables

import (
	"fmt"
	"io"
	"regexp"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
)

// The replacers of the LaTeX cells, built once.
var (
	texEscape = strings.NewReplacer(`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `_`, `\_`, `%`, `\%`, `&`, `\&`, `#`, `\#`, `$`, `\$`,
		`^`, `\^{}`, `~`, `\~{}`)
	ttBreaks    = strings.NewReplacer(",", `,\allowbreak{}`, ":", `:\allowbreak{}`)
	texSymbols  = strings.NewReplacer("–", "--", "<", "$<$")
	texInfinity = strings.NewReplacer("−∞", `$-\infty$`, "∞", `$\infty$`)
	texMarkup   = strings.NewReplacer(`\allowbreak{}`, "", `\texttt{`, "", `\`, "", "{}", "", "}", "")
)

// tex escapes text for LaTeX.
func tex(s string) string { return texEscape.Replace(s) }

// tt sets s in typewriter type, with a permitted line break after every
// comma and colon, so a long ruleset can wrap inside a paragraph column.
func tt(s string) string {
	return `\texttt{` + ttBreaks.Replace(tex(s)) + `}`
}

// minus matches the sign of a negative number in a table cell.
var minus = regexp.MustCompile(`(^|[ \[])-([0-9])`)

// texNum writes the en dash of an undefined number, the "<" of a small
// p-value and the minus sign of a negative number in LaTeX.
func texNum(s string) string {
	s = texSymbols.Replace(s)
	return minus.ReplaceAllString(s, "${1}$$-$$${2}")
}

// texHeader opens every .tex file: the packages its tables need.
const texHeader = "% Written by baolab analyze. Needs \\usepackage{booktabs,array,longtable,siunitx}.\n"

// Numbers and intervals in LaTeX: a column whose every cell is a number
// ("0.512", "-3") is a siunitx S column, aligned on the decimal point;
// one whose every cell is an interval ("0.512 [0.509, 0.515]") is three S
// columns, estimate, lower and upper bound, joined by the brackets and
// comma (@{} separators), so estimates and bounds each align. An
// undefined cell ("–") spans the three. Other columns keep their spec.
var (
	numberRE   = regexp.MustCompile(`^-?[0-9]+(\.[0-9]+)?$`)
	intervalRE = regexp.MustCompile(`^(-?[0-9]+(?:\.[0-9]+)?) \[(-?[0-9]+(?:\.[0-9]+)?), (-?[0-9]+(?:\.[0-9]+)?)\]$`)
)

// numberFormat returns siunitx's table-format for the numbers xs: the
// most integer digits and decimals among them, with a sign place when one
// is negative.
func numberFormat(xs []string) string {
	intDigits, decimals, sign := 1, 0, ""
	for _, x := range xs {
		if strings.HasPrefix(x, "-") {
			sign = "-"
			x = x[1:]
		}
		i, f, _ := strings.Cut(x, ".")
		intDigits, decimals = max(intDigits, len(i)), max(decimals, len(f))
	}
	if decimals == 0 {
		return fmt.Sprintf("%s%d", sign, intDigits)
	}
	return fmt.Sprintf("%s%d.%d", sign, intDigits, decimals)
}

// columnKind is how texTable sets a column: as given, as one S column of
// numbers, or as an interval of three S columns.
type columnKind int

const (
	asGiven columnKind = iota
	sNumber
	sInterval
)

// kindOf returns how column i of rows, declared 'r', is set: sNumber or
// sInterval when every cell (but undefined ones, "–") is a number or an
// interval, and at least one is.
func kindOf(rows [][]string, i int) (columnKind, string) {
	numbers, intervals, other := 0, 0, 0
	var xs []string
	for _, r := range rows {
		c := r[i]
		switch {
		case c == "–":
		case numberRE.MatchString(c):
			numbers++
			xs = append(xs, c)
		case intervalRE.MatchString(c):
			intervals++
			xs = append(xs, intervalRE.FindStringSubmatch(c)[1:]...)
		default:
			other++
		}
	}
	switch {
	case other == 0 && intervals == 0 && numbers > 0:
		return sNumber, numberFormat(xs)
	case other == 0 && numbers == 0 && intervals > 0:
		return sInterval, numberFormat(xs)
	}
	return asGiven, ""
}

// Table layout limits: a table with more rows than longRows is set as a
// longtable that breaks across pages (a float that tall would not fit on
// one); a text column ("L" in a column spec) whose longest cell is longer
// than wrapChars characters is set as a ragged-right paragraph column that
// wraps at the breaks tt permits, sharing wrapWidth of the line with the
// other wrapped columns.
const (
	longRows  = 30
	wrapChars = 32
	wrapWidth = 0.4
)

// texColumns expands the column spec cols for rows: "l" and "r" as in
// LaTeX, and "L" a left-aligned text column that wraps when its cells are
// long (see wrapChars).
func texColumns(cols string, rows [][]string) string {
	wide := make([]bool, len(cols))
	n := 0
	for i, c := range cols {
		if c != 'L' {
			continue
		}
		for _, r := range rows {
			if i < len(r) && visibleLen(r[i]) > wrapChars {
				wide[i] = true
			}
		}
		if wide[i] {
			n++
		}
	}
	var b strings.Builder
	for i, c := range cols {
		switch {
		case wide[i]:
			fmt.Fprintf(&b, `>{\raggedright\arraybackslash}p{%.2f\linewidth}`, wrapWidth/float64(n))
		case c == 'L':
			b.WriteByte('l')
		default:
			b.WriteRune(c)
		}
	}
	return b.String()
}

// visibleLen estimates the printed length of a LaTeX cell: its characters
// less the markup of tt and tex.
func visibleLen(s string) int {
	return len(texMarkup.Replace(s))
}

// texHead returns head with each heading escaped for LaTeX.
func texHead(head []string) []string {
	out := make([]string, len(head))
	for i, h := range head {
		out[i] = tex(h)
	}
	return out
}

// writeLaTeXList writes one booktabs table of rows (texTable) after the
// header, with the first code cells of each row set in typewriter type.
func writeLaTeXList(w io.Writer, caption, label, cols string, head []string, rows [][]string, code int) error {
	var b strings.Builder
	b.WriteString(texHeader)
	for _, r := range rows {
		for i := 0; i < code; i++ {
			r[i] = tt(r[i])
		}
	}
	texTable(&b, tex(caption), label, cols, texHead(head), rows)
	_, err := io.WriteString(w, b.String())
	return err
}

// texTable writes one booktabs table, caption above: a float, or a
// longtable with its header repeated on every page when it has more than
// longRows rows. Columns of numbers or intervals are set in siunitx S
// columns (kindOf); other cells pass through texNum.
func texTable(b *strings.Builder, caption, label, cols string, head []string, rows [][]string) {
	kinds := make([]columnKind, len(cols))
	formats := make([]string, len(cols))
	for i, c := range cols {
		if c == 'r' {
			kinds[i], formats[i] = kindOf(rows, i)
		}
	}
	width := 0 // columns of the tabular
	for i := range cols {
		width++
		if kinds[i] == sInterval {
			width += 2
		}
	}
	for _, r := range rows {
		for i := range r {
			switch {
			case i < len(kinds) && kinds[i] == sInterval && r[i] == "–":
				r[i] = `\multicolumn{3}{c}{--}`
			case i < len(kinds) && kinds[i] == sInterval:
				m := intervalRE.FindStringSubmatch(r[i])
				r[i] = m[1] + " & " + m[2] + " & " + m[3]
			case i < len(kinds) && kinds[i] == sNumber && r[i] == "–":
				r[i] = "{--}"
			case i < len(kinds) && kinds[i] == sNumber:
			default:
				r[i] = texNum(r[i])
			}
		}
	}
	plain := texColumns(cols, rows)
	var specs strings.Builder
	// texColumns expands each column to one spec; rebuild it column by
	// column so the S columns replace the 'r' ones.
	parts := splitSpec(plain)
	for i, p := range parts {
		switch {
		case i < len(kinds) && kinds[i] == sNumber:
			fmt.Fprintf(&specs, "S[table-format=%s]", formats[i])
		case i < len(kinds) && kinds[i] == sInterval:
			fmt.Fprintf(&specs, `S[table-format=%s]@{\,[}S[table-format=%s]@{,\,}S[table-format=%s]@{]}`, formats[i], formats[i], formats[i])
		default:
			specs.WriteString(p)
		}
	}
	spec := specs.String()
	hs := make([]string, len(head))
	for i, h := range head {
		switch {
		case i < len(kinds) && kinds[i] == sInterval:
			hs[i] = `\multicolumn{3}{c}{` + h + `}`
		case i < len(kinds) && kinds[i] == sNumber:
			hs[i] = "{" + h + "}"
		default:
			hs[i] = h
		}
	}
	headRow := strings.Join(hs, " & ") + " \\\\\n"
	if len(rows) > longRows {
		fmt.Fprintf(b, "{\\footnotesize\n\\setlength{\\tabcolsep}{3pt}\n\\begin{longtable}{%s}\n", spec)
		fmt.Fprintf(b, "\\caption{%s}\\label{%s}\\\\\n\\toprule\n%s\\midrule\n\\endfirsthead\n", caption, label, headRow)
		fmt.Fprintf(b, "\\multicolumn{%d}{l}{\\emph{Table \\ref{%s} (continued)}} \\\\\n\\toprule\n%s\\midrule\n\\endhead\n\\bottomrule\n\\endlastfoot\n", width, label, headRow)
		for _, r := range rows {
			b.WriteString(strings.Join(r, " & ") + " \\\\\n")
		}
		b.WriteString("\\end{longtable}\n}\n\n")
		return
	}
	b.WriteString("\\begin{table}[tbp]\n\\centering\n\\small\n\\setlength{\\tabcolsep}{3pt}\n")
	fmt.Fprintf(b, "\\caption{%s}\n\\label{%s}\n", caption, label)
	fmt.Fprintf(b, "\\begin{tabular}{%s}\n\\toprule\n%s\\midrule\n", spec, headRow)
	for _, r := range rows {
		b.WriteString(strings.Join(r, " & ") + " \\\\\n")
	}
	b.WriteString("\\bottomrule\n\\end{tabular}\n\\end{table}\n\n")
}

// splitSpec splits a column spec made by texColumns into one spec per
// column: a letter, or a >{...}p{...} paragraph column.
func splitSpec(spec string) []string {
	var out []string
	for i := 0; i < len(spec); {
		if spec[i] != '>' {
			out = append(out, spec[i:i+1])
			i++
			continue
		}
		// >{\raggedright\arraybackslash}p{0.40\linewidth}
		j := strings.Index(spec[i:], "}p{")
		k := strings.IndexByte(spec[i+j+3:], '}')
		end := i + j + 3 + k + 1
		out = append(out, spec[i:end])
		i = end
	}
	return out
}

// WriteLaTeX writes the summary of s as two booktabs tables (outcomes and
// balance; game length and play) for \input in a paper; it needs the
// packages texHeader names.
func WriteLaTeX(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	b.WriteString(texHeader)
	pairs := s.SeveralPairs()
	conf := fmt.Sprintf("%g\\%%", 100*s.Confidence)
	label := func(c summary.Cell) []string {
		if pairs {
			return []string{tt(c.Ruleset), tt(agents(c))}
		}
		return []string{tt(c.Ruleset)}
	}
	cols := "L"
	head := []string{"Ruleset"}
	if pairs {
		cols, head = "LL", []string{"Ruleset", "Agents (S/N)"}
	}
	var rows [][]string
	for _, c := range s.Cells {
		o := c.Outcomes
		rows = append(rows, append(label(c), fmt.Sprint(c.Games), ci(o.South.Interval(), 3), ci(o.North.Interval(), 3),
			ci(o.Draw.Interval(), 3), ci(c.FirstPlayerAdvantage, 3), ci(c.Balance, 3), equivalenceCell(c.Equivalence, "balanced")))
	}
	agentsText := ""
	if !pairs && len(s.Cells) > 0 {
		agentsText = fmt.Sprintf(", agents %s (South/North)", tt(agents(s.Cells[0])))
	}
	texTable(&b, fmt.Sprintf("Outcomes%s: shares of all games with %s Wilson intervals. First-player advantage counts draws and unfinished games as half a win; balance is $1-|w_1-w_2|$. %s", agentsText, conf, texEquivalence(s, "the first-player advantage lies within $1/2\\pm\\delta$", "balanced")),
		"tab:baolab-outcomes", cols+"rrrrrrl", append(head, "Games", "South wins", "North wins", "Draws", "First-player adv.", "Balance", tex(marginHead(s))), rows)

	rows = nil
	for _, c := range s.Cells {
		l, m := c.Length, moves(c)
		rows = append(rows, append(label(c), ci(l.Mean, 1), fix(l.SD, 1), fmt.Sprintf("%s [%s, %s]", fix(l.Median, 0), fix(l.P5, 0), fix(l.P95, 0)),
			ci(c.CycleRate.Interval(), 3), ci(m.BranchingFactor, 2), ci(m.LeadChanges, 2), ci(m.Decisiveness, 3)))
	}
	texTable(&b, fmt.Sprintf("Game length in plies (mean with %s interval, standard deviation, median with 5th and 95th percentiles), share of games with a repeated position, legal moves per move, material-lead changes per game, and decisiveness (share of a won game after which the winner leads for good).", conf),
		"tab:baolab-length", cols+"rrrrrrr", append(head, "Length", "SD", "Median [p5, p95]", "Cycle rate", "Branching", "Lead changes", "Decisiveness"), rows)
	_, err := io.WriteString(w, b.String())
	return err
}

// WriteComparisonLaTeX writes the comparisons of s as a booktabs table.
func WriteComparisonLaTeX(w io.Writer, s *summary.Summary) error {
	var b strings.Builder
	b.WriteString(texHeader)
	if len(s.Comparisons) == 0 {
		b.WriteString("% The dataset has no two rulesets of the same variant played by the same agents.\n")
		_, err := io.WriteString(w, b.String())
		return err
	}
	var rows [][]string
	for _, c := range s.Comparisons {
		f, d, l := c.FirstPlayerAdvantage, c.DrawRate, c.MeanLength
		rows = append(rows, []string{tt(c.RulesetA), tt(c.RulesetB),
			ci(summary.Interval{Value: f.Diff, Lo: f.Lo, Hi: f.Hi}, 3), pval(f.PHolm),
			ci(summary.Interval{Value: d.Diff, Lo: d.Lo, Hi: d.Hi}, 3), pval(d.PHolm),
			ci(summary.Interval{Value: l.Diff, Lo: l.Lo, Hi: l.Hi}, 1), pval(l.PHolm), yesNo(c.DifferInBalance), equivalenceCell(c.Equivalence, "equivalent")})
	}
	texTable(&b, fmt.Sprintf("Rule readings compared (A $-$ B, same agents): differences with %g\\%% intervals and Holm-corrected p-values over all pairs. %s", 100*s.Confidence,
		texEquivalence(s, "the difference in first-player advantage lies within $\\pm\\delta$", "equivalent")),
		"tab:baolab-comparison", "LLrrrrrrll",
		[]string{"Ruleset A", "Ruleset B", "$\\Delta$ first-player adv.", "$p$", "$\\Delta$ draw rate", "$p$", "$\\Delta$ length", "$p$", "Differ", tex(marginHead(s))}, rows)
	_, err := io.WriteString(w, b.String())
	return err
}

// texEquivalence is the caption sentence of the equivalence column: what
// the two one-sided tests test (what, in LaTeX) and its verdicts.
func texEquivalence(s *summary.Summary, what, word string) string {
	if s.EquivalenceMargin == 0 {
		return "" // a summary of an earlier baolab
	}
	return fmt.Sprintf("Equivalence: two one-sided tests (TOST, $\\alpha=%g$, $\\delta=%g$) that %s: %s (shown within), not %s (shown beyond) or undecided; a difference that is not significant is not read as balance.",
		s.Alpha, s.EquivalenceMargin, what, word, word)
}
