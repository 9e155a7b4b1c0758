#!/bin/bash
# A distance survey with GNU parallel: K shards on this machine's cores, or on other machines
# with --sshlogin (docs/survey.md). Usage:
#
#   docs/survey/parallel.sh PUZZLE COUNT SEED SHARDS OUT [parallel options...]
#   docs/survey/parallel.sh master_pyraminx 10000 1 8 survey -j2
#   docs/survey/parallel.sh master_pyraminx 100000 1 64 survey --sshlogin 8/alpha,8/beta --sshdelay 0.2
#
# Each shard writes OUT/shard-I.json when it has finished; a shard that already has its file is
# skipped, so running the same command again after a failure or a kill completes the survey.
# Then: polytwist merge OUT/shard-*.json --out OUT.json. Set POLYTWIST (default: polytwist on
# the PATH of each machine), TABLES (a table set) and THREADS (per shard, default 1).
set -euo pipefail
if [ $# -lt 5 ]; then
  sed -n '2,13p' "$0" >&2
  exit 2
fi
puzzle=$1 count=$2 seed=$3 shards=$4 out=$5
shift 5
mkdir -p "$out"
seq 0 $((shards - 1)) | parallel --halt never "$@" \
  "[ -f '$out/shard-{}.json' ] || ${POLYTWIST:-polytwist} survey '$puzzle' --count '$count' \
     --seed '$seed' --shard {}/'$shards' --threads '${THREADS:-1}' ${TABLES:+--tables '$TABLES'} \
     --out '$out/shard-{}.json'"
