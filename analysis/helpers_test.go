package analysis

import (
	"encoding/json"
	"math/rand/v2"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/baolab/baolab/analysis/internal/synth"
	"github.com/baolab/baolab/dataset"
)

// eachRecord reads the Parquet file at path with arrow-go directly (not
// through dataset.Reader, so that the tests that use it check the analysis
// against an independent reading) and calls f with each record batch.
func eachRecord(t testing.TB, path string, f func(rec arrow.RecordBatch)) {
	t.Helper()
	tab, err := dataset.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	defer tab.Release()
	rr := array.NewTableReader(tab, -1)
	defer rr.Release()
	for rr.Next() {
		f(rr.RecordBatch())
	}
}

func mustJSON(t testing.TB, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// writeRandom writes cells cells of kingulu readings (random/random), each
// with batches batches of per games of mean length plies.
func writeRandom(t testing.TB, dir string, cells, batches, per, plies int) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	for c := 0; c < cells; c++ {
		cell := synth.Cell{Ruleset: readings[c%len(readings)], Variant: "kingulu", South: "random", North: "random", First: "south",
			MeanPlies: plies, PFirst: 0.45 + 0.05*float64(c), PDraw: 0.1}
		for b := 0; b < batches; b++ {
			games := synth.RandomGames(rng, cell, int64(c*batches*per+b*per), per)
			if err := synth.WriteBatch(dir, c, b, games, true); err != nil {
				t.Fatal(err)
			}
		}
	}
}

var readings = []string{"kingulu", "kingulu:penultimate=never", "kingulu:seeds=5", "kingulu:holes=7", "kingulu:max_plies=500"}
