#!/bin/sh
# Runs the shards of a job on a set of machines with GNU parallel, one shard a job, then merges
# them here once every shard has succeeded.
#
#   src/cluster/parallel.sh round MANIFEST [--dir DIR] [--sshlogin LOGINS]
#       a data round (see README "Data rounds"): `engine round run MANIFEST --shard I` for each
#       shard, then `engine round record` and `round check` of the manifest.
#   src/cluster/parallel.sh match SHARDS OUTDIR [--sshlogin LOGINS] -- MATCH_OPTIONS...
#       a match in SHARDS parts (`--shard I/SHARDS --resume OUTDIR/shard-I.pdn`), then
#       `engine match --merge` of the parts into OUTDIR/report.txt.
#
# LOGINS is GNU parallel's --sshlogin list: "4/host1,8/user@host2" (jobs/host), ":" this machine
# (the default). The engine, the manifest and the data folder must be at the same path on every
# machine (a shared file system). ENGINE names the engine (default ./engine, made absolute);
# PARALLEL_OPTS adds options of GNU parallel (--jobs, --retries 3, --joblog FILE, ...).
set -eu
ENGINE=${ENGINE:-./engine}
case $ENGINE in /*) ;; *) ENGINE=$(cd "$(dirname "$ENGINE")" && pwd)/$(basename "$ENGINE") ;; esac
[ -x "$ENGINE" ] || { echo "parallel.sh: no engine at $ENGINE (set ENGINE)" >&2; exit 2; }
command -v parallel >/dev/null || { echo "parallel.sh: GNU parallel is not installed" >&2; exit 2; }
usage() { sed -n '2,16p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }   # one word, quoted for sh

[ $# -ge 1 ] || usage
kind=$1
shift
logins=:
case $kind in
round)
    [ $# -ge 1 ] || usage
    manifest=$1
    shift
    dir=.
    while [ $# -gt 0 ]; do
        case $1 in
        --dir) dir=$2; shift 2 ;;
        --sshlogin) logins=$2; shift 2 ;;
        *) usage ;;
        esac
    done
    manifest=$(cd "$(dirname "$manifest")" && pwd)/$(basename "$manifest")
    dir=$(cd "$dir" && pwd)
    shards=$(sed -n 's/^shards \([0-9]*\)$/\1/p' "$manifest")
    [ -n "$shards" ] || { echo "parallel.sh: $manifest has no shards line" >&2; exit 2; }
    # shellcheck disable=SC2086 # PARALLEL_OPTS holds words of their own
    seq 0 $((shards - 1)) | parallel --halt now,fail=1 --sshlogin "$logins" ${PARALLEL_OPTS:-} \
        "$(q "$ENGINE") round run $(q "$manifest") --dir $(q "$dir") --shard {}"
    "$ENGINE" round record "$manifest" --dir "$dir"
    "$ENGINE" round check "$manifest" --dir "$dir"
    ;;
match)
    [ $# -ge 3 ] || usage
    shards=$1
    outdir=$2
    shift 2
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        case $1 in --sshlogin) logins=$2; shift 2 ;; *) usage ;; esac
    done
    [ $# -gt 0 ] && shift
    mkdir -p "$outdir"
    outdir=$(cd "$outdir" && pwd)
    match_opts=
    for word in "$@"; do match_opts="$match_opts $(q "$word")"; done
    # shellcheck disable=SC2086
    seq 0 $((shards - 1)) | parallel --halt now,fail=1 --sshlogin "$logins" ${PARALLEL_OPTS:-} \
        "$(q "$ENGINE") match$match_opts --shard {}/$shards --resume $(q "$outdir")/shard-{}.pdn > $(q "$outdir")/shard-{}.log"
    "$ENGINE" match --merge "$outdir"/shard-*.pdn > "$outdir/report.txt"
    cat "$outdir/report.txt"
    ;;
*) usage ;;
esac
