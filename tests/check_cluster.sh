#!/bin/sh
# make check-cluster: a single-node Slurm on this machine (Debian's slurm-wlm with munge, started
# here and stopped at the end) runs a small sharded self-play, rescore and match through
# src/cluster/slurm.sh, then GNU parallel runs them on this machine through src/cluster/parallel.sh;
# every merged file must equal the single run's (the self-play and rescore files byte for byte, the
# match's games and report). Needs root for munge and Slurm's daemons.
set -eu
ENGINE=$(pwd)/${1:-engine}
export ENGINE
work=$(mktemp -d /tmp/check_cluster.XXXXXX)
pids=
cleanup() {
    for p in $pids; do kill "$p" 2>/dev/null || true; done
    [ -n "${MUNGE_PID:-}" ] && kill "$MUNGE_PID" 2>/dev/null || true
    rm -rf "$work"
}
trap cleanup EXIT INT TERM
say() { echo "check-cluster: $*"; }

# --- the jobs, and what one unsharded run makes of them
cat > "$work/sp.manifest" <<MANIFEST
# check-cluster: 24 games in 4 shards
round cc-selfplay
command selfplay --games 24 --nodes 400 --seed 11 --threads 1
shards 4
out sp/{shard}.bin
MANIFEST
cat > "$work/rs.manifest" <<MANIFEST
round cc-rescore
command rescore --nodes 300 --threads 1
shards 3
out rs/{shard}.bin
input sp.manifest
MANIFEST
"$ENGINE" selfplay --games 24 --nodes 400 --seed 11 --threads 1 --out "$work/sp-single.bin" 2>/dev/null
"$ENGINE" rescore --nodes 300 --threads 1 --out "$work/rs-single.bin" "$work/sp-single.bin" >/dev/null 2>&1
MATCH="--engine1 $ENGINE@hub --engine2 $ENGINE@hub --param1 seed=3 --param2 seed=5 --tc nodes=300 --games 8"
# shellcheck disable=SC2086 # the words of MATCH; @ joins a command's words
match_words() { for w in $MATCH; do printf '%s\n' "$w" | tr @ ' '; done; }
single_args=$(match_words | tr '\n' '\001')
( IFS=$(printf '\001'); set -f; set -- $single_args; "$ENGINE" match "$@" --pdn "$work/match-single.pdn" ) \
    > "$work/match-single.txt" 2>&1
"$ENGINE" match --merge "$work/match-single.pdn" | grep -v '^Merged' > "$work/match-single.report"

# Checks a run of the jobs in $work/$1: the rounds' joined files against the single run's, the
# match's merged report against the single run's.
compare() {
    d=$work/$1
    "$ENGINE" round check "$d/sp.manifest" --dir "$d" >/dev/null
    "$ENGINE" round check "$d/rs.manifest" --dir "$d" >/dev/null
    "$ENGINE" round cat "$d/sp.manifest" --dir "$d" --out "$d/sp-joined.bin"
    "$ENGINE" round cat "$d/rs.manifest" --dir "$d" --out "$d/rs-joined.bin"
    cmp "$d/sp-joined.bin" "$work/sp-single.bin"
    cmp "$d/rs-joined.bin" "$work/rs-single.bin"
    grep -v '^Merged' "$d/match/report.txt" | diff - "$work/match-single.report"
    say "$1: self-play ($(stat -c %s "$d/sp-joined.bin") bytes), rescore and match equal the single run's"
}

# Runs the jobs through one of the scripts: $1 names the run (and its folder), $2 the script, $3
# its options (--wait, --sshlogin :), $4 the options of sbatch (slurm.sh only).
run_jobs() {
    name=$1 script=$2 flags=$3 extra=${4:-}
    d=$work/$name
    mkdir -p "$d"
    cp "$work/sp.manifest" "$work/rs.manifest" "$d/"
    for m in sp rs; do
        # shellcheck disable=SC2086 # flags and extra hold words of their own
        sh "src/cluster/$script" round "$d/$m.manifest" --dir "$d" $flags ${extra:+-- $extra} >/dev/null
    done
    args=$(match_words | tr '\n' '\001')
    ( IFS=$(printf '\001'); set -f
      # shellcheck disable=SC2086
      set -- 2 "$d/match" $(echo "$flags" | tr ' ' '\001') -- $args ${extra:+--} $extra
      sh "src/cluster/$script" match "$@" ) >/dev/null
}

# --- Slurm: munge, then a controller and a node daemon on this machine, under a conf of our own
command -v slurmctld >/dev/null && command -v munged >/dev/null ||
    { echo "check-cluster: needs Debian's slurm-wlm and munge (apt-get install slurm-wlm munge)" >&2; exit 1; }
mkdir -p "$work/slurm/spool" "$work/slurm/state" "$work/munge"
if ! munge -n >/dev/null 2>&1; then
    [ -f /etc/munge/munge.key ] || mungekey --create --keyfile=/etc/munge/munge.key
    chown munge:munge /etc/munge/munge.key 2>/dev/null || true
    mkdir -p /run/munge && chown munge:munge /run/munge 2>/dev/null || true
    runuser -u munge -- munged --foreground >"$work/munge/munged.log" 2>&1 &
    MUNGE_PID=$!
    for _ in $(seq 50); do munge -n >/dev/null 2>&1 && break; sleep 0.1; done
fi
host=$(hostname -s)
cpus=$(nproc)
cat > "$work/slurm/slurm.conf" <<CONF
ClusterName=checkcluster
SlurmctldHost=$host
SlurmUser=root
SlurmctldPort=26817
SlurmdPort=26818
AuthType=auth/munge
StateSaveLocation=$work/slurm/state
SlurmdSpoolDir=$work/slurm/spool
SlurmctldPidFile=$work/slurm/slurmctld.pid
SlurmdPidFile=$work/slurm/slurmd.pid
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
ReturnToService=2
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
SlurmctldLogFile=$work/slurm/slurmctld.log
SlurmdLogFile=$work/slurm/slurmd.log
NodeName=$host CPUs=$cpus State=UNKNOWN
PartitionName=check Nodes=$host Default=YES MaxTime=INFINITE State=UP
CONF
export SLURM_CONF="$work/slurm/slurm.conf"
slurmctld -D -i >"$work/slurm/ctld.out" 2>&1 &
pids="$pids $!"
slurmd -D >"$work/slurm/d.out" 2>&1 &
pids="$pids $!"
for _ in $(seq 100); do sinfo -h -o %T 2>/dev/null | grep -q idle && break; sleep 0.2; done
sinfo -h -o %T 2>/dev/null | grep -q idle || { cat "$work/slurm/slurmctld.log" "$work/slurm/slurmd.log" >&2;
    echo "check-cluster: the Slurm node did not come up" >&2; exit 1; }
say "Slurm is up on $host ($cpus CPUs)"
run_jobs slurm slurm.sh --wait "--output=$work/slurm/job-%A_%a.out"
tasks=$(ls "$work"/slurm/job-*.out | wc -l)
[ "$tasks" -ge 12 ] || { ls -l "$work"/slurm/job-*.out >&2; squeue -a >&2; sacct 2>/dev/null >&2;
    echo "check-cluster: $tasks Slurm job logs, not 9 tasks and 3 merges" >&2; exit 1; }
compare slurm

# --- GNU parallel on this machine
command -v parallel >/dev/null || { echo "check-cluster: needs GNU parallel (apt-get install parallel)" >&2; exit 1; }
PARALLEL_OPTS="--will-cite --jobs 2" run_jobs parallel parallel.sh "--sshlogin :"
compare parallel
say "passed"
