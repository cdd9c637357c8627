"""`python -m solvers mnk M N K [--board FILE|-]` and `python -m solvers connect4 --moves 4453`.

Both ask `engine.Engine` for the side to move's best move under `--depth` and
`--time` (default 2 s) and print it, its value for the side to move, the depth
finished (a proven win, loss or draw, or the heuristic's guess), the nodes,
the transposition hits and the expected line.  JSON: `{"move", "value",
"depth", "nodes", "tt_hits", "pv", "to_move", "proven", "result" (win, loss,
draw or null), "plies_to_end", "events", "events_by_kind", "max_depth",
"seconds"}`, the events being those the tree view would show; `move` is
`[row, col]` (0-based, top left [0, 0]) for mnk and a 1-based column for connect4.
On big mnk boards the threat search (`solvers.threats`, hard's reach) runs
first; when it decides, the text says why and the JSON adds `"threat": {"kind",
"threat", "line"}`.  `mnk --rule` is freestyle, standard (exactly K), no33 or renju.
Bad boards exit 2 with one line; so does an over-long `--moves`.

`mnk --prove` first searches to the end (`solvers.proof`, CPU seconds from
`--time`): a finished proof prints the best move and "proven win/loss in N"
or "proven draw" (JSON: `move`, `value`, `to_move`, `proven` true, `result`,
`plies_to_end`, `nodes`, `positions`, `seconds`); an unfinished one falls back
to the depth-limited answer with a note saying so.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any

from solvers import textio, threats
from solvers.cli import UsageError, emit, whole_number
from solvers.connect4 import MAX_HEIGHT, MAX_WIDTH, MIN_HEIGHT, MIN_WIDTH, Board, Solver, SolveTimeUp
from solvers.engine import Answer, Engine, Limits, verdict
from solvers.gomoku_rules import RULES, Gomoku
from solvers.grids import MARKS, WIN, BadPosition, ConnectFour, Grid, Position
from solvers.i18n import N_, _, format_number, ngettext
from solvers.proof import Proof, prove
from solvers.runstats import EventStats

DEFAULT_SECONDS = 2.0
MAX_SIDE = 26
CONNECT_FOUR_SOLVED = N_(
    "with best play the first player wins Connect Four by starting in the centre column "
    "(solved by James D. Allen and by Victor Allis, 1988); this search is depth-limited "
    "and does not prove it"
)
"""The published result, said (translated) under the empty board's answer; the JSON keeps it in English."""


def value_words(value: float, pos: Position, depth: int, sure: bool = True) -> str:
    """A value in words: 'proven win in 3 moves (ply 5)', 'proven draw: ...', 'heuristic +120, not proven'.

    Not `sure` (the search left moves untried): never 'proven', whatever the value.
    """
    result, plies = verdict(value, pos, depth) if sure else (None, None)
    if result == "draw":
        return _("proven draw: every line was searched to the end")
    if result is None or plies is None:
        return _("heuristic {value}, not proven ({depth} of {plies} plies searched)").format(
            value=f"{value:+g}", depth=depth, plies=pos.empty
        )
    moves = (plies + 1) // 2
    if result == "win":
        return ngettext(
            "proven win in {moves} move (ply {plies})", "proven win in {moves} moves (ply {plies})", moves
        ).format(moves=moves, plies=plies)
    return ngettext(
        "proven loss in {moves} move (ply {plies})", "proven loss in {moves} moves (ply {plies})", moves
    ).format(moves=moves, plies=plies)


