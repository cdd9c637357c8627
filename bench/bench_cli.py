"""Benchmark: whole processes, as a user runs them, Unwind's CLI against a small script per peer.

Run:  python bench/bench_cli.py                      (top95 sudoku, 11-queens; 5 runs)
      python bench/bench_cli.py --pentomino --runs 3 (also the 6 x 10 classic count)

Unwind: `python -m solvers sudoku --count top95.txt`, `python -m solvers queens
11 --count`, `python -m solvers pentomino 6x10 --count`.  Each peer:
`python bench/peers.py PEER ...` (self-contained, best encoding: see its
docstring).  Every command runs `--runs` times, interleaved with the others
(bench/timing.py); the table gives the CPU time of the whole process (user +
system, interpreter start and imports included) and its wall time, min /
median, and Unwind's time over each peer's.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from bench.timing import Timing, ratio, user_env, warm_up, whole_process  # noqa: E402

TOP95 = ROOT / "tests" / "data" / "sudoku" / "top95.txt"
PEERS = ("algorithm-x", "dlx", "dancing-links", "xcover")


def workloads(pentomino: bool) -> dict[str, tuple[list[str], list[str]]]:
    """Workload -> (Unwind's arguments after `-m solvers`, the peers' arguments after PEER)."""
    out = {
        "top95 sudoku --count": (["sudoku", "--count", str(TOP95)], ["sudoku", str(TOP95)]),
        "queens 11 --count": (["queens", "11", "--count"], ["queens", "11"]),
    }
    if pentomino:
        out["pentomino 6x10 --count"] = (["pentomino", "6x10", "--count"], ["pentomino", "6x10"])
    return out


def run(label: str, mine: list[str], theirs: list[str], peers: list[str], runs: int) -> dict[str, Timing]:
    """Time Unwind's command and each peer's script on one workload; print a table."""
    python = sys.executable
    commands = {"unwind CLI": [python, "-m", "solvers", *mine]}
    commands |= {peer: [python, str(ROOT / "bench" / "peers.py"), peer, *theirs] for peer in peers}
    env = user_env(ROOT)
    warm_up(commands, env)
    timings = whole_process(commands, runs, env)
    print(f"\n{label}  (whole process, {runs} interleaved runs)")
    print(f"  {'command':<14}{'CPU min / median':>20}{'wall min / median':>20}   unwind / it (CPU)")
    for name, timing in timings.items():
        wall = Timing(timing.wall)
        shown = ratio(timings["unwind CLI"], timing) if name != "unwind CLI" else ""
        print(f"  {name:<14}{timing.cell():>20}{wall.cell():>20}   {shown}")
    answers = {name: timing.result for name, timing in timings.items()}
    if len(set(answers.values())) != 1:
        print(f"  !! the outputs differ: { {name: answer[-40:] for name, answer in answers.items()} }")
    return timings


def main(argv: list[str] | None = None) -> dict[str, dict[str, Timing]]:
    """Parse options, run the workloads, return their timings."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="interleaved runs per command (default 5)")
    parser.add_argument("--pentomino", action="store_true", help="also the 6 x 10 count (minutes a run)")
    parser.add_argument("--peer", action="append", choices=PEERS, help="only these peers (default: all)")
    args = parser.parse_args(argv)
    print(f"python {sys.version.split()[0]}")
    results = {}
    for label, (mine, theirs) in workloads(args.pentomino).items():
        results[label] = run(label, mine, theirs, args.peer or list(PEERS), args.runs)
    return results


if __name__ == "__main__":
    main()
