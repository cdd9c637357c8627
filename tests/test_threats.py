"""Threat-space search (solvers.threats): the beginner's trap of issue 31, the puzzle set, the levels.

Every answer is judged by brute force (solvers.gomoku_puzzles.Brute: plain rules, every defence
tried), never by a stored move: a win must win against every reply, a block must leave the attacker
no win within the puzzle's moves (within 2 for the 3-move blocks, whose full check takes seconds).
"""

from __future__ import annotations

import json
import os
from dataclasses import replace
from pathlib import Path

import pygame
import pytest
from cli_runner import run

from solvers import i18n
from solvers.engine import LEVELS, Limits
from solvers.gomoku_puzzles import Brute, Puzzle, attacker_of, brute_wins, holds, load, refutes
from solvers.gomoku_rules import Gomoku
from solvers.grids import MNK, STONE, Position
from solvers.minimax import MAX
from solvers.threats import LEVEL_REACH, Board, Planner, Reach, Threats, think_with, threat_words

GAME = MNK(15, 15, 5)
TRAP = ("h8", "h7", "i9", "g7", "i7", "i8", "g9")
"""Issue 31: x plays h8 i9 i7 g9, the engine answered h7 g7 i8; x threatens j6 (or f10), an open four."""
PUZZLES = load()


def cell(name: str) -> int:
    """'h8' -> its cell index (column letter, row number from the top)."""
    return GAME.named_cell(name)


def played(*names: str, game: MNK = GAME) -> Position:
    """The position after these moves, x first."""
    pos = game.start()
    for name in names:
        pos = game.result(pos, cell(name))
    return pos


def stops(pos: Position, move: int, attacker: int, moves: int) -> bool:
    """After the side to move plays `move`, `attacker` has no win within `moves` (brute force)."""
    cells = bytearray(pos.cells)
    cells[move] = STONE[pos.mover]
    return not Brute(GAME).wins(cells, attacker, moves)


def wins_after(pos: Position, move: int, moves: int) -> bool:
    """After the side to move plays `move`, every defence loses within its `moves` more moves."""
    cells = bytearray(pos.cells)
    cells[move] = STONE[pos.mover]
    return Brute(GAME).every_defence_loses(cells, pos.mover, moves)


def shot(app, name: str) -> None:
    """Save the window when UNWIND_SHOTS names a folder (to look at it)."""
    folder = os.environ.get("UNWIND_SHOTS")
    if folder:
        pygame.image.save(app.surface, os.path.join(folder, f"threats-{name}.png"))