def seconds_number(text: str) -> float:
    """argparse type: a time limit in seconds, 0.01 to 600."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            _("the time must be a number of seconds, not {text}").format(text=repr(text))
        ) from None
    if not 0.01 <= value <= 600:
        raise argparse.ArgumentTypeError(
            _("the time must be 0.01 to 600 seconds, not {text}").format(text=text)
        )
    return value


def add_limits(parser: argparse.ArgumentParser) -> None:
    """--depth, --time and --json, shared by both commands."""
    parser.add_argument(
        "--depth", type=whole_number(1, N_("the depth"), 400), help=_("plies to search at most")
    )
    parser.add_argument(
        "--time",
        type=seconds_number,
        default=DEFAULT_SECONDS,
        help=_("seconds to think, iterative deepening stops there (default {seconds})").format(
            seconds=f"{DEFAULT_SECONDS:g}"
        ),
    )
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))


def add_cli(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `mnk` and `connect4`."""
    mnk = subparsers.add_parser(
        "mnk",
        help=_("best move in an m,n,k game (3 3 3 tic-tac-toe, 15 15 5 gomoku) by depth-limited alpha-beta"),
        description=_(
            "BOARD is M lines of N characters x, o, . (x moves first; K or more in a row wins); "
            "without it the board is empty."
        ),
    )
    side = whole_number(1, N_("a side"), MAX_SIDE)
    mnk.add_argument("m", type=side, help=_("rows"))
    mnk.add_argument("n", type=side, help=_("columns"))
    mnk.add_argument("k", type=whole_number(2, "k", MAX_SIDE), help=_("stones in a row that win"))
    mnk.add_argument(
        "--board", help=_("a file with the board, or - for standard input (default: an empty board)")
    )
    mnk.add_argument(
        "--prove",
        action="store_true",
        help=_(
            "first search to the end for --time CPU seconds (a proven win, loss or draw); "
            "if that does not finish, the depth-limited answer"
        ),
    )
    mnk.add_argument(
        "--rule",
        choices=RULES,
        default="freestyle",
        help=_(
            "freestyle: K or more wins; standard: exactly K; no33: the 3-3 ban; "
            "renju: x wins with exactly K and may not make a 3-3, a 4-4 or an overline (default freestyle)"
        ),
    )
    add_limits(mnk)
    mnk.set_defaults(run=run_mnk)
    four = subparsers.add_parser(
        "connect4",
        help=_("best Connect Four move, solved exactly within --time, else by depth-limited alpha-beta"),
        description=_(
            "MOVES are the columns played so far, 1 to the width, in order (x first). "
            "Without --depth the position is solved to the end first (CPU seconds from --time)."
        ),
    )
    four.add_argument("--moves", default="", help=_("columns played, e.g. 4453 (default: none)"))
    four.add_argument(
        "--width",
        type=whole_number(MIN_WIDTH, N_("the width"), MAX_WIDTH),
        default=7,
        help=_("columns, {low} to {high} (default 7)").format(low=MIN_WIDTH, high=MAX_WIDTH),
    )
    four.add_argument(
        "--height",
        type=whole_number(MIN_HEIGHT, N_("the height"), MAX_HEIGHT),
        default=6,
        help=_("rows, {low} to {high} (default 6)").format(low=MIN_HEIGHT, high=MAX_HEIGHT),
    )
    add_limits(four)
    four.set_defaults(run=run_connect4)


def run_mnk(args: argparse.Namespace) -> int:
    """Read the board, search it, print the answer."""
    if args.k > max(args.m, args.n):
        raise UsageError(
            _("mnk: k must be at most the longer side ({side}), not {k}").format(
                side=max(args.m, args.n), k=args.k
            )
        )
    if args.prove and args.rule != "freestyle":
        raise UsageError(_("mnk: --prove knows the freestyle rule only (K or more in a row wins)"))
    game = Gomoku(args.rule, args.m, args.n, args.k)
    try:
        pos = game.start() if args.board is None else game.parse(textio.read_text(args.board)[0])
    except (textio.InputError, BadPosition) as error:
        raise UsageError(_("mnk: bad board: {problem}").format(problem=error)) from None

    def shown(move: int) -> list[int]:
        """[row, col], 0-based."""
        return list(divmod(move, game.cols))

    if args.prove:
        proof = prove(game, pos, seconds=args.time)
        if proof.proven:
            return _proven(args, game, pos, proof, shown)
        note = N_("not proven within the time: the answer above is the depth-limited search's")
        return _answer(args, game, pos, shown, note)
    return _answer(args, game, pos, shown, "")


def _proven(
    args: argparse.Namespace, game: Grid, pos: Position, proof: Proof, shown: Callable[[int], Any]
) -> int:
    """Print a finished proof: the best move and the game's value with best play."""
    move = proof.move if proof.move is not None else 0
    sign = {"win": 1, "loss": -1, "draw": 0}[proof.result or "draw"]
    value = sign * (WIN + pos.empty - (proof.plies or 0)) if sign else 0
    data: dict[str, Any] = {
        "move": shown(move),
        "value": value,
        "to_move": MARKS[pos.mover],
        "proven": True,
        "result": proof.result,
        "plies_to_end": proof.plies,
        "nodes": proof.nodes,
        "positions": proof.positions,
        "seconds": round(proof.seconds, 4),
    }
    said = _(
        "{mark} to move: best move {move}, {value}; {nodes} nodes, {positions} positions, {seconds} s"
    ).format(
        mark=MARKS[pos.mover],
        move=game.move_name(move) if game.gravity else f"{game.move_name(move)} {shown(move)}",
        value=value_words(value, pos, pos.empty),
        nodes=format_number(proof.nodes),
        positions=format_number(proof.positions),
        seconds=f"{proof.seconds:.2f}",
    )
    emit(args, game.show(pos) + "\n" + said, data)
    return 0


