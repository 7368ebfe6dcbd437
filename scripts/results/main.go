// Command results writes the generated tables of the Markdown docs from
// their sources: the committed run outputs under results/ and the
// variants' option tables (the ones the ruleset parser reads). A doc marks
// each generated table with a pair of comment lines,
//
//	<!-- results:NAME -->
//	...generated text...
//	<!-- /results:NAME -->
//
// and results replaces what lies between them with what generator NAME
// makes (see generators). Nothing outside the markers is touched, so the
// prose around a table stays hand-written.
//
// Usage, from the repository root (make results):
//
//	go run ./scripts/results          rewrite the stale blocks
//	go run ./scripts/results -check   exit 1 naming every stale block
//
// `go test ./scripts/results` fails while a committed doc is stale
// against its sources.
package main

import (
	"flag"
	"fmt"
	"os"
)

func main() {
	check := flag.Bool("check", false, "only report stale blocks (exit 1 if any)")
	root := flag.String("root", ".", "repository root")
	flag.Parse()
	stale, err := Update(*root, !*check)
	if err != nil {
		fmt.Fprintln(os.Stderr, "results:", err)
		os.Exit(2)
	}
	for _, s := range stale {
		if *check {
			fmt.Fprintln(os.Stderr, "stale:", s)
		} else {
			fmt.Println("wrote:", s)
		}
	}
	if *check && len(stale) > 0 {
		os.Exit(1)
	}
}
