#!/usr/bin/env python3
"""Every pygames figure, in one command:  python bench/run.py

  * Okiya random playouts per second, CPython and Pyodide (Node)
  * Okiya solver: time to solve opening positions (median), CPython and Pyodide
  * Okiya review: time to judge every move of a whole 16-move game (median), CPython and Pyodide
  * wheel size; site size (total, and gzip of every file summed)
  * play by link: median and maximum link length (site address included) of complete
    seeded random games per game and player count, and link passes against decisions
  * navigation -> Python ready in headless Chromium, cold, warm and offline, first
    paint, the Okiya deep link's first board, the first visit's transfer (gzip), beside
    bare Pyodide pages in the same run (stock, and on the site's trimmed runtime), with the
    ratios (bench/browser_bench.py)
  * Lighthouse 12 mobile (simulated slow 4G, 4x CPU) on the start page and an Okiya deep
    link: performance, LCP, TBT, FCP, transfer, accessibility, best practices
    (bench/lighthouse.py; the pinned Lighthouse is installed into the download cache)
  * the expert bots: win share against the heuristic with 95% intervals, ms per move on
    CPython and in Pyodide (CPU time) (bench/bots_bench.py)
  * the yardstick: our expert against OpenSpiel's ISMCTS at equal simulations and equal CPU
    time per move, with 95% intervals (bench/yardstick.py; needs open-spiel, the test extra)

Browser figures (bench/browser_bench.py): a fresh on-disk profile per page and round (an
incognito context never keeps the compiled wasm, so its "warm" is not a returning visitor's);
the bare pages run loadPyodide() in a module worker, as the site does, on the same server.

The playout and solver figures come from bench/okiya_bench.py; the same code
runs in Pyodide through tests/pyodide/run_python.mjs.  Each section is guarded:
a failure prints an ERROR line and the others still run.

Options: --seconds S (playout time, default 5), --layouts N (solver layouts, 20),
--runs N (browser loads per figure, 5), --lighthouse-runs N (3 a page), --link-games N (100),
--bot-games N (400: games per row of the expert bots' table, bench/bots_bench.py; its timing
rows also run in Pyodide over --bot-pyodide-games N, 2), --yardstick-games N (200 per row), --only
size,link,cpython,pyodide,browser,lighthouse,bots,yardstick (bots and yardstick only when named: they play
1,200 games each).
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH = ROOT / "bench"


def load_build():
    spec = importlib.util.spec_from_file_location("pygames_build", ROOT / "build.py")
    mod = importlib.util.module_from_spec(spec)
    sys.modules["pygames_build"] = mod
    spec.loader.exec_module(mod)
    return mod


build = load_build()

# The same driver runs on CPython and inside Pyodide; it prints one JSON line.
DRIVER = r"""
import json, statistics, sys, traceback
seconds, layouts = float(sys.argv[1]), int(sys.argv[2])
out = {"python": sys.version.split()[0], "platform": sys.platform}
try:
    import okiya_bench
except Exception:
    out["error"] = traceback.format_exc(limit=3)
else:
    try:
        out["playouts_per_second"] = okiya_bench.random_playouts_per_second(seconds)
    except Exception:
        out["playouts_error"] = traceback.format_exc(limit=3)
    try:
        times = list(okiya_bench.solver_opening_times(n_layouts=layouts))
        out["solver_times"] = times
    except Exception:
        out["solver_error"] = traceback.format_exc(limit=3)
figures = out["figures"] = []


def figure(label, compute):
    try:
        figures.append([label, compute()])
    except Exception:
        figures.append([label, "error: " + traceback.format_exc(limit=2).strip().splitlines()[-1]])


def median_s(times):
    return f"median {statistics.median(times):.3f} s"


figure("okiya plain negamax, opening (the yardstick)",
       lambda: median_s(okiya_bench.baseline_opening_times(layouts)))
if out.get("solver_times"):
    base = statistics.median(okiya_bench.baseline_opening_times(layouts))
    figure("okiya solver speed-up over the plain negamax",
           lambda: f"{base / statistics.median(out['solver_times']):.1f}x")
figure("okiya review of a whole 16-move game, fresh solver",
       lambda: (lambda t: f"{median_s(t)}, max {max(t):.3f} s over {len(t)} games")(okiya_bench.review_times(5)))
import oriflamme_bench, turncoats_bench
for n in (3, 4, 5):
    figure(f"oriflamme random playouts, {n} players",
           lambda n=n: f"{oriflamme_bench.random_playouts_per_second(n, seconds):,.0f} games/s")
for n in (2, 5):
    figure(f"turncoats random playouts, {n} players",
           lambda n=n: f"{turncoats_bench.random_playouts_per_second(n, seconds):,.0f} games/s")
