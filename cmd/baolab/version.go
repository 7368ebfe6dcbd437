package main

import (
	"io"

	"github.com/spf13/cobra"

	"github.com/baolab/baolab/dataset"
	"github.com/baolab/baolab/internal/buildinfo"
)

func newVersionCmd(build buildinfo.Info) *cobra.Command {
	return &cobra.Command{
		Use:   "version",
		Short: "Print the version, commit and toolchain of this binary (as --version does)",
		Long: `Print three lines: the module version of this binary, its VCS commit with
whether the tree had uncommitted changes, and the Go toolchain and platform
it was built with. They come from the build information the Go toolchain
embeds (see go doc ./internal/buildinfo): go install
github.com/baolab/baolab/cmd/baolab@VERSION and go build in a git checkout
both record them; the manifests of baolab sim record the same version and
commit.`,
		Example: `  baolab version
  baolab --version`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			_, err := io.WriteString(cmd.OutOrStdout(), build.String())
			return err
		},
	}
}

// manifestBuild is the build record baolab sim writes into manifests.
func manifestBuild(b buildinfo.Info) dataset.Build {
	return dataset.Build{Version: b.Version, Commit: b.Commit(), GoVersion: b.GoVersion}
}
