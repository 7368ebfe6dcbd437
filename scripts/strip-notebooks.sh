#!/usr/bin/env bash
# strip-notebooks.sh — remove outputs, execution counts and run timings from
# notebooks before committing them (no stale images in git), then check them.
#
#   scripts/strip-notebooks.sh             every notebooks/*.ipynb
#   scripts/strip-notebooks.sh FILE...     the given notebooks
#
# Uses Debian's nbformat (installed by scripts/notebooks.sh install);
# `go test ./notebooks/...` fails while a committed notebook has outputs.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- notebooks/*.ipynb
/usr/bin/python3 - "$@" <<'PY'
import sys
import nbformat

for path in sys.argv[1:]:
    nb = nbformat.read(path, as_version=4)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)  # nbclient's run timings
        if cell.cell_type == "code":
            cell.outputs = []
            cell.execution_count = None
    # The kernel fills language_info with its Go version on every run.
    nb.metadata["language_info"] = {"name": "go"}
    nbformat.write(nb, path)
PY
go run ./notebooks/nbcheck clean "$@"
