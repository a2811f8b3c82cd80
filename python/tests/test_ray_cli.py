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