if len(sys.argv) > 3 and sys.argv[3] == "win-rates":
    figure("oriflamme heuristic vs 3 random, 300 four-player games (seat-rotated)",
           lambda: f"{oriflamme_bench.heuristic_win_rate(4, 300):.1%} won (chance 25%)")
    figure("turncoats heuristic vs 2 random, 300 three-player games (seat-rotated)",
           lambda: f"{turncoats_bench.heuristic_win_rate(3, 300):.1%} won (chance 33.3%)")
print(json.dumps(out))
"""


def line(label: str, text: str) -> None:
    print(f"{label:<44} {text}", flush=True)


ERRORS = 0
RESULTS: dict[str, dict] = {}


def error(label: str, exc: BaseException | str) -> None:
    global ERRORS
    ERRORS += 1
    msg = exc if isinstance(exc, str) else f"{type(exc).__name__}: {exc}"
    msg = " | ".join(part.strip() for part in str(msg).strip().splitlines()[-3:])
    print(f"{label:<44} ERROR {msg}", flush=True)


def fmt_rate(x: float) -> str:
    return f"{x:,.0f}/s"


def fmt_s(x: float) -> str:
    return f"{x:.3f} s" if x < 10 else f"{x:.1f} s"


def report_engine(name: str, out: dict) -> None:
    who = f"{name} {out.get('python', '?')}"
    if "error" in out:
        error(f"okiya ({who})", out["error"])
        return
    if "playouts_per_second" in out:
        line(f"okiya random playouts ({who})", fmt_rate(out["playouts_per_second"]))
    else:
        error(f"okiya random playouts ({who})", out.get("playouts_error", "no figure"))
    if out.get("solver_times"):
        t = out["solver_times"]
        line(
            f"okiya solver, opening ({who})",
            f"median {fmt_s(statistics.median(t))} over {len(t)} layouts (min {fmt_s(min(t))}, max {fmt_s(max(t))})",
        )
    else:
        error(f"okiya solver, opening ({who})", out.get("solver_error", "no figure"))
    for label, value in out.get("figures", []):
        (error if str(value).startswith("error") else line)(f"{label} ({who})", value)


def driver_file(tmp: Path) -> Path:
    path = tmp / "bench_driver.py"
    path.write_text(DRIVER)
    return path


def last_json(text: str) -> dict:
    for raw in reversed(text.strip().splitlines()):
        if raw.startswith("{"):
            return json.loads(raw)
    raise RuntimeError(text.strip()[-800:] or "no output")


def section_cpython(args, tmp: Path) -> dict:
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), str(BENCH)])}
    proc = subprocess.run(
        [sys.executable, str(driver_file(tmp)), str(args.seconds), str(args.layouts), "win-rates"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=3600,
    )
    out = last_json(proc.stdout + proc.stderr if proc.returncode else proc.stdout)
    report_engine("CPython", out)
    RESULTS["cpython"] = out
    return out


def pyodide_cmd(script: Path, *args: str) -> list[str]:
    """argv that runs a Python script inside Pyodide (Node) with bench/ on its path."""
    mount = ("--mount", f"{BENCH}:/bench", "--path", "/bench")
    runner = build.load_bootstrap().node_runner_cmd
    return runner(
        "run_python.mjs", *mount, str(script), "--", *args, pyodide_dir=build.fetch_pyodide(), dist=build.DIST
    )


def section_pyodide(args, tmp: Path) -> dict:
    cmd = pyodide_cmd(driver_file(tmp), str(args.seconds), str(args.layouts))
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=3600)
    out = last_json(proc.stdout + proc.stderr if proc.returncode else proc.stdout)
    report_engine("Pyodide", out)
    RESULTS["pyodide"] = out
    cp = RESULTS.get("cpython", {})
    for key, label in (("playouts_per_second", "playouts"), ("solver_times", "solver median")):
        if key in out and key in cp:
            a, b = out[key], cp[key]
            if key == "solver_times":
                a, b = statistics.median(b), statistics.median(a)  # speed = 1 / time
            line(f"okiya {label}: Pyodide / CPython speed", f"{a / b:.2f}x" if b else "n/a")
    return out


def section_size(args, tmp: Path) -> None:
    info = json.loads((build.DIST / "build-info.json").read_text())
    wheel = build.DIST / info["wheel"]
    line("wheel size", f"{wheel.stat().st_size / 1e3:.1f} kB ({wheel.name})")
    total, gz = build.site_sizes(build.DIST)
    files = sum(1 for p in build.DIST.rglob("*") if p.is_file())
    line(
        "site size (dist/site)",
        f"{total / 1e6:.2f} MB total, {gz / 1e6:.2f} MB gzip (each of {files} files gzipped, summed)",
    )


def section_browser(args, tmp: Path) -> None:
    sys.path.insert(0, str(BENCH))
    import browser_bench

    browser_bench.run(args, tmp, build, line, error)


def section_lighthouse(args, tmp: Path) -> None:
    """Lighthouse 12 mobile on the start page and an Okiya deep link (bench/lighthouse.py)."""
    sys.path.insert(0, str(BENCH))
    import lighthouse

    lighthouse.run(args, tmp, build, line, error)


def section_link(args, tmp: Path) -> None:
    """Link lengths and passes of whole games played by link (bench/link_bench.py)."""
    sys.path.insert(0, str(BENCH))
    import link_bench

    for game, players, hidden in link_bench.rows():
        f = link_bench.link_figures(game, players, args.link_games, hidden)
        label = f"link {game} {players}p" + (" (keep-hidden orders)" if hidden else "")
        line(
            label,
            f"length median {f['median']:.0f}, max {f['max']} chars, max {f['cjk']} with 24-character CJK names; "
            f"{f['passes']:.0f} passes for {f['decisions']:.0f} decisions (medians)",
        )


def section_bots(args, tmp: Path) -> None:
    """The expert bots against the heuristic (bench/bots_bench.py), then its move times in Pyodide."""
    subprocess.run([sys.executable, str(BENCH / "bots_bench.py"), "--games", str(args.bot_games)], cwd=ROOT, check=True)
    cmd = pyodide_cmd(BENCH / "bots_bench.py", "--timing-only", "--games", str(args.bot_pyodide_games))
    proc = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=3600)
    if proc.returncode:
        raise RuntimeError(proc.stderr.strip()[-800:] or "no output")
    for row in proc.stdout.strip().splitlines():
        line("Pyodide (CPU time)", row)


def section_yardstick(args, tmp: Path) -> None:
    """Our expert against OpenSpiel's ISMCTS (bench/yardstick.py)."""
    cmd = [sys.executable, str(BENCH / "yardstick.py"), "--games", str(args.yardstick_games)]
    subprocess.run(cmd, cwd=ROOT, check=True)