def test_the_trap_is_real_and_the_old_answer_loses() -> None:
    """After the trap, x wins in 2 if o does not answer; g6 (the old engine's move) does not answer it."""
    pos = played(*TRAP)
    assert brute_wins(GAME, pos, MAX, 2)
    assert not stops(pos, cell("g6"), MAX, 2)


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_medium_and_hard_stop_the_trap_and_say_why(level: str) -> None:
    """The planner blocks the open four x threatens at j6, and says so naming the threat and the line."""
    pos = played(*TRAP)
    answer = think_with(GAME, pos, Limits(depth=1), LEVEL_REACH[level])
    assert answer.move is not None and stops(pos, answer.move, MAX, 2)
    plan = answer.threat
    assert plan is not None and plan.kind == "block" and plan.threat == "open four"
    assert plan.where in (cell("j6"), cell("f10")) and plan.attacker == MAX
    assert brute_wins(GAME, pos, MAX, (len(plan.line) + 1) // 2)  # the line shown is a real win
    words = threat_words(plan, GAME)
    assert words.startswith("I block the open four at ") and GAME.move_name(plan.where) in words


@pytest.mark.parametrize("limit", [["--time", "1.8"], ["--depth", "3"]], ids=["time-1.8", "depth-3"])
def test_the_cli_answers_the_trap_board(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, limit: list[str]
) -> None:
    """`mnk 15 15 5 --board trap.txt --time 1.8` (the issue's) and `--depth 3` (where the old engine
    played g6 at any speed): a move that stops x, and the threat in the JSON."""
    path = tmp_path / "trap.txt"
    path.write_text(GAME.show(played(*TRAP)) + "\n")
    code, out, _err = run(capsys, "mnk", "15", "15", "5", "--board", str(path), *limit, "--json")
    data = json.loads(out)
    move = GAME.cell(*data["move"])
    assert code == 0 and stops(played(*TRAP), move, MAX, 2), GAME.move_name(move)
    assert data["threat"]["kind"] == "block" and data["threat"]["threat"] == "open four"


def test_easy_still_loses_to_a_beginner() -> None:
    """Easy has no planner and looks one ply ahead: it lets the open three become an open four."""
    pos = played(*TRAP)
    answer = think_with(GAME, pos, Limits(depth=1), LEVEL_REACH["easy"])
    assert answer.threat is None and answer.move is not None and not stops(pos, answer.move, MAX, 2)


LOST_TO_MEDIUM = ("h8", "g8", "f8", "h7", "f9", "g7", "g9", "f7", "e7", "i7", "j7")
"""From a game hard (o) lost to medium (x) in bench/bench_gomoku.py (opening 1, hard's alpha-beta held to one
ply): x threatens an open four at d6; o blocked there and lost to a line of seven threats, h9 ... i12."""


def test_hard_rechecks_defences_a_small_budget_could_not_prove() -> None:
    """Every defence's 6,000-node search ran out, and hard took d6, the heuristic's favourite, which loses;
    searched again, one holds (h10): after it x has no line of 7 threats, searched to the end."""
    pos = played(*LOST_TO_MEDIUM)
    plan = Planner(GAME, LEVEL_REACH["hard"] or Reach()).decide(pos)
    assert plan is not None and plan.kind == "block" and not plan.lost
    assert Threats(Board(GAME, GAME.result(pos, plan.move)), 300_000).vct(MAX, 7) is None
    old = GAME.result(pos, cell("d6"))
    line = Threats(Board(GAME, old), 300_000).vct(MAX, 7)
    assert line is not None and len(line) == 13  # seven threats, the last the five
    tail = old
    for move in line[:-5]:
        tail = GAME.result(tail, move)
    assert brute_wins(GAME, tail, MAX, 3)  # the line's last three moves win against every defence


OPENING_46 = ("h8", "f8", "h6", "h9", "i7", "g9", "j8", "g5", "i8", "g8", "k8", "l8", "j7")
"""Issue 31, opening 46 of bench/bench_gomoku.py: hard (x) played j7 and lost to medium's (o) line of six
threats from f7, which hard's search (6,000 nodes a search) found only with 130,000 nodes."""


def test_hard_finds_a_six_threat_line_within_its_budget() -> None:
    """Hard in medium's place after j7 finds o's line and plays it (the old search ran out of nodes and
    blocked one of x's lines instead); the line's last three moves win against every defence."""
    pos = played(*OPENING_46)
    plan = Planner(GAME, LEVEL_REACH["hard"] or Reach()).decide(pos)
    assert plan is not None and plan.kind == "vct" and plan.attacker == -MAX
    assert len(plan.line) >= 11  # six threats or more, the last the five
    tail = pos
    for move in plan.line[:-5]:
        tail = GAME.result(tail, move)
    assert brute_wins(GAME, tail, -MAX, 3)


def test_alpha_beta_chooses_among_the_defences_hard_proved() -> None:
    """bench_gomoku, hard (o) against easy, opening 39: x threatens a double three at h6.  Several defences
    leave x no line of up to 7 threats; the heuristic's pick among them, g7, left x a longer line and hard
    lost to easy.  Alpha-beta now picks among the defences proved safe, and its pick leaves x no line of
    up to 9 threats (the searches run to the end)."""
    pos = played("h8", "f8", "i7", "g9", "h7")
    limits = replace(LEVELS["hard"], seconds=None, nodes=10_000)
    answer = think_with(GAME, pos, limits, LEVEL_REACH["hard"])
    assert answer.move is not None and answer.move != cell("g7")
    after = GAME.result(pos, answer.move)
    assert Threats(Board(GAME, after), 100_000).vct(MAX, 9, shortest=False) is None
    plan = answer.threat
    assert plan is not None and plan.kind == "block" and len(plan.holds) > 1
    assert answer.move == plan.move and answer.move in plan.holds
    old = GAME.result(pos, cell("g7"))
    assert cell("g7") in plan.holds and Threats(Board(GAME, old), 100_000).vct(MAX, 9, shortest=False)


def test_the_defences_that_held_7_threats_by_the_old_search_do_not() -> None:
    """bench_gomoku, hard (o) against easy, opening 7: i9, i7, j10 and k7 each left x no line of up to 7
    threats by the old search's lights; alpha-beta picked k7 and hard lost to easy.  The search that
    follows x's forced block of an o four (x's threat still standing) sees a line of up to 7 after each."""
    pos = played("h8", "h9", "j8", "g8", "i8", "f7", "k8", "l8", "i10")
    for old in ("i9", "i7", "j10", "k7"):
        assert holds(GAME, pos, cell(old), 7, budget=150_000) is False, old


def test_on_the_clock_the_threat_searches_stop_at_their_share_of_the_move() -> None:
    """The app times hard's move (1.8 s): the threat searches stop at their share of it as when their
    nodes run out, and alpha-beta moves (its least depth whatever the clock says).  A clock that jumps
    past the deadline after its first reading stands for a slow machine; counted, the planner wins."""
    pos = played(*OPENING_46[:-1])
    readings = iter([0.0])
    timed = replace(LEVELS["hard"], nodes=10_000, clock=lambda: next(readings, 100.0))
    answer = think_with(GAME, pos, timed, LEVEL_REACH["hard"])
    assert answer.threat is None and answer.move is not None and answer.depth >= 3
    counted = think_with(GAME, pos, replace(timed, seconds=None), LEVEL_REACH["hard"])
    assert counted.threat is not None and counted.threat.kind == "vct"


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind in ("win", "block")], ids=lambda p: p.name)
def test_each_puzzle_says_what_brute_force_finds(puzzle: Puzzle) -> None:
    """The attacker wins within N moves; not within N - 1 (checked where that is quick, N - 1 <= 2)."""
    attacker = attacker_of(puzzle)
    assert brute_wins(GAME, puzzle.pos, attacker, puzzle.moves)
    if puzzle.moves - 1 <= 2:
        assert not brute_wins(GAME, puzzle.pos, attacker, puzzle.moves - 1)


