#!/usr/bin/env python3
"""Games between two builds of lud's computer player, for a build that has
no `lud uci` (the player of before, commit 469ed1a), so that `lud match`
cannot drive it.

Each move is one call of `BUILD play GAME --white ai --black ai
--max-plies 1 --position POS`, which prints the position after the move and
the result. The opening is two random plies (`lud play --white random
--black random --max-plies 2 --seed 100+k`, the same for both games of a
pair); the builds swap colours every game. A game still going after 300
plies is a draw. Positions are passed without their history, so no draw by
repetition is seen (a game that repeats runs on to the cap).

    python3 docs/old-player-referee.py GAME NEW_BUILD OLD_BUILD GAMES [extra args]

extra args go to every `play` call, e.g. `--ai-time 0.2` for 0.2 s a move.
It prints each game's result and the running score (A: NEW_BUILD, B:
OLD_BUILD). The README's figures for Parsi Chess and Nilakantha came from

    python3 docs/old-player-referee.py games/parsi-chess.lud target/release/lud OLD 16 --ai-time 0.2
    python3 docs/old-player-referee.py games/nilakantha.lud target/release/lud OLD 16 --ai-time 0.2

with OLD a release build of commit 469ed1a.
"""

import re
import subprocess
import sys


def play(binary, game, args):
    out = subprocess.run(
        [binary, "play", game, "--quiet"] + args, capture_output=True, text=True
    ).stdout
    pos = re.search(r"^Position: (.*)$", out, re.M)
    res = re.search(r"^Result: (.*)$", out, re.M)
    if not pos or not res:
        sys.exit(f"{binary} play {game} {' '.join(args)}: no position or result in\n{out}")
    return pos.group(1), res.group(1)


def main():
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    game, new, old, games = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
    extra = sys.argv[5:]
    builds = {"A": new, "B": old}
    score = {"A": 0.0, "B": 0.0}
    for g in range(games):
        pos, _ = play(
            new,
            game,
            ["--white", "random", "--black", "random", "--max-plies", "2", "--seed", str(g // 2 + 100)],
        )
        first = "A" if g % 2 == 0 else "B"
        seats = [first, "B" if first == "A" else "A"]
        result = None
        for ply in range(300):
            who = seats[ply % 2]
            pos, r = play(
                builds[who],
                game,
                ["--white", "ai", "--black", "ai", "--max-plies", "1", "--position", pos,
                 "--seed", str(g * 1000 + ply)] + extra,
            )
            if "move limit" not in r:
                result = r
                break
        if result is None:
            result = "draw at the cap of 300 plies"
        if "(1-0)" in result:
            score[seats[0]] += 1
        elif "(0-1)" in result:
            score[seats[1]] += 1
        else:
            score["A"] += 0.5
            score["B"] += 0.5
        print(g + 1, "first:", first, result, score, flush=True)


if __name__ == "__main__":
    main()
