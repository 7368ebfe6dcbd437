// Command baolab plays, simulates and analyses traditional East African
// mancala games: Bao Kingulu and the two Bao la Kimasai rule sets.
//
// Each verb lives in its own file (rules.go, perft.go, show.go, sim.go,
// analyze.go, ...) and adds itself to the root command from init. main only
// maps errors to exit codes: 2 for bad usage or input (an unknown ruleset,
// a bad option value, a broken config), 1 for any other failure.
package main

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	_ "github.com/baolab/baolab/engine/all"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

var rootCmd = &cobra.Command{
	Use:           "baolab",
	Short:         "Rules engines, simulation and analysis for Bao Kingulu and Bao la Kimasai",
	Version:       version,
	SilenceUsage:  true,
	SilenceErrors: true,
}

// usageError marks an error caused by the user's input; it exits with 2.
type usageError struct{ err error }

func (e usageError) Error() string { return e.err.Error() }
func (e usageError) Unwrap() error { return e.err }

// badInput wraps err as a usage error (exit status 2).
func badInput(err error) error {
	if err == nil {
		return nil
	}
	return usageError{err}
}

func main() {
	rootCmd.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return badInput(err) })
	err := rootCmd.Execute()
	if err == nil {
		return
	}
	fmt.Fprintln(os.Stderr, "baolab:", err)
	var ue usageError
	if errors.As(err, &ue) || isCobraUsage(err) {
		os.Exit(2)
	}
	os.Exit(1)
}

// isCobraUsage recognises cobra's own argument errors (unknown command,
// wrong number of arguments), which it does not type.
func isCobraUsage(err error) bool {
	msg := err.Error()
	for _, p := range []string{"unknown command", "accepts ", "requires at least", "unknown flag", "unknown shorthand", "required flag"} {
		if strings.Contains(msg, p) {
			return true
		}
	}
	return false
}
