#!/usr/bin/env bash
# The example studies of docs/research.md, run again: `docs/studies/run.sh`
# from the repository (about 10 minutes on 2 cores). The results files go to
# $OUT (default /tmp/lud-studies); the reports and plots into docs/studies/.
# Every study is deterministic: the same seeds give the same games, so the
# figures come out the same (only the times differ). ANALYZE_ONLY=1 makes
# the reports again from the results files without playing.
set -euo pipefail
cd "$(dirname "$0")/../.."
lud=${LUD:-target/release/lud}
out=${OUT:-/tmp/lud-studies}
[ -x "$lud" ] || cargo build --release --quiet
mkdir -p "$out"
# ANALYZE_ONLY=1: the reports again from the results already in $OUT.
play() { [ -n "${ANALYZE_ONLY:-}" ] || "$lud" selfplay "$@" --eval --quiet; }

# Shatranj (RULES.md, SH-*): 100,000 random games, and 200 games between
# two alpha-beta players at 10,000 nodes a move.
play games/shatranj.lud -n 100000 --out "$out/shatranj-random.jsonl"
play games/shatranj.lud -n 200 --white alphabeta:10k --black alphabeta:10k --out "$out/shatranj-alphabeta.jsonl"
"$lud" analyze "$out"/shatranj-random.jsonl "$out"/shatranj-alphabeta.jsonl \
    --html docs/studies/shatranj.html --svg docs/studies/shatranj > docs/studies/shatranj.txt

# Parsi chess: Murray's reading against Shastree's (RULES.md, PA-*), with
# random players (20,000 games each) and with alpha-beta at 2,000 nodes
# (200 games each).
for r in Murray Shastree; do
    play games/parsi-chess.lud --ruleset "$r" -n 20000 --out "$out/parsi-$r-random.jsonl"
    play games/parsi-chess.lud --ruleset "$r" -n 200 --white alphabeta:2k --black alphabeta:2k --out "$out/parsi-$r-alphabeta.jsonl"
done
"$lud" analyze "$out"/parsi-Murray-random.jsonl "$out"/parsi-Shastree-random.jsonl \
    --html docs/studies/parsi-random.html --svg docs/studies/parsi-random > docs/studies/parsi-random.txt
"$lud" analyze "$out"/parsi-Murray-alphabeta.jsonl "$out"/parsi-Shastree-alphabeta.jsonl \
    --html docs/studies/parsi-alphabeta.html --svg docs/studies/parsi-alphabeta > docs/studies/parsi-alphabeta.txt

# Nilakantha's setup choices (RULES.md, NI-3, NI-4, NI-5): the decision
# (each side chooses its other pawn, the kings on the e-file, no exchange)
# against a fixed central pawn, the kings on the d-file, and the king
# exchanged with the a-file elephant; 50,000 random games each, and the
# decision against the fixed central pawn at alpha-beta 2,000 nodes.
play games/nilakantha.lud -n 50000 --out "$out/nila-decision.jsonl"
play games/nilakantha.lud -n 50000 --option setup-pawn=centre --out "$out/nila-centre.jsonl"
play games/nilakantha.lud -n 50000 --option king-file=d --out "$out/nila-king-d.jsonl"
play games/nilakantha.lud -n 50000 --option transpose=a-file --out "$out/nila-transpose-a.jsonl"
"$lud" analyze "$out"/nila-decision.jsonl "$out"/nila-centre.jsonl "$out"/nila-king-d.jsonl "$out"/nila-transpose-a.jsonl \
    --html docs/studies/nilakantha-random.html --svg docs/studies/nilakantha-random > docs/studies/nilakantha-random.txt
play games/nilakantha.lud -n 200 --white alphabeta:2k --black alphabeta:2k --out "$out/nila-decision-alphabeta.jsonl"
play games/nilakantha.lud -n 200 --white alphabeta:2k --black alphabeta:2k --option setup-pawn=centre --out "$out/nila-centre-alphabeta.jsonl"
"$lud" analyze "$out"/nila-decision-alphabeta.jsonl "$out"/nila-centre-alphabeta.jsonl \
    --html docs/studies/nilakantha-alphabeta.html --svg docs/studies/nilakantha-alphabeta > docs/studies/nilakantha-alphabeta.txt
