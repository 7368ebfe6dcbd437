// Package htmlreport writes the pages of a report that a browser opens:
// index.html, the front page of a report directory, and the replay page
// of one logged game. Both are single self-contained files: inline CSS,
// no scripts or fonts from elsewhere, nothing fetched from the network.
// The index carries its figures inside it (each SVG file as a data: URI
// of an <img>, which keeps each figure's own styles and ids apart), so the
// page mailed or copied alone still shows every figure; it also links the
// figure files (PNG, SVG, PDF for a paper), the tables and the replay
// pages beside it by relative paths.
//
// The index is built from what the report directory holds, so a figure or
// table that a later version adds appears without changing this package:
// every SVG file is a figure (with links to its PNG and PDF), every
// Markdown file a table rendered in the page (with links to its CSV, JSON
// and LaTeX versions), every other HTML file an example game, and every
// file is listed with its size. The caller adds what the files do not
// say: the dataset's provenance, the verdicts and notes.
package htmlreport

import (
	"encoding/base64"
	"fmt"
	"html/template"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/baolab/baolab/internal/atomicfile"
)

// IndexName is the file name of the report's front page.
const IndexName = "index.html"

// Fact is one labelled line of the provenance.
type Fact struct {
	Label, Value string
}

// Index is what the front page says besides the files of its directory.
type Index struct {
	Title      string
	Provenance []Fact
	// Verdicts are one-line conclusions, shown near the top.
	Verdicts []string
	// Notes say what was left out or could not be checked.
	Notes []string
	// FigureOrder and TableOrder list file stems (names without
	// extension) to show first, in this order; others follow by name.
	FigureOrder, TableOrder []string
	// Captions describes figures by stem; a figure without one is
	// captioned by its name.
	Captions map[string]string
}

// Figure is one figure of the page.
type Figure struct {
	Stem, Caption string
	// File is the SVG file shown; Src its content as a data: URI, or the
	// file's relative path when it is larger than MaxInlineFigure.
	File    string
	Src     template.URL
	Formats []Link // every file of the figure, e.g. PNG, SVG, PDF
}

// MaxInlineFigure is the largest SVG file the index carries inside it;
// a larger one (a figure of a very large grid) is linked instead, so the
// page stays small enough to mail, and the page's notes say so.
const MaxInlineFigure = 2 << 20

// inlineSVG returns the SVG file at path as a data: URI, or "" when it
// is larger than MaxInlineFigure.
func inlineSVG(path string) (template.URL, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return "", err
	}
	if len(b) > MaxInlineFigure {
		return "", nil
	}
	return template.URL("data:image/svg+xml;base64," + base64.StdEncoding.EncodeToString(b)), nil
}

// Table is one table of the page, rendered from its Markdown file.
type Table struct {
	Stem    string
	Body    template.HTML
	Formats []Link
}

// Link is a file of the directory, by relative path.
type Link struct {
	Name, Href, Size string
}

// page is the data of the index template.
type page struct {
	Index
	Figures  []Figure
	Tables   []Table
	Examples []Link // Name is the page's title
	Files    []Link
	Style    template.CSS
}

// WriteIndex writes dir/index.html for the files dir holds now and
// returns its path. The file is complete or absent.
func WriteIndex(dir string, ix Index) (string, error) {
	p, err := scan(dir, ix)
	if err != nil {
		return "", err
	}
	path := filepath.Join(dir, IndexName)
	return path, atomicfile.Write(path, func(w io.Writer) error { return indexTmpl.Execute(w, p) })
}

// scan builds the page from the files in dir. Subdirectories are not
// part of the report (make run's out/ holds the dataset in out/data).
func scan(dir string, ix Index) (*page, error) {
	ents, err := os.ReadDir(dir)
	if err != nil {
		return nil, fmt.Errorf("report index: %w", err)
	}
	var files []string
	for _, e := range ents {
		if !e.Type().IsRegular() || strings.HasPrefix(e.Name(), ".") || e.Name() == IndexName {
			continue
		}
		files = append(files, e.Name())
	}
	slices.Sort(files)
	p := &page{Index: ix, Style: style}
	byStem := map[string][]string{}
	var stems []string
	for _, f := range files {
		st := strings.TrimSuffix(f, filepath.Ext(f))
		if byStem[st] == nil {
			stems = append(stems, st)
		}
		byStem[st] = append(byStem[st], f)
		p.Files = append(p.Files, link(dir, f))
	}
	links := func(st string) []Link {
		var out []Link
		for _, f := range byStem[st] {
			out = append(out, link(dir, f))
		}
		return out
	}
	for _, st := range ordered(stems, ix.FigureOrder) {
		if !slices.Contains(byStem[st], st+".svg") {
			continue
		}
		c := ix.Captions[st]
		if base, n, ok := partOf(st); c == "" && ok && ix.Captions[base] != "" {
			c = fmt.Sprintf("%s (part %d)", ix.Captions[base], n)
		}
		if c == "" {
			c = filepath.Base(st)
		}
		src, err := inlineSVG(filepath.Join(dir, st+".svg"))
		if err != nil {
			return nil, fmt.Errorf("report index: %w", err)
		}
		if src == "" {
			src = template.URL(st + ".svg")
			p.Notes = append(p.Notes, fmt.Sprintf("figure %s.svg is larger than %d MiB: linked, not carried in this page", st, MaxInlineFigure>>20))
		}
		p.Figures = append(p.Figures, Figure{Stem: st, Caption: c, File: st + ".svg", Src: src, Formats: links(st)})
	}
	for _, st := range ordered(stems, ix.TableOrder) {
		if !slices.Contains(byStem[st], st+".md") {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, st+".md"))
		if err != nil {
			return nil, fmt.Errorf("report index: %w", err)
		}
		p.Tables = append(p.Tables, Table{Stem: st, Body: Markdown(string(src), 2), Formats: links(st)})
	}
	for _, f := range files {
		if filepath.Ext(f) != ".html" {
			continue
		}
		l := link(dir, f)
		if t := pageTitle(filepath.Join(dir, f)); t != "" {
			l.Name = t
		}
		p.Examples = append(p.Examples, l)
	}
	return p, nil
}

