"""`hanoi N`: the moves of the Tower of Hanoi, and how many."""

from __future__ import annotations

import argparse
from typing import Any

from solvers.cli import emit, whole_number
from solvers.events import Move
from solvers.hanoi import MAX_DISKS, PEGS, describe, hanoi_events, replay
from solvers.i18n import _
from solvers.runstats import EventStats


def add_cli(sub: Any) -> None:
    """Register `hanoi`."""
    parser = sub.add_parser(
        "hanoi", help=_("Towers of Hanoi for N disks (1 to {high})").format(high=MAX_DISKS)
    )
    parser.add_argument("n", type=whole_number(1, "N", MAX_DISKS), metavar="N")
    parser.add_argument("--trace", action="store_true", help=_("print every event"))
    parser.add_argument("--json", action="store_true")
    parser.set_defaults(run=run_hanoi)


def run_hanoi(args: argparse.Namespace) -> int:
    """Solve, check the moves by replaying them, print them (or their count) and the stats."""
    stats = EventStats()
    moves: list[tuple[int, int, int]] = []
    for event in stats.watch(hanoi_events(args.n)):
        if isinstance(event, Move):
            moves.append((event.piece, event.frm, event.to))
        if args.trace:
            print(describe(event))
    replay(args.n, moves)
    count = len(moves)
    listed = [[disk, PEGS[frm], PEGS[to]] for disk, frm, to in moves]
    disk_move = _("disk {disk} {start} -> {goal}")
    shown = "\n".join(
        f"{i:>7,}  " + disk_move.format(disk=d, start=f, goal=t)
        for i, (d, f, t) in enumerate(listed[:1023], 1)
    )
    more = "\n   " + _("... and {count} more").format(count=f"{count - 1023:,}") if count > 1023 else ""
    total_line = _("{count} moves ({formula}), all legal").format(
        count=f"{count:,}", formula=f"2^{args.n} - 1"
    )
    text = f"{shown}{more}\n{total_line}\n{stats.summary()}"
    emit(args, text, {"n": args.n, "moves": listed, "count": count, "calls": count, **stats.as_dict()})
    return 0
