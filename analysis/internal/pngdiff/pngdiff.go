// Package pngdiff compares PNG images for golden-image tests: the share of
// pixels whose colour differs noticeably, so that a tolerance absorbs
// anti-aliasing differences between machines. gonum's cmpimg would need
// another module (rsc.io/pdf) for the same check.
package pngdiff

import (
	"bytes"
	"image/png"
)

// Share returns the share of pixels of two PNG images of the same size
// whose red, green and blue channels differ by more than 3×0x1000 in sum
// (of 3×0xffff): 0 for identical images, 1 when the sizes differ. It
// returns an error when either image does not decode.
func Share(a, b []byte) (float64, error) {
	ia, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		return 1, err
	}
	ib, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		return 1, err
	}
	if ia.Bounds() != ib.Bounds() {
		return 1, nil
	}
	r := ia.Bounds()
	n := 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := ia.At(x, y).RGBA()
			r2, g2, b2, _ := ib.At(x, y).RGBA()
			if absDiff(r1, r2)+absDiff(g1, g2)+absDiff(b1, b2) > 3*0x1000 {
				n++
			}
		}
	}
	return float64(n) / float64(r.Dx()*r.Dy()), nil
}

func absDiff(a, b uint32) uint32 {
	if a > b {
		return a - b
	}
	return b - a
}
