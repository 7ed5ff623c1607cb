"""Before and after, in one run: how much faster the engines and the experts got (issue 28 item 4).

    python bench/speedup.py --base REV [--rounds 3] [--seconds 2] [--positions 8] [--pyodide]

``REV``'s ``pygames/`` (``git archive``) and this checkout's are measured by turns, a fresh
process each, ``--rounds`` times, so both sides meet the same load on a shared machine; the
table gives each side's median and the ratio (after / before):

* random playouts per second (complete games of uniform random legal moves from a seeded
  ``Rng``; the engine alone), Oriflamme at 4 and 5 players, Turncoats at 3 and 5;
* the expert's decision time in ms (median over ``--positions`` seeded positions, each reached by
  random moves from a seeded deal, the expert at its fixed budget: the same move for the same
  seed), Oriflamme 4 players and Turncoats 3 and 2.

Both sides must pick the same expert move in every position (the speed-up changes no result):
the table says so, and the exit code is 1 when they do not.  Times are the process's CPU time on
CPython (``time.process_time``) and the wall clock in Pyodide (``--pyodide``: Node, the built
wheel's Pyodide, the tree mounted in place of the wheel).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PLAYOUTS = (("oriflamme", 4), ("oriflamme", 5), ("turncoats", 3), ("turncoats", 5))
EXPERTS = (("oriflamme", 4), ("turncoats", 3), ("turncoats", 2))


def measure(seconds: float, positions: int) -> dict:
    """One side's figures, in the process whose ``sys.path`` finds that side's ``pygames``."""
    import importlib

    from pygames.bots import BOTS
    from pygames.core.rng import Rng

    clock = time.perf_counter if sys.platform == "emscripten" else time.process_time
    out: dict = {"playouts": {}, "expert": {}, "moves": {}}
    for game, players in PLAYOUTS:
        new_game = importlib.import_module(f"pygames.{game}").new_game
        rng, games = Rng(0), 0
        start = clock()
        while clock() - start < seconds:
            state = new_game(players, games)
            while state.outcome is None:
                moves = state.legal_moves()
                state = state.play(moves[rng.below(len(moves))])
            games += 1
        out["playouts"][f"{game} {players}p"] = games / (clock() - start)
    for game, players in EXPERTS:
        new_game = importlib.import_module(f"pygames.{game}").new_game
        expert = BOTS[game]["expert"]
        times, picked, seed = [], [], 0
        while len(times) < positions:
            seed += 1
            rng = Rng(1000 + seed)
            state = new_game(players, 1000 + seed)
            for _ in range(rng.below(24)):
                if state.outcome is not None:
                    break
                moves = state.legal_moves()
                state = state.play(moves[rng.below(len(moves))])
            while state.outcome is None and len(state.legal_moves()) < 2:
                state = state.play(state.legal_moves()[0])
            if state.outcome is not None:
                continue  # a random game that ended that soon: the next seed
            view = state.view(state.to_move)
            start = clock()
            move = expert(view, Rng(seed))
            times.append((clock() - start) * 1000)
            picked.append(str(move))
        out["expert"][f"{game} {players}p"] = statistics.median(times)
        out["moves"][f"{game} {players}p"] = picked
    return out


def export(rev: str, into: Path) -> Path:
    """``rev``'s ``pygames/`` under ``into``."""
    archive = into / "base.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "archive", rev, "pygames"], cwd=ROOT, stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into


def side_cmd(tree: Path, pyodide: bool, seconds: float, positions: int) -> tuple[list[str], dict]:
    """argv and environment that measure ``tree``'s pygames."""
    args = ["--child", str(seconds), str(positions)]
    if not pyodide:
        return [sys.executable, __file__, *args], {**os.environ, "PYTHONPATH": str(tree)}
    sys.path.insert(0, str(ROOT / "bench"))
    import run

    runner = run.build.load_bootstrap().node_runner_cmd
    opts = ("--no-pygames", "--mount", f"{tree}:/tree", "--path", "/tree")
    cmd = runner(
        "run_python.mjs", *opts, __file__, "--", *args, pyodide_dir=run.build.fetch_pyodide(), dist=run.build.DIST
    )
    return cmd, dict(os.environ)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="the git revision measured as 'before'")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0, help="seconds of playouts a row and side")
    ap.add_argument("--positions", type=int, default=8, help="expert positions a row")
    ap.add_argument("--pyodide", action="store_true", help="measure inside Pyodide (Node)")
    ap.add_argument("--child", nargs=2, metavar=("SECONDS", "POSITIONS"), help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        print(json.dumps(measure(float(args.child[0]), int(args.child[1]))))
        return 0
    if not args.base:
        ap.error("--base REV is required")
    with tempfile.TemporaryDirectory() as tmp:
        sides = {"before": export(args.base, Path(tmp)), "after": ROOT}
        runs: dict[str, list[dict]] = {"before": [], "after": []}
        for r in range(args.rounds):
            for name, tree in sides.items():
                cmd, env = side_cmd(tree, args.pyodide, args.seconds, args.positions)
                proc = subprocess.run(cmd, env=env, capture_output=True, text=True, cwd=ROOT)
                if proc.returncode:
                    sys.exit(f"{name}: {proc.stderr.strip()[-800:]}")
                runs[name].append(json.loads(proc.stdout.strip().splitlines()[-1]))
                print(f"round {r + 1}/{args.rounds}: {name} measured", file=sys.stderr)
    where = "Pyodide (Node), wall clock" if args.pyodide else "CPython, CPU time"
    print(f"{args.base} -> this checkout; {where}; medians of {args.rounds} rounds")
    same = True
    for kind, unit in (("playouts", "games/s"), ("expert", "ms a decision")):
        for row in runs["before"][0][kind]:
            b = statistics.median(run[kind][row] for run in runs["before"])
            a = statistics.median(run[kind][row] for run in runs["after"])
            gain = b / a if kind == "expert" else a / b
            print(f"  {kind:8} {row:14} before {b:9.1f}  after {a:9.1f} {unit:14} x{gain:.2f}")
    for row, moves in runs["before"][0]["moves"].items():
        if moves != runs["after"][0]["moves"][row]:
            same = False
            print(f"  expert {row}: DIFFERENT MOVES {moves} vs {runs['after'][0]['moves'][row]}")
    print("  same expert moves in every position:", "yes" if same else "NO")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
