package main

import (
	"fmt"
	"regexp"
	"unicode/utf8"
)

// An error line repeats at most maxQuoted bytes of one quoted value and
// maxWord bytes of one unquoted word of the input (file paths stay whole:
// they are shorter); a longer one is cut to its first echoHead bytes.
const (
	maxQuoted = 200
	maxWord   = 400
	echoHead  = 60
)

var (
	quotedRE = regexp.MustCompile(`"(?:[^"\\]|\\.)*"`)
	wordRE   = regexp.MustCompile(`[^\s"]+`)
)

// shortenEchoes cuts every quoted string and every word of msg that is
// too long (maxQuoted, maxWord) to its start, saying how long it was: a
// 100 KB ruleset or agent spec given by mistake is echoed by each layer
// that names it, and the error line should name the problem, not repeat
// the input.
func shortenEchoes(msg string) string {
	msg = quotedRE.ReplaceAllStringFunc(msg, func(q string) string {
		if len(q)-2 <= maxQuoted {
			return q
		}
		return `"` + head(q[1:len(q)-1]) + fmt.Sprintf(`..." (%d bytes)`, len(q)-2)
	})
	return wordRE.ReplaceAllStringFunc(msg, func(w string) string {
		if len(w) <= maxWord {
			return w
		}
		return head(w) + fmt.Sprintf("... (%d bytes)", len(w))
	})
}

// head returns the first echoHead bytes of s, cut at a rune boundary.
func head(s string) string {
	n := echoHead
	for n > 0 && !utf8.RuneStart(s[n]) {
		n--
	}
	return s[:n]
}
