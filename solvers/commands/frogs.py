"""`frogs`: the frogs puzzle solved from its start or from any position."""

from __future__ import annotations

import argparse
from typing import Any

from solvers.cli import UsageError, emit, fail
from solvers.events import Solution
from solvers.frogs import (
    DEFAULT_FROGS,
    LEFT,
    RIGHT,
    Hop,
    Options,
    count_moves,
    goal_state,
    nearest_solvable_back,
    parse_state,
    solve,
    start_state,
)
from solvers.i18n import _, format_number, ngettext
from solvers.messages import parse_whole, shown
from solvers.runstats import EventStats


def add_cli(subparsers: Any) -> None:
    """Register `frogs N [M] [--json] [--from STATE]`."""
    parser = subparsers.add_parser(
        "frogs",
        help=_("swap N frogs and M frogs by backtracking; print the moves"),
        description=_("Solve the frogs puzzle by backtracking and print its moves (pads from 0)."),
    )
    parser.add_argument("n", nargs="?", metavar="N", help=_("frogs on the left, 1 to 8 (default 3)"))
    parser.add_argument("m", nargs="?", metavar="M", help=_("frogs on the right, 1 to 8 (default N)"))
    parser.add_argument("--from", dest="start", metavar="STATE", help=_("start from STATE, e.g. LL_LRRR"))
    parser.add_argument("--json", action="store_true", help=_("print one JSON object"))
    parser.set_defaults(run=run_cli)


def _count_arg(text: str | None, name: str) -> int | None:
    """A frog count from the command line (None if absent)."""
    if text is None:
        return None
    try:
        return parse_whole(text, "N")  # ASCII digits only: int() reads other scripts' too
    except ValueError:
        raise UsageError(
            _("frogs: {name} must be a whole number of frogs, not {value}").format(
                name=name, value=shown(text)
            )
        ) from None


def cli_start(args: argparse.Namespace) -> str:
    """The starting position the arguments ask for; UsageError if they are wrong."""
    n, m = _count_arg(args.n, "N"), _count_arg(args.m, "M")
    try:
        if args.start is None:
            return start_state(DEFAULT_FROGS if n is None else n, m)
        state = parse_state(args.start)
    except ValueError as error:
        raise UsageError(_("frogs: {reason}").format(reason=error)) from None
    for name, given, held in (("N", n, state.count(LEFT)), ("M", m, state.count(RIGHT))):
        if given is not None and given != held:
            raise UsageError(
                _("frogs: {name} is {given} but state {state} holds {held}").format(
                    name=name, given=given, state=state, held=held
                )
            )
    return state


def run_cli(args: argparse.Namespace) -> int:
    """Solve and print the moves; exit 1 when the position is hopeless."""
    state = cli_start(args)
    stats = EventStats()
    listed = 0
    moves: list[Hop] | None = None
    for event in stats.watch(solve(state)):
        if type(event) is Options:
            listed += len(event.moves)
        elif type(event) is Solution:
            moves = list(event.answer)
    tried = stats.by_kind["Push"]
    cancelled = tried - len(moves or ())  # every tried move is popped: kept (the answer) or cancelled
    data: dict[str, Any] = {
        "start": state,
        "goal": goal_state(state),
        "solvable": moves is not None,
        "moves": [[hop.frm, hop.to] for hop in moves or ()],
        "frogs": [hop.frog for hop in moves or ()],
        "count": None if moves is None else len(moves),
        "tried": tried,
        "cancelled": cancelled,
        "dead_ends": stats.by_kind["DeadEnd"],
        "never_tried": listed - tried,
        **stats.as_dict(),
    }
    if moves is None:
        return _report_hopeless(args, state, data)
    jumps = sum(hop.jump for hop in moves)
    lines = [str(hop) for hop in moves]
    lines.append(
        _("{moves} ({jumps}, {slides}); the search tried {tried} and cancelled {cancelled}").format(
            moves=count_moves(len(moves)),
            jumps=ngettext("{count} jump", "{count} jumps", jumps).format(count=jumps),
            slides=ngettext("{count} slide", "{count} slides", len(moves) - jumps).format(
                count=len(moves) - jumps
            ),
            tried=format_number(tried),
            cancelled=format_number(cancelled),
        )
    )
    emit(args, "\n".join(lines), data)
    return 0


def _report_hopeless(args: argparse.Namespace, state: str, data: dict[str, Any]) -> int:
    """Say that no solution exists from `state` and how far back one did; exit code 1."""
    nearest = nearest_solvable_back(state)
    data["moves_back"], data["back_state"] = nearest or (None, None)
    if nearest is None:
        message = _("frogs: no solution from {state}, nor from any position before it").format(state=state)
    else:
        back, before = nearest
        message = _(
            "frogs: no solution from {state}; the nearest position with one is {moves} back: {before}"
        ).format(state=state, moves=count_moves(back), before=before)
    if args.json:
        emit(args, "", data)
    return fail(message, 1)
