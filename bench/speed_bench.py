"""Engine and search speed of this checkout against another revision, both in the same run.

    python bench/speed_bench.py [--base main] [--rounds 5] [--seconds 1.5] [--pyodide]

The hidden-information games' figures where the expert bots spend their time, each per CPU
second of one process (``bots_bench.cpu_clock``: steady on a machine busy with other work):

* ``<game> random playouts``: complete games with uniform random moves through the public
  protocol (``new_game``, ``legal_moves``, ``play``), Oriflamme 4 players, Turncoats 3 players;
* ``oriflamme search iterations``: the expert's ISMCTS iterations (deal, tree walk, playout to
  the end) on fixed positions of seeded games, 200 iterations a position;
* ``turncoats expert decisions``: whole decisions of the expert (its look-ahead over dealt
  positions with the rivals' answers) on fixed positions of seeded games, both sides set to the
  same work (``SAME_WORK``: how far it looks has changed since issue 28's first speed-up).

Each figure is the best of ``REPEATS`` repeats of the same work in its process (the others
measure this machine's neighbours).  The base revision's ``pygames`` is exported with ``git
archive`` into a temporary directory; each round measures the base, then this checkout, each in
a fresh process (``--measure``), so both
sides of a ratio share the machine's state; the table gives the median of the rounds and the
ratio of the medians.  ``--pyodide`` measures the same inside Pyodide (Node) too, the packages
mounted from their directories.  A search figure compares the same work only when both sides
play the same moves: each game's expert moves on the fixed positions are hashed and compared
(``same moves``; the Oriflamme expert's playouts place cards differently since 6ec43fb^, so
against that base its figure compares two searches).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"
FIGURES = (
    "oriflamme random playouts",
    "turncoats random playouts",
    "oriflamme search iterations",
    "turncoats expert decisions",
)


def _clock():
    if sys.platform == "emscripten":
        try:
            import js

            usage = js.process.cpuUsage
            return lambda: (lambda u: (u.user + u.system) / 1e6)(usage())
        except (ImportError, AttributeError):
            return time.perf_counter
    return time.process_time


def _positions(module, bots, players: int, games: int, every: int) -> list[dict]:
    """Views of the seat to move with a choice, one decision in ``every``, from seeded heuristic games."""
    from pygames.core.rng import Rng

    views = []
    for g in range(games):
        state = module.new_game(players, 100 + g)
        rng = Rng(g)
        k = 0
        while state.outcome is None:
            view = state.view(state.to_move)
            if len(view["legal"]) > 1:
                if k % every == 0:
                    views.append(view)
                k += 1
            state = state.play(bots.heuristic(view, rng))
    return views


def measure(seconds: float) -> dict:
    """This interpreter's figures for the ``pygames`` on its path (see the module docstring)."""
    from pygames import oriflamme, turncoats
    from pygames.bots import oriflamme as obots
    from pygames.bots import turncoats as tbots
    from pygames.core.rng import Rng

    clock = _clock()
    out: dict = {}
    for name, module, players in (("oriflamme", oriflamme, 4), ("turncoats", turncoats, 3)):
        rates = []
        for _ in range(REPEATS):  # the same seeded games each time: the best repeat is the figure
            rng = Rng(0)
            games = 0
            start = clock()
            while True:
                state = module.new_game(players, games)
                while state.outcome is None:
                    moves = state.legal_moves()
                    state = state.play(moves[rng.below(len(moves))])
                games += 1
                spent = clock() - start
                if spent >= seconds / REPEATS:
                    break
            rates.append(games / spent)
        out[f"{name} random playouts"] = max(rates)
    views = _positions(oriflamme, obots, 4, 2, 4)
    out["oriflamme search iterations"], found = _best(clock, lambda i, v: obots.expert(v, Rng(i), 200), views, 200)
    out["moves"] = {"oriflamme": _digest(found)}
    for name, value in SAME_WORK.items():  # a table by player count now, one number before
        setattr(tbots, name, dict.fromkeys(range(2, 6), value) if isinstance(getattr(tbots, name), dict) else value)
    views = _positions(turncoats, tbots, 3, 3, 3)
    out["turncoats expert decisions"], found = _best(clock, lambda i, v: tbots.expert(v, Rng(i)), views, 1)
    out["moves"]["turncoats"] = _digest(found)
    return out


