//go:build tools

// Package deps pins the project's third-party modules while they come into use.
package deps

import (
	_ "github.com/apache/arrow-go/v18/parquet/pqarrow"
	_ "github.com/pelletier/go-toml/v2"
	_ "github.com/schollz/progressbar/v3"
	_ "github.com/spf13/cobra"
	_ "gonum.org/v1/gonum/stat/distuv"
	_ "gonum.org/v1/plot/plotter"
	_ "gonum.org/v1/plot/vg/vgimg"
)
