"""The Ray job's command line where Ray may be missing: its help, and a
missing lud binary told as a usage error, neither needing Ray."""

import pytest

from lud import ray_study


def test_the_ray_job_helps_and_checks_its_binary_without_ray(capsys):
    with pytest.raises(SystemExit) as done:
        ray_study.main(["--help"])
    assert done.value.code == 0
    assert "--shards" in capsys.readouterr().out
    with pytest.raises(SystemExit) as done:
        ray_study.main(["games/chess.lud", "--out", "x.jsonl", "--lud", "/no/such/lud"])
    assert done.value.code == 2
    assert "no lud binary at '/no/such/lud'" in capsys.readouterr().err


def test_a_shard_plays_the_game_file_as_its_bytes(tmp_path):
    """A shard (played without Ray here) of a game file with CRLF line
    ends is the same study as a local run of that file: the file's bytes
    travel, not its text read and written again."""
    import json
    import subprocess

    from conftest import lud_binary

    binary = lud_binary()
    if binary is None:
        pytest.skip("no lud binary built (cargo build): skipped")
    with open("games/connect-four.lud", "rb") as f:
        crlf = f.read().replace(b"\r\n", b"\n").replace(b"\n", b"\r\n")
    game = tmp_path / "c4.lud"
    game.write_bytes(crlf)
    local = subprocess.run([binary, "selfplay", str(game), "-n", "2", "--out", "-", "--quiet"],
                           capture_output=True, text=True, check=True).stdout
    with open(game, "rb") as f:
        shard = ray_study.play_shard(binary, "c4.lud", f.read(), 2, 1, 1, 1, [])

    def rules(text):
        return {json.loads(line)["rules"] for line in text.splitlines()}

    assert rules(local) == rules(shard) and len(rules(local)) == 1
