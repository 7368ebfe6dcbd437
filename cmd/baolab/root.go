package main

import (
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/internal/buildinfo"
)

// newRootCmd builds the whole command tree. Every way cobra itself refuses
// a command line comes back as a usageError: a flag it cannot parse (the
// flag error function), positional arguments a command does not take (its
// Args validator, wrapped by usageArgs), an unknown command (the root's
// own Args validator) and a required flag left out (checked before any
// command runs).
//
// The version (baolab version, baolab --version, the manifests and Slurm
// scripts) is the binary's own build information, read once here.
//
// Output goes to stdout and stderr. The help and completion commands,
// which cobra would add when the tree first runs, are added here, so they
// get examples, their refusals are usage errors too, and the completion
// scripts go to stdout.
func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	build := buildinfo.Read()
	root := &cobra.Command{
		Use:           "baolab",
		Short:         "Rules engines, simulation and analysis for Bao Kingulu and Bao la Kimasai",
		Long:          rootLong,
		Example:       rootExample,
		Version:       build.Version,
		SilenceUsage:  true,
		SilenceErrors: true,
		Args:          unknownCommand,
		RunE:          func(cmd *cobra.Command, _ []string) error { return cmd.Help() },
		PersistentPreRunE: func(cmd *cobra.Command, _ []string) error {
			if err := cmd.ValidateRequiredFlags(); err != nil {
				return badInput(err)
			}
			return badInput(cmd.ValidateFlagGroups())
		},
	}
	root.SetVersionTemplate(build.String())
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return badInput(err) })
	root.AddCommand(
		newRulesCmd(),
		newAgentsCmd(),
		newPerftCmd(),
		newShowCmd(),
		newSolveCmd(),
		newEndgameCmd(),
		newFitEvalCmd(),
		newSimCmd(build),
		newSlurmCmd(build),
		newAnalyzeCmd(),
		newReplayCmd(),
		newVersionCmd(build),
	)
	root.SetOut(stdout)
	root.SetErr(stderr)
	addBuiltinCommands(root)
	for _, c := range root.Commands() {
		usageArgs(c)
	}
	return root
}

// rootLong is the root's help text.
const rootLong = `Rules engines, simulation and analysis for Bao Kingulu (Martin Klamroth
(1911), "Afrikanische Brettspiele", Archiv für Anthropologie) and the two
Bao la Kimasai rule sets: the two-rows game David MacKay (2001) recorded
from Moinget Ole Kuney near Kilimanjaro, and Klamroth's four-rows game
from around Mpapua (now Mpwapwa).

Every command prints its own help with baolab help COMMAND (or COMMAND
--help), examples included. Bad usage or input is one line on stderr and
exit status 2; any other failure exits with 1.

Shell completion: baolab completion SHELL prints a completion script for
bash, zsh, fish or powershell (its commands and flags). To load it into
the current bash, run
  source <(baolab completion bash)
and to load it in every new shell, write it where your shell looks, e.g.
  baolab completion bash > ~/.local/share/bash-completion/completions/baolab
  baolab completion zsh > "${fpath[1]}/_baolab"
baolab completion SHELL --help says more for each shell.`

const rootExample = `  baolab rules
  baolab sim --config configs/quickstart.toml
  baolab analyze runs/quickstart
  baolab help solve
  source <(baolab completion bash)`

// addBuiltinCommands adds cobra's help and completion commands, with
// examples.
func addBuiltinCommands(root *cobra.Command) {
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	for _, c := range root.Commands() {
		switch c.Name() {
		case "help":
			c.Example = "  baolab help\n  baolab help sim"
		case "completion":
			c.Example = "  baolab completion bash > baolab.bash\n  baolab completion zsh --help"
			for _, shell := range c.Commands() {
				shell.Example = "  baolab completion " + shell.Name() + " > baolab." + shell.Name()
				if shell.Name() == "bash" {
					shell.Example = "  source <(baolab completion bash)\n" + shell.Example
				}
			}
		}
	}
}

// unknownCommand refuses a first argument that names no command, with
// cobra's own message (and its suggestions). The root is runnable (it
// prints its help) only so that this validator is reached.
func unknownCommand(cmd *cobra.Command, args []string) error {
	if len(args) == 0 {
		return nil
	}
	msg := fmt.Sprintf("unknown command %q for %q", args[0], cmd.CommandPath())
	if s := cmd.SuggestionsFor(args[0]); len(s) > 0 {
		msg += "\n\nDid you mean this?\n"
		for _, name := range s {
			msg += "\t" + name + "\n"
		}
	}
	return usageError{fmt.Errorf("%s", msg)}
}

// usageArgs makes the Args validator of c and of every command below it
// return its refusal as a usageError.
func usageArgs(c *cobra.Command) {
	if v := c.Args; v != nil {
		c.Args = func(cmd *cobra.Command, args []string) error { return badInput(v(cmd, args)) }
	}
	for _, sub := range c.Commands() {
		usageArgs(sub)
	}
}