PLANNED = [p for p in PUZZLES if p.kind != "quiet"]
"""The quiet puzzles are not solved yet: hard checks no quiet replies (README, issue 31)."""


@pytest.mark.parametrize("puzzle", PLANNED, ids=[p.name for p in PLANNED])
def test_hard_solves_every_puzzle(puzzle: Puzzle) -> None:
    """Hard wins every forced win (the move wins against every reply), stops every threat and holds every
    threat line (medium-46: the position of opening 46 before j7, which the old search, out of nodes,
    passed to alpha-beta)."""
    plan = Planner(GAME, LEVEL_REACH["hard"] or Reach()).decide(puzzle.pos)
    assert plan is not None
    if puzzle.kind == "win":
        assert plan.kind in ("win", "vcf", "vct")
        assert wins_after(puzzle.pos, plan.move, puzzle.moves - 1)
    elif puzzle.kind == "hold":  # a block that holds, or a win of its own (medium-46: x wins from k9)
        assert plan.kind in ("block", "vcf", "vct") and not plan.lost
        assert plan.move in puzzle.holds, GAME.move_name(plan.move)
    else:
        assert plan.kind == "block"  # `lost` may hold: a longer line may still win after the block
        assert stops(puzzle.pos, plan.move, attacker_of(puzzle), min(puzzle.moves, 2))


HOLDS = [p for p in PUZZLES if p.kind == "hold"]


@pytest.mark.parametrize("puzzle", HOLDS, ids=lambda p: p.name)
def test_each_hold_puzzle_has_a_threat_line_to_hold(puzzle: Puzzle) -> None:
    """The opponent, to move, would win by a threat line."""
    assert Threats(Board(GAME, puzzle.pos), 400_000).vct(attacker_of(puzzle), puzzle.moves) is not None


