// Package tutorial holds the test that runs the README's tutorial, "a
// balance study of your own reading", command by command as copied from
// README.md (tutorial_test.go). It has no code of its own.
package tutorial
