// Command baolab plays, simulates and analyses traditional East African
// mancala games: Bao Kingulu and the two Bao la Kimasai rule sets.
//
// Each verb lives in its own file (rules.go, perft.go, show.go, sim.go,
// analyze.go, ...) as a constructor, newXxxCmd, that returns its
// *cobra.Command with its flags bound to fields of its own options value;
// newRootCmd puts the tree together, and nothing is kept in package
// variables, so a test builds a fresh tree and runs it in-process (see
// run). main only maps errors to exit codes: 2 for bad usage or input (an
// error of type usageError: an unknown command, flag or ruleset, a bad
// option value, a broken config), 1 for any other failure.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"

	_ "github.com/baolab/baolab/engine/all"
)

func main() {
	os.Exit(run(context.Background(), os.Args[1:], os.Stdout, os.Stderr))
}

// run executes the command line args with a fresh command tree, writing
// to stdout and stderr, and returns the exit status: 0, 1 or 2 (see
// exitCode). An error is printed as one line "baolab: <error>", overlong
// echoes of the input cut (shortenEchoes).
func run(ctx context.Context, args []string, stdout, stderr io.Writer) int {
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err != nil {
		fmt.Fprintln(stderr, "baolab:", shortenEchoes(err.Error()))
	}
	return exitCode(err)
}

// exitCode maps the error of a command to the exit status: 0 for none, 2
// for a usageError anywhere in its chain, 1 otherwise.
func exitCode(err error) int {
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		return 2
	default:
		return 1
	}
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
