// Package doclinks holds the test that every relative link of the
// repository's Markdown files resolves to a file or directory that exists
// (links_test.go). Anchors (#...) are not checked; web links are not
// fetched. It has no code of its own.
package doclinks
