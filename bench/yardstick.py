"""Our expert bot against OpenSpiel's own ISMCTS, on the same rules (issue 16 item 3).

    python bench/yardstick.py [--games N] [--workers 2] [--rows turncoats2,oriflamme4,turncoats3]
                              [--modes sims,clock,playout]
    python bench/yardstick.py --sims-rate [--base REV] [--rounds 3] [--positions 5] [--rows ...]
                              [--rollouts openspiel|engine]

OpenSpiel's ISMCTS (``open_spiel.python.algorithms.ismcts.ISMCTSBot``, as its tests and examples
run it: UCT with ``uct_c=2``, one random rollout per leaf, unlimited world samples, the most
visited move) searches through ``pygames.adapters.openspiel``, resampling each simulation's
world with the adapter's resampler (the engine's ``determinize`` of the seat's view, the sampler
our expert uses too) from a seeded sampler (``_seeded_resampler``; OpenSpiel's own is seeded at
random), so a game replays the same.  Three rows:

* ``sims``: ISMCTS gets as many simulations per move as our expert has iterations
  (``ITERATIONS`` of the game's bots module; at least 2, the fewest with which it picks a move:
  the Turncoats expert's ``ITERATIONS`` counts the deals of rivals' hands, read from their
  moves, on which it plays each of its best moves through the rivals' answers, far more work
  than a simulation each, so this row favours it and the clock row is the fair one there);
* ``clock``: ISMCTS searches until it has used as much CPU time on the move as our expert has
  used on average per decision so far in this process (the first game's figure is measured on
  a few expert decisions before the first game); its random rollouts are played on the engine
  (``PlayoutEvaluator`` with ``_random_playout``: the same uniform policy without the cost of
  OpenSpiel's rollout loop a step), so it gets as many simulations as the time allows;
* ``playout``: equal simulations as in ``sims``, but each of ISMCTS's rollouts plays the game out
  with the playout policy our expert's own search uses (``PlayoutEvaluator``: Oriflamme's
  ``_rollout_move``, Turncoats' heuristic answers, ``turncoats_replies.Rival``), not at random.

Each row gives ISMCTS's simulations per move (the mean over its decisions with a choice) next to
the win shares.  The adapter keys ISMCTS's nodes cheaply (``information_state_string`` is built a
line at a time, the engine's views written out where a simulation's resampled line starts, not
per node, and then only for another seat's secret not seen yet) and copies a
state by sharing its parent, so a simulation costs about what the game and OpenSpiel's own
bookkeeping cost.

``--sims-rate`` measures how fast ISMCTS searches through the adapter instead of playing games:
for each row, ``--positions`` seeded positions (random moves from a seeded deal, about half a
game at most), ISMCTS with one random rollout a leaf (``RandomRolloutEvaluator``) and a seeded
resampler runs a fixed number of simulations on each (``SIMS_RATE``), and the row gives the
median CPU milliseconds a simulation.  With ``--base REV`` it measures ``REV``'s ``pygames/``
(``git archive``) and this checkout's by turns, a fresh process each, ``--rounds`` times
(medians), and checks that both searches are the same in every position (the move picked and
the root's visit counts: a faster adapter changes no search).  ``--rollouts engine`` plays
the random rollouts on the engine (``PlayoutEvaluator`` with ``_random_playout``: uniform legal
moves, the engine's own draws) instead of through OpenSpiel, whose rollout loop (numpy's choice
and pyspiel's ``apply_action`` a step) costs more than the engine and the adapter together.

Rows: Turncoats 2 players head to head; Oriflamme 4 players and Turncoats 3 players with one of
each plus heuristic bots.  Games are driven by the engine's seeded ``new_game`` (game g of a row
has the same deal in both modes); our expert's seat is g mod players and ISMCTS's the next one
round, shifted every ``players`` games, so both bots meet every seat order.  A win alone counts
1, a k-way tie for first 1/k (the share of the win); each bot's mean share has a 95% Wilson
interval.  Finished games are kept (``bench/game_cache.py``): a rerun of the same code plays only the
games still missing (``--no-cache``: all of them).  ``bench/run.py --only yardstick`` runs this table.
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
import zlib
from pathlib import Path
from typing import Any, Callable

try:
    import pygames  # noqa: F401
except ImportError:  # run from a checkout: python bench/yardstick.py
    sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import numpy as np
import pyspiel
from bots_bench import CLOCK, play_out, timed_expert, wilson
from game_cache import run_games
from open_spiel.python.algorithms import ismcts, mcts

from pygames import GAMES
from pygames.adapters.openspiel import PygamesState, _Position
from pygames.bots import bots_module
from pygames.core.rng import Rng, derive_seed

#: name -> (game, players).
ROWS = {"turncoats2": ("turncoats", 2), "oriflamme4": ("oriflamme", 4), "turncoats3": ("turncoats", 3)}
#: ``--sims-rate``'s simulations a position and the most random moves before it (about half a
#: random game), by row.
SIMS_RATE = {"turncoats2": (100, 10), "oriflamme4": (300, 38), "turncoats3": (100, 15)}
#: OpenSpiel's UCT constant for ISMCTS (its examples' and tests' value).
UCT_C = 2.0

#: Our expert's CPU seconds per decision in this process, by row (the clock mode's budget).
_EXPERT_TIMES: dict[str, list[float]] = {}


class TimedISMCTSBot(ismcts.ISMCTSBot):
    """OpenSpiel's ISMCTS, stopped by a CPU-time budget (``budget`` seconds, at least one
    simulation) instead of a simulation count when ``budget`` is set."""

    budget: float | None = None

    def run_search(self, state: pyspiel.State) -> list[tuple[int, float]]:
        if self.budget is None:
            return super().run_search(state)
        self.reset()
        legal = state.legal_actions()
        if len(legal) == 1:
            return [(legal[0], 1.0)]
        root = self._root_node = self.create_new_node(state)
        start = CLOCK()
        sims = 0
        while sims == 0 or CLOCK() - start < self.budget:
            self.run_simulation(self.sample_root_state(state))
            sims += 1
        return self.get_final_policy(state, root)


def _playout(game: str, state, rng: Rng):
    """``state`` (a full engine position) played to its end by the playout policy of our expert's search."""
    if game == "oriflamme":
        from pygames.bots.oriflamme import _rollout_move

        while state.outcome is None:
            legal = state.legal_moves()
            state = state.play(legal[0] if len(legal) == 1 else _rollout_move(state, legal, rng))
        return state
    from pygames.bots.turncoats import _colour_odds, _odds_of
    from pygames.bots.turncoats_replies import Rival

    rival = Rival(_colour_odds, _odds_of, rng)
    while state.outcome is None:
        state = state.play(rival.move(state))
    return state


