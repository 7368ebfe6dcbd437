package slurm

import (
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/baolab/baolab/internal/testenv"
)

var update = flag.Bool("update", false, "rewrite the golden scripts in testdata/")

// fullJob sets every field, so the golden scripts show every line Job can write.
func fullJob() Job {
	return Job{
		Binary:      "/opt/baolab/bin/baolab",
		Config:      "/home/ana/configs/balance.toml",
		Dir:         "/scratch/ana/balance",
		Report:      "/scratch/ana/balance/report",
		ScriptDir:   "/scratch/ana/balance.slurm",
		Tasks:       16,
		Name:        "baolab-balance",
		Partition:   "short,long",
		Time:        "1-02:00:00",
		AnalyzeTime: "30:00",
		CPUs:        8,
		Mem:         "4G",
		Account:     "games_lab",
		SbatchOpts:  []string{"--qos=normal", "--mail-type=END"},
		Version:     "baolab v1.0.0",
	}
}

func minimalJob() Job {
	return Job{
		Binary:    "/usr/local/bin/baolab",
		Config:    "/data/q.toml",
		Dir:       "/data/q",
		Report:    "/data/q/report",
		ScriptDir: "/data/q.slurm",
		Tasks:     1,
		Name:      "q",
	}
}

func TestScriptsGolden(t *testing.T) {
	for _, c := range []struct {
		name string
		job  Job
	}{{"full", fullJob()}, {"minimal", minimalJob()}} {
		sim, err := c.job.SimScript()
		if err != nil {
			t.Fatalf("%s: SimScript: %v", c.name, err)
		}
		an, err := c.job.AnalyzeScript()
		if err != nil {
			t.Fatalf("%s: AnalyzeScript: %v", c.name, err)
		}
		checkGolden(t, filepath.Join("testdata", c.name+"-sim.sbatch"), sim)
		checkGolden(t, filepath.Join("testdata", c.name+"-analyze.sbatch"), an)
	}
}

func checkGolden(t *testing.T, path, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the generated script (go test -update rewrites it); got:\n%s", path, got)
	}
}

// TestSBATCHLines checks the lines sbatch reads, independently of the golden
// files: each option appears once, in the block before the first command.
func TestSBATCHLines(t *testing.T) {
	sim, err := fullJob().SimScript()
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"--job-name=baolab-balance",
		"--array=0-15",
		"--output=/scratch/ana/balance.slurm/logs/sim-%A_%a.out",
		"--partition=short,long",
		"--account=games_lab",
		"--time=1-02:00:00",
		"--cpus-per-task=8",
		"--mem=4G",
		"--qos=normal",
		"--mail-type=END",
	}
	if got := sbatchOptions(sim); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sim script options:\n got %q\nwant %q", got, want)
	}
	an, err := fullJob().AnalyzeScript()
	if err != nil {
		t.Fatal(err)
	}
	want = []string{
		"--job-name=baolab-balance-analyze",
		"--output=/scratch/ana/balance.slurm/logs/analyze-%j.out",
		"--partition=short,long",
		"--account=games_lab",
		"--time=30:00",
		"--mem=4G",
		"--qos=normal",
		"--mail-type=END",
	}
	if got := sbatchOptions(an); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("analyze script options:\n got %q\nwant %q", got, want)
	}
}

// sbatchOptions returns the #SBATCH options sbatch would read: those before
// the first line that is neither blank nor a comment.
func sbatchOptions(script string) []string {
	var opts []string
	for _, l := range strings.Split(script, "\n") {
		if l != "" && !strings.HasPrefix(l, "#") {
			break
		}
		if o, ok := strings.CutPrefix(l, "#SBATCH "); ok {
			opts = append(opts, o)
		}
	}
	return opts
}

