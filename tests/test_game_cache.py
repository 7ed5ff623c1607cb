"""The long benches' game cache (bench/game_cache.py): a game is played once per code."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "bench"))
import game_cache  # noqa: E402

played: list[tuple] = []


def square(job: tuple) -> list[int]:
    played.append(job)
    return [job[1] * job[1]]


@pytest.fixture
def cache(tmp_path, monkeypatch):
    monkeypatch.setattr(game_cache, "CACHE", tmp_path)
    monkeypatch.setattr(game_cache, "fingerprint", lambda game: "code-1")
    played.clear()
    return tmp_path


def test_a_rerun_plays_only_the_games_still_missing(cache):
    assert game_cache.run_games("t", "okiya", [("r", 0), ("r", 1)], square, workers=1) == [[0], [1]]
    assert game_cache.run_games("t", "okiya", [("r", g) for g in range(4)], square, workers=1) == [[0], [1], [4], [9]]
    assert played == [("r", 0), ("r", 1), ("r", 2), ("r", 3)]


def test_new_code_or_no_cache_plays_again_and_a_cut_line_is_ignored(cache, monkeypatch):
    game_cache.run_games("t", "okiya", [("r", 2)], square, workers=1)
    with open(cache / "t.jsonl", "a") as out:
        out.write('{"code": "code-1", "job": ["r", 3], "res')
    game_cache.run_games("t", "okiya", [("r", 2), ("r", 3)], square, workers=1, cache=False)
    monkeypatch.setattr(game_cache, "fingerprint", lambda game: "code-2")
    assert game_cache.run_games("t", "okiya", [("r", 2)], square, workers=1) == [[4]]
    assert game_cache.run_games("t", "okiya", [("r", 2)], square, workers=1) == [[4]]
    assert played == [("r", 2), ("r", 2), ("r", 3), ("r", 2)]


def test_the_fingerprint_follows_the_games_rules_bots_and_bench_only(tmp_path, monkeypatch):
    monkeypatch.setattr(game_cache, "ROOT", tmp_path)
    files = {
        name: tmp_path / name
        for name in ("pygames/okiya/rules.py", "pygames/bots/okiya.py", "pygames/turncoats/rules.py")
        + ("pygames/bridge.py", "bench/bots_bench.py", "bench/browser_bench.py")
    }
    for path in files.values():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("A = 1\n")
    seen = {game_cache.fingerprint("okiya")}
    for name in ("pygames/turncoats/rules.py", "pygames/bridge.py", "bench/browser_bench.py"):
        files[name].write_text("A = 2\n")
        assert game_cache.fingerprint("okiya") in seen, name
    for name in ("pygames/okiya/rules.py", "pygames/bots/okiya.py", "bench/bots_bench.py"):
        files[name].write_text("A = 2\n")
        assert game_cache.fingerprint("okiya") not in seen, name
        seen.add(game_cache.fingerprint("okiya"))


def test_comments_and_docstrings_do_not_count_but_code_does(tmp_path, monkeypatch):
    monkeypatch.setattr(game_cache, "ROOT", tmp_path)
    rules = tmp_path / "pygames/okiya/rules.py"
    rules.parent.mkdir(parents=True)
    rules.write_text('"""Rules."""\n\n\ndef f(x):\n    """Twice x."""\n    return 2 * x  # doubled\n')
    code = game_cache.fingerprint("okiya")
    rules.write_text('"""The rules, said otherwise."""\n\n#: A note measured later.\ndef f(x):\n    return 2 * x\n')
    assert game_cache.fingerprint("okiya") == code
    rules.write_text('"""Rules."""\n\n\ndef f(x):\n    """Twice x."""\n    return 3 * x  # doubled\n')
    assert game_cache.fingerprint("okiya") != code
    rules.write_text('"""Rules."""\n\n\ndef f(x):\n    """Twice x."""\n    return "Twice x."\n')
    assert game_cache.fingerprint("okiya") != code