@pytest.mark.parametrize(
    ("puzzle", "move"),
    [(puzzle, move) for puzzle in HOLDS for move in sorted(puzzle.holds)],
    ids=lambda value: value.name if isinstance(value, Puzzle) else GAME.move_name(value),
)
def test_each_hold_puzzle_holds_with_its_moves(puzzle: Puzzle, move: int) -> None:
    """Each listed move leaves the opponent no threat line of up to N threats (the threat search run to
    the end from the move, a four's forced block played out)."""
    assert holds(GAME, puzzle.pos, move, puzzle.moves), GAME.move_name(move)


QUIET = [p for p in PUZZLES if p.kind == "quiet"]


@pytest.mark.parametrize("puzzle", QUIET, ids=lambda p: p.name)
def test_each_quiet_puzzle_says_what_the_checkers_find(puzzle: Puzzle) -> None:
    """Each listed move leaves the opponent no threat line as it stands, and its reply is no four but
    leaves the mover no move that holds a line of up to N threats (every empty cell searched)."""
    for move, reply in puzzle.refuted:
        assert holds(GAME, puzzle.pos, move, puzzle.moves), GAME.move_name(move)
        after = GAME.result(GAME.result(puzzle.pos, move), reply)
        assert not Board(GAME, after).five_cells(-puzzle.pos.mover)
        assert refutes(GAME, puzzle.pos, move, reply, puzzle.moves), GAME.move_name(reply)


def test_a_four_that_only_delays_is_no_defence() -> None:
    """Issue 31, opening 19 of bench_gomoku: x threatens a double three at h6.  Hard (o) answered with
    the four i10, which its search judged safe (x's line was gone while x had to block), lost to the line
    x's forced block i11 built, and lost the game.  The four holds nothing; hard now plays a move that
    holds."""
    pos = next(p for p in HOLDS if p.name == "medium-19-counter-four").pos
    assert holds(GAME, pos, cell("i10"), 7) is False
    plan = Planner(GAME, LEVEL_REACH["hard"] or Reach()).decide(pos)
    assert plan is not None and plan.move != cell("i10")
    assert holds(GAME, pos, plan.move, 7), GAME.move_name(plan.move)


def test_after_a_four_and_its_forced_block_the_four_player_moves_again() -> None:
    """Issue 31, opening 26 of bench_gomoku (found by the post-mortem, solvers.gomoku_losses): o has a
    line of fours; hard (x) judged its four h3 as if o moved again after the forced block j3, found no
    safe defence, blocked at i4 and lost to a line of 2 threats.  After h3 j3 x moves, and a move of x's
    holds: h3 is the only move that holds, and hard plays it."""
    pos = next(p for p in HOLDS if p.name == "medium-26-four-first").pos
    assert holds(GAME, pos, cell("i4"), 7) is False
    plan = Planner(GAME, LEVEL_REACH["hard"] or Reach()).decide(pos)
    assert plan is not None and not plan.lost and plan.move == cell("h3")
    assert holds(GAME, pos, plan.move, 7)


GAME_27 = "h8 h6 i7 j6 h7 g7 i8 i5 j4 k7 h4 g6 i6 g8 g9 h5 i4 l8 m9 k4 i9 i10 h9"
"""bench_gomoku's opening 27 (hard o against medium) up to x's open three g9 h9 i9."""


def test_a_four_whose_answers_are_only_more_fours_is_no_unsure_defence() -> None:
    """Issue 31, opening 27 (the post-mortem): against x's open three, f9 is the only move that holds
    (150,000 nodes: more than hard's recheck has) and g5, o's four, does not.  A four whose block left o
    only second fours as answers was called unsure; with f9 also unsure, the heuristic picked g5 among
    them and x won by a line of 2.  A second four only delays again: g5 is no defence, and hard plays f9."""
    pos = played(*GAME_27.split())
    assert holds(GAME, pos, cell("g5"), 7) is False
    assert holds(GAME, pos, cell("f9"), 7, budget=150_000)
    plan = Planner(GAME, LEVEL_REACH["hard"] or Reach()).decide(pos)
    assert plan is not None and plan.move == cell("f9"), GAME.move_name(plan.move if plan else 0)


