#!/usr/bin/env bash
# notebooks.sh — baolab's Go notebooks (notebooks/*.ipynb, gonb kernel).
#
#   scripts/notebooks.sh [run]           install what is missing, make the notebooks'
#                                        datasets, execute every notebook headless
#                                        (nbconvert --execute), fail on any cell error
#   scripts/notebooks.sh install         only install (Jupyter, nbconvert, gonb kernel)
#   scripts/notebooks.sh data            install, then make the datasets
#   scripts/notebooks.sh server [ARGS]   install, make the datasets, start Jupyter on
#                                        notebooks/ (ARGS go to `jupyter notebook`)
#
# Every step is idempotent and quick when already done. Installs: Debian's
# jupyter-notebook, nbconvert and ipykernel (apt-get, needs root or sudo);
# goimports and gopls at pinned versions (go install, into $(go env GOPATH)/bin);
# the gonb kernel at the version go.mod pins (kernel spec in
# ${JUPYTER_DATA_DIR:-~/.local/share/jupyter}/kernels/gonb).
#
# Datasets go to $NOTEBOOK_OUT/data/{tour,readings,strength,small,doubling} (NOTEBOOK_OUT
# defaults to out/notebooks); executed copies of the notebooks, with their
# outputs, to $NOTEBOOK_OUT/executed/.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

