#!/bin/bash
# A distance survey as a Slurm job array: array task I of K solves shard I/K (docs/survey.md).
#
#   sbatch --array=0-99 --cpus-per-task=4 \
#     --export=ALL,PUZZLE=master_pyraminx,COUNT=100000,SEED=1,OUT=$PWD/survey docs/survey/slurm-array.sh
#   polytwist merge survey/shard-*.json --out survey.json
#
# The array must run 0..K-1 (K = --array's size); each task writes $OUT/shard-I.json when it has
# finished (never half a file), so a task that fails or is cancelled shows up as missing in
# `polytwist merge`, and resubmitting just that index (--array=17) completes the survey.
#SBATCH --job-name=polytwist-survey
#SBATCH --output=polytwist-survey-%A_%a.log
set -euo pipefail
: "${PUZZLE:?set PUZZLE, e.g. master_pyraminx}" "${COUNT:?set COUNT}" "${SEED:?set SEED}"
: "${OUT:=survey}" "${POLYTWIST:=polytwist}" "${TABLES:=}"
: "${SLURM_ARRAY_TASK_ID:?submit with sbatch --array=0-(K-1)}"
# With --array=I alone (a resubmitted task) the count is 1: SHARDS must then be given.
SHARDS="${SHARDS:-$SLURM_ARRAY_TASK_COUNT}"
mkdir -p "$OUT"
exec "$POLYTWIST" survey "$PUZZLE" --count "$COUNT" --seed "$SEED" \
  --shard "$SLURM_ARRAY_TASK_ID/$SHARDS" --threads "${SLURM_CPUS_PER_TASK:-1}" \
  ${TABLES:+--tables "$TABLES"} --out "$OUT/shard-$SLURM_ARRAY_TASK_ID.json"
