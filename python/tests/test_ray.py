"""The Ray study: eight shards played as Ray tasks on a local Ray instance
merge into exactly the games of one `lud selfplay` run with the same seed.
Skips, saying so, where Ray or a built lud binary is missing."""

import json
import subprocess

import pytest

from conftest import lud_binary

ray = pytest.importorskip("ray", reason="Ray is not installed (pip install ray): the Ray study's test skips")


def games(text):
    out = {}
    for line in text.splitlines():
        g = json.loads(line)
        del g["seconds"]
        assert g["index"] not in out
        out[g["index"]] = g
    return out


def test_eight_shards_on_ray_are_the_single_run(tmp_path):
    binary = lud_binary()
    if binary is None:
        pytest.skip("no lud binary built (cargo build): skipped")
    from lud import ray_study

    extra = ["--white", "alphabeta:300", "--seed", "5", "--max-plies", "60"]
    single = subprocess.run([binary, "selfplay", "games/connect-four.lud", "-n", "40", "--out", "-", "--quiet", *extra],
                            capture_output=True, text=True, check=True).stdout
    out = tmp_path / "ray.jsonl"
    try:
        ray_study.run("games/connect-four.lud", 40, 8, str(out), lud=binary, extra=extra, num_cpus=2)
    finally:
        ray.shutdown()
    merged = games(out.read_text())
    assert len(merged) == 40
    assert merged == games(single)
    # And the analysis reads the merged file.
    report = subprocess.run([binary, "analyze", str(out), "--json"], capture_output=True, text=True, check=True).stdout
    assert json.loads(report)["studies"][0]["games"] == 40


def test_a_failing_shard_is_reported(tmp_path):
    binary = lud_binary()
    if binary is None:
        pytest.skip("no lud binary built (cargo build): skipped")
    from lud import ray_study

    try:
        with pytest.raises(Exception, match="wizard"):
            ray_study.run("games/connect-four.lud", 4, 2, str(tmp_path / "x.jsonl"), lud=binary, extra=["--white", "wizard"], num_cpus=2)
    finally:
        ray.shutdown()
    # Nothing is left behind: no results file, no partial one.
    assert list(tmp_path.iterdir()) == []