def run_connect4(args: argparse.Namespace) -> int:
    """Play the moves, search the position, print the answer."""
    game = ConnectFour(args.width, args.height)
    cells = args.width * args.height
    if len(args.moves) > cells:
        raise UsageError(
            _("connect4: a game has at most {cells} moves, got {count}").format(
                cells=cells, count=format_number(len(args.moves))
            )
        )
    try:
        pos = game.play(args.moves)
    except BadPosition as error:
        raise UsageError(_("connect4: bad moves: {problem}").format(problem=error)) from None

    def shown(move: int) -> int:
        """A 1-based column."""
        return move + 1

    note = CONNECT_FOUR_SOLVED if (args.width, args.height, pos.empty) == (7, 6, 42) else ""
    if args.depth is None:
        board = Board(args.width, args.height)
        solver = Solver(board, seconds=args.time)
        try:
            solution = solver.solve(*board.from_cells(pos.cells, pos.mover == 1))
        except SolveTimeUp:
            note = N_("not solved within the time: the answer above is the depth-limited search's")
        else:
            proof = Proof(
                solution.result,
                solution.plies,
                solution.nodes,
                solver.positions,
                solution.seconds,
                solution.move,
            )
            return _proven(args, game, pos, proof, shown)
    return _answer(args, game, pos, shown, note)


def _answer(
    args: argparse.Namespace, game: Grid, pos: Position, shown: Callable[[int], Any], note: str
) -> int:
    """Search `pos` under the command's limits and print the answer for the side to move."""
    engine = Engine(game, Limits(depth=args.depth, seconds=args.time))
    answer: Answer = threats.think_with(game, pos, engine.limits, threats.LEVEL_REACH["hard"], engine)
    sign = 1 if pos.mover == 1 else -1
    value = sign * answer.value or 0  # a draw is 0, not -0.0
    plan = answer.threat  # the threat search's lines win against every defence: a proof of their own
    sure = plan is not None or game.tries_every_move(pos)
    result, plies = verdict(value, pos, answer.depth) if sure else (None, None)
    if not sure and not note and abs(value) >= WIN:
        note = N_("not proven: on a board this big the search tries only the cells near the stones")
    stats = EventStats()
    stats.record(*engine.event_counts())
    data: dict[str, Any] = {
        "move": shown(answer.move) if answer.move is not None else None,
        "value": value,
        "depth": answer.depth,
        "nodes": answer.nodes,
        "tt_hits": answer.tt_hits,
        "pv": [shown(move) for move in answer.pv],
        "to_move": MARKS[pos.mover],
        "proven": result is not None,
        "result": result,
        "plies_to_end": plies,
        **stats.as_dict(),
        "seconds": round(answer.seconds, 4),
    }
    if note:
        data["note"] = note
    said_note = _(note) if note else ""
    if plan is not None:
        said_note = threats.threat_words(plan, game)
        data["threat"] = {"kind": plan.kind, "threat": plan.threat, "line": [shown(m) for m in plan.line]}
    line = " ".join(game.move_name(move) for move in answer.pv)
    move = game.move_name(answer.move or 0)
    said = _(
        "{mark} to move: best move {move}, value {value}; depth {depth}, "
        "{nodes} nodes, {hits} table hits, {seconds} s"
    ).format(
        mark=MARKS[pos.mover],
        move=move if game.gravity else f"{move} {shown(answer.move or 0)}",
        value=value_words(value, pos, answer.depth, sure),
        depth=answer.depth,
        nodes=format_number(answer.nodes),
        hits=format_number(answer.tt_hits),
        seconds=f"{answer.seconds:.2f}",
    )
    text = "\n".join((game.show(pos), said, _("expected line: {line}").format(line=line)))
    emit(args, text + (f"\n{said_note}" if said_note else ""), data)
    return 0
