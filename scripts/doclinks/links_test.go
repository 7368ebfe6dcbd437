package doclinks

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// link matches a Markdown link or image: [text](target) or ![alt](target),
// the target up to a space (a title may follow) or the closing bracket.
var link = regexp.MustCompile(`!?\[[^\]]*\]\(([^)\s]+)[^)]*\)`)

// inlineCode matches a code span, whose text is not a link.
var inlineCode = regexp.MustCompile("`[^`]*`")

// links returns the link targets of a Markdown text, outside fenced code
// blocks and code spans, with the line each is on.
func links(md string) (targets []string, lines []int) {
	fenced := false
	for i, line := range strings.Split(md, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range link.FindAllStringSubmatch(inlineCode.ReplaceAllString(line, ""), -1) {
			targets = append(targets, m[1])
			lines = append(lines, i+1)
		}
	}
	return targets, lines
}

// local returns the file part of a relative link target, or "" for a web
// link, a mail address or an anchor within the page.
func local(target string) string {
	if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") {
		return ""
	}
	if i := strings.IndexByte(target, '#'); i >= 0 {
		target = target[:i]
	}
	return target
}

func TestLinksParse(t *testing.T) {
	md := "see [a](docs/a.md) and [b](b.md#x \"title\"), ![img](f.png), [web](https://x.org/y), [top](#z)\n" +
		"`[not](code.md)`\n```\n[no](fenced.md)\n```\n[c](../c/)\n"
	targets, lines := links(md)
	var got []string
	for _, tg := range targets {
		if l := local(tg); l != "" {
			got = append(got, l)
		}
	}
	if want := "docs/a.md|b.md|f.png|../c/"; strings.Join(got, "|") != want {
		t.Errorf("got %q, want %q", strings.Join(got, "|"), want)
	}
	if lines[len(lines)-1] != 6 {
		t.Errorf("last link on line %d, want 6", lines[len(lines)-1])
	}
}

// TestMarkdownLinks checks every relative link of every Markdown file of
// the repository (outside bin/, out/, runs/ and hidden folders).
func TestMarkdownLinks(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") || name == "bin" || name == "out" || name == "runs" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(name, ".md") {
			return nil
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		targets, lines := links(string(b))
		for i, tg := range targets {
			l := local(tg)
			if l == "" {
				continue
			}
			checked++
			abs := filepath.Join(filepath.Dir(p), filepath.FromSlash(l))
			if _, err := os.Stat(abs); err == nil {
				continue
			}
			t.Errorf("%s:%d: link %s: no such file", rel, lines[i], tg)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked == 0 {
		t.Fatal("no links checked")
	}
}
