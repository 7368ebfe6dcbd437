package all_test

import (
	"flag"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/baolab/baolab/engine"
	"github.com/baolab/baolab/engine/internal/optdoc"
)

var update = flag.Bool("update", false, "rewrite the option tables of the variants' package docs")

// TestOptionDocTables checks that the option table in every registered
// variant's doc.go is the one its option table makes (optdoc.Lines), so
// the package doc cannot drift from the parser and `baolab rules`. With
// -update (go generate ./engine/all) it rewrites the stale tables.
func TestOptionDocTables(t *testing.T) {
	const module = "github.com/baolab/baolab/engine/"
	for _, v := range engine.Variants() {
		pkg := reflect.TypeOf(engine.MustParse(v.Name)).Elem().PkgPath()
		rel, ok := strings.CutPrefix(pkg, module)
		if !ok {
			t.Errorf("%s: package %s is not under engine/", v.Name, pkg)
			continue
		}
		path := filepath.Join("..", filepath.FromSlash(rel), "doc.go")
		doc, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		want, err := optdoc.Replace(string(doc), v.Options)
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if want == string(doc) {
			continue
		}
		if *update {
			if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		t.Errorf("%s: the option table is stale; run go generate ./engine/all", path)
	}
}
