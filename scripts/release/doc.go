// Package release holds the test that a release build reports its version:
// a binary built from a tagged commit says the tag in `baolab version`
// (release_test.go). It has no code of its own.
package release
