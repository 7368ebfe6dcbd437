package analysis

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"

	"github.com/baolab/baolab/analysis/summary"
	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/atomicfile"
)

// Method file names.
const (
	MethodsMarkdown = "methods.md"
	MethodsLaTeX    = "methods.tex"
)

// reference is one work the methods paragraph cites: its BibTeX-style
// key, its short form (author year) and its full entry.
type reference struct {
	key, short, text string
}

// The works the methods cite: the sources of the rules and of the
// statistics.
var (
	refKlamroth  = reference{"klamroth1911", "Klamroth 1911", "Klamroth, M. (1911). Afrikanische Brettspiele. Archiv für Anthropologie."}
	refMacKay    = reference{"mackay2001", "MacKay 2001", "MacKay, D. (2001). The two-phase Kimasai game, as recorded from Moinget Ole Kuney near Kilimanjaro."}
	refWilson    = reference{"wilson1927", "Wilson 1927", "Wilson, E. B. (1927). Probable inference, the law of succession, and statistical inference. Journal of the American Statistical Association 22, 209–212."}
	refNewcombe  = reference{"newcombe1998", "Newcombe 1998", "Newcombe, R. G. (1998). Interval estimation for the difference between independent proportions: comparison of eleven methods. Statistics in Medicine 17, 873–890."}
	refWelch     = reference{"welch1947", "Welch 1947", "Welch, B. L. (1947). The generalization of Student's problem when several different population variances are involved. Biometrika 34, 28–35."}
	refMann      = reference{"mann1947", "Mann and Whitney 1947", "Mann, H. B. and Whitney, D. R. (1947). On a test of whether one of two random variables is stochastically larger than the other. Annals of Mathematical Statistics 18, 50–60."}
	refHolm      = reference{"holm1979", "Holm 1979", "Holm, S. (1979). A simple sequentially rejective multiple test procedure. Scandinavian Journal of Statistics 6, 65–70."}
	refSchuirman = reference{"schuirmann1987", "Schuirmann 1987", "Schuirmann, D. J. (1987). A comparison of the two one-sided tests procedure and the power approach for assessing the equivalence of average bioavailability. Journal of Pharmacokinetics and Biopharmaceutics 15, 657–680."}
	refGupta     = reference{"gupta1965", "Gupta 1965", "Gupta, S. S. (1965). On some multiple decision (selection and ranking) rules. Technometrics 7, 225–245."}
	refBT        = reference{"bradley1952", "Bradley and Terry 1952", "Bradley, R. A. and Terry, M. E. (1952). Rank analysis of incomplete block designs: I. The method of paired comparisons. Biometrika 39, 324–345."}
	refCoulom    = reference{"coulom2005", "Coulom 2005", "Coulom, R. (2005). Bayesian Elo rating (BayesElo)."}
	refFisher    = reference{"fisher1935", "Fisher 1935", "Fisher, R. A. (1935). The Design of Experiments. Oliver and Boyd."}
)

// Methods returns the methods paragraph of s with its references, in
// Markdown (latex false) or LaTeX: what was simulated (from the
// manifest, when the dataset has one), the statistics, intervals, tests
// and margin the report used, the seed, versions and the sources of the
// rules.
func Methods(s *summary.Summary, latex bool) string {
	w := &methodsWriter{latex: latex}
	w.simulation(s)
	w.firstPlayerAdvantage(s)
	w.comparisons(s)
	w.rankingLaddersExact(s)
	w.b.WriteString(w.esc("."))
	fmt.Fprintf(&w.b, "%s%s%s", w.esc(" The report was written by "), w.code("baolab analyze "+s.Dataset), w.esc("."))
	return w.document()
}

// methodsWriter writes the methods paragraph in Markdown or LaTeX and
// collects the works it cites, in the order of their first citation.
type methodsWriter struct {
	latex bool
	refs  []reference
	b     strings.Builder
}

