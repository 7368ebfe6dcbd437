// Package all registers every baolab variant with package engine. Import it
// for its side effect:
//
//	import _ "github.com/baolab/baolab/engine/all"
package all

//go:generate go test -run TestOptionDocTables -update .

import (
	_ "github.com/baolab/baolab/engine/kimasai2"
	_ "github.com/baolab/baolab/engine/kimasai4"
	_ "github.com/baolab/baolab/engine/kingulu"
)
