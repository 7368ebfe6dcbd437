package main

import (
	"fmt"

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
func newRootCmd() *cobra.Command {
	build := buildinfo.Read()
	root := &cobra.Command{
		Use:           "baolab",
		Short:         "Rules engines, simulation and analysis for Bao Kingulu and Bao la Kimasai",
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
		newPerftCmd(),
		newShowCmd(),
		newSolveCmd(),
		newEndgameCmd(),
		newSimCmd(build),
		newSlurmCmd(build),
		newAnalyzeCmd(),
		newReplayCmd(),
		newVersionCmd(build),
	)
	for _, c := range root.Commands() {
		usageArgs(c)
	}
	return root
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
