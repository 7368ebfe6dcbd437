package htmlreport

import (
	"html"
	"html/template"
	"strings"
)

// Markdown renders the Markdown that the report's tables are written in
// as HTML: ATX headings (demoted by shift levels, so a file's "#" title
// fits under the page's own heading), pipe tables with alignment rows,
// "- " lists, fenced code blocks and paragraphs; inline `code` and
// **bold**. Everything else is text, escaped. It is not a full Markdown
// implementation; it renders what package tables (and any table writer
// following its style) writes.
func Markdown(src string, shift int) template.HTML {
	var b strings.Builder
	lines := strings.Split(strings.ReplaceAll(src, "\r\n", "\n"), "\n")
	var para []string
	flush := func() {
		if len(para) > 0 {
			b.WriteString("<p>" + inline(strings.Join(para, " ")) + "</p>\n")
			para = nil
		}
	}
	for i := 0; i < len(lines); i++ {
		line := strings.TrimRight(lines[i], " \t")
		trim := strings.TrimSpace(line)
		switch {
		case trim == "":
			flush()
		case strings.HasPrefix(trim, "```"):
			flush()
			b.WriteString("<pre><code>")
			for i++; i < len(lines) && !strings.HasPrefix(strings.TrimSpace(lines[i]), "```"); i++ {
				b.WriteString(html.EscapeString(lines[i]) + "\n")
			}
			b.WriteString("</code></pre>\n")
		case heading(trim) > 0:
			flush()
			n := heading(trim)
			lv := min(6, n+shift)
			b.WriteString("<h" + string(rune('0'+lv)) + ">" + inline(strings.TrimSpace(trim[n:])) + "</h" + string(rune('0'+lv)) + ">\n")
		case strings.HasPrefix(trim, "|"):
			flush()
			var rows []string
			for ; i < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[i]), "|"); i++ {
				rows = append(rows, strings.TrimSpace(lines[i]))
			}
			i--
			table(&b, rows)
		case strings.HasPrefix(trim, "- ") || strings.HasPrefix(trim, "* "):
			flush()
			b.WriteString("<ul>\n")
			for ; i < len(lines); i++ {
				t := strings.TrimSpace(lines[i])
				if !strings.HasPrefix(t, "- ") && !strings.HasPrefix(t, "* ") {
					break
				}
				b.WriteString("<li>" + inline(t[2:]) + "</li>\n")
			}
			i--
			b.WriteString("</ul>\n")
		default:
			para = append(para, trim)
		}
	}
	flush()
	return template.HTML(b.String())
}

// heading returns the level of an ATX heading line, or 0.
func heading(line string) int {
	n := 0
	for n < len(line) && line[n] == '#' {
		n++
	}
	if n == 0 || n > 6 || n >= len(line) || line[n] != ' ' {
		return 0
	}
	return n
}

// cells splits a table row into its cells, honouring \| escapes.
func cells(row string) []string {
	row = strings.TrimSpace(row)
	row = strings.TrimPrefix(row, "|")
	if strings.HasSuffix(row, "|") && !strings.HasSuffix(row, `\|`) {
		row = row[:len(row)-1]
	}
	var out []string
	var cur strings.Builder
	for i := 0; i < len(row); i++ {
		switch {
		case row[i] == '\\' && i+1 < len(row) && row[i+1] == '|':
			cur.WriteByte('|')
			i++
		case row[i] == '|':
			out = append(out, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(row[i])
		}
	}
	return append(out, strings.TrimSpace(cur.String()))
}

// isAlignRow reports whether the cells form a table's alignment row.
func isAlignRow(cs []string) bool {
	for _, c := range cs {
		if strings.Trim(c, ":-") != "" || !strings.Contains(c, "-") {
			return false
		}
	}
	return len(cs) > 0
}

// table writes the rows of a pipe table; a table whose second row is not
// an alignment row has no header.
func table(b *strings.Builder, rows []string) {
	var head []string
	var align []string
	body := rows
	if len(rows) >= 2 && isAlignRow(cells(rows[1])) {
		head = cells(rows[0])
		for _, c := range cells(rows[1]) {
			switch {
			case strings.HasPrefix(c, ":") && strings.HasSuffix(c, ":"):
				align = append(align, "center")
			case strings.HasSuffix(c, ":"):
				align = append(align, "right")
			default:
				align = append(align, "")
			}
		}
		body = rows[2:]
	}
	attr := func(k int) string {
		if k < len(align) && align[k] != "" {
			return ` class="` + align[k] + `"`
		}
		return ""
	}
	b.WriteString("<div class=\"table\"><table>\n")
	if head != nil {
		b.WriteString("<thead><tr>")
		for k, c := range head {
			b.WriteString("<th" + attr(k) + ">" + inline(c) + "</th>")
		}
		b.WriteString("</tr></thead>\n")
	}
	b.WriteString("<tbody>\n")
	for _, r := range body {
		b.WriteString("<tr>")
		for k, c := range cells(r) {
			b.WriteString("<td" + attr(k) + ">" + inline(c) + "</td>")
		}
		b.WriteString("</tr>\n")
	}
	b.WriteString("</tbody></table></div>\n")
}

// inline renders `code` and **bold** spans and escapes the rest.
func inline(s string) string {
	var b strings.Builder
	for s != "" {
		i := strings.IndexAny(s, "`*")
		if i < 0 {
			b.WriteString(html.EscapeString(s))
			break
		}
		b.WriteString(html.EscapeString(s[:i]))
		s = s[i:]
		if s[0] == '`' {
			if j := strings.IndexByte(s[1:], '`'); j >= 0 {
				b.WriteString("<code>" + html.EscapeString(s[1:1+j]) + "</code>")
				s = s[j+2:]
				continue
			}
		} else if strings.HasPrefix(s, "**") {
			if j := strings.Index(s[2:], "**"); j > 0 {
				b.WriteString("<strong>" + inline(s[2:2+j]) + "</strong>")
				s = s[j+4:]
				continue
			}
		}
		b.WriteString(html.EscapeString(s[:1]))
		s = s[1:]
	}
	return b.String()
}