func TestValidate(t *testing.T) {
	for i, c := range []struct {
		edit func(*Job)
		want string // in the error; "" for valid
	}{
		{func(j *Job) {}, ""},
		{func(j *Job) { j.Time, j.AnalyzeTime = "90", "UNLIMITED" }, ""},
		{func(j *Job) { j.Time = "2:30" }, ""},
		{func(j *Job) { j.Time = "3-4" }, ""},
		{func(j *Job) { j.Time = "3-4:05" }, ""},
		{func(j *Job) { j.Mem = "4000" }, ""},
		{func(j *Job) { j.CPUs = 0 }, ""},
		{func(j *Job) { j.Dir = "/data/my runs/ü" }, ""},
		{func(j *Job) { j.Binary = "" }, "--binary is empty"},
		{func(j *Job) { j.Config = "configs/q.toml" }, `--config "configs/q.toml" is not an absolute path`},
		{func(j *Job) { j.Dir = "/data/q\n#SBATCH --x" }, "--out"},
		{func(j *Job) { j.Report = "report" }, "--report"},
		{func(j *Job) { j.ScriptDir = "" }, "--script-dir is empty"},
		{func(j *Job) { j.ScriptDir = `/data/"q"` }, "--script-dir"},
		{func(j *Job) { j.Tasks = 0 }, "--tasks must be at least 1, got 0"},
		{func(j *Job) { j.Name = "my job" }, "--name"},
		{func(j *Job) { j.Name = "" }, "--name"},
		{func(j *Job) { j.Partition = "a b" }, "--partition"},
		{func(j *Job) { j.Partition = "a," }, "--partition"},
		{func(j *Job) { j.Time = "3h" }, `--time "3h"`},
		{func(j *Job) { j.AnalyzeTime = "1:2:3:4" }, "--analyze-time"},
		{func(j *Job) { j.CPUs = -1 }, "--cpus"},
		{func(j *Job) { j.Mem = "4GB" }, "--mem"},
		{func(j *Job) { j.Account = "a;b" }, "--account"},
		{func(j *Job) { j.SbatchOpts = []string{"-q short"} }, "--sbatch"},
		{func(j *Job) { j.SbatchOpts = []string{"--qos=a\nrm -rf /"} }, "--sbatch"},
	} {
		j := fullJob()
		c.edit(&j)
		err := j.Validate()
		switch {
		case c.want == "" && err != nil:
			t.Errorf("case %d: unexpected error %v", i, err)
		case c.want != "" && err == nil:
			t.Errorf("case %d: no error, want one with %q", i, c.want)
		case c.want != "" && !strings.Contains(err.Error(), c.want):
			t.Errorf("case %d: error %q does not contain %q", i, err, c.want)
		}
		if c.want != "" {
			if _, err := j.SimScript(); err == nil {
				t.Errorf("case %d: SimScript accepted an invalid job", i)
			}
			if _, err := j.AnalyzeScript(); err == nil {
				t.Errorf("case %d: AnalyzeScript accepted an invalid job", i)
			}
		}
	}
}

func TestShellQuoteRoundTrip(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		testenv.Missing(t, "no bash on PATH: the written scripts are not run")
	}
	words := []string{"plain", "", "with space", "it's", `a"b`, `$HOME`, "`id`", `back\slash`, "tab\there", "*?[x]", "ü/ñ", "-n", "%A_%a", "a;b|c&d"}
	var script strings.Builder
	for _, w := range words {
		fmt.Fprintf(&script, "printf '%%s\\0' %s\n", shellQuote(w))
	}
	out, err := exec.Command(bash, "-c", script.String()).Output()
	if err != nil {
		t.Fatalf("bash: %v\n%s", err, script.String())
	}
	got := strings.Split(strings.TrimSuffix(string(out), "\x00"), "\x00")
	if len(got) != len(words) {
		t.Fatalf("bash printed %d words, want %d: %q", len(got), len(words), got)
	}
	for i := range words {
		if got[i] != words[i] {
			t.Errorf("shellQuote(%q) = %s reads back as %q", words[i], shellQuote(words[i]), got[i])
		}
	}
	if q := shellQuote("/opt/bin/baolab"); q != "/opt/bin/baolab" {
		t.Errorf("a plain path is quoted needlessly: %s", q)
	}
}

func TestSbatchPath(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"/a/logs/sim-%A_%a.out", "/a/logs/sim-%A_%a.out"},
		{"/a/100%/logs/sim-%A_%a.out", "/a/100%%/logs/sim-%A_%a.out"},
		{"/my runs/logs/analyze-%j.out", `"/my runs/logs/analyze-%j.out"`},
		{"/ana's/logs/x-%j.out", `"/ana's/logs/x-%j.out"`},
	} {
		if got := sbatchPath(c.in); got != c.want {
			t.Errorf("sbatchPath(%q) = %s, want %s", c.in, got, c.want)
		}
	}
}