PY=/usr/bin/python3             # Debian's Python: the one the Jupyter packages are for
GO=${GO:-go}
OUT=${NOTEBOOK_OUT:-out/notebooks}
case $OUT in /*) ;; *) OUT=$ROOT/$OUT ;; esac
X_TOOLS_VERSION=v0.47.0         # golang.org/x/tools, for goimports (gonb needs it)
GOPLS_VERSION=v0.23.0           # newest gopls that builds with Go 1.26 (completion in the notebook)
APT_PACKAGES="jupyter-notebook jupyter-nbconvert jupyter-client python3-nbconvert python3-ipykernel"

# The notebooks' datasets: name, experiment, games per cell ("-": as the
# file says). Each is the configs/ experiment named in the notebook's first
# cell; the big ones are played with fewer games to keep the run short.
DATASETS=(
	"tour     configs/quickstart.toml       -"
	"readings configs/readings-kingulu.toml 500"
	"strength configs/ladder-kingulu.toml   20"
	"small    configs/ladder-small.toml     20"
	"doubling configs/doubling-kingulu.toml 10"
)

# gonb and Jupyter put the kernel spec under $HOME; CI may run without it.
[ -n "${HOME:-}" ] || export HOME=$(getent passwd "$(id -u)" | cut -d: -f6)

GOBIN=$($GO env GOBIN)
[ -n "$GOBIN" ] || GOBIN=$($GO env GOPATH)/bin
GOROOT_BIN=$($GO env GOROOT)/bin
export PATH="$GOBIN:$GOROOT_BIN:$PATH"
KERNEL_DIR=${JUPYTER_DATA_DIR:-$HOME/.local/share/jupyter}/kernels/gonb

log() { printf 'notebooks: %s\n' "$*" >&2; }
die() { printf 'notebooks: %s\n' "$*" >&2; exit 1; }

as_root() {
	if [ "$(id -u)" = 0 ]; then "$@"
	elif command -v sudo >/dev/null; then sudo "$@"
	else die "need root (or sudo) to run: $*"
	fi
}

# install_jupyter installs Debian's Jupyter packages unless they are there.
install_jupyter() {
	if [ -x /usr/bin/jupyter-nbconvert ] && [ -x /usr/bin/jupyter-notebook ] &&
		$PY -c 'import nbconvert, nbformat, notebook, ipykernel' 2>/dev/null; then
		return
	fi
	command -v apt-get >/dev/null || die "no apt-get: install Jupyter and nbconvert for $PY by hand ($APT_PACKAGES)"
	log "installing $APT_PACKAGES (apt-get)"
	as_root apt-get update -qq
	as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $APT_PACKAGES >/dev/null
}

# go_install PKG VERSION MODULE installs PKG@VERSION into GOBIN unless the
# binary there was built from MODULE at VERSION.
go_install() {
	local pkg=$1 version=$2 module=$3 bin
	bin=$GOBIN/$(basename "$pkg")
	if [ -x "$bin" ] && $GO version -m "$bin" 2>/dev/null |
		awk -v m="$module" -v v="$version" '$1 == "mod" && $2 == m && $3 == v { ok = 1 } END { exit !ok }'; then
		return
	fi
	log "installing $pkg@$version"
	(cd / && GOFLAGS= $GO install "$pkg@$version")
}

# install_kernel builds gonb at go.mod's version and installs it as the
# Jupyter kernel "gonb", with go and goimports on the kernel's PATH so the
# kernel works from any Jupyter, not only from this script.
install_kernel() {
	local bin=$ROOT/bin/gonb
	mkdir -p "$ROOT/bin"
	$GO build -o "$bin" github.com/janpfeifer/gonb
	if cmp -s "$bin" "$KERNEL_DIR/gonb" && grep -qF "\"PATH\": \"$GOBIN:$GOROOT_BIN:" "$KERNEL_DIR/kernel.json" 2>/dev/null; then
		return
	fi
	log "installing the gonb kernel ($("$bin" -V)) in $KERNEL_DIR"
	local out
	out=$("$bin" --install --force_copy 2>&1) || die "installing the gonb kernel failed: $out"
	KERNEL_JSON=$KERNEL_DIR/kernel.json KPATH="$GOBIN:$GOROOT_BIN:\${PATH}" $PY - <<-'EOF'
		import json, os
		p = os.environ["KERNEL_JSON"]
		spec = json.load(open(p))
		spec.setdefault("env", {})["PATH"] = os.environ["KPATH"]
		with open(p + ".tmp", "w") as f:
		    json.dump(spec, f, indent=1)
		os.replace(p + ".tmp", p)
	EOF
}

install() {
	install_jupyter
	go_install golang.org/x/tools/cmd/goimports "$X_TOOLS_VERSION" golang.org/x/tools
	go_install golang.org/x/tools/gopls "$GOPLS_VERSION" golang.org/x/tools/gopls
	install_kernel
}

# data makes the notebooks' datasets (baolab sim resumes a finished dataset
# in no time, so this is quick when they are there).
data() {
	$GO build -o "$ROOT/bin/baolab" ./cmd/baolab
	local name config games t0 args
	for d in "${DATASETS[@]}"; do
		read -r name config games <<<"$d"
		args=(--config "$config" --out "$OUT/data/$name" --force --quiet)
		[ "$games" = - ] || args+=(--games "$games")
		t0=$SECONDS
		"$ROOT/bin/baolab" sim "${args[@]}" || die "making dataset $name (baolab sim ${args[*]}) failed"
		log "dataset $name: baolab sim ${args[*]} ($((SECONDS - t0)) s)"
	done
}

# execute runs every notebook headless and checks every cell. It uses a copy
# of the installed kernel spec that adds gonb's --raw_error, so a compile
# error reaches the log as text rather than as HTML, and nbconvert's
# --allow-errors, so that every notebook's executed copy is written and
# nbcheck reports every failed cell (gonb does not mark a cell whose program
# panics as failed; nbcheck does).
execute() {
	local dir=$OUT/executed nb base t0 failed=0
	rm -rf "$dir"
	mkdir -p "$dir" "$OUT/jupyter/kernels/gonb"
	KERNEL_JSON=$KERNEL_DIR/kernel.json RAW_JSON=$OUT/jupyter/kernels/gonb/kernel.json $PY - <<-'EOF'
		import json, os
		spec = json.load(open(os.environ["KERNEL_JSON"]))
		spec["argv"].append("--raw_error")
		json.dump(spec, open(os.environ["RAW_JSON"], "w"), indent=1)
	EOF
	export BAOLAB_NOTEBOOK_DATA=$OUT/data
	$GO build -o "$ROOT/bin/nbcheck" ./notebooks/nbcheck
	"$ROOT/bin/nbcheck" clean notebooks/*.ipynb || die "committed notebooks are not clean (see above)"
	for nb in notebooks/*.ipynb; do
		base=$(basename "$nb" .ipynb)
		t0=$SECONDS
		if ! JUPYTER_DATA_DIR=$OUT/jupyter $PY -m jupyter nbconvert --to notebook --execute --allow-errors \
			--ExecutePreprocessor.kernel_name=gonb --ExecutePreprocessor.timeout=600 \
			--output-dir "$dir" "$nb" >"$dir/$base.log" 2>&1; then
			grep -v -e '^[IWE][0-9]\{4\} ' "$dir/$base.log" | tail -25 >&2
			log "$nb: FAILED (log: $dir/$base.log)"
			failed=1
			continue
		fi
		if ! "$ROOT/bin/nbcheck" executed "$dir/$base.ipynb"; then
			log "$nb: FAILED (executed copy: $dir/$base.ipynb)"
			failed=1
			continue
		fi
		log "$nb: ok ($((SECONDS - t0)) s, executed copy: $dir/$base.ipynb)"
	done
	[ $failed = 0 ] || die "some notebooks failed"
}

cmd=${1:-run}
[ $# -gt 0 ] && shift
case $cmd in
install) install ;;
data) install && data ;;
run) install && data && execute ;;
server)
	install && data
	args=(--notebook-dir="$ROOT/notebooks")
	[ "$(id -u)" = 0 ] && args+=(--allow-root)
	export BAOLAB_NOTEBOOK_DATA=$OUT/data
	log "starting Jupyter on notebooks/ (stop it with Ctrl-C)"
	exec $PY -m jupyter notebook "${args[@]}" "$@"
	;;
*) die "unknown command $cmd (want run, install, data or server)" ;;
esac
