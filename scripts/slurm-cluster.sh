#!/usr/bin/env bash
# slurm-cluster.sh — a throw-away single-node Slurm cluster on this machine,
# for testing `baolab slurm` against a real scheduler.
#
#   scripts/slurm-cluster.sh up STATE_DIR     start munged, slurmctld and slurmd
#   scripts/slurm-cluster.sh down STATE_DIR   stop every daemon that `up` started
#
# `up` installs Debian's slurm-wlm, slurmctld, slurmd, munge and slurm-client
# with apt-get when they are missing (apt-get update first), then writes
# everything under STATE_DIR (which must be empty or absent): a fresh munge key
# and socket, a minimal slurm.conf (proctrack/linuxproc, task/none,
# select/cons_tres, no accounting, one node with this machine's CPUs at
# 127.0.0.1, free ports), state, spool and log directories, and STATE_DIR/env,
# which points Slurm's client commands at this cluster:
#
#   source STATE_DIR/env && sinfo
#
# Nothing outside STATE_DIR is touched (no /etc/slurm, no system munge socket),
# so the cluster can run beside a system one. There is no systemd here: the
# daemons run in the foreground as background children of `up`, and their PIDs
# go to STATE_DIR/pids. `down` cancels the cluster's jobs, then stops exactly
# those PIDs (TERM, then KILL after 10 s), after checking that each still runs
# with STATE_DIR on its command line, so a recycled PID is never hit. `down` is
# safe to call twice, or after a failed `up`.
#
# Exit status of `up`: 0 when the cluster is up with its node idle; 3 when
# Slurm is not installed and apt-get cannot install it (callers skip); 1 on
# any other failure (the daemons it did start are stopped again).
set -Eeuo pipefail

PACKAGES=(slurm-wlm slurmctld slurmd munge slurm-client)
SKIP=3

log() { echo "slurm-cluster: $*" >&2; }
die() { log "$*"; exit 1; }

usage() {
	echo "usage: $0 up|down STATE_DIR" >&2
	exit 2
}

have_slurm() {
	command -v munged >/dev/null && command -v slurmctld >/dev/null &&
		command -v slurmd >/dev/null && command -v sbatch >/dev/null &&
		command -v mungekey >/dev/null
}

# install puts the Debian packages on the machine when a tool is missing.
install() {
	have_slurm && return 0
	if ! command -v apt-get >/dev/null; then
		log "Slurm is not installed and there is no apt-get to install it"
		return $SKIP
	fi
	log "installing ${PACKAGES[*]} with apt-get"
	local aptlog
	aptlog=$(mktemp)
	if ! { apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq --no-install-recommends "${PACKAGES[@]}"; } >"$aptlog" 2>&1; then
		tail -n 20 "$aptlog" >&2
		rm -f "$aptlog"
		log "apt-get could not install Slurm"
		return $SKIP
	fi
	rm -f "$aptlog"
	have_slurm || { log "Slurm tools still missing after apt-get install"; return $SKIP; }
}

