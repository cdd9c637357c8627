"""Gomoku's rules (solvers.gomoku_rules): freestyle, exactly five, the 3-3 ban; on the CLI and in the demo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_runner import run

from solvers.gomoku_rules import Gomoku
from solvers.grids import BadPosition, Position
from solvers.minimax import MAX
from solvers.threats import LEVEL_REACH, Planner, Reach


def board(game: Gomoku, xs: str, os: str) -> Position:
    """A position with x and o on the named cells ('h8 i8 ...')."""
    cells = bytearray(b"." * game.rows * game.cols)
    for names, mark in ((xs, b"x"), (os, b"o")):
        for name in names.split():
            cells[game.named_cell(name)] = mark[0]
    return game.position(bytes(cells))


def cell(game: Gomoku, name: str) -> int:
    """'h8' -> its cell."""
    return game.named_cell(name)


@pytest.mark.parametrize(("rule", "six_wins"), [("freestyle", True), ("standard", False), ("no33", True)])
def test_six_in_a_row_wins_only_where_the_rule_says(rule: str, six_wins: bool) -> None:
    """x has d8 e8 f8 h8 i8: g8 makes six.  Freestyle and the 3-3 ban: a win; standard: no win."""
    game = Gomoku(rule)
    pos = board(game, "d8 e8 f8 h8 i8", "d9 e9 f9 h9 i9")
    after = game.result(pos, cell(game, "g8"))
    assert bool(after.winner) is six_wins


@pytest.mark.parametrize("rule", ["freestyle", "standard", "no33"])
def test_exactly_five_wins_under_every_rule(rule: str) -> None:
    """x has d8 e8 f8 g8 and o blocks c8: h8 makes exactly five."""
    game = Gomoku(rule)
    pos = board(game, "d8 e8 f8 g8", "c8 d9 e9 f9")
    assert game.result(pos, cell(game, "h8")).winner == MAX


def test_a_standard_board_with_six_in_a_row_is_not_over() -> None:
    """Parsing: six x in a row ends a freestyle game, not a standard one."""
    text = "\n".join(["xxxxxx........."] + ["o.o.o.o.o.o...."] + ["." * 15] * 13)
    with pytest.raises(BadPosition):
        Gomoku("freestyle").parse(text)
    assert Gomoku("standard").parse(text).winner == 0


def test_the_33_ban_forbids_two_open_threes_at_once() -> None:
    """x: g8 h8 (a row) and i9 i10 (a column): i8 makes two open threes, forbidden under no33 only."""
    for rule, banned in (("freestyle", False), ("standard", False), ("no33", True)):
        game = Gomoku(rule)
        pos = board(game, "g8 h8 i9 i10", "a1 a3 a5 a7")
        assert game.forbidden(pos.cells, cell(game, "i8"), MAX) is banned
        assert (cell(game, "i8") in game.moves(pos)) is not banned
        assert (cell(game, "i8") in game.candidates(pos)) is not banned


def test_the_33_ban_allows_four_three_blocked_threes_and_five() -> None:
    """A four with a three is allowed; a three blocked at one end is no open three; five is always allowed."""
    game = Gomoku("no33")
    four_three = board(game, "f8 g8 h8 i9 i10", "a1 a3 a5 a7 a9")
    assert not game.forbidden(four_three.cells, cell(game, "i8"), MAX)
    blocked = board(game, "g8 h8 i9 i10", "f8 a3 a5 a7")
    assert not game.forbidden(blocked.cells, cell(game, "i8"), MAX)
    five = board(game, "e8 f8 g8 h8 i9 i10 j9 k9", "a1 a3 a5 a7 a9 a11 a13 a15")
    assert game.result(five, cell(game, "i8")).winner == MAX


def test_the_cli_takes_a_rule(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """`--rule standard`: g8 would make six, so x's win in one is gone; freestyle plays it."""
    game = Gomoku("freestyle")
    path = tmp_path / "six.txt"
    path.write_text(game.show(board(game, "d8 e8 f8 h8 i8", "d9 e9 f9 h9 a1")) + "\n")
    results = {}
    for rule in ("freestyle", "standard"):
        code, out, _err = run(
            capsys, "mnk", "15", "15", "5", "--board", str(path), "--rule", rule, "--depth", "1", "--json"
        )
        results[rule] = json.loads(out)
        assert code == 0
    assert results["freestyle"]["move"] == [7, 6] and results["freestyle"]["result"] == "win"
    assert results["standard"]["move"] != [7, 6]
    assert run(capsys, "mnk", "15", "15", "5", "--board", str(path), "--rule", "renju9")[0] == 2
    code, _out, err = run(
        capsys, "mnk", "15", "15", "5", "--board", str(path), "--rule", "standard", "--prove"
    )
    assert code == 2 and "--prove knows the freestyle rule only" in err


def test_the_demo_refuses_a_banned_move_and_names_the_rule(app, open_demo) -> None:
    """Games demo, 3-3 ban: a click on a double-three cell plays nothing and says why."""
    shell = open_demo("games")
    demo = shell.demo
    demo.set_rule("no33")
    assert demo.match.key == "gomoku" and demo.match.game.rule == "no33"
    for name in ("g8", "a1", "h8", "a3", "i9", "a5", "i10", "a7"):
        demo.match.moves.append(cell(demo.match.game, name))
    before = list(demo.match.moves)
    notes: list[str] = []
    demo.notify = notes.append  # type: ignore[method-assign]
    demo.play(7, 8)  # i8
    assert demo.match.moves == before and notes and "3-3" in notes[-1]
    demo.history.undo()
    assert demo.match.rule == "freestyle"


def test_the_threat_search_counts_fives_by_the_rule() -> None:
    """x: d8 e8 f8 h8 i8.  Freestyle: the planner wins at g8 (six).  Standard: g8 is no five, and the
    planner claims no win there."""
    for rule, wins_at_g8 in (("freestyle", True), ("standard", False)):
        game = Gomoku(rule)
        pos = board(game, "d8 e8 f8 h8 i8", "d9 e9 f9 h9 a1")
        plan = Planner(game, LEVEL_REACH["hard"] or Reach()).decide(pos)
        claims = plan is not None and plan.kind == "win" and plan.move == cell(game, "g8")
        assert claims is wins_at_g8
