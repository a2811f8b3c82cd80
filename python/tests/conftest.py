import os
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def at_root(monkeypatch):
    """Every test runs from the repository, where games/ is."""
    monkeypatch.chdir(ROOT)


def lud_binary():
    """The lud binary the tests run: $LUD_BIN, else a built one."""
    for p in [os.environ.get("LUD_BIN"), ROOT / "target/quick/lud", ROOT / "target/release/lud", ROOT / "target/debug/lud"]:
        if p and pathlib.Path(p).is_file():
            return str(p)
    return None
