package load

import (
	"slices"
	"testing"
)

func TestNaturalCompare(t *testing.T) {
	got := []string{"m/data_10.parquet", "m/data_2.parquet", "m/data_1.parquet", "l/data_3.parquet", "m/data_02.parquet"}
	slices.SortStableFunc(got, naturalCompare)
	want := []string{"l/data_3.parquet", "m/data_1.parquet", "m/data_2.parquet", "m/data_02.parquet", "m/data_10.parquet"}
	if !slices.Equal(got, want) {
		t.Errorf("sorted %q, want %q", got, want)
	}
}