// TestScriptsRun runs the written scripts with bash and a stand-in baolab
// that records its arguments, with awkward paths, as a Slurm task would.
func TestScriptsRun(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		testenv.Missing(t, "no bash on PATH: the written scripts are not run")
	}
	root := filepath.Join(t.TempDir(), "it's a $dir")
	argsFile := filepath.Join(root, "args")
	fake := filepath.Join(root, "bin", "bao lab")
	if err := os.MkdirAll(filepath.Dir(fake), 0o755); err != nil {
		t.Fatal(err)
	}
	stub := "#!/bin/sh\nfor a in \"$@\"; do printf '%s\\n' \"$a\"; done > " + shellQuote(argsFile) + "\n"
	if err := os.WriteFile(fake, []byte(stub), 0o755); err != nil {
		t.Fatal(err)
	}
	j := Job{
		Binary:    fake,
		Config:    filepath.Join(root, "exp `1`.toml"),
		Dir:       filepath.Join(root, "data"),
		Report:    filepath.Join(root, "data", "rep ort"),
		ScriptDir: filepath.Join(root, "data.slurm"),
		Tasks:     4,
		Name:      "t",
		CPUs:      3,
	}
	if err := j.Write(); err != nil {
		t.Fatal(err)
	}
	run := func(script string, env ...string) (string, error) {
		os.Remove(argsFile)
		cmd := exec.Command(bash, script)
		cmd.Env = append(os.Environ(), env...)
		out, err := cmd.CombinedOutput()
		if err != nil {
			return string(out), err
		}
		b, err := os.ReadFile(argsFile)
		return string(b), err
	}

	got, err := run(j.SimScriptPath(), "SLURM_ARRAY_TASK_ID=2", "SLURM_ARRAY_TASK_COUNT=1")
	if err != nil {
		t.Fatalf("sim script: %v: %s", err, got)
	}
	want := strings.Join([]string{"sim", "--config", j.Config, "--out", j.Dir, "--shard", "2/4", "--workers", "3"}, "\n") + "\n"
	if got != want {
		t.Errorf("sim script ran baolab with\n%s\nwant\n%s", got, want)
	}

	out, err := run(j.SimScriptPath(), "SLURM_ARRAY_TASK_ID=")
	if err == nil || !strings.Contains(out, "SLURM_ARRAY_TASK_ID is not set") {
		t.Errorf("sim script outside an array: err %v, output %q; want a failure naming SLURM_ARRAY_TASK_ID", err, out)
	}
	if _, serr := os.Stat(argsFile); serr == nil {
		t.Error("sim script outside an array ran baolab")
	}

	// Without CPUs the task runs as many workers as Slurm gave it CPUs.
	j.CPUs = 0
	if err := j.Write(); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct{ env, want string }{{"SLURM_CPUS_PER_TASK=5", "5"}, {"SLURM_CPUS_PER_TASK=", "1"}} {
		got, err := run(j.SimScriptPath(), "SLURM_ARRAY_TASK_ID=0", c.env)
		if err != nil {
			t.Fatalf("sim script: %v: %s", err, got)
		}
		if !strings.HasSuffix(got, "--shard\n0/4\n--workers\n"+c.want+"\n") {
			t.Errorf("sim script with %s ran baolab with\n%s\nwant --workers %s", c.env, got, c.want)
		}
	}

	got, err = run(j.AnalyzeScriptPath())
	if err != nil {
		t.Fatalf("analyze script: %v: %s", err, got)
	}
	want = strings.Join([]string{"analyze", j.Dir, "--out", j.Report}, "\n") + "\n"
	if got != want {
		t.Errorf("analyze script ran baolab with\n%s\nwant\n%s", got, want)
	}
}