def _random_playout(game: str, state, rng: Rng):
    """``state`` played to its end by uniform random legal moves, on the engine (its own draws:
    the odds of the adapter's chance nodes)."""
    while state.outcome is None:
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
    return state


class PlayoutEvaluator(mcts.Evaluator):
    """OpenSpiel's rollout evaluator with another playout, played on the engine: ``playout`` (our
    expert's policy, ``_playout``; or ``_random_playout``, OpenSpiel's random rollout without its,
    numpy's and pyspiel's cost a step); a pending chance outcome is drawn first, with its
    probability; uniform priors."""

    def __init__(self, game: str, rng: Rng, playout: Callable[[str, Any, Rng], Any] = _playout) -> None:
        self.game = game
        self.rng = rng
        self.playout = playout

    def evaluate(self, state: pyspiel.State) -> np.ndarray:
        if state.is_chance_node():
            state = state.clone()
            while state.is_chance_node():
                outcomes = state.chance_outcomes()
                pick = outcomes[self.rng.weighted([chance for _, chance in outcomes])][0]
                state.apply_action(pick)
        if state.is_terminal():
            return np.array(state.returns())
        p = state._p
        return np.array(p.spec.returns(self.playout(self.game, p.state, self.rng).outcome))

    def prior(self, state: pyspiel.State) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(action, 1.0 / len(legal)) for action in legal]