@pytest.mark.parametrize("puzzle", [p for p in PUZZLES if p.kind == "block"], ids=lambda p: p.name)
def test_medium_blocks_every_direct_threat(puzzle: Puzzle) -> None:
    """Medium stops every threat of the puzzle set (open fours, four-threes, double threes to come)."""
    plan = Planner(GAME, LEVEL_REACH["medium"] or Reach()).decide(puzzle.pos)
    assert plan is not None and plan.kind == "block"
    assert stops(puzzle.pos, plan.move, attacker_of(puzzle), min(puzzle.moves, 2))


def test_every_line_the_search_finds_is_a_win_by_brute_force() -> None:
    """Soundness: each VCF/VCT of up to 3 moves found in the puzzle positions, for either side, wins."""
    checked = 0
    for puzzle in PUZZLES:
        for attacker in (MAX, -MAX):
            line = Threats(Board(GAME, puzzle.pos), 20_000).vct(attacker, 2)
            if line is not None:
                assert brute_wins(GAME, puzzle.pos, attacker, (len(line) + 1) // 2), puzzle.name
                checked += 1
    assert checked >= len(PUZZLES) // 2


def test_the_words_come_in_korean_and_chinese() -> None:
    """'why this move?' for the trap's block, in each language."""
    plan = Planner(GAME, LEVEL_REACH["medium"] or Reach()).decide(played(*TRAP))
    assert plan is not None
    for language, script in (("ko", range(0xAC00, 0xD7A4)), ("zh_CN", range(0x4E00, 0xA000))):
        i18n.use(language)  # conftest puts English back
        words = threat_words(plan, GAME)
        assert "j6" in words and "block" not in words and "open" not in words
        assert any(ord(char) in script for char in words)


def test_under_the_33_ban_the_double_three_is_no_win_and_no_threat() -> None:
    """Freestyle: x wins the double-three puzzle by g8.  Under the 3-3 ban g8 is forbidden, so the
    planner finds no double three there and o need not fear one."""
    puzzle = next(p for p in PUZZLES if p.name == "double-three")
    assert Planner(GAME, LEVEL_REACH["hard"] or Reach()).decide(puzzle.pos) is not None
    banned = Gomoku("no33")
    pos = banned.position(puzzle.pos.cells)
    assert banned.forbidden(pos.cells, cell("g8"), MAX)
    plan = Planner(banned, LEVEL_REACH["hard"] or Reach()).decide(pos)
    assert plan is None or plan.move != cell("g8")


def test_a_student_plays_the_trap_in_the_games_demo(app, open_demo) -> None:
    """`unwind games` at medium: h8, i9, i7, g9 as the issue plays them; the computer stops the open four,
    its words say so, and "why this move?" numbers the threat line on the board (no tree to replay)."""
    shell = open_demo("games")
    demo = shell.demo
    assert demo.level == "medium"
    for name in ("h8", "i9", "i7", "g9"):
        demo.play(*divmod(GAME.named_cell(name), GAME.cols))
        demo.wait()
    pos = demo.match.position_after(len(demo.match.moves) - 1)
    answer = demo.match.answers[len(demo.match.moves) - 1]
    assert answer.threat is not None and stops(pos, demo.match.moves[-1], MAX, 2)
    assert any("I block the open four at" in line for line in demo.words(shell.player.model))
    demo.why()
    app.frame(1 / 60)
    shot(app, "trap-why")
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    grid, line = lay.grid, answer.threat.line
    for number, where in enumerate(line[1:], 2):  # the numbered rings of the line (1 is under the stone)
        row, col = divmod(where, 15)
        x0, y0, side = grid.x + col * grid.w // 15, grid.y + row * grid.h // 15, grid.w // 15
        seen = {tuple(app.surface.get_at((x0 + dx, y0 + dy))[:3]) for dx in range(side) for dy in range(side)}
        assert seen & {(213, 94, 0), (0, 114, 178)}, number
