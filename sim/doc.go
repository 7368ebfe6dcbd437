// Package sim plays experiments: every ruleset × agent pair (a cell) of a
// dataset.Experiment plays a fixed number of games, and every game and
// every ply is written to a Parquet dataset (see package dataset for the
// layout and the columns).
//
// # Reproducibility
//
// Game i of a cell gets the seed dataset.GameSeed(dataset.CellKey(seed,
// ruleset, agents), i), which depends only on the experiment seed, the
// canonical ruleset, the canonical agent pair and i. Each side's agent is
// Reset with dataset.AgentSeed(game seed, side) before the game, and nothing else
// draws random numbers, so a game's moves depend on nothing but that
// tuple: not on the worker that plays it, the order of batches, the
// number of workers or the shard split. An experiment with
// OpeningPlies K plays game i's first K plies uniformly at random from
// dataset.OpeningSeed(seed, ruleset, i) before the agents take over; that
// seed leaves out the agent pair, so every pair of a ladder, both seat
// orders included, starts game i from the same opening.
//
// # Ladders
//
// Plan.Ladder lists agents played round-robin: Plan.Experiment adds every
// ordered pair of them (self-play included) to the agent pairs and records
// the list in Experiment.Ladder, so the manifest marks the ladder's cells
// and the analysis fits their ratings.
//
// The games of a cell are cut into batches of Experiment.Batch
// consecutive game indices. A batch is the unit of work, of files and of
// resumption: one worker plays it from its first game to its last, in
// order, into one file per table, so the files' contents (not only their
// rows) are the same for any number of workers.
//
// # Workers
//
// Run starts W workers. Each has its own engine states, agents, column
// buffers (dataset.GameBatch, dataset.MoveBatch) and dataset.Writer,
// takes the next unfinished batch, plays it, appends each game's and each
// move's row (dataset.GameRow, dataset.MoveRow) and writes its files itself (encoding and zstd compression run in
// parallel too). A collector receives finished batches in whatever order
// they end, records them and reports progress. Playing a game does not
// allocate once a worker's buffers have grown; moves are flushed to the
// file every 2^19 rows (one row group), so memory per worker is bounded by
// a batch's games table plus one row group of moves, whatever --games is.
//
// # Files and faults
//
// A batch's files are written under a temporary dot-name in their final
// directory, synced, and renamed; the moves file first, then the games
// file, whose rename marks the batch finished. Each file's footer records
// the experiment's ID, the cell, the batch and its number of games and
// plies. When a run starts it checks every batch of its shard: a batch is
// finished when its games file (and moves file, unless moves are off) has
// a readable footer of this experiment and batch with the right row
// counts; any other batch is played again and its files replaced by
// rename. So a run killed at any moment (kill -9, power loss) leaves only
// complete files under final names, and running the same command again
// ends with exactly Games games per cell and the same rows as an
// uninterrupted run. A write error (full disk, read-only or missing
// directory) stops the run: every worker stops at its next move, removes
// its temporary files and the error is returned; so does a cancelled
// context, except that a worker still in one long move after
// Options.StopGrace is not waited for (its temporary files are removed). Temporary files carry a tag unique to their writer and are
// created exclusively, so two writers never share one.
//
// The manifests are records, not the source of truth: each shard process
// owns manifest.d/shard-K-of-N.json (its runs with build, host, start and
// end times, status and counts, and the batches it found finished), and
// manifest.json is the merged view, rewritten under an flock from all shard
// manifests. A resume trusts no file it has not verified: every finished
// batch's footer (experiment, cell, batch, row counts) is checked, and each
// file's size and CRC-32C against the shard manifests' record
// (dataset.FileSum); a batch whose files do not match is played again (its
// games file removed first), and one recorded without checksums (an older
// dataset) or not recorded (a lost manifest, a kill after the rename of its
// games file) is verified by reading its files whole and its checksums are
// recorded. Start.Notes say what was found. A Parquet file in games/ or
// moves/ that is not one of the experiment's batch files (a copied file) is
// refused (ErrForeignFile) and left alone. With both manifests lost, the
// manifest is rebuilt from the files when every one of them is a batch
// file of this experiment; a corrupt manifest.json is rebuilt, a corrupt
// shard manifest moved aside to NAME.corrupt. A directory whose manifests
// hold another experiment, or that holds data of another experiment but
// no manifest, is refused (ErrOtherExperiment) unless Options.Force, which
// deletes the old games/, moves/, manifests and reports (DIR/report with a
// summary.json, and any directory inside DIR whose summary.json is a
// baolab report) first. Manifests get the
// permissions of the data files (0666 less the umask). Experiments of
// more than dataset.MaxFiles batches, batches of more than dataset.MaxBatch
// games and more than MaxWorkers() workers are
// refused before anything is planned.
//
// # Shards
//
// Shard K of N plays batch b of every cell when b mod N = K, so every
// shard gets an even share of every cell, and cells of very different
// cost (random against MCTS agents) balance. All shards write into the
// same directory without clashing: their files and shard manifests have
// different names, and manifest.json is only written under the directory
// lock. Each shard process holds an exclusive flock on its own
// manifest.d/shard-K-of-N.lock, so the same shard cannot run twice at
// once (ErrShardBusy). Every process of a run with N shards also holds a
// shared flock on manifest.d/shards-N.lock: a run with another shard
// count (which would play the same batches), or Force of another
// experiment, is refused with ErrShardBusy while any of them runs;
// resuming with another split afterwards is allowed.
package sim