SECTIONS = {
    "size": ("sizes", section_size),
    "link": ("link figures", section_link),
    "cpython": ("CPython figures", section_cpython),
    "pyodide": ("Pyodide figures", section_pyodide),
    "browser": ("browser figures", section_browser),
    "lighthouse": ("lighthouse figures", section_lighthouse),
    "bots": ("expert bots", section_bots),
    "yardstick": ("expert vs OpenSpiel ISMCTS", section_yardstick),
}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=5.0, help="seconds of random playouts")
    ap.add_argument("--layouts", type=int, default=20, help="opening layouts for the solver figure")
    ap.add_argument("--runs", type=int, default=5, help="page loads per browser figure")
    ap.add_argument("--link-games", type=int, default=100, help="games per count for the link figures")
    ap.add_argument("--bot-games", type=int, default=400, help="games per row of the expert bots' table")
    ap.add_argument("--yardstick-games", type=int, default=200, help="games per row of the yardstick table")
    ap.add_argument("--lighthouse-runs", type=int, default=3, help="Lighthouse runs a page (medians)")
    ap.add_argument("--bot-pyodide-games", type=int, default=2, help="games per row timed in Pyodide")
    ap.add_argument(
        "--only",
        default=",".join(s for s in SECTIONS if s not in ("bots", "yardstick")),
        help="comma list of " + ",".join(SECTIONS) + " (default: all but bots and yardstick, hours each)",
    )
    args = ap.parse_args()
    wanted = [s.strip() for s in args.only.split(",") if s.strip()]
    for s in wanted:
        if s not in SECTIONS:
            ap.error(f"unknown section {s!r}")

    t0 = time.perf_counter()
    try:
        info = build.build(quiet=True)
        line("build", f"pygames {info['version']}, Pyodide {build.PYODIDE_VERSION}, hash {info['hash']}")
    except Exception as e:  # noqa: BLE001
        error("build", e)
        if not (build.DIST / "build-info.json").is_file():
            return 1
    with tempfile.TemporaryDirectory(prefix="pygames-bench-") as tmp:
        for key in wanted:
            label, fn = SECTIONS[key]
            try:
                fn(args, Path(tmp))
            except Exception as e:  # noqa: BLE001
                error(label, e)
                if os.environ.get("PYGAMES_BENCH_DEBUG"):
                    traceback.print_exc()
    line("bench wall time", f"{time.perf_counter() - t0:.0f} s")
    return 1 if ERRORS else 0


if __name__ == "__main__":
    sys.exit(main())
