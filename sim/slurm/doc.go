// Package slurm plays one baolab experiment, or solves one board layer by
// layer (SolveJob), across a Slurm cluster, with no scheduler of baolab's
// own: it writes the batch scripts that do it and submits them with sbatch.
// A solve is an enumeration job, one job array per wave of layers, each
// after the previous one (afterok), and a finish job; see `baolab solve
// --help` for its steps.
//
// The experiment is cut into N shards, as `baolab sim --shard K/N` does: task
// K of a job array of N tasks (array indices 0..N-1) runs
//
//	baolab sim --config FILE --out DIR --shard $SLURM_ARRAY_TASK_ID/N
//
// and every task writes into the same dataset directory DIR, which must be on
// a filesystem that all nodes share. A second job, submitted with
// --dependency=afterok on the array, runs `baolab analyze DIR --out REPORT`
// once every task has succeeded; if a task fails it is cancelled instead of
// waiting for ever (--kill-on-invalid-dep=yes).
//
// The shard count is written into the script rather than read from
// SLURM_ARRAY_TASK_COUNT, so re-submitting only some indices
// (sbatch --array=1,3 sim.sbatch) still plays the slices of an N-way split.
// Re-submitting after a failure is always safe: the simulator resumes, so
// batches that a task already finished are kept and only the missing ones are
// played, and the dataset ends equal to that of a clean run.
//
// Every path in the scripts is absolute (binary, config, DIR, report, logs),
// because Slurm runs a batch script from the directory it was submitted from,
// on whichever node it lands.
package slurm
