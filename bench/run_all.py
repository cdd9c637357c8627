"""Issue 12's solver rows in one table: what the issue measured, the goal, what is reached now.

Run:  python bench/run_all.py                 (every row; the 6 x 10 pentomino takes many minutes)
      python bench/run_all.py --no-pentomino  (the rest, a few minutes)
      python bench/run_all.py --skip dlx      (any engine of bench_dlx left out)

It runs bench_dlx (CPU time in this process, interleaved, min / median),
bench_cli (whole processes as a user runs them) and bench_import, then
prints each row as "min / median" of the ratio or time.  The maze, minimax
and player rows are other benchmarks' (bench_maze, bench_minimax, bench_player).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench import bench_cli, bench_dlx, bench_import  # noqa: E402
from bench.timing import Timing  # noqa: E402

PEERS = ("algorithm-x", "dlx", "dancing-links")


def over(mine: Timing, theirs: Timing) -> str:
    """'2.10x / 2.31x': mine over theirs, fastest runs and medians."""
    if not mine.runs or not theirs.runs:
        return "not measured"
    return f"{mine.best / theirs.best:.2f}x / {mine.median / theirs.median:.2f}x"


def rows(
    dlx_t: dict[str, dict[str, Timing]], cli_t: dict[str, dict[str, Timing]], imp: dict[str, Timing]
) -> list:
    """(what, now in the issue, goal, reached) for each of the issue's solver rows."""
    out = []
    for work, timings in dlx_t.items():
        peers = ", ".join(f"{p} {over(timings['unwind events'], timings[p])}" for p in PEERS if p in timings)
        out.append((f"DLX with events vs peers, {work}", "1.3-2x faster", "keep it", peers))
    for label, timings in cli_t.items():
        peer = timings.get("algorithm-x")
        goal = "<= 1.0x"
        now = {"top95": "1.57x slower", "queens": "1.73x slower"}.get(label.split()[0], "-")
        reached = over(timings["unwind CLI"], peer) if peer else "not measured"
        out.append((f"`{label}` whole process vs algorithm-x", now, goal, reached))
        if "xcover" in timings:  # numba's compile cached on disk, as a user's second run has it
            reached = over(timings["unwind CLI"], timings["xcover"])
            out.append((f"`{label}` whole process vs xcover", "-", "-", reached))
    worst = max((imp[c].best for c in ("queens", "sudoku", "pentomino")), default=0.0)
    out.append(
        ("import cost, queens/sudoku/pentomino", "0.25 s", "< 50 ms", f"{worst * 1000:.0f} ms (worst min)")
    )
    for what, column, goal, now in (
        ("DLX with events", "unwind events", "<= 10x", "14x / 11x / 27x"),
        ("headless `--count` (what the CLI runs)", "unwind count", "<= 5x", "same"),
        ("floor: the event-free links loop alone", "unwind links", "-", "-"),
        ("the bitset counter alone", "unwind bits", "-", "-"),
    ):
        measured = {work: t for work, t in dlx_t.items() if "xcover" in t and column in t}
        cells = [f"{work} {over(t[column], t['xcover'])}" for work, t in measured.items()]
        out.append((f"{what} vs xcover (top95 / 12-queens / 6x10)", now, goal, ", ".join(cells)))
    return out


def main() -> None:
    """Run the three benchmarks and print the summary table (Markdown)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--no-pentomino", action="store_true", help="skip the 6 x 10 pentomino rows")
    parser.add_argument("--runs", type=int, default=5, help="runs per contender (default 5)")
    parser.add_argument("--skip", action="append", default=[], choices=list(bench_dlx.ENGINES))
    args = parser.parse_args()
    only = ["--only", "sudoku", "--only", "queens"] + ([] if args.no_pentomino else ["--only", "pentomino"])
    skips = [word for engine in args.skip for word in ("--skip", engine)]
    dlx_t = bench_dlx.main([*only, *skips, "--runs", str(args.runs)])
    cli_t = bench_cli.main(["--runs", str(max(args.runs, 5)), "--peer", "algorithm-x", "--peer", "xcover"])
    imp = bench_import.main([])
    print("\n(xcover: its numba compile is done before the clock starts and never timed)")
    print("\n| what | issue's now | goal | reached (min / median) |\n|---|---|---|---|")
    for what, now, goal, reached in rows(dlx_t, cli_t, imp):
        print(f"| {what} | {now} | {goal} | {reached} |")


if __name__ == "__main__":
    main()