# port_free reports whether nothing listens on 127.0.0.1:$1.
port_free() {
	! (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null
}

# free_port prints the first free port at or after $1 other than $2.
free_port() {
	local p=$1
	while [ "$p" = "${2:-}" ] || ! port_free "$p"; do
		p=$((p + 1))
		[ "$p" -lt $(($1 + 200)) ] || die "no free port in $1..$p"
	done
	echo "$p"
}

# start NAME CMD... runs a daemon in the foreground as a background child and
# records its PID.
start() {
	local name=$1
	shift
	"$@" </dev/null >"$STATE/log/$name.out" 2>&1 &
	echo "$name $!" >>"$STATE/pids"
}

# wait_for SECONDS WHAT CMD... polls CMD every 0.2 s until it succeeds.
wait_for() {
	local deadline=$((SECONDS + $1)) what=$2
	shift 2
	until "$@" >/dev/null 2>&1; do
		if [ $SECONDS -ge "$deadline" ]; then
			log "timed out waiting for $what; daemon logs:"
			tail -n 15 "$STATE"/log/* >&2 || true
			return 1
		fi
		sleep 0.2
	done
}

node_idle() {
	[ "$(sinfo -h -N -o %T 2>/dev/null)" = idle ]
}

up() {
	if [ -e "$STATE" ] && [ -n "$(ls -A "$STATE")" ]; then
		die "$STATE is not empty; use a new directory (or run down first and remove it)"
	fi
	local rc=0
	install || rc=$?
	[ $rc -eq 0 ] || exit $rc

	mkdir -p "$STATE"
	STATE=$(cd "$STATE" && pwd)
	chmod 700 "$STATE"
	mkdir -p "$STATE"/{log,munge,state,spool}
	chmod 700 "$STATE/munge"
	: >"$STATE/pids"
	trap 'log "up failed; stopping what it started"; down' ERR

	mungekey --create --keyfile="$STATE/munge/munge.key" --force
	chmod 600 "$STATE/munge/munge.key"
	start munged munged --foreground --force \
		--socket="$STATE/munge/munge.socket" \
		--key-file="$STATE/munge/munge.key" \
		--pid-file="$STATE/munge/munged.pid" \
		--seed-file="$STATE/munge/munged.seed" \
		--log-file="$STATE/log/munged.log"
	wait_for 10 munged test -S "$STATE/munge/munge.socket"

	local host cpus ctld_port d_port
	host=$(uname -n)
	host=${host%%.*}
	cpus=$(nproc)
	ctld_port=$(free_port 6817)
	d_port=$(free_port 6818 "$ctld_port")
	cat >"$STATE/slurm.conf" <<EOF
# Single-node test cluster written by scripts/slurm-cluster.sh.
ClusterName=baolab-test
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$ctld_port
SlurmdPort=$d_port
SlurmUser=$(id -un)
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
# cred_expire: a requeued job waits this long before it starts again (120 s by default).
AuthInfo=socket=$STATE/munge/munge.socket,cred_expire=10
StateSaveLocation=$STATE/state
SlurmdSpoolDir=$STATE/spool/slurmd-%n
SlurmctldPidFile=$STATE/slurmctld.pid
SlurmdPidFile=$STATE/slurmd.pid
SlurmctldLogFile=$STATE/log/slurmctld.log
SlurmdLogFile=$STATE/log/slurmd.log
PlugStackConfig=$STATE/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_CPU
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SchedulerType=sched/backfill
MaxArraySize=10001
# Finished jobs stay visible to scontrol for 5 minutes (no accounting here).
MinJobAge=300
SlurmdTimeout=60
InactiveLimit=0
KillWait=5
NodeName=$host NodeAddr=127.0.0.1 CPUs=$cpus State=UNKNOWN
PartitionName=debug Nodes=$host Default=YES MaxTime=INFINITE State=UP
EOF
	: >"$STATE/plugstack.conf"
	printf 'export SLURM_CONF=%q\n' "$STATE/slurm.conf" >"$STATE/env"
	export SLURM_CONF="$STATE/slurm.conf"

	start slurmctld slurmctld -D -i -f "$STATE/slurm.conf"
	wait_for 30 slurmctld scontrol ping
	start slurmd slurmd -D -f "$STATE/slurm.conf"
	wait_for 30 "node $host to be idle" node_idle
	trap - ERR
	log "up: node $host, $cpus CPUs, ports $ctld_port/$d_port; source $STATE/env"
}

# ours PID reports whether PID runs with $STATE on its command line.
ours() {
	local cmdline
	cmdline=$(tr '\0' ' ' 2>/dev/null <"/proc/$1/cmdline") || return 1
	[[ $cmdline == *"$STATE"* ]]
}

down() {
	[ -d "$STATE" ] || return 0
	STATE=$(cd "$STATE" && pwd)
	[ -f "$STATE/pids" ] || return 0
	# Cancel this cluster's jobs while slurmctld still runs, so no job step
	# outlives the daemons.
	if [ -f "$STATE/slurm.conf" ] && SLURM_CONF="$STATE/slurm.conf" timeout 5 scontrol ping >/dev/null 2>&1; then
		SLURM_CONF="$STATE/slurm.conf" timeout 10 scancel --user="$(id -un)" 2>/dev/null || true
		local deadline=$((SECONDS + 15))
		while [ -n "$(SLURM_CONF="$STATE/slurm.conf" timeout 5 squeue -h -o %i 2>/dev/null)" ] && [ $SECONDS -lt $deadline ]; do
			sleep 0.3
		done
	fi
	# Stop in reverse start order: slurmd, slurmctld, munged.
	local name pid pids=()
	while read -r name pid; do
		pids=("$pid" "${pids[@]}")
	done <"$STATE/pids"
	for pid in "${pids[@]}"; do
		ours "$pid" && kill -TERM "$pid" 2>/dev/null || true
		local deadline=$((SECONDS + 10))
		while ours "$pid" && [ $SECONDS -lt $deadline ]; do sleep 0.1; done
		if ours "$pid"; then
			log "PID $pid did not stop on TERM; killing it"
			kill -KILL "$pid" 2>/dev/null || true
		fi
	done
	: >"$STATE/pids"
}

[ $# -eq 2 ] || usage
STATE=$2
case $1 in
up) up ;;
down) down ;;
*) usage ;;
esac
