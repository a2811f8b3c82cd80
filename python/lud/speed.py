"""How fast a Python loop plays random games, as a share of Rust's playouts.

``python -m lud.speed GAME [--rounds R] [--games N] [--ruleset NAME]
[--option NAME=VALUE ...]`` plays random games of GAME (in that ruleset,
with those options) three ways, taking turns within one process so that a drift in the
machine's speed touches all three alike:

- Rust's playouts (``lud.random_playouts``, as ``lud bench``, one thread);
- a Python loop of ``Batch.legal_actions``, a NumPy draw of one action per
  game, and ``Batch.apply`` (N games, 256 unless told);
- a Python loop of ``Batch.legal_counts``, a NumPy draw of one index per
  game, and ``Batch.apply_indices``.

Each round times a few hundred Rust games, then 200 steps of each loop. It
prints each loop's speed as a share of the playouts': the median over the
rounds, and the best round of each against the best of Rust's (interference
only ever slows a run, so the best runs are the least disturbed).
"""

import argparse
import statistics
import sys
import time

import numpy as np

import lud


def step_by_actions(batch, rng, steps):
    """Plays `steps` steps of `batch`, each game a uniformly random legal
    action (``legal_actions``, a NumPy draw, ``apply``)."""
    for _ in range(steps):
        actions, offsets = batch.legal_actions()
        # Slices rather than np.diff, whose Python-level wrapping costs
        # more than the subtraction itself at this size.
        starts = offsets[:-1]
        counts = offsets[1:] - starts
        batch.apply(actions[starts + (rng.random(len(counts)) * counts).astype(np.int64)])


def step_by_indices(batch, rng, steps):
    """Plays `steps` steps of `batch`, each game a uniformly random legal
    index (``legal_counts``, a NumPy draw, ``apply_indices``)."""
    for _ in range(steps):
        counts = batch.legal_counts()
        batch.apply_indices((rng.random(len(counts)) * counts).astype(np.int64))


def measure(game, rounds=30, games=256, rust_games=300, steps=200):
    """The loops' speeds against Rust's playouts over `rounds` rounds: a
    dict of plies a second (best of the rounds) and shares (median and
    best against best). In a game with moves whose actions do not fit an
    int64 (moves in parts, series of jumps) there is no loop by actions:
    its figures are None."""
    rng = np.random.default_rng(1)

    def rate(step, batch, n_steps):
        p0, t0 = batch.plies_played, time.perf_counter()
        step(batch, rng, n_steps)
        return (batch.plies_played - p0) / (time.perf_counter() - t0)

    def rust_rate(n_games):
        t0 = time.perf_counter()
        plies = lud.random_playouts(game, n_games)
        return plies / (time.perf_counter() - t0)

    by_action = lud.Batch(game, games)
    by_index = lud.Batch(game, games)
    # A first pass to warm everything up, not counted. `legal_actions`
    # raises ValueError once some game has a move whose action does not fit
    # an int64: then there is no loop by actions.
    warm = max(1, steps // 2)
    try:
        rate(step_by_actions, by_action, warm)
        with_actions = True
    except ValueError:
        with_actions = False
    rate(step_by_indices, by_index, warm)
    rust_rate(max(1, rust_games // 6))
    rust, acts, idxs = [], [], []
    for _ in range(rounds):
        rust.append(rust_rate(rust_games))
        if with_actions:
            try:
                acts.append(rate(step_by_actions, by_action, steps))
            except ValueError:
                with_actions, acts = False, []
        idxs.append(rate(step_by_indices, by_index, steps))
    return {
        "rust": max(rust),
        "actions": max(acts) if acts else None,
        "indices": max(idxs),
        "actions_median": statistics.median(a / r for a, r in zip(acts, rust)) if acts else None,
        "indices_median": statistics.median(i / r for i, r in zip(idxs, rust)),
        "actions_best": max(acts) / max(rust) if acts else None,
        "indices_best": max(idxs) / max(rust),
    }


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m lud.speed", description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a .lud file")
    parser.add_argument("--rounds", type=int, default=30, help="rounds of the three, taking turns (30)")
    parser.add_argument("--games", type=int, default=256, help="games in each batch (256)")
    parser.add_argument("--ruleset", help="one of the game's rulesets")
    parser.add_argument(
        "--option", action="append", default=[], metavar="NAME=VALUE", help="an option of the game (repeatable)"
    )
    args = parser.parse_args(argv)
    if args.rounds < 1 or not 1 <= args.games <= 65536:
        parser.error("--rounds must be at least 1 and --games between 1 and 65536")
    options = {}
    for o in args.option:
        name, eq, value = (part.strip() for part in o.partition("="))
        if not eq or not name or not value:
            parser.error(f"--option {o!r}: write NAME=VALUE, e.g. --option size=9")
        options[name] = value
    try:
        game = lud.Game(args.game, ruleset=args.ruleset, options=options or None)
        m = measure(game, rounds=args.rounds, games=args.games)
    except (OSError, ValueError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    chosen = ([f"ruleset {args.ruleset}"] if args.ruleset else []) + [f"{k}={v}" for k, v in options.items()]
    where = f" ({', '.join(chosen)})" if chosen else ""
    print(f"{args.game}{where}: random plies a second, the best of {args.rounds} rounds")

    def share(kind):
        return f"share {m[kind + '_median']:.3f} (median of rounds), {m[kind + '_best']:.3f} (best against best)"

    print(f"  {'Rust playouts (one thread)':<38}{m['rust']:>12,.0f}")
    if m["actions"] is None:
        print(f"  {'Python, legal_actions + apply':<38}  none: some move's action does not fit an int64 here")
    else:
        print(f"  {'Python, legal_actions + apply':<38}{m['actions']:>12,.0f}   {share('actions')}")
    print(f"  {'Python, legal_counts + apply_indices':<38}{m['indices']:>12,.0f}   {share('indices')}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