// ordered returns stems with those of first (that occur) at the front,
// in first's order. A stem that is a later part of a split figure or table ("fpa-2",
// "fpa-3" of "fpa") follows its first part, in the parts' order.
func ordered(stems, first []string) []string {
	var out []string
	for _, f := range first {
		if !slices.Contains(stems, f) {
			continue
		}
		out = append(out, f)
		var later []string
		for _, s := range stems {
			if base, _, ok := partOf(s); ok && base == f && !slices.Contains(first, s) {
				later = append(later, s)
			}
		}
		slices.SortFunc(later, func(a, b string) int {
			_, na, _ := partOf(a)
			_, nb, _ := partOf(b)
			return na - nb
		})
		out = append(out, later...)
	}
	for _, s := range stems {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// partOf splits the stem of a later part of a split figure, "NAME-N"
// with N a whole number of 2 or more, into NAME and N.
func partOf(stem string) (base string, n int, ok bool) {
	i := strings.LastIndexByte(stem, '-')
	if i < 0 {
		return "", 0, false
	}
	n, err := strconv.Atoi(stem[i+1:])
	if err != nil || n < 2 || stem[i+1] == '+' {
		return "", 0, false
	}
	return stem[:i], n, true
}

// link describes file rel of dir.
func link(dir, rel string) Link {
	size := ""
	if st, err := os.Stat(filepath.Join(dir, rel)); err == nil {
		size = humanSize(st.Size())
	}
	return Link{Name: rel, Href: rel, Size: size}
}

func humanSize(n int64) string {
	switch {
	case n < 1<<10:
		return fmt.Sprintf("%d B", n)
	case n < 1<<20:
		return fmt.Sprintf("%.1f KiB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%.1f MiB", float64(n)/(1<<20))
}

var titleRE = regexp.MustCompile(`(?is)<title>(.*?)</title>`)

// pageTitle returns the <title> of an HTML file, or "".
func pageTitle(path string) string {
	f, err := os.Open(path)
	if err != nil {
		return ""
	}
	defer f.Close()
	buf := make([]byte, 4096)
	n, _ := io.ReadFull(f, buf)
	m := titleRE.FindSubmatch(buf[:n])
	if m == nil {
		return ""
	}
	return strings.TrimSpace(unescape(string(m[1])))
}

var unescape = strings.NewReplacer("&amp;", "&", "&lt;", "<", "&gt;", ">", "&#34;", `"`, "&#39;", "'", "&quot;", `"`).Replace

var indexTmpl = template.Must(template.New("index").Parse(`<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
<style>{{.Style}}</style>
</head>
<body>
<header>
<h1>{{.Title}}</h1>
<nav><a href="#provenance">Dataset</a>{{if .Verdicts}} · <a href="#verdicts">Verdicts</a>{{end}}{{if .Figures}} · <a href="#figures">Figures</a>{{end}}{{if .Tables}} · <a href="#tables">Tables</a>{{end}}{{if .Examples}} · <a href="#examples">Example games</a>{{end}} · <a href="#files">Files</a></nav>
</header>
<main>
<section id="provenance">
<h2>Dataset</h2>
<table class="facts"><tbody>
{{range .Provenance}}<tr><th>{{.Label}}</th><td>{{.Value}}</td></tr>
{{end}}</tbody></table>
{{if .Notes}}<ul class="notes">{{range .Notes}}<li>{{.}}</li>{{end}}</ul>{{end}}
</section>
{{if .Verdicts}}<section id="verdicts">
<h2>Verdicts</h2>
<ul>{{range .Verdicts}}<li>{{.}}</li>
{{end}}</ul>
</section>{{end}}
{{if .Figures}}<section id="figures">
<h2>Figures</h2>
<div class="figures">
{{range .Figures}}<figure id="fig-{{.Stem}}">
<img src="{{.Src}}" data-file="{{.File}}" alt="{{.Caption}}">
<figcaption><strong>{{.Stem}}</strong>: {{.Caption}} <span class="formats">{{range .Formats}}<a href="{{.Href}}">{{.Name}}</a> {{end}}</span></figcaption>
</figure>
{{end}}</div>
</section>{{end}}
{{if .Tables}}<section id="tables">
<h2>Tables</h2>
{{range .Tables}}<article class="tablefile" id="table-{{.Stem}}">
<p class="formats">{{.Stem}}: {{range .Formats}}<a href="{{.Href}}">{{.Name}}</a> {{end}}</p>
{{.Body}}
</article>
{{end}}</section>{{end}}
{{if .Examples}}<section id="examples">
<h2>Example games</h2>
<p>Each page steps through one logged game as the engine replays it (← and → keys, or the buttons).</p>
<ul>{{range .Examples}}<li><a href="{{.Href}}">{{.Name}}</a></li>
{{end}}</ul>
</section>{{end}}
<section id="files">
<h2>Files</h2>
<table class="files"><tbody>
{{range .Files}}<tr><td><a href="{{.Href}}">{{.Name}}</a></td><td class="right">{{.Size}}</td></tr>
{{end}}</tbody></table>
</section>
</main>
</body>
</html>
`))
