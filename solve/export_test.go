package solve

import "github.com/baolab/baolab/engine"

// SolveLayersEach is SolveLayers calling each with every solved layer:
// its keys within the layer and their values (-128: None).
func SolveLayersEach(start engine.State, opt Options, each func(layer uint64, keys []uint64, south, north []int8)) (*Result, error) {
	return solveLayers(start, opt, layerHooks{solved: func(l uint64, keys []uint64, south, north []int8) error {
		each(l, keys, south, north)
		return nil
	}})
}

// SolveLayersStop is SolveLayers calling enumerated with every layer
// enumerated and solved with every layer solved; an error from either
// stops it.
func SolveLayersStop(start engine.State, opt Options, enumerated func(LayerSize) error, solved func(layer uint64, keys []uint64, south, north []int8) error) (*Result, error) {
	return solveLayers(start, opt, layerHooks{enumerated: enumerated, solved: solved})
}

// WriteTableFormat is WriteTable writing format in the footer instead of
// the table's own ("-": no format, as files written before format 2).
func WriteTableFormat(dir string, t *Table, format string) error { return writeTable(dir, t, format) }

// SolveLayersSpill is SolveLayers calling spill within every layer taken
// out of core (Options.LayerMem: "generation" at the end of each
// generation of its enumeration, "read" and "solved" in its solve) and
// each with every layer solved; an error from spill stops it.
func SolveLayersSpill(start engine.State, opt Options, spill func(stage string) error, each func(layer uint64, keys []uint64, south, north []int8)) (*Result, error) {
	return solveLayers(start, opt, layerHooks{spill: spill, solved: func(l uint64, keys []uint64, south, north []int8) error {
		if each != nil {
			each(l, keys, south, north)
		}
		return nil
	}})
}
