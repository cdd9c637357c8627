"""`tictactoe BOARD`: the best move by minimax, and the count of the game tree."""

from __future__ import annotations

import argparse
from collections import Counter

from solvers.cli import UsageError, emit
from solvers.events import Evaluate
from solvers.i18n import _, format_number
from solvers.minimax import (
    ALPHABETA_SIDE,
    MINIMAX_SIDE,
    SIDE_NAMES,
    minimax_events,
)
from solvers.runstats import EventStats
from solvers.tictactoe import (
    EMPTY_BOARD,
    GAME,
    BadBoard,
    best_move,
    cell_number,
    move_of_win,
    outcome_text,
    outcome_words,
    parse_board,
    show_board,
)


def add_cli(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `tictactoe --board BOARD` and `tictactoe --count`."""
    parser = subparsers.add_parser(
        "tictactoe",
        help=_("best tic-tac-toe move by minimax or alpha-beta; or count the game tree"),
        description=_(
            "BOARD is 9 characters x, o, . read row by row (x moves first). "
            "Prints the best cell 1..9 (1 top left, row by row), its value for the side to move "
            "and the nodes searched. "
            "Values prefer quicker wins and slower losses: a win on move n is worth 10 - n "
            "(+5 at best), a loss -(10 - n), a draw 0."
        ),
    )
    parser.add_argument("--board", help=_("9 characters of x, o and . (default: empty board)"))
    parser.add_argument("--alphabeta", action="store_true", help=_("search with alpha-beta"))
    parser.add_argument("--shortcut", action="store_true", help=_("take an immediate win at once"))
    parser.add_argument("--ordered", action="store_true", help=_("try centre, corners, edges first"))
    parser.add_argument("--count", action="store_true", help=_("count the whole game tree"))
    parser.add_argument("--json", action="store_true", help=_("one JSON object"))
    parser.set_defaults(run=run_cli)


def run_cli(args: argparse.Namespace) -> int:
    """Answer `tictactoe`: the best move for --board, or the tree's counts with --count."""
    try:
        board = parse_board(EMPTY_BOARD if args.board is None else args.board)
    except BadBoard as error:
        raise UsageError(_("tictactoe: impossible board: {problem}").format(problem=error)) from None
    if args.count:
        return _print_count(args, board)
    stats = EventStats()
    advice = best_move(
        board, alphabeta=args.alphabeta, shortcut=args.shortcut, ordered=args.ordered, stats=stats
    )
    algorithm = "alpha-beta" if args.alphabeta else "minimax"
    data = {
        "board": board,
        "to_move": advice.to_move,
        "move": advice.move,
        "value": advice.value,
        "outcome": None if advice.move is None else outcome_words(advice.value).split()[0],
        "ends_on_move": move_of_win(advice.value) if advice.value and advice.move is not None else None,
        "nodes": advice.nodes,
        "leaves": advice.leaves,
        "algorithm": algorithm,
        "finished": advice.move is None,
        "winner": advice.winner,
        **stats.as_dict(),
    }
    if advice.move is None:
        verdict = _("{mark} won").format(mark=advice.winner) if advice.winner else _("a draw")
        text = show_board(board) + "\n" + _("game over: {verdict}").format(verdict=verdict)
    else:
        text = (
            show_board(board)
            + "\n"
            + _(
                "{mark} to move: best move {move}, value {value} ({meaning}), "
                "{nodes} nodes searched by {algorithm}"
            ).format(
                mark=advice.to_move,
                move=cell_number(advice.move),
                value=f"{advice.value:+d}",
                meaning=outcome_text(advice.value),
                nodes=format_number(advice.nodes),
                algorithm=_(SIDE_NAMES[ALPHABETA_SIDE if args.alphabeta else MINIMAX_SIDE]),
            )
        )
    emit(args, text, data)
    return 0


def _print_count(args: argparse.Namespace, board: str) -> int:
    """Print the counts of the whole game tree below `board`."""
    # One pass of the full minimax tree: every Push is a node, every Evaluate a game.
    stats = EventStats()
    events = stats.watch(minimax_events(GAME, board))
    results = Counter((e.value > 0) - (e.value < 0) for e in events if type(e) is Evaluate)
    x_wins, o_wins, draws = (results.get(sign, 0) for sign in (1, -1, 0))
    nodes, games = stats.by_kind["Push"], sum(results.values())
    data = {
        "board": board,
        "nodes": nodes,
        "games": games,
        "x_wins": x_wins,
        "o_wins": o_wins,
        "draws": draws,
        **stats.as_dict(),
    }
    text = _(
        "{nodes} nodes (root included), {games} games: x wins {x_wins}, o wins {o_wins}, draws {draws}"
    ).format(
        nodes=format_number(nodes),
        games=format_number(games),
        x_wins=format_number(x_wins),
        o_wins=format_number(o_wins),
        draws=format_number(draws),
    )
    emit(args, text, data)
    return 0
