"""A `lud selfplay` study fanned out over a Ray cluster.

Every shard of a study is independent and deterministic (`lud selfplay
--shard I/K`), so a study runs as K Ray tasks, each playing one shard with
the `lud` binary on whatever node Ray gives it; the JSON lines come back,
are written to one results file, and `lud analyze` reads it. The merged
file holds exactly the games one `lud selfplay` run with the same seed
plays (`python/tests/test_ray.py` checks it).

    python -m lud.ray_study games/shatranj.lud -n 1000000 --shards 64 \\
        --out shatranj.jsonl --address auto -- --white alphabeta:10k

Each node needs the `lud` binary (on its PATH, or `--lud PATH` where it is
on every node); the game file's text travels with the task, so the file
need not be on the nodes. Options after `--` go to `lud selfplay` as they
are (players, `--ruleset`, `--option`, `--seed`, `--max-plies`, `--eval`).
"""

import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def play_shard(lud, game_name, game_text, games, shard, shards, threads, extra):
    """One shard of the study, played on this node: its JSON lines.
    `game_text` is the game file's bytes, written as they are (a study's
    fingerprint is of the file's bytes: text mode would turn CRLF line
    ends into LF and make the shards another study than a local run's)."""
    if isinstance(game_text, str):
        game_text = game_text.encode("utf-8")
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, game_name)
        with open(path, "wb") as f:
            f.write(game_text)
        cmd = [lud, "selfplay", path, "-n", str(games), "--shard", f"{shard}/{shards}",
               "--threads", str(threads), "--out", "-", "--quiet", *extra]
        done = subprocess.run(cmd, capture_output=True, text=True)
        if done.returncode != 0:
            raise RuntimeError(f"shard {shard}/{shards}: {' '.join(cmd)} failed ({done.returncode}): {done.stderr.strip()}")
        return done.stdout


def run(game_file, games, shards, out, lud="lud", threads=1, extra=(), address=None, num_cpus=None):
    """Plays the study's `shards` shards as Ray tasks, writes every game's
    line to `out` (shard by shard, as they finish), and returns the path."""
    import ray  # here, so that `--help` and the checks of main need no Ray

    with open(game_file, "rb") as f:
        text = f.read()
    remote = ray.remote(play_shard)
    if not ray.is_initialized():
        ray.init(address=address, num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
    name = os.path.basename(game_file)
    tasks = [remote.options(num_cpus=threads).remote(lud, name, text, games, i, shards, threads, list(extra))
             for i in range(1, shards + 1)]
    # Each shard's lines written as it comes back (the driver never holds
    # them all), into a file beside `out` that takes its name only when
    # every shard has come back: a failed study leaves `out` as it was.
    partial = out + ".partial"
    try:
        with open(partial, "w", encoding="utf-8") as f:
            waiting = tasks
            while waiting:
                done, waiting = ray.wait(waiting, num_returns=1)
                f.write(ray.get(done[0]))
        os.replace(partial, out)
    finally:
        if os.path.exists(partial):
            os.remove(partial)
    return out


def main(argv=None):
    argv = list(sys.argv[1:] if argv is None else argv)
    extra = []
    if "--" in argv:
        cut = argv.index("--")
        argv, extra = argv[:cut], argv[cut + 1:]
    p = argparse.ArgumentParser(prog="python -m lud.ray_study", description=__doc__.split("\n\n")[0])
    p.add_argument("game", help="the game file")
    p.add_argument("-n", "--games", type=int, default=1000, help="games in the study")
    p.add_argument("--shards", type=int, default=8, help="Ray tasks, one shard each")
    p.add_argument("--out", required=True, help="the results file to write")
    p.add_argument("--lud", default="lud", help="the lud binary on the nodes")
    p.add_argument("--threads", type=int, default=1, help="games at once in each task (and CPUs it asks Ray for)")
    p.add_argument("--address", default=None, help="the Ray cluster (`auto`: the one this node is in; none: a local one)")
    p.add_argument("--html", default=None, help="also write `lud analyze`'s HTML report here")
    a = p.parse_args(argv)
    if a.shards < 1 or a.games < 0 or a.threads < 1:
        p.error("--shards and --threads must be at least 1, --games at least 0")
    if shutil.which(a.lud) is None:
        p.error(f"no lud binary at {a.lud!r}: put lud on the PATH or give --lud PATH (cargo build --release makes target/release/lud)")
    try:
        import ray  # noqa: F401
    except ImportError:
        print("error: Ray is not installed here: pip install 'ray[default]'", file=sys.stderr)
        return 1
    run(a.game, a.games, a.shards, a.out, a.lud, a.threads, extra, a.address)
    analyze = [a.lud, "analyze", a.out] + (["--html", a.html] if a.html else [])
    return subprocess.run(analyze).returncode


if __name__ == "__main__":
    sys.exit(main())
