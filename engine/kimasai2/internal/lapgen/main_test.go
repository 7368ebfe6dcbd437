package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestGeneratedUpToDate checks that the committed lap loops of kimasai2
// are what lapgen writes now (run go generate in engine/kimasai2 after
// editing the template).
func TestGeneratedUpToDate(t *testing.T) {
	fs, err := files()
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range fs {
		got, err := os.ReadFile(filepath.Join("..", "..", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what lapgen writes: run go generate in engine/kimasai2", name)
		}
	}
}
