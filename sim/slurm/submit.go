package slurm

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
)

// Submission holds the ids of the jobs that Submit queued.
type Submission struct {
	Array   string // the job array that plays the experiment
	Analyze string // the analysis job, which waits for the array
}

// Submitter submits a Job's scripts with sbatch.
type Submitter struct {
	// Sbatch is the sbatch command to run; "sbatch" (looked up on PATH)
	// when empty.
	Sbatch string
}

// Submit queues the job array of j and then its analysis, with
// --dependency=afterok on the array and --kill-on-invalid-dep=yes, so the
// analysis starts only when every task has succeeded and is cancelled if a
// task fails. The scripts must already be written (Job.Write). When the
// analysis cannot be queued, the error carries the array's id, which stays
// queued.
func (s Submitter) Submit(ctx context.Context, j Job) (Submission, error) {
	var sub Submission
	array, err := s.sbatch(ctx, j.SimScriptPath())
	if err != nil {
		return sub, fmt.Errorf("submitting the job array: %w", err)
	}
	sub.Array = array
	an, err := s.sbatch(ctx, "--dependency=afterok:"+array, "--kill-on-invalid-dep=yes", j.AnalyzeScriptPath())
	if err != nil {
		return sub, fmt.Errorf("submitting the analysis (job array %s is queued; scancel %s stops it): %w", array, array, err)
	}
	sub.Analyze = an
	return sub, nil
}

// sbatch runs sbatch --parsable with args and returns the new job's id.
func (s Submitter) sbatch(ctx context.Context, args ...string) (string, error) {
	name := s.Sbatch
	if name == "" {
		name = "sbatch"
	}
	path, err := exec.LookPath(name)
	if err != nil {
		if name == "sbatch" {
			return "", ErrNoSbatch
		}
		return "", fmt.Errorf("sbatch command %q: %w", name, err)
	}
	var stdout, stderr bytes.Buffer
	cmd := exec.CommandContext(ctx, path, append([]string{"--parsable"}, args...)...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		if msg := lastLine(stderr.String()); msg != "" {
			return "", fmt.Errorf("%s: %s", name, msg)
		}
		return "", fmt.Errorf("%s: %w", name, err)
	}
	return ParseJobID(stdout.String())
}

// ParseJobID returns the job id that `sbatch --parsable` printed: "123", or
// "123;cluster" on a federation or multi-cluster setup.
func ParseJobID(out string) (string, error) {
	id := strings.TrimSpace(out)
	if i := strings.IndexByte(id, ';'); i >= 0 {
		id = id[:i]
	}
	if id == "" || strings.Trim(id, "0123456789") != "" {
		return "", fmt.Errorf("sbatch printed %q, not a job id", strings.TrimSpace(out))
	}
	return id, nil
}

// lastLine returns the last non-blank line of s, which is where sbatch
// puts its error.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.TrimSpace(lines[len(lines)-1])
}

// ErrNoSbatch is returned (wrapped) by Submit when sbatch is not on PATH.
var ErrNoSbatch = errors.New("sbatch not found on PATH: run this on a Slurm login node, or copy the scripts there and submit them by hand")