def _digest(moves: list[str]) -> str:
    return hashlib.sha256("|".join(moves).encode()).hexdigest()[:16]


#: The Turncoats expert's look-ahead on both sides, as it was before issue 28's first speed-up
#: (6ec43fb^): its 10 best moves, each position played out from 12 stones left (3 players now play
#: out from 16), so both sides do the same work and play the same moves.
SAME_WORK = {"CANDIDATES": 10, "PLAYOUT_LEFT": 12}

#: Each figure is the best of this many repeats of the same work: on a machine busy with other
#: work the slow repeats measure the neighbours (cache and core sharing), the best one the code.
REPEATS = 3


def _best(clock, decide, views: list[dict], per: int) -> tuple[float, list[str]]:
    """The best rate (``per`` units a decision) of ``decide(i, view)`` over ``views``, and its moves."""
    best = 0.0
    for _ in range(REPEATS):
        start = clock()
        moves = [str(decide(i, view)) for i, view in enumerate(views)]
        best = max(best, len(views) * per / (clock() - start))
    return best, moves


def _run(side: Path, seconds: float, pyodide: bool) -> dict:
    if pyodide:
        sys.path.insert(0, str(BENCH))
        import run as bench_run

        cmd = bench_run.build.load_bootstrap().node_runner_cmd(
            "run_python.mjs",
            "--no-pygames",
            "--mount",
            f"{side}:/code",
            "--path",
            "/code",
            str(Path(__file__).resolve()),
            "--",
            "--measure",
            "--seconds",
            str(seconds),
            pyodide_dir=bench_run.build.fetch_pyodide(),
            dist=bench_run.build.DIST,
        )
        env = dict(os.environ)
    else:
        cmd = [sys.executable, str(Path(__file__).resolve()), "--measure", "--seconds", str(seconds)]
        env = {**os.environ, "PYTHONPATH": str(side)}
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=str(side), timeout=3600)
    for text in reversed(proc.stdout.splitlines()):
        if text.startswith("{"):
            return json.loads(text)
    raise RuntimeError(f"no figures from {side}: {proc.stdout[-2000:]} {proc.stderr[-2000:]}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--base", default="main", help="the revision to compare with (default main)")
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--seconds", type=float, default=1.5, help="time of each random-playout figure")
    ap.add_argument("--pyodide", action="store_true", help="also inside Pyodide (Node)")
    ap.add_argument("--measure", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.measure:
        print(json.dumps(measure(args.seconds)), flush=True)
        return 0
    with tempfile.TemporaryDirectory(prefix="speed-base-") as tmp:
        base = Path(tmp)
        archive = subprocess.run(["git", "archive", args.base, "pygames"], cwd=ROOT, capture_output=True, check=True)
        subprocess.run(["tar", "-x", "-C", str(base)], input=archive.stdout, check=True)
        sides = {"base": base, "this": ROOT}
        for runtime in ("CPython", "Pyodide") if args.pyodide else ("CPython",):
            runs: dict[str, list[dict]] = {"base": [], "this": []}
            for _ in range(args.rounds):
                for side, where in sides.items():
                    runs[side].append(_run(where, args.seconds, runtime == "Pyodide"))
            print(f"{runtime}, {args.rounds} rounds, medians per CPU second ({args.base} -> this checkout):")
            for figure in FIGURES:
                a = statistics.median(r[figure] for r in runs["base"])
                b = statistics.median(r[figure] for r in runs["this"])
                print(f"  {figure:30s} {a:10,.1f} -> {b:10,.1f}   {b / a:.2f}x")
            for game in ("oriflamme", "turncoats"):
                same = {r["moves"][game] for r in runs["base"] + runs["this"]}
                print(f"  {game} expert, same moves on both sides: {'yes' if len(same) == 1 else 'NO ' + str(same)}")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
