package htmlreport

import "html/template"

// style is the CSS of every page: system fonts only, a reading width for
// text, tables that scroll sideways on a narrow screen, and a print
// layout (A4, no navigation, figures and table rows kept whole).
const style template.CSS = `
:root { --ink: #1a1a1a; --muted: #5c5c5c; --rule: #d0d0d0; --accent: #0072b2; --band: #f4f6f8; }
* { box-sizing: border-box; }
html { font-size: 15px; }
body { margin: 0; color: var(--ink); background: #fff;
  font-family: "Liberation Serif", "Times New Roman", Georgia, serif; line-height: 1.45; }
header { padding: 1.2rem 2rem 0.6rem; border-bottom: 1px solid var(--rule); background: var(--band); }
header h1 { margin: 0 0 0.3rem; font-size: 1.6rem; font-weight: normal; }
nav { font-size: 0.95rem; }
main { padding: 0 2rem 3rem; max-width: 82rem; }
h2 { font-size: 1.3rem; font-weight: normal; border-bottom: 1px solid var(--rule); margin: 2rem 0 0.8rem; padding-bottom: 0.2rem; }
h3 { font-size: 1.1rem; margin: 1.4rem 0 0.5rem; }
h4 { font-size: 1rem; margin: 1.2rem 0 0.4rem; }
p, ul { max-width: 52rem; }
a { color: var(--accent); text-decoration: none; }
a:hover { text-decoration: underline; }
code { font-family: "Liberation Mono", "DejaVu Sans Mono", monospace; font-size: 0.88em; }
table { border-collapse: collapse; font-size: 0.86rem; }
th, td { padding: 0.2rem 0.55rem; border-bottom: 1px solid var(--rule); vertical-align: top; text-align: left; }
thead th { border-bottom: 1.5px solid var(--ink); font-weight: bold; }
td.right, th.right { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
td.center, th.center { text-align: center; }
.table { overflow-x: auto; margin: 0.5rem 0 1rem; }
table.facts th { font-weight: normal; color: var(--muted); white-space: nowrap; }
table.facts td { font-variant-numeric: tabular-nums; }
.notes { color: var(--muted); font-size: 0.9rem; }
.formats { color: var(--muted); font-size: 0.85rem; }
.formats a { margin-right: 0.3rem; }
.figures { display: grid; grid-template-columns: repeat(auto-fill, minmax(24rem, 1fr)); gap: 1.5rem 2rem; }
figure { margin: 0; }
figure img { width: 100%; height: auto; display: block; border: 1px solid #eee; background: #fff; }
figcaption { font-size: 0.9rem; margin-top: 0.35rem; }
article.tablefile { margin-bottom: 1.5rem; }
@media print {
  @page { size: A4; margin: 14mm 12mm; }
  html { font-size: 9.5pt; }
  header { background: none; padding: 0 0 0.4rem; }
  nav, .noprint { display: none; }
  main { padding: 0; max-width: none; }
  a { color: inherit; }
  .figures { grid-template-columns: 1fr 1fr; gap: 0.8rem 1.2rem; }
  figure, tr, .diagram { break-inside: avoid; }
  h2, h3, h4 { break-after: avoid; }
  .table { overflow: visible; }
  table { font-size: 7pt; }
  th, td { padding: 0.1rem 0.3rem; }
}
`
