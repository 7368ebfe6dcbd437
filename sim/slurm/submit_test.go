package slurm

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseJobID(t *testing.T) {
	for _, c := range []struct {
		out, want string
		ok        bool
	}{
		{"123\n", "123", true},
		{"  42  ", "42", true},
		{"98765;cluster-a\n", "98765", true},
		{"", "", false},
		{"\n", "", false},
		{"Submitted batch job 123\n", "", false},
		{"12a", "", false},
		{";c", "", false},
	} {
		got, err := ParseJobID(c.out)
		if (err == nil) != c.ok || got != c.want {
			t.Errorf("ParseJobID(%q) = %q, %v; want %q, ok=%v", c.out, got, err, c.want, c.ok)
		}
	}
}

// fakeSbatch writes a stand-in sbatch that appends its arguments (one call a
// line) to calls and answers each call with the next line of replies: an
// id, or "fail MESSAGE" to print MESSAGE on stderr and exit 1.
func fakeSbatch(t *testing.T, replies ...string) (path, calls string) {
	t.Helper()
	dir := t.TempDir()
	path = filepath.Join(dir, "sbatch")
	calls = filepath.Join(dir, "calls")
	if err := os.WriteFile(filepath.Join(dir, "replies"), []byte(strings.Join(replies, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	script := `#!/bin/sh
d=$(dirname "$0")
echo "$*" >> "$d/calls"
n=$(wc -l < "$d/calls")
r=$(sed -n "${n}p" "$d/replies")
case $r in
fail*) echo "sbatch: error: Batch job submission failed: ${r#fail }" >&2; exit 1 ;;
esac
echo "$r"
`
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path, calls
}

func readCalls(t *testing.T, calls string) []string {
	t.Helper()
	b, err := os.ReadFile(calls)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSuffix(string(b), "\n"), "\n")
}

func TestSubmit(t *testing.T) {
	j := minimalJob()
	sbatch, calls := fakeSbatch(t, "101", "102;cluster")
	sub, err := Submitter{Sbatch: sbatch}.Submit(context.Background(), j)
	if err != nil {
		t.Fatal(err)
	}
	if sub != (Submission{Array: "101", Analyze: "102"}) {
		t.Errorf("Submit = %+v, want array 101 and analysis 102", sub)
	}
	want := []string{
		"--parsable /data/q.slurm/sim.sbatch",
		"--parsable --dependency=afterok:101 --kill-on-invalid-dep=yes /data/q.slurm/analyze.sbatch",
	}
	if got := readCalls(t, calls); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("sbatch calls:\n got %q\nwant %q", got, want)
	}
}

func TestSubmitErrors(t *testing.T) {
	j := minimalJob()

	sbatch, calls := fakeSbatch(t, "fail Invalid partition name specified")
	_, err := Submitter{Sbatch: sbatch}.Submit(context.Background(), j)
	if err == nil || !strings.Contains(err.Error(), "submitting the job array") || !strings.Contains(err.Error(), "Invalid partition name specified") {
		t.Errorf("array refused: error %v, want sbatch's message", err)
	}
	if n := len(readCalls(t, calls)); n != 1 {
		t.Errorf("sbatch called %d times after the array was refused, want 1", n)
	}

	sbatch, _ = fakeSbatch(t, "7", "fail Job dependency problem")
	sub, err := Submitter{Sbatch: sbatch}.Submit(context.Background(), j)
	if err == nil || !strings.Contains(err.Error(), "job array 7 is queued; scancel 7") || !strings.Contains(err.Error(), "Job dependency problem") {
		t.Errorf("analysis refused: error %v, want the queued array's id and sbatch's message", err)
	}
	if sub.Array != "7" || sub.Analyze != "" {
		t.Errorf("analysis refused: Submission %+v, want array 7 only", sub)
	}

	sbatch, _ = fakeSbatch(t, "Submitted batch job 5")
	if _, err := (Submitter{Sbatch: sbatch}).Submit(context.Background(), j); err == nil || !strings.Contains(err.Error(), "not a job id") {
		t.Errorf("unparsable answer: error %v, want 'not a job id'", err)
	}

	t.Setenv("PATH", t.TempDir())
	_, err = Submitter{}.Submit(context.Background(), j)
	if !errors.Is(err, ErrNoSbatch) {
		t.Errorf("no sbatch on PATH: error %v, want ErrNoSbatch", err)
	}
}
