package slurm

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/baolab/baolab/internal/atomicfile"
)

// Names of the files that Write puts in a job's script directory.
const (
	SimScriptName     = "sim.sbatch"
	AnalyzeScriptName = "analyze.sbatch"
	LogDirName        = "logs"
)

// Job describes one experiment to play as a Slurm job array plus the analysis
// that follows it. Paths must be absolute: batch scripts run from wherever
// they were submitted, on any node.
type Job struct {
	Binary    string // the baolab binary, as the compute nodes see it
	Config    string // the experiment file passed to `baolab sim --config`
	Dir       string // the dataset directory (on a filesystem all nodes share)
	Report    string // where `baolab analyze` writes its report
	ScriptDir string // where Write puts the scripts; logs go to ScriptDir/logs
	Tasks     int    // number of array tasks = number of shards, at least 1

	Name        string   // job name of the array; the analysis is Name+"-analyze"
	Partition   string   // --partition, or "" for the cluster's default
	Time        string   // --time of each array task, or "" for the partition's default
	AnalyzeTime string   // --time of the analysis job, or "" for the partition's default
	CPUs        int      // --cpus-per-task and `baolab sim --workers`; 0: Slurm's default, one worker
	Mem         string   // --mem per task (e.g. 4G), or ""
	Account     string   // --account, or ""
	SbatchOpts  []string // further sbatch options, one "--name=value" each, for both jobs
	Version     string   // who wrote the scripts, for their header, e.g. "baolab v1.2"
}

var (
	nameRE = regexp.MustCompile(`^[A-Za-z0-9._-]+$`)
	// partRE also allows a comma-separated list of partitions.
	partRE = regexp.MustCompile(`^[A-Za-z0-9._-]+(,[A-Za-z0-9._-]+)*$`)
	// timeRE accepts sbatch's --time forms: minutes, minutes:seconds,
	// hours:minutes:seconds, days-hours, days-hours:minutes and
	// days-hours:minutes:seconds, or UNLIMITED/INFINITE.
	timeRE = regexp.MustCompile(`^(?i:\d+|\d+:\d+|\d+:\d+:\d+|\d+-\d+|\d+-\d+:\d+|\d+-\d+:\d+:\d+|unlimited|infinite)$`)
	memRE  = regexp.MustCompile(`^\d+[KMGT]?$`)
	optRE  = regexp.MustCompile(`^--[a-z][a-z0-9-]*(=.*)?$`)
)

