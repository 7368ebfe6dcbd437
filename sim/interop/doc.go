// Package interop holds tests that read baolab datasets with outside tools.
//
// It is a Go module of its own (github.com/baolab/baolab/sim/interop) so that
// the main module's build and test suite never link DuckDB, a cgo library
// whose static archive for one platform is over 100 MB. Its one test, in duckdb_test.go, writes a small
// dataset with package sim and reads it with DuckDB as one table per kind
// (games, moves) with Hive partitioning, checking row counts, types, the
// ruleset column against the canonical rulesets, per-ruleset results against
// baolab's own reader, and a join of moves to games.
//
// Run it with
//
//	cd sim/interop && go test ./...
package interop
