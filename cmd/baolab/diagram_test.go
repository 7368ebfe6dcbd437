package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestShowDiagram draws a position in every format; an unwritable file or
// an illegal move is an error, and the text board is unchanged without a
// file flag.
func TestShowDiagram(t *testing.T) {
	dir := t.TempDir()
	svg, pngf, pdf := filepath.Join(dir, "b.svg"), filepath.Join(dir, "b.png"), filepath.Join(dir, "b.pdf")
	out, errOut, code := baolab(t, "show", "--rules", "kimasai-two-rows", "--moves", "0,5", "--svg", svg, "--png", pngf, "--pdf", pdf, "--path")
	if code != 0 || out != "" {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	s, err := os.ReadFile(svg)
	if err != nil || !strings.Contains(string(s), "<svg") || !strings.Contains(string(s), "last move: north played 5") {
		t.Errorf("svg: %v, %.200s", err, s)
	}
	p, err := os.ReadFile(pngf)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(p))
	if err != nil || img.Bounds().Dx() != 1020 { // 3.4 in at 300 dpi
		t.Errorf("png: %v, width %d", err, img.Bounds().Dx())
	}
	if d, err := os.ReadFile(pdf); err != nil || !bytes.HasPrefix(d, []byte("%PDF")) {
		t.Errorf("pdf: %v", err)
	}
	_, errOut, code = baolab(t, "show", "--rules", "kingulu", "--svg", filepath.Join(dir, "no", "such", "dir.svg"))
	if code != 1 || !strings.Contains(errOut, "dir.svg") {
		t.Errorf("unwritable file: exit %d, %q", code, errOut)
	}
	_, errOut, code = baolab(t, "show", "--rules", "kingulu", "--moves", "9", "--svg", svg)
	if code != 2 || strings.Count(errOut, "\n") != 1 {
		t.Errorf("illegal move: exit %d, %q", code, errOut)
	}
	_, errOut, code = baolab(t, "show", "--rules", "kingulu", "--path")
	if code != 2 || !strings.Contains(errOut, "--path") {
		t.Errorf("--path without a file: exit %d, %q", code, errOut)
	}
	out, _, code = baolab(t, "show", "--rules", "kingulu")
	if code != 0 || !strings.Contains(out, "South") {
		t.Errorf("text board: exit %d, %q", code, out)
	}
}

// TestReplayHTMLAndIndex writes a small dataset, its report (index.html
// and example pages included) and the replay page of one game.
func TestReplayHTMLAndIndex(t *testing.T) {
	dir := t.TempDir()
	data := filepath.Join(dir, "data")
	if _, errOut, code := baolab(t, "sim", "--rules", "kingulu", "--agents", "random", "--games", "6", "--seed", "1", "--out", data, "--quiet"); code != 0 {
		t.Fatalf("sim: exit %d: %s", code, errOut)
	}
	if _, errOut, code := baolab(t, "analyze", data, "--quiet"); code != 0 {
		t.Fatalf("analyze: exit %d: %s", code, errOut)
	}
	index, err := os.ReadFile(filepath.Join(data, "report", "index.html"))
	if err != nil || !strings.Contains(string(index), `href="replay-game-`) {
		t.Fatalf("index.html: %v, no example game linked", err)
	}
	page := filepath.Join(dir, "game.html")
	out, errOut, code := baolab(t, "replay", data, "--game", "3", "--html", page)
	if code != 0 || out != "" {
		t.Fatalf("replay --html: exit %d, %q, %q", code, out, errOut)
	}
	b, err := os.ReadFile(page)
	if err != nil || !strings.Contains(string(b), "<title>game 3: kingulu, random/random, ") {
		t.Errorf("replay page: %v %.300s", err, b)
	}
	_, errOut, code = baolab(t, "replay", data, "--game", "99", "--html", page)
	if code != 2 || !strings.Contains(errOut, "game 99 is not in the dataset") {
		t.Errorf("unknown game: exit %d, %q", code, errOut)
	}
}
