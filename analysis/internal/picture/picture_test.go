package picture

import (
	"bytes"
	"errors"
	"image/png"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// TestEncode: a PNG has the pixel size of the given size and dpi, Opaque
// paints a white page under an SVG and nothing else does, and an unknown
// format is ErrFormat.
func TestEncode(t *testing.T) {
	p := Picture{Width: vg.Inch, Height: vg.Inch / 2, Draw: func(draw.Canvas) {}}
	var b bytes.Buffer
	if err := Encode(&b, p, "png", 100); err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(&b)
	if err != nil || img.Bounds().Dx() != 100 || img.Bounds().Dy() != 50 {
		t.Errorf("png at 100 dpi of 1x0.5 in: %v, %v; want 100x50 pixels", img.Bounds(), err)
	}
	svg := func(opaque bool) string {
		var b bytes.Buffer
		q := p
		q.Opaque = opaque
		if err := Encode(&b, q, "svg", DPI); err != nil {
			t.Fatal(err)
		}
		return b.String()
	}
	if white := "fill:#FFFFFF"; !strings.Contains(svg(true), white) || strings.Contains(svg(false), white) {
		t.Errorf("opaque svg lacks %s, or a transparent one has it:\n%s\n%s", white, svg(true), svg(false))
	}
	if err := Encode(&b, p, "gif", DPI); !errors.Is(err, ErrFormat) {
		t.Errorf("gif: %v, want ErrFormat", err)
	}
}
