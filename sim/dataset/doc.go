// Package dataset defines the on-disk form of a baolab simulation dataset:
// the Arrow schemas of its two tables, the documentation of every column,
// and the Hive-style directory layout that outside tools (DuckDB, pandas,
// polars) read as one table per kind.
//
// A dataset directory holds
//
//	manifest.json
//	games/ruleset=<escaped canonical ruleset>/part-c<cell>-b<batch>.parquet
//	moves/ruleset=<escaped canonical ruleset>/part-c<cell>-b<batch>.parquet
//
// One file holds one batch: a fixed range of game indices of one cell (a
// ruleset × agent pair). Batch boundaries depend only on the experiment, so
// the same experiment writes the same files whatever the number of workers
// or shards. Every file carries all of its table's columns, ruleset
// included, so a single file can be read on its own; the partition
// directory repeats the ruleset for readers that use Hive partitioning.
package dataset
