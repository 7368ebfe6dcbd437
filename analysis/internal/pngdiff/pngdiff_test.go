package pngdiff

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func encode(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestShare: 4×5 white images; changing 3 pixels strongly and 2 faintly
// (below the threshold) gives 3/20; other sizes give 1; garbage is an error.
func TestShare(t *testing.T) {
	white := image.NewRGBA(image.Rect(0, 0, 4, 5))
	for i := range white.Pix {
		white.Pix[i] = 0xff
	}
	other := image.NewRGBA(white.Rect)
	copy(other.Pix, white.Pix)
	for _, p := range []image.Point{{0, 0}, {3, 4}, {1, 2}} {
		other.Set(p.X, p.Y, color.RGBA{0, 0, 0, 0xff})
	}
	other.Set(2, 2, color.RGBA{0xfe, 0xfe, 0xfe, 0xff})
	other.Set(2, 3, color.RGBA{0xf8, 0xff, 0xff, 0xff})
	a, b := encode(t, white), encode(t, other)
	if got, err := Share(a, a); err != nil || got != 0 {
		t.Errorf("same image: %v, %v", got, err)
	}
	if got, err := Share(a, b); err != nil || got != 3.0/20 {
		t.Errorf("3 of 20 pixels changed: %v, %v", got, err)
	}
	if got, err := Share(a, encode(t, image.NewRGBA(image.Rect(0, 0, 5, 4)))); err != nil || got != 1 {
		t.Errorf("other size: %v, %v", got, err)
	}
	if _, err := Share(a, []byte("not a png")); err == nil {
		t.Error("garbage decoded")
	}
}
