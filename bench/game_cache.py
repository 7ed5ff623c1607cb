"""Long bench rows play each game once: finished games are kept on disk, keyed by the code.

A row of a few hundred expert games takes hours (Oriflamme's most of all), longer than a
machine stays free.  Each finished game's result is appended to ``bench/.cache/<bench>.jsonl``
with its job (row, mode, game index) and a fingerprint of the code that decides it (that game's
rules and bots, the core, the bench's scripts), so a run that stops half-way, or one split over
several sittings, plays only the games still missing, and a change to that code starts afresh.
Results are the same either way: every game is seeded by its index alone (the clock mode of
the yardstick excepted, whose budget is the expert's time measured in the run that played it).
"""

from __future__ import annotations

import ast
import hashlib
import json
from pathlib import Path
from typing import Any, Callable

ROOT = Path(__file__).resolve().parent.parent
CACHE = ROOT / "bench" / ".cache"


#: The bench scripts that drive the cached games.
SCRIPTS = ("game_cache.py", "bots_bench.py", "yardstick.py", "ladder.py")


def fingerprint(game: str) -> str:
    """A hash of what decides a game of ``game``'s result: the core, that game's rules and bots,
    the search they share, the adapters (OpenSpiel's ISMCTS plays through them) and the bench
    scripts; not the page's bridge, link play or the other games.  Each file counts by its
    code alone (``_code``), so a comment or a docstring (a figure measured with the cache) can
    change without playing every game again."""
    pkg = ROOT / "pygames"
    paths = [pkg / "__init__.py", pkg / "bots" / "__init__.py", pkg / "bots" / "ismcts.py"]
    paths += [*(pkg / "core").rglob("*.py"), *(pkg / game).rglob("*.py"), *(pkg / "adapters").rglob("*.py")]
    paths += [*(pkg / "bots").glob(f"{game}*.py"), *(ROOT / "bench" / name for name in SCRIPTS)]
    digest = hashlib.sha256()
    for path in sorted(p for p in paths if p.exists()):
        digest.update(path.relative_to(ROOT).as_posix().encode() + b"\0" + _code(path) + b"\0")
    return digest.hexdigest()[:16]


def _code(path: Path) -> bytes:
    """A Python file's syntax tree without its docstrings (comments never reach the tree), dumped:
    the same for two files that differ in comments, docstrings or layout only."""
    tree = ast.parse(path.read_bytes())
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if (
            isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
            and body
            and isinstance(body[0], ast.Expr)
            and isinstance(body[0].value, ast.Constant)
            and isinstance(body[0].value.value, str)
        ):
            del body[0]
    return ast.dump(tree).encode()


def run_games(
    bench: str, game: str, jobs: list[tuple], play: Callable[[tuple], Any], workers: int, cache: bool = True
) -> list:
    """``play(job)`` for every job (games of ``game``, in ``workers`` processes), in the jobs' order;
    with ``cache``, games this code already played are read back and each new one is kept as it finishes."""
    code = fingerprint(game)
    path = CACHE / f"{bench}.jsonl"
    done: dict[str, Any] = {}
    if cache and path.exists():
        for line in path.read_text().splitlines():
            try:
                kept = json.loads(line)
            except ValueError:  # a line cut short by a stopped run
                continue
            if kept.get("code") == code:
                done[json.dumps(kept["job"])] = kept["result"]
    todo = [job for job in jobs if json.dumps(list(job)) not in done]
    if cache:
        CACHE.mkdir(parents=True, exist_ok=True)
    with open(path, "a") if cache else open("/dev/null", "w") as out:
        if cache and out.tell() and not path.read_bytes().endswith(b"\n"):
            out.write("\n")  # after a line cut short, start a fresh one
        for job, result in zip(todo, _results(play, todo, workers)):
            done[json.dumps(list(job))] = result
            out.write(json.dumps({"code": code, "job": list(job), "result": result}) + "\n")
            out.flush()
    return [done[json.dumps(list(job))] for job in jobs]


def _results(play: Callable[[tuple], Any], jobs: list[tuple], workers: int):
    if workers > 1 and len(jobs) > 1:
        import multiprocessing

        with multiprocessing.Pool(workers) as pool:
            yield from pool.imap(play, jobs, chunksize=1)
    else:
        yield from map(play, jobs)