// Validate reports the first problem of j, naming the field as the
// `baolab slurm` flag that sets it.
func (j Job) Validate() error {
	if err := validatePaths("--binary", j.Binary, "--config", j.Config, "--out", j.Dir, "--report", j.Report, "--script-dir", j.ScriptDir); err != nil {
		return err
	}
	if strings.ContainsAny(j.ScriptDir, `"\`) {
		return fmt.Errorf("--script-dir %q: sbatch cannot write logs under a path with '\"' or '\\'", j.ScriptDir)
	}
	if j.Tasks < 1 {
		return fmt.Errorf("--tasks must be at least 1, got %d", j.Tasks)
	}
	return j.validateResources()
}

// validatePaths checks flag/path pairs: each path absolute, on one line.
func validatePaths(flagPaths ...string) error {
	for i := 0; i < len(flagPaths); i += 2 {
		p := struct{ flag, path string }{flagPaths[i], flagPaths[i+1]}
		switch {
		case p.path == "":
			return fmt.Errorf("%s is empty", p.flag)
		case !filepath.IsAbs(p.path):
			return fmt.Errorf("%s %q is not an absolute path", p.flag, p.path)
		case strings.ContainsAny(p.path, "\n\r\x00"):
			return fmt.Errorf("%s %q contains a line break or NUL", p.flag, p.path)
		}
	}
	return nil
}

// validateResources reports the first problem of the fields that every
// job of baolab's shares (name, partition, limits, CPUs, memory, account,
// further options), naming the flag that sets it.
func (j Job) validateResources() error {
	if !nameRE.MatchString(j.Name) {
		return fmt.Errorf("--name %q: use letters, digits, '.', '_' and '-' only", j.Name)
	}
	if j.Partition != "" && !partRE.MatchString(j.Partition) {
		return fmt.Errorf("--partition %q: want a partition name or a comma-separated list of them", j.Partition)
	}
	for _, t := range []struct{ flag, v string }{{"--time", j.Time}, {"--analyze-time", j.AnalyzeTime}} {
		if t.v != "" && !timeRE.MatchString(t.v) {
			return fmt.Errorf("%s %q: want minutes, M:S, H:M:S, D-H, D-H:M, D-H:M:S or UNLIMITED", t.flag, t.v)
		}
	}
	if j.CPUs < 0 {
		return fmt.Errorf("--cpus must be 0 (unset) or more, got %d", j.CPUs)
	}
	if j.Mem != "" && !memRE.MatchString(j.Mem) {
		return fmt.Errorf("--mem %q: want a size such as 4000, 500M or 4G", j.Mem)
	}
	if j.Account != "" && !nameRE.MatchString(j.Account) {
		return fmt.Errorf("--account %q: use letters, digits, '.', '_' and '-' only", j.Account)
	}
	for _, o := range j.SbatchOpts {
		if !optRE.MatchString(o) || strings.ContainsAny(o, "\n\r\x00") {
			return fmt.Errorf("--sbatch %q: want one long sbatch option such as --qos=short", o)
		}
	}
	return nil
}

// SimScriptPath is the path of the array job's script.
func (j Job) SimScriptPath() string { return filepath.Join(j.ScriptDir, SimScriptName) }

// AnalyzeScriptPath is the path of the analysis job's script.
func (j Job) AnalyzeScriptPath() string { return filepath.Join(j.ScriptDir, AnalyzeScriptName) }

// LogDir is where both jobs write their output.
func (j Job) LogDir() string { return filepath.Join(j.ScriptDir, LogDirName) }

// SimScript returns the batch script of the job array: task K of Tasks runs
// `baolab sim --config Config --out Dir --shard K/Tasks --workers W`, with W
// the CPUs Slurm allocated to the task.
func (j Job) SimScript() (string, error) {
	if err := j.Validate(); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(&b, "# One task of a %d-task job array that plays the baolab experiment\n", j.Tasks)
	fmt.Fprintf(&b, "#   %s\n", j.Config)
	fmt.Fprintf(&b, "# into the dataset %s: task K plays shard K/%d.\n", j.Dir, j.Tasks)
	j.header(&b)
	fmt.Fprintf(&b, "#SBATCH --job-name=%s\n", j.Name)
	fmt.Fprintf(&b, "#SBATCH --array=0-%d\n", j.Tasks-1)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", sbatchPath(filepath.Join(j.LogDir(), "sim-%A_%a.out")))
	j.resources(&b, j.Time, true)
	b.WriteString("set -euo pipefail\n")
	b.WriteString(`if [ -z "${SLURM_ARRAY_TASK_ID:-}" ]; then` + "\n")
	fmt.Fprintf(&b, "\techo %s >&2\n", shellQuote(SimScriptName+": SLURM_ARRAY_TASK_ID is not set: submit this script with sbatch (it is a job array)"))
	b.WriteString("\texit 2\nfi\n")
	fmt.Fprintf(&b, "exec %s sim --config %s --out %s --shard \"${SLURM_ARRAY_TASK_ID}/%d\"",
		shellQuote(j.Binary), shellQuote(j.Config), shellQuote(j.Dir), j.Tasks)
	// As many workers as CPUs Slurm gave the task: without --cpus-per-task
	// that is one, whatever the node has.
	if j.CPUs > 0 {
		fmt.Fprintf(&b, " --workers %d\n", j.CPUs)
	} else {
		b.WriteString(" --workers \"${SLURM_CPUS_PER_TASK:-1}\"\n")
	}
	return b.String(), nil
}

// AnalyzeScript returns the batch script of the analysis job, which runs
// `baolab analyze Dir --out Report`. It is meant to be submitted with a
// dependency on the array (see Submitter.Submit).
func (j Job) AnalyzeScript() (string, error) {
	if err := j.Validate(); err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("#!/bin/bash\n")
	fmt.Fprintf(&b, "# Analyses the baolab dataset %s into %s\n", j.Dir, j.Report)
	fmt.Fprintf(&b, "# once every task of the array job (%s) has succeeded.\n", j.SimScriptPath())
	j.header(&b)
	fmt.Fprintf(&b, "#SBATCH --job-name=%s-analyze\n", j.Name)
	fmt.Fprintf(&b, "#SBATCH --output=%s\n", sbatchPath(filepath.Join(j.LogDir(), "analyze-%j.out")))
	j.resources(&b, j.AnalyzeTime, false)
	b.WriteString("set -euo pipefail\n")
	fmt.Fprintf(&b, "exec %s analyze %s --out %s\n", shellQuote(j.Binary), shellQuote(j.Dir), shellQuote(j.Report))
	return b.String(), nil
}

// header writes the comment that says who wrote the script and how to
// submit and re-submit it.
func (j Job) header(b *strings.Builder) {
	by := "`baolab slurm`"
	if j.Version != "" {
		by += " (" + j.Version + ")"
	}
	fmt.Fprintf(b, "# Written by %s. Submit both jobs with `baolab slurm ... --submit`, or by hand:\n", by)
	for _, c := range j.SubmitCommands() {
		fmt.Fprintf(b, "#   %s\n", c)
	}
	b.WriteString("# If some tasks fail, submit both again: the simulator resumes, so only the\n")
	b.WriteString("# missing batches are played (sbatch --array=K,... re-runs chosen shards only).\n")
}

// SubmitCommands returns the shell commands that submit both jobs by hand,
// as Submitter.Submit does.
func (j Job) SubmitCommands() []string {
	return []string{
		"A=$(sbatch --parsable " + shellQuote(j.SimScriptPath()) + ")",
		"sbatch --dependency=afterok:$A --kill-on-invalid-dep=yes " + shellQuote(j.AnalyzeScriptPath()),
	}
}

// resources writes the #SBATCH lines that both jobs share.
func (j Job) resources(b *strings.Builder, limit string, cpus bool) {
	if j.Partition != "" {
		fmt.Fprintf(b, "#SBATCH --partition=%s\n", j.Partition)
	}
	if j.Account != "" {
		fmt.Fprintf(b, "#SBATCH --account=%s\n", j.Account)
	}
	if limit != "" {
		fmt.Fprintf(b, "#SBATCH --time=%s\n", limit)
	}
	if j.CPUs > 0 && cpus {
		fmt.Fprintf(b, "#SBATCH --cpus-per-task=%d\n", j.CPUs)
	}
	if j.Mem != "" {
		fmt.Fprintf(b, "#SBATCH --mem=%s\n", j.Mem)
	}
	for _, o := range j.SbatchOpts {
		fmt.Fprintf(b, "#SBATCH %s\n", o)
	}
}

// Write writes both scripts into j.ScriptDir, creating it and its logs
// directory, each script through a temporary file renamed into place so a
// crash never leaves half a script.
func (j Job) Write() error {
	sim, err := j.SimScript()
	if err != nil {
		return err
	}
	an, err := j.AnalyzeScript()
	if err != nil {
		return err
	}
	if err := os.MkdirAll(j.LogDir(), 0o755); err != nil {
		return fmt.Errorf("creating the script directory: %w", err)
	}
	if err := writeFile(j.SimScriptPath(), sim); err != nil {
		return err
	}
	return writeFile(j.AnalyzeScriptPath(), an)
}

// writeFile writes a script atomically (internal/atomicfile), mode 0755
// whatever the umask, so that sbatch and bash can run it.
func writeFile(path, text string) error {
	return atomicfile.WriteFile(path, []byte(text), atomicfile.Mode(0o755))
}

// shellQuote quotes s as one word for a POSIX shell.
func shellQuote(s string) string {
	if s != "" && strings.IndexFunc(s, func(r rune) bool {
		return !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune("/._-+=:,@%", r))
	}) < 0 {
		return s
	}
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

// sbatchPath writes a path for an #SBATCH --output line, whose patterns
// (%A, %a, %j) are kept: a literal '%' elsewhere in the directory is doubled,
// and a path with blanks is double-quoted, as sbatch reads it. Validate
// refuses script directories with '"' or '\', which sbatch cannot take.
func sbatchPath(p string) string {
	dir, file := filepath.Split(p)
	dir = strings.ReplaceAll(dir, "%", "%%")
	p = dir + file
	if strings.ContainsAny(p, " \t'") {
		return `"` + p + `"`
	}
	return p
}