// cite returns the citation of r and records r as cited.
func (w *methodsWriter) cite(r reference) string {
	if !slices.Contains(w.refs, r) {
		w.refs = append(w.refs, r)
	}
	if w.latex {
		return `\cite{` + r.key + `}`
	}
	return "(" + r.short + ")"
}

// code returns x as code.
func (w *methodsWriter) code(x string) string {
	if w.latex {
		return `\texttt{` + texEscape(x) + `}`
	}
	return "`" + x + "`"
}

// esc returns the text x escaped for the output.
func (w *methodsWriter) esc(x string) string {
	if w.latex {
		return texEscape(x)
	}
	return x
}

// quoted returns xs as code, comma-separated.
func (w *methodsWriter) quoted(xs []string) string {
	out := make([]string, len(xs))
	for i, x := range xs {
		out[i] = w.code(x)
	}
	return strings.Join(out, ", ")
}

// simulation writes what was simulated: the games, the builds, the
// experiment and its seed (from the manifest, when the dataset has one),
// the rulesets and agent pairs, and the sources of the rules.
func (w *methodsWriter) simulation(s *summary.Summary) {
	rules, agents := cellsOf(s)
	m, merr := dataset.ReadManifest(s.Dataset)
	if merr == nil {
		rules, agents = m.Experiment.Rules, m.Experiment.Agents
	}
	fmt.Fprintf(&w.b, "%s", w.esc(fmt.Sprintf("We simulated %d games with baolab", s.Games)))
	if merr == nil {
		e := m.Experiment
		fmt.Fprintf(&w.b, "%s", w.esc(fmt.Sprintf(" %s, experiment %s: %d games in each of %d cells (%s × %s), experiment seed %d, from which every game's seed derives, so that the same command reproduces every game",
			buildsOf(m), e.ID(), e.Games, e.NumCells(), count(len(e.Rules), "ruleset"), count(len(e.Agents), "agent pair"), e.Seed)))
		if e.OpeningPlies > 0 {
			fmt.Fprintf(&w.b, "%s", w.esc(fmt.Sprintf("; every game began with %d uniformly random plies", e.OpeningPlies)))
		}
	} else {
		fmt.Fprintf(&w.b, "%s", w.esc(fmt.Sprintf(" in %d cells (the dataset has no manifest: versions and seeds unknown)", len(s.Cells))))
	}
	fmt.Fprintf(&w.b, "%s%s%s%s", w.esc(". The rulesets were "), w.quoted(rules), w.esc(" and the agent pairs (South/North) "), w.quoted(agents))
	if sources := w.sources(s); len(sources) > 0 {
		fmt.Fprintf(&w.b, "%s%s", w.esc("; the rules follow "), strings.Join(sources, w.esc("; ")))
	}
}

// cellsOf returns the rulesets and agent pairs of s's cells, each once,
// in the cells' order: the experiment of a dataset without a manifest.
func cellsOf(s *summary.Summary) (rules, agents []string) {
	for _, c := range s.Cells {
		if !slices.Contains(rules, c.Ruleset) {
			rules = append(rules, c.Ruleset)
		}
		if a := c.AgentSouth + "/" + c.AgentNorth; !slices.Contains(agents, a) {
			agents = append(agents, a)
		}
	}
	return rules, agents
}

// buildsOf returns the builds that played m's dataset: "VERSION (commit
// C, GO)", separated by "; ".
func buildsOf(m dataset.Manifest) string {
	var builds []string
	for _, bd := range m.Builds {
		c := bd.Commit
		if c == "" {
			c = "unknown commit"
		} else {
			c = "commit " + c
		}
		v := bd.Version
		if v == "" {
			v = "(version unknown)"
		}
		if bd.GoVersion != "" {
			c += ", " + bd.GoVersion
		}
		builds = append(builds, fmt.Sprintf("%s (%s)", v, c))
	}
	return strings.Join(builds, "; ")
}

