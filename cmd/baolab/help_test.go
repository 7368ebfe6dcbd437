package main

import (
	"io"
	"strings"
	"testing"

	"github.com/spf13/cobra"
)

// allCommands returns root and every command below it that is not hidden.
func allCommands(c *cobra.Command) []*cobra.Command {
	list := []*cobra.Command{c}
	for _, sub := range c.Commands() {
		if !sub.Hidden {
			list = append(list, allCommands(sub)...)
		}
	}
	return list
}

// exampleCommands returns the baolab command lines of an Example block as
// argument lists: one per line, without the shell around them (source
// <(...), a redirection), quotes removed.
func exampleCommands(t *testing.T, example string) [][]string {
	t.Helper()
	var cmds [][]string
	for _, line := range strings.Split(example, "\n") {
		line = strings.TrimSpace(line)
		if s, ok := strings.CutPrefix(line, "source <("); ok {
			line = strings.TrimSuffix(s, ")")
		}
		if before, _, ok := strings.Cut(line, " > "); ok {
			line = before
		}
		f := strings.Fields(strings.NewReplacer("'", "", `"`, "").Replace(line))
		if len(f) == 0 || f[0] != "baolab" {
			t.Errorf("example line %q is not a baolab command", line)
			continue
		}
		cmds = append(cmds, f[1:])
	}
	return cmds
}

// parseExample checks that args is a command line the tree accepts: its
// command exists, its flags parse, its arguments and required flags are
// there. It does not run it.
func parseExample(args []string) error {
	root := newRootCmd(io.Discard, io.Discard)
	c, rest, err := root.Find(args)
	if err != nil {
		return err
	}
	c.InitDefaultHelpFlag()
	c.InitDefaultVersionFlag()
	if err := c.ParseFlags(rest); err != nil {
		return err
	}
	if err := c.ValidateArgs(c.Flags().Args()); err != nil {
		return err
	}
	if err := c.ValidateRequiredFlags(); err != nil {
		return err
	}
	return c.ValidateFlagGroups()
}

// TestEveryCommandHasExamples: every command of the tree, cobra's help and
// completion commands included, has an Example block, and every line of
// it parses as a baolab command.
func TestEveryCommandHasExamples(t *testing.T) {
	cmds := allCommands(newRootCmd(io.Discard, io.Discard))
	var names []string
	for _, c := range cmds {
		names = append(names, c.CommandPath())
		if strings.TrimSpace(c.Example) == "" {
			t.Errorf("%s has no Example", c.CommandPath())
			continue
		}
		for _, args := range exampleCommands(t, c.Example) {
			if err := parseExample(args); err != nil {
				t.Errorf("%s: example baolab %s: %v", c.CommandPath(), strings.Join(args, " "), err)
			}
		}
	}
	for _, want := range []string{"baolab", "baolab agents", "baolab solve", "baolab sim", "baolab help", "baolab completion", "baolab completion bash", "baolab version"} {
		if !strings.Contains(" "+strings.Join(names, " | ")+" |", " "+want+" |") {
			t.Errorf("the tree lacks %q: %v", want, names)
		}
	}
}

// TestCheapExamplesRun runs the examples that take no files and little
// time, in-process: each exits 0 and prints something.
func TestCheapExamplesRun(t *testing.T) {
	root := newRootCmd(io.Discard, io.Discard)
	ran := 0
	for _, c := range allCommands(root) {
		for _, args := range exampleCommands(t, c.Example) {
			if !cheapExample(args) {
				continue
			}
			ran++
			out, errOut, code := baolab(t, args...)
			if code != 0 || out == "" {
				t.Errorf("baolab %s: exit %d, %d bytes out, stderr %q", strings.Join(args, " "), code, len(out), errOut)
			}
		}
	}
	if ran < 8 {
		t.Errorf("only %d examples ran", ran)
	}
}

func cheapExample(args []string) bool {
	line := strings.Join(args, " ")
	switch {
	case strings.Contains(line, "--out") || strings.Contains(line, "--svg") || strings.Contains(line, "--config") || strings.Contains(line, "runs/"):
		return false
	case args[0] == "solve":
		return line == "solve --rules kingulu:holes=3,seeds=2" || line == "solve --rules kingulu:holes=4,seeds=3 --method layers"
	}
	return args[0] == "rules" || args[0] == "agents" || args[0] == "perft" || args[0] == "show" || args[0] == "version" ||
		args[0] == "--version" || args[0] == "help" || args[0] == "completion"
}

// TestRootHelpDocumentsCompletion: the root help says how to load the
// shell completion, and the completion script goes to the command's
// stdout.
func TestRootHelpDocumentsCompletion(t *testing.T) {
	out, _, code := baolab(t, "--help")
	if code != 0 || !strings.Contains(out, "source <(baolab completion bash)") || !strings.Contains(out, "baolab completion SHELL") {
		t.Errorf("root help (exit %d) lacks the completion instructions:\n%s", code, out)
	}
	script, _, code := baolab(t, "completion", "bash")
	if code != 0 || !strings.Contains(script, "__start_baolab") {
		t.Errorf("completion bash: exit %d, output lacks __start_baolab (%d bytes)", code, len(script))
	}
}
