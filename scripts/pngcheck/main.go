// Command pngcheck fails on a blank screenshot: for each PNG file named on
// the command line it prints the share of pixels that differ from the
// image's most common colour, and exits 1 if any share is below -min
// (default 1%). scripts/test-report.sh uses it on the browser's
// screenshots of the report pages.
package main

import (
	"flag"
	"fmt"
	"image"
	"image/png"
	"os"
)

func main() {
	minShare := flag.Float64("min", 0.01, "smallest share of pixels that must differ from the background")
	flag.Parse()
	failed := false
	for _, path := range flag.Args() {
		share, w, h, err := inked(path)
		switch {
		case err != nil:
			fmt.Fprintf(os.Stderr, "pngcheck: %s: %v\n", path, err)
			failed = true
		case share < *minShare:
			fmt.Printf("pngcheck: %s: %dx%d, %.2f%% of pixels differ from the background: blank page\n", path, w, h, 100*share)
			failed = true
		default:
			fmt.Printf("pngcheck: %s: %dx%d, %.1f%% of pixels differ from the background\n", path, w, h, 100*share)
		}
	}
	if failed {
		os.Exit(1)
	}
}

// inked returns the share of pixels of the PNG at path whose colour is
// not the most common one, and the image's size.
func inked(path string) (share float64, w, h int, err error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, 0, 0, err
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		return 0, 0, 0, err
	}
	r := img.Bounds()
	if r.Empty() {
		return 0, 0, 0, fmt.Errorf("empty image")
	}
	count := map[[4]uint32]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			count[key(img, x, y)]++
		}
	}
	most := 0
	for _, n := range count {
		most = max(most, n)
	}
	total := r.Dx() * r.Dy()
	return float64(total-most) / float64(total), r.Dx(), r.Dy(), nil
}

func key(img image.Image, x, y int) [4]uint32 {
	a, b, c, d := img.At(x, y).RGBA()
	return [4]uint32{a, b, c, d}
}
