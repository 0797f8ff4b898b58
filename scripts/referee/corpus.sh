#!/usr/bin/env bash
# Records Nine Lives powers games at every player count (3-9), with and
# without Black Cat (3-8), under both power deals, with the tourney's
# --record, and runs the independent referee over them (issue #18's
# acceptance: "records of random, greedy and ismcts games at every player
# count pass an independent check against the rule file").
#
#   scripts/referee/corpus.sh [OUT_DIR] [RANDOM_GAMES] [GREEDY_GAMES]
#
# Line-ups per configuration: random in every seat; greedy in every seat;
# one ismcts:iterations=100 seat with greedy and random (one whole rotation:
# P games, ismcts in every seat once). One worker: the machine is shared.
# Needs a build (npm ci or npx tsc -p tsconfig.json).
set -euo pipefail
cd "$(dirname "$0")/../.."
OUT=${1:-/tmp/ninefold-referee-corpus}
NR=${2:-100}
NG=${3:-40}
mkdir -p "$OUT"
seats() { local b=$1 n=$2 s=$1; for ((i = 1; i < n; i++)); do s="$s,$b"; done; echo "$s"; }
for P in 3 4 5 6 7 8 9; do
  for BC in false true; do
    if [[ $P == 9 && $BC == true ]]; then continue; fi
    for DEAL in published uniform; do
      V="players=$P,blackCat=$BC,powers=true,powerDeal=$DEAL"
      MIXED="ismcts:iterations=100,greedy,$(seats random $((P - 2)))"
      for KIND in random greedy mixed; do
        case $KIND in
          random) BOTS=$(seats random "$P"); N=$NR ;;
          greedy) BOTS=$(seats greedy "$P"); N=$NG ;;
          mixed) BOTS=$MIXED; N=$P ;;
        esac
        D="$OUT/p$P-bc$BC-$DEAL-$KIND"
        node dist/src/cli/tourney.js --game nine-lives --variant "$V" --bots "$BOTS" --games "$N" \
          --seed "corpus-$P-$BC-$DEAL-$KIND" --record --out "$D" --force --workers 1 > /dev/null 2> "$D.err"
      done
    done
  done
done
time node dist/scripts/referee.js "$OUT"/p*/