// sources returns the sources of the rules of the variants s played,
// each cited.
func (w *methodsWriter) sources(s *summary.Summary) []string {
	variants := map[string]bool{}
	for _, c := range s.Cells {
		variants[c.Variant] = true
	}
	var sources []string
	if variants["kingulu"] {
		sources = append(sources, w.esc("Bao Kingulu as Klamroth described it ")+w.cite(refKlamroth))
	}
	if variants["kimasai-four-rows"] {
		sources = append(sources, w.esc("the four-row Kimasai game observed around Mpapua (now Mpwapwa) ")+w.cite(refKlamroth))
	}
	if variants["kimasai-two-rows"] {
		sources = append(sources, w.esc("the two-phase Kimasai game recorded from Moinget Ole Kuney near Kilimanjaro ")+w.cite(refMacKay))
	}
	return sources
}

// firstPlayerAdvantage writes how the first-player advantage, its
// interval and its balance (TOST against the margin) were computed.
func (w *methodsWriter) firstPlayerAdvantage(s *summary.Summary) {
	conf := fmt.Sprintf("%g%%", 100*s.Confidence)
	fmt.Fprintf(&w.b, "%s%s%s", w.esc(fmt.Sprintf(". The first-player advantage is the first mover's mean score (a win 1, a draw or unfinished game 1/2), given with its %s Wilson score interval ", conf)), w.cite(refWilson), w.esc(", as are all shares"))
	fmt.Fprintf(&w.b, "%s%s%s", w.esc(fmt.Sprintf(". Its balance was judged by two one-sided tests (TOST) at α = %g ", s.Alpha)), w.cite(refSchuirman),
		w.esc(fmt.Sprintf(" against the margin 1/2 ± %g (%s): a cell is balanced when both tests reject, not balanced when the score is shown beyond the margin, and undecided otherwise", s.EquivalenceMargin, marginPhrase(s))))
}

// comparisons writes the tests of the comparisons of readings, if any.
func (w *methodsWriter) comparisons(s *summary.Summary) {
	if len(s.Comparisons) == 0 {
		return
	}
	tests := map[string]bool{}
	for _, c := range s.Comparisons {
		tests[c.FirstPlayerAdvantage.Test] = true
		tests[c.DrawRate.Test] = true
	}
	fmt.Fprintf(&w.b, "%s", w.esc(fmt.Sprintf(". %s of readings of one variant played by the same agents %s compared: the first-player advantage by a z test of the difference of mean scores (unpooled variance",
		map[bool]string{true: "The one pair", false: fmt.Sprintf("Each of the %d pairs", len(s.Comparisons))}[len(s.Comparisons) == 1], "was")))
	if tests[testScoreX] {
		fmt.Fprintf(&w.b, "%s", w.esc("; an exact permutation test below 30 games"))
	}
	fmt.Fprintf(&w.b, "%s%s", w.esc("), the draw rate by a pooled two-proportion z test with Newcombe's hybrid score interval of the difference "), w.cite(refNewcombe))
	if tests[testFisher] {
		fmt.Fprintf(&w.b, "%s%s", w.esc(" (Fisher's exact test below 30 games "), w.cite(refFisher)+w.esc(")"))
	}
	fmt.Fprintf(&w.b, "%s%s%s%s", w.esc(", the mean length by Welch's t test "), w.cite(refWelch), w.esc(" and the length distribution by the Mann–Whitney U test "), w.cite(refMann))
	fmt.Fprintf(&w.b, "%s%s", w.esc(fmt.Sprintf("; p-values are Holm-corrected over all pairs, one family per quantity, at α = %g ", s.Alpha)), w.cite(refHolm))
	fmt.Fprintf(&w.b, "%s", w.esc(fmt.Sprintf(". Two readings are called equivalent in balance only when two one-sided z tests show their difference in first-player advantage within ±%g; a difference that is not significant is not read as balance", s.EquivalenceMargin)))
}

