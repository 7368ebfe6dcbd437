// Package load opens a baolab dataset (package dataset) for package
// analysis: it finds, lists and verifies the files of a dataset directory
// (Open, which returns a Dataset of Files), and reads the columns of
// tables that another tool wrote (OpenForeign). That is its one job: it
// aggregates nothing. Package analysis reads the files it lists into
// statistics, checking each file's footer with CheckMeta and adding
// RepairHint to the error of a corrupt or truncated file.
//
// # Checks
//
// Nothing is skipped silently: the first problem stops Open with one line
// naming the file. Open lists the dataset and reads its manifest
// (manifest.json, or the shard manifests in manifest.d, through package
// dataset). A file is foreign when its name or partition is not one
// the layout produces, when the manifest's experiment has no such cell or
// batch, or when the manifest says no move log was written; a batch is
// missing when the manifest lists it and its file is absent, when a games
// file has no moves file or the reverse, or when a cell's batch numbers
// have a gap. A temporary file of a batch being written (.part-...tmp)
// means the simulation is running or was interrupted. Without a manifest
// the analysis works from the Parquet files alone (Manifest "files"), and
// a missing last batch of a cell cannot be noticed (the summary says so).
// A manifest.json whose experiment differs from manifest.d's is an error
// naming both. A baolab-dataset/3 dataset, whose games and moves lack
// experiment_id, is read as well: the experiment comes from each file's
// footer (CheckMeta).
//
// # Tables of another tool
//
// Without a manifest and without any file named as baolab sim names them,
// the directory is read as tables that another tool wrote (Parquet files
// at any depth, Hive partitions optional, plain or dictionary strings,
// integers of any width): Manifest is then "tables", Dataset.Foreign
// reports it, and the files are read with OpenForeign. Package analysis
// says how their games are keyed and in which order their rows may come.
package load