func TestWrite(t *testing.T) {
	dir := t.TempDir()
	j := minimalJob()
	j.ScriptDir = filepath.Join(dir, "q.slurm")
	if err := j.Write(); err != nil {
		t.Fatal(err)
	}
	// Writing again replaces the scripts in place.
	j.Tasks = 3
	if err := j.Write(); err != nil {
		t.Fatal(err)
	}
	ents, err := os.ReadDir(j.ScriptDir)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if got, want := strings.Join(names, " "), "analyze.sbatch logs sim.sbatch"; got != want {
		t.Errorf("script dir holds %q, want %q (no temporary files)", got, want)
	}
	b, err := os.ReadFile(j.SimScriptPath())
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(b), "#SBATCH --array=0-2\n") {
		t.Errorf("rewritten script does not have the new array size:\n%s", b)
	}
	st, err := os.Stat(j.SimScriptPath())
	if err != nil {
		t.Fatal(err)
	}
	if st.Mode().Perm()&0o100 == 0 {
		t.Errorf("script mode %v is not executable", st.Mode())
	}

	// A script directory that cannot be created is an error naming the cause.
	file := filepath.Join(dir, "plain-file")
	if err := os.WriteFile(file, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	j.ScriptDir = filepath.Join(file, "sub")
	err = j.Write()
	if err == nil || !strings.Contains(err.Error(), "creating the script directory") || !strings.Contains(err.Error(), "not a directory") {
		t.Errorf("Write under a file: error %v, want one about creating the script directory", err)
	}
	// An invalid job writes nothing.
	j = minimalJob()
	j.ScriptDir = filepath.Join(dir, "bad.slurm")
	j.Tasks = 0
	if err := j.Write(); err == nil {
		t.Error("Write accepted zero tasks")
	}
	if _, err := os.Stat(j.ScriptDir); !os.IsNotExist(err) {
		t.Errorf("Write of an invalid job created %s", j.ScriptDir)
	}
}

func ExampleJob_SimScript() {
	j := Job{
		Binary:    "/opt/baolab/bin/baolab",
		Config:    "/home/ana/configs/balance.toml",
		Dir:       "/scratch/ana/balance",
		Report:    "/scratch/ana/balance/report",
		ScriptDir: "/scratch/ana/balance.slurm",
		Tasks:     8,
		Name:      "baolab-balance",
		Time:      "2:00:00",
		CPUs:      4,
	}
	s, err := j.SimScript()
	if err != nil {
		panic(err)
	}
	fmt.Println(strings.Join(sbatchOptions(s), "\n"))
	fmt.Println(s[strings.LastIndex(s, "exec "):])
	// Output:
	// --job-name=baolab-balance
	// --array=0-7
	// --output=/scratch/ana/balance.slurm/logs/sim-%A_%a.out
	// --time=2:00:00
	// --cpus-per-task=4
	// exec /opt/baolab/bin/baolab sim --config /home/ana/configs/balance.toml --out /scratch/ana/balance --shard "${SLURM_ARRAY_TASK_ID}/8" --workers 4
}

// TestCheckedInExample keeps scripts/slurm-example/, the example that the
// README points to, equal to what `baolab slurm` writes for it:
//
//	baolab slurm --config /shared/baolab/configs/quickstart.toml --tasks 4 \
//	    --out /shared/baolab/runs/quickstart --binary /shared/baolab/bin/baolab \
//	    --partition batch --time 1:00:00 --analyze-time 30:00 --cpus 2 --mem 2G
func TestCheckedInExample(t *testing.T) {
	j := Job{
		Binary:      "/shared/baolab/bin/baolab",
		Config:      "/shared/baolab/configs/quickstart.toml",
		Dir:         "/shared/baolab/runs/quickstart",
		Report:      "/shared/baolab/runs/quickstart/report",
		ScriptDir:   "/shared/baolab/runs/quickstart.slurm",
		Tasks:       4,
		Name:        "baolab-quickstart",
		Partition:   "batch",
		Time:        "1:00:00",
		AnalyzeTime: "30:00",
		CPUs:        2,
		Mem:         "2G",
	}
	sim, err := j.SimScript()
	if err != nil {
		t.Fatal(err)
	}
	an, err := j.AnalyzeScript()
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join("..", "..", "scripts", "slurm-example")
	if *update {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	checkGolden(t, filepath.Join(dir, SimScriptName), sim)
	checkGolden(t, filepath.Join(dir, AnalyzeScriptName), an)
}