// rankingLaddersExact writes the methods of the ranking, the ladders'
// ratings and the exact solutions, for those s has.
func (w *methodsWriter) rankingLaddersExact(s *summary.Summary) {
	if len(s.Ranking) > 0 {
		fmt.Fprintf(&w.b, "%s%s", w.esc(". The readings of each variant were ranked by imbalance |score − 1/2|; those not shown less balanced than the best (one-sided z tests, Bonferroni-corrected) form Gupta's subset "), w.cite(refGupta))
	}
	if len(s.Ladders) > 0 {
		fmt.Fprintf(&w.b, "%s%s%s%s", w.esc(". Agent strengths were fitted by a Bradley–Terry model with a first-move advantage and a draw parameter "), w.cite(refBT), w.esc(", as BayesElo does "), w.cite(refCoulom))
	}
	if len(s.Exact) > 0 {
		fmt.Fprintf(&w.b, "%s", w.esc(fmt.Sprintf(". The %d rulesets small enough were solved exactly by retrograde analysis of every reachable position", len(s.Exact))))
	}
}

// document returns the paragraph with its header and its references.
func (w *methodsWriter) document() string {
	var out strings.Builder
	if w.latex {
		out.WriteString("% Written by baolab analyze: the methods of this report, to paste into a paper (needs \\usepackage{textcomp} for the symbols in pdflatex; the \\cite keys are in the bibliography below).\n")
		out.WriteString(w.b.String())
		out.WriteString("\n\n\\begin{thebibliography}{99}\n")
		for _, r := range w.refs {
			fmt.Fprintf(&out, "\\bibitem{%s} %s\n", r.key, texEscape(r.text))
		}
		out.WriteString("\\end{thebibliography}\n")
		return out.String()
	}
	out.WriteString("# Methods\n\n")
	out.WriteString(w.b.String())
	out.WriteString("\n\n## References\n\n")
	for _, r := range w.refs {
		fmt.Fprintf(&out, "- %s\n", r.text)
	}
	return out.String()
}

// count writes n things: "1 ruleset", "3 rulesets".
func count(n int, thing string) string {
	if n == 1 {
		return "1 " + thing
	}
	return fmt.Sprintf("%d %ss", n, thing)
}

// marginPhrase says where the margin of s came from, for the methods.
func marginPhrase(s *summary.Summary) string {
	switch s.EquivalenceMarginFrom {
	case "manifest":
		return "chosen before the run and recorded in the manifest"
	case "flag":
		return "chosen at analysis, not recorded before the run"
	}
	return "baolab's default, not chosen before the run"
}

// texEscape escapes text for LaTeX (the characters that are special in
// running text, and the Unicode signs the paragraph uses).
var texEscape = strings.NewReplacer(`\`, `\textbackslash{}`, `{`, `\{`, `}`, `\}`, `_`, `\_`, `%`, `\%`, `&`, `\&`, `#`, `\#`, `$`, `\$`,
	`^`, `\^{}`, `~`, `\~{}`, "α", `$\alpha$`, "±", `$\pm$`, "×", `$\times$`, "–", "--", "|", `$|$`, "−", `$-$`, "ü", `\"u`).Replace

// WriteMethods writes methods.md and methods.tex of s into dir and
// returns their paths.
func WriteMethods(s *summary.Summary, dir string) ([]string, error) {
	var paths []string
	for _, f := range []struct {
		name  string
		latex bool
	}{{MethodsMarkdown, false}, {MethodsLaTeX, true}} {
		p := filepath.Join(dir, f.name)
		text := Methods(s, f.latex)
		if err := atomicfile.Write(p, func(w io.Writer) error { _, err := io.WriteString(w, text); return err }); err != nil {
			return paths, fmt.Errorf("report: %w", err)
		}
		paths = append(paths, p)
	}
	return paths, nil
}
