#!/bin/sh
# Runs the shards of a job on a Slurm cluster, one shard a task of an array job, and a last job
# that merges them once every task has succeeded (sbatch --dependency=afterok).
#
#   src/cluster/slurm.sh round MANIFEST [--dir DIR] [--wait] [-- SBATCH_OPTIONS...]
#       a data round (see README "Data rounds"): each task runs `engine round run MANIFEST
#       --shard I`; the last job records the files into the manifest and checks them.
#   src/cluster/slurm.sh match SHARDS OUTDIR [--wait] -- MATCH_OPTIONS... [-- SBATCH_OPTIONS...]
#       a match in SHARDS parts: each task plays `engine match MATCH_OPTIONS --shard I/SHARDS
#       --resume OUTDIR/shard-I.pdn` (run the script again to finish parts cut short); the last
#       job writes `engine match --merge` of the parts to OUTDIR/report.txt.
#
# The engine, the manifest and the data folder must be at the same path on every node (a shared
# file system, as Slurm sites have). ENGINE names the engine (default: ./engine, made absolute).
# --wait blocks until the merging job ends and exits with its status.
set -eu
ENGINE=${ENGINE:-./engine}
case $ENGINE in /*) ;; *) ENGINE=$(cd "$(dirname "$ENGINE")" && pwd)/$(basename "$ENGINE") ;; esac
[ -x "$ENGINE" ] || { echo "slurm.sh: no engine at $ENGINE (set ENGINE)" >&2; exit 2; }
usage() { sed -n '2,17p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
q() { printf "'%s'" "$(printf '%s' "$1" | sed "s/'/'\\\\''/g")"; }   # one word, quoted for sh

[ $# -ge 1 ] || usage
kind=$1
shift
wait=
sbatch_opts=
case $kind in
round)
    [ $# -ge 1 ] || usage
    manifest=$1
    shift
    dir=.
    while [ $# -gt 0 ]; do
        case $1 in
        --dir) dir=$2; shift 2 ;;
        --wait) wait=--wait; shift ;;
        --) shift; sbatch_opts="$*"; break ;;
        *) usage ;;
        esac
    done
    manifest=$(cd "$(dirname "$manifest")" && pwd)/$(basename "$manifest")
    dir=$(cd "$dir" && pwd)
    shards=$(sed -n 's/^shards \([0-9]*\)$/\1/p' "$manifest")
    [ -n "$shards" ] || { echo "slurm.sh: $manifest has no shards line" >&2; exit 2; }
    name=$(sed -n 's/^round //p' "$manifest")
    task="$(q "$ENGINE") round run $(q "$manifest") --dir $(q "$dir") --shard \$SLURM_ARRAY_TASK_ID"
    merge="$(q "$ENGINE") round record $(q "$manifest") --dir $(q "$dir") && $(q "$ENGINE") round check $(q "$manifest") --dir $(q "$dir")"
    ;;
match)
    [ $# -ge 3 ] || usage
    shards=$1
    outdir=$2
    shift 2
    while [ $# -gt 0 ] && [ "$1" != -- ]; do
        case $1 in --wait) wait=--wait; shift ;; *) usage ;; esac
    done
    [ $# -gt 0 ] && shift
    match_opts=
    while [ $# -gt 0 ] && [ "$1" != -- ]; do match_opts="$match_opts $(q "$1")"; shift; done
    [ $# -gt 0 ] && { shift; sbatch_opts="$*"; }
    mkdir -p "$outdir"
    outdir=$(cd "$outdir" && pwd)
    name=match
    task="$(q "$ENGINE") match$match_opts --shard \$SLURM_ARRAY_TASK_ID/$shards --resume $(q "$outdir")/shard-\$SLURM_ARRAY_TASK_ID.pdn"
    merge="$(q "$ENGINE") match --merge $(q "$outdir")/shard-*.pdn > $(q "$outdir")/report.txt && cat $(q "$outdir")/report.txt"
    ;;
*) usage ;;
esac

# shellcheck disable=SC2086 # the sbatch options are words of their own
array=$(sbatch --parsable --job-name="$name" --array=0-$((shards - 1)) $sbatch_opts --wrap "$task")
array=${array%%;*}
echo "slurm.sh: array job $array: $shards shard(s) of $name"
# shellcheck disable=SC2086
sbatch --parsable --job-name="$name-merge" --dependency=afterok:"$array" --kill-on-invalid-dep=yes \
    $wait $sbatch_opts --wrap "$merge"