def _seats(game_index: int, players: int) -> tuple[int, int]:
    """Our expert's seat and ISMCTS's in game ``game_index``."""
    expert = game_index % players
    return expert, (expert + 1 + (game_index // players) % (players - 1)) % players


def play(row: str, mode: str, game_index: int) -> tuple[float, float, int]:
    """One seeded game: our expert's win share, ISMCTS's, and ISMCTS's mean simulations per move."""
    game, players = ROWS[row]
    bots = bots_module(game)
    os_game = pyspiel.load_game(f"pygames_{game}", {"players": players})
    seed = derive_seed("yardstick", row, game_index)
    rngs = [Rng(derive_seed(seed, seat)) for seat in range(players)]
    expert_seat, ismcts_seat = _seats(game_index, players)
    random_state = np.random.RandomState(derive_seed(seed, "ismcts") % (1 << 32))
    if mode == "playout":
        evaluator = PlayoutEvaluator(game, Rng(derive_seed(seed, "playout")))
    elif mode == "clock":  # the same random rollouts, played on the engine: more of them in the time
        evaluator = PlayoutEvaluator(game, Rng(derive_seed(seed, "playout")), _random_playout)
    else:
        evaluator = mcts.RandomRolloutEvaluator(1, random_state)
    bot = TimedISMCTSBot(
        game=os_game,
        evaluator=evaluator,
        uct_c=UCT_C,
        max_simulations=max(bots.ITERATIONS, 2),
        random_state=random_state,
    )
    bot.set_resampler(_seeded_resampler(derive_seed(seed, "resample") % (1 << 31)))
    times = _EXPERT_TIMES.setdefault(row, [])
    state = GAMES[game].new_game(players, seed)
    if mode == "clock" and not times:
        _calibrate(bots, state, Rng(derive_seed(seed, "calibrate")), times)
    sims = []

    def decide(seat: int, view: dict, state) -> str:
        if seat == expert_seat:
            return timed_expert(bots, view, rngs[seat], times)
        if seat != ismcts_seat:
            return bots.heuristic(view, rngs[seat])
        position = PygamesState(os_game, _Position(os_game.spec, (), state, False, ()))
        bot.budget = statistics.mean(times) if mode == "clock" else None
        action = bot.step(position)
        if len(view["legal"]) > 1:
            sims.append(bot._root_node.total_visits + 1)
        return position._p.move(int(action))[0]

    winners = play_out(state, decide).outcome.winners
    share = [1.0 / len(winners) if s in winners else 0.0 for s in (expert_seat, ismcts_seat)]
    return share[0], share[1], round(statistics.mean(sims)) if sims else 0


def _calibrate(bots, state, rng: Rng, times: list[float]) -> None:
    """Our expert's time on the first decisions of a game (against itself), to start the clock mode."""
    while state.outcome is None and len(times) < 4:
        state = state.play(timed_expert(bots, state.view(state.to_move), rng, times))


def _play(job: tuple[str, str, int]) -> tuple[float, float, int]:
    return play(*job)


def run_row(row: str, mode: str, games: int, workers: int, cache: bool = True) -> dict:
    """Play a row's games (games this code already played come from ``game_cache``) and sum them up."""
    results = run_games("yardstick", ROWS[row][0], [(row, mode, g) for g in range(games)], _play, workers, cache)
    ours = sum(r[0] for r in results) / games
    theirs = sum(r[1] for r in results) / games
    return {
        "row": row,
        "mode": mode,
        "games": games,
        "ours": ours,
        "theirs": theirs,
        "sims": statistics.mean(r[2] for r in results),
    }


def row_text(result: dict) -> str:
    game, players = ROWS[result["row"]]
    n = result["games"]
    others = f" + {players - 2} heuristic" if players > 2 else ""
    budget = {
        "sims": "equal simulations",
        "clock": "equal CPU time",
        "playout": "equal simulations, ISMCTS with our playouts",
    }[result["mode"]]
    lo, hi = wilson(result["ours"], n)
    lo2, hi2 = wilson(result["theirs"], n)
    verdict = "ahead" if result["ours"] > result["theirs"] else "behind"
    return (
        f"{game} {players}p, expert vs ISMCTS{others}, {budget}, {n} games: "
        f"expert {result['ours']:.1%} [{lo:.1%}, {hi:.1%}], ISMCTS {result['theirs']:.1%} [{lo2:.1%}, {hi2:.1%}] "
        f"(fair {1 / players:.1%}; ISMCTS ~{result['sims']:.0f} simulations per move): {verdict}"
    )


def _sims_position(row: str, index: int):
    """Seeded position ``index`` of ``row``: random moves from a seeded deal (fewer than
    ``SIMS_RATE``'s), then a decision with a choice (None when that game ends first)."""
    game, players = ROWS[row]
    seed = derive_seed("sims-rate", row, index)
    rng = Rng(seed)
    state = GAMES[game].new_game(players, seed)
    for _ in range(rng.below(SIMS_RATE[row][1])):
        moves = state.legal_moves()
        state = state.play(moves[rng.below(len(moves))])
    while state.outcome is None and len(state.legal_moves()) < 2:
        state = state.play(state.legal_moves()[0])
    return None if state.outcome is not None else state


def sims_rate(row: str, positions: int, rollouts: str = "openspiel") -> tuple[float, list[str]]:
    """The median CPU ms a simulation of ISMCTS (random rollouts: OpenSpiel's, or with ``rollouts``
    "engine" played on the engine, ``_random_playout``) over ``positions`` seeded positions of
    ``row``, and the move it picks in each (with a checksum of its root's visit counts)."""
    game, players = ROWS[row]
    simulations = SIMS_RATE[row][0]
    os_game = pyspiel.load_game(f"pygames_{game}", {"players": players})
    times: list[float] = []
    picked: list[str] = []
    index = 0
    while len(times) < positions:
        index += 1
        state = _sims_position(row, index)
        if state is None:
            continue
        random_state = np.random.RandomState(index)
        if rollouts == "engine":
            evaluator = PlayoutEvaluator(game, Rng(index), _random_playout)
        else:
            evaluator = mcts.RandomRolloutEvaluator(1, random_state)
        bot = ismcts.ISMCTSBot(
            game=os_game,
            evaluator=evaluator,
            uct_c=UCT_C,
            max_simulations=simulations,
            random_state=random_state,
        )
        bot.set_resampler(_seeded_resampler(index))
        position = PygamesState(os_game, _Position(os_game.spec, (), state, False, ()))
        start = CLOCK()
        action = int(bot.step(position))
        times.append((CLOCK() - start) * 1000 / simulations)
        visits = sorted((a, child.visits) for a, child in bot._root_node.child_info.items())
        picked.append(f"{position.action_to_string(action)} (root visits {zlib.crc32(repr(visits).encode()):08x})")
    return statistics.median(times), picked


def _seeded_resampler(seed: int):
    """ISMCTS's resampling with a seeded sampler (its own sampler is seeded at random)."""
    sampler = pyspiel.UniformProbabilitySampler(seed, 0.0, 1.0)
    return lambda state, player: state.resample_from_infostate(player, sampler)


def _export(rev: str, into: Path) -> Path:
    """``rev``'s ``pygames/`` under ``into``."""
    root = Path(__file__).resolve().parent.parent
    archive = into / "base.tar"
    with archive.open("wb") as f:
        subprocess.run(["git", "archive", rev, "pygames"], cwd=root, stdout=f, check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    return into


def _sims_rate_side(tree: Path | None, rows: list[str], positions: int, rollouts: str) -> dict:
    """``sims_rate`` of every row in a fresh process whose ``pygames`` is ``tree``'s (None: this checkout's)."""
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    cmd = [sys.executable, __file__, "--sims-rate-child", str(positions), "--rows", ",".join(rows)]
    cmd += ["--rollouts", rollouts]
    proc = subprocess.run(cmd, env=env, capture_output=True, text=True)
    if proc.returncode:
        sys.exit(proc.stderr.strip()[-800:])
    return json.loads(proc.stdout.strip().splitlines()[-1])


def sims_rate_table(rows: list[str], positions: int, base: str | None, rounds: int, rollouts: str) -> bool:
    """Print each row's ms a simulation (before and after with ``base``); False when the two sides
    picked different moves."""
    with tempfile.TemporaryDirectory() as tmp:
        sides: dict[str, Path | None] = {"before": _export(base, Path(tmp)), "after": None} if base else {"now": None}
        runs: dict[str, list[dict]] = {name: [] for name in sides}
        for r in range(rounds):
            for name, tree in sides.items():
                runs[name].append(_sims_rate_side(tree, rows, positions, rollouts))
                print(f"round {r + 1}/{rounds}: {name} measured", file=sys.stderr, flush=True)
    played = "OpenSpiel's random rollouts" if rollouts == "openspiel" else "random rollouts played on the engine"
    print(f"ISMCTS ms of CPU a simulation ({played}), median of {positions} positions, {rounds} rounds")
    same = True
    for row in rows:
        ms = {name: statistics.median(run[row][0] for run in side_runs) for name, side_runs in runs.items()}
        line = f"  {row:11} {SIMS_RATE[row][0]:4} sims  " + "  ".join(f"{n} {v:6.2f}" for n, v in ms.items())
        if base:
            line += f"  x{ms['before'] / ms['after']:.2f} simulations a CPU second"
            if runs["before"][0][row][1] != runs["after"][0][row][1]:
                same = False
                line += f"  DIFFERENT MOVES {runs['before'][0][row][1]} vs {runs['after'][0][row][1]}"
        print(line, flush=True)
    if base:
        print("  same ISMCTS moves in every position:", "yes" if same else "NO")
    return same


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--rows", default=",".join(ROWS))
    ap.add_argument("--modes", default="sims,clock,playout")
    ap.add_argument("--no-cache", action="store_true", help="play every game again (see bench/game_cache.py)")
    ap.add_argument("--sims-rate", action="store_true", help="ISMCTS's CPU ms a simulation, not games")
    ap.add_argument("--base", help="with --sims-rate: the git revision measured as 'before'")
    ap.add_argument("--rounds", type=int, default=3, help="with --sims-rate: measurements a side")
    ap.add_argument("--positions", type=int, default=5, help="with --sims-rate: positions a row")
    ap.add_argument(
        "--rollouts",
        choices=("openspiel", "engine"),
        default="openspiel",
        help="with --sims-rate: OpenSpiel's RandomRolloutEvaluator, or random playouts on the engine",
    )
    ap.add_argument("--sims-rate-child", type=int, metavar="POSITIONS", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    rows = args.rows.split(",")
    if args.sims_rate_child:
        print(json.dumps({row: sims_rate(row, args.sims_rate_child, args.rollouts) for row in rows}))
        return 0
    if args.sims_rate:
        return 0 if sims_rate_table(rows, args.positions, args.base, args.rounds, args.rollouts) else 1
    for row in args.rows.split(","):
        for mode in args.modes.split(","):
            print(row_text(run_row(row, mode, args.games, args.workers, not args.no_cache)), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
