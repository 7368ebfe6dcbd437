// Package buildinfo reports where the running baolab binary came from,
// read from the build information the Go toolchain embeds in every binary
// (runtime/debug.ReadBuildInfo); nothing is set with -ldflags.
//
//   - Version is the main module's version: v1.2.3 for
//     go install github.com/baolab/baolab/cmd/baolab@v1.2.3, a
//     pseudo-version (v0.0.0-<time>-<commit>, "+dirty" when the tree had
//     changes) for @<commit>, @main or a go build in a git checkout, and
//     "(devel)" when the toolchain knew none (go run, go test, a build
//     with -buildvcs=false or outside a checkout).
//   - Revision and Modified are the VCS stamp (vcs.revision, vcs.modified)
//     that go build writes in a git checkout. go install module@version
//     builds from the module cache and records none; Revision is then
//     taken from the pseudo-version (12 hex digits of the commit) when
//     there is one. go build in a git worktree (whose .git is a file)
//     records none either: the toolchain only recognises a .git directory.
package buildinfo

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"

	"golang.org/x/mod/module"
)

// Info is the provenance of a build.
type Info struct {
	Version   string // main module version, "(devel)" when unknown
	Revision  string // VCS commit, "" when the build carries none
	Time      string // commit time (RFC 3339) from the VCS stamp, or ""
	Modified  bool   // the tree had uncommitted changes
	Stamped   bool   // Revision, Time and Modified come from a VCS stamp
	GoVersion string // toolchain, e.g. go1.26.8
	Platform  string // GOOS/GOARCH
}

// Read returns the provenance of the running binary.
func Read() Info {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		bi = nil
	}
	return FromBuildInfo(bi)
}

// FromBuildInfo returns the provenance recorded in bi (nil: none).
func FromBuildInfo(bi *debug.BuildInfo) Info {
	i := Info{Version: "(devel)", GoVersion: runtime.Version(), Platform: runtime.GOOS + "/" + runtime.GOARCH}
	if bi == nil {
		return i
	}
	if bi.Main.Version != "" {
		i.Version = bi.Main.Version
	}
	if bi.GoVersion != "" {
		i.GoVersion = bi.GoVersion
	}
	for _, s := range bi.Settings {
		switch s.Key {
		case "vcs.revision":
			i.Revision, i.Stamped = s.Value, true
		case "vcs.time":
			i.Time = s.Value
		case "vcs.modified":
			i.Modified = s.Value == "true"
		}
	}
	if i.Revision == "" {
		v, dirty := strings.CutSuffix(i.Version, "+dirty")
		if module.IsPseudoVersion(v) {
			if rev, err := module.PseudoVersionRev(v); err == nil {
				i.Revision, i.Modified = rev, dirty
			}
		}
	}
	return i
}

// Commit is the revision with "+dirty" when the tree was modified, as
// manifests record it; "" when the build carries none.
func (i Info) Commit() string {
	if i.Revision == "" {
		return ""
	}
	if i.Modified {
		return i.Revision + "+dirty"
	}
	return i.Revision
}

// String is the text of baolab version: three lines, the version, the
// commit and the toolchain.
func (i Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "baolab %s\n", i.Version)
	switch {
	case i.Revision == "":
		b.WriteString("commit unknown: the build carries no VCS stamp (built outside a git checkout, in a git worktree, or with -buildvcs=false)\n")
	case i.Stamped:
		fmt.Fprintf(&b, "commit %s", i.Revision)
		if i.Time != "" {
			fmt.Fprintf(&b, " of %s", i.Time)
		}
		fmt.Fprintf(&b, ", %s\n", modifiedText(i.Modified))
	default:
		fmt.Fprintf(&b, "commit %s (from the pseudo-version), %s\n", i.Revision, modifiedText(i.Modified))
	}
	fmt.Fprintf(&b, "built with %s for %s\n", i.GoVersion, i.Platform)
	return b.String()
}

func modifiedText(m bool) string {
	if m {
		return "tree modified (uncommitted changes)"
	}
	return "tree clean"
}
