package buildinfo

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func settings(kv ...string) []debug.BuildSetting {
	var s []debug.BuildSetting
	for i := 0; i < len(kv); i += 2 {
		s = append(s, debug.BuildSetting{Key: kv[i], Value: kv[i+1]})
	}
	return s
}

func TestFromBuildInfo(t *testing.T) {
	const rev = "858177fe9aaef56d5b16d2acb41af8d28070dc74"
	for _, c := range []struct {
		name       string
		bi         *debug.BuildInfo
		version    string
		commit     string
		stamped    bool
		textWanted []string
	}{
		{"go build in a checkout", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261202072817-858177fe9aae"},
			Settings: settings("vcs", "git", "vcs.revision", rev, "vcs.time", "2026-12-02T07:28:17Z", "vcs.modified", "false")},
			"v0.0.0-20261202072817-858177fe9aae", rev, true,
			[]string{"baolab v0.0.0-20261202072817-858177fe9aae\n", "commit " + rev + " of 2026-12-02T07:28:17Z, tree clean\n", "built with go1.26.8 for "}},
		{"go build with changes", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261202072817-858177fe9aae+dirty"},
			Settings: settings("vcs.revision", rev, "vcs.modified", "true")},
			"v0.0.0-20261202072817-858177fe9aae+dirty", rev + "+dirty", true,
			[]string{"commit " + rev + ", tree modified (uncommitted changes)\n"}},
		{"go install @v1.2.3", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v1.2.3"}},
			"v1.2.3", "", false,
			[]string{"baolab v1.2.3\n", "commit unknown: the build carries no VCS stamp"}},
		{"go install @commit", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "v0.0.0-20261202072817-858177fe9aae"}},
			"v0.0.0-20261202072817-858177fe9aae", "858177fe9aae", false,
			[]string{"commit 858177fe9aae (from the pseudo-version), tree clean\n"}},
		{"go run", &debug.BuildInfo{GoVersion: "go1.26.8", Main: debug.Module{Version: "(devel)"}},
			"(devel)", "", false, []string{"baolab (devel)\n"}},
		{"no build information", nil, "(devel)", "", false, []string{"built with " + runtime.Version()}},
	} {
		i := FromBuildInfo(c.bi)
		if i.Version != c.version || i.Commit() != c.commit || i.Stamped != c.stamped {
			t.Errorf("%s: version %q, commit %q, stamped %v; want %q, %q, %v", c.name, i.Version, i.Commit(), i.Stamped, c.version, c.commit, c.stamped)
		}
		text := i.String()
		if strings.Count(text, "\n") != 3 {
			t.Errorf("%s: not three lines:\n%s", c.name, text)
		}
		for _, w := range c.textWanted {
			if !strings.Contains(text, w) {
				t.Errorf("%s: text lacks %q:\n%s", c.name, w, text)
			}
		}
	}
}

// TestRead: the test binary has build information; its toolchain is the
// running one.
func TestRead(t *testing.T) {
	i := Read()
	if i.GoVersion != runtime.Version() || i.Version == "" || i.Platform != runtime.GOOS+"/"+runtime.GOARCH {
		t.Errorf("Read() = %+v", i)
	}
}
