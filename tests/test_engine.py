"""The engine for bigger games: wins and blocks, agreement with full searches, the table, limits.

No test reads the real clock: depth and node limits, or a fake clock.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import replace
from functools import cache, partial
from itertools import count
from math import inf
from typing import Any

import pytest

from solvers.engine import CLOCK_EVERY, LEVELS, Engine, Heuristic, Iteration, Limits, TableHit, drain
from solvers.events import Bound, Evaluate, Pop, Prune, Push
from solvers.grids import (
    FOUR_POINTS,
    MNK,
    STONE,
    WIN,
    BadPosition,
    ConnectFour,
    Grid,
    Position,
    line_code,
    run_points,
)
from solvers.minimax import MAX, alphabeta_value
from solvers.runstats import EventStats

MEDIUM = Limits(depth=LEVELS["medium"].depth)
"""The default level without its clock (the same search whenever it finishes in time)."""
TIC = MNK(3, 3, 3)


def board(game: MNK, *rows: str) -> Position:
    """A position from its rows."""
    return game.parse("\n".join(rows))


def gomoku(stones: dict[tuple[int, int], str]) -> Position:
    """A 15x15 position with the given stones."""
    cells = bytearray(b"." * 225)
    for (row, col), mark in stones.items():
        cells[row * 15 + col] = ord(mark)
    return MNK(15, 15, 5).parse("\n".join(bytes(cells[r * 15 : r * 15 + 15]).decode() for r in range(15)))


WINS_IN_ONE = [
    ("3,3,3", TIC, board(TIC, "xx.", "oo.", "..."), {2}),
    ("4,4,4", MNK(4, 4, 4), board(MNK(4, 4, 4), "xxx.", "ooo.", "....", "...."), {3}),
    ("5,5,4", MNK(5, 5, 4), board(MNK(5, 5, 4), "xxx..", "oo...", "...o.", ".....", "....."), {3}),
    (
        "gomoku",
        MNK(15, 15, 5),
        gomoku({(7, c): "x" for c in range(5, 9)} | {(8, c): "o" for c in range(4, 8)}),
        {7 * 15 + 4, 7 * 15 + 9},
    ),
    ("connect4", ConnectFour(), ConnectFour().play("121213"), {0}),
]
"""(name, game, position, the winning moves)."""

MUST_BLOCK = [
    ("3,3,3", TIC, board(TIC, "xx.", ".o.", "..."), {2}),
    ("4,4,4", MNK(4, 4, 4), board(MNK(4, 4, 4), "xxx.", ".oo.", "....", "...."), {3}),
    ("5,5,4", MNK(5, 5, 4), board(MNK(5, 5, 4), "xxx..", "oo...", ".....", ".....", "....."), {3}),
    (
        "gomoku closed four",
        MNK(15, 15, 5),
        gomoku({(7, c): "x" for c in range(5, 9)} | {(7, 4): "o", (8, 5): "o", (9, 9): "o"}),
        {7 * 15 + 9},
    ),
    (
        "gomoku broken four",
        MNK(15, 15, 5),
        gomoku({(7, 5): "x", (7, 6): "x", (7, 8): "x", (7, 9): "x", (8, 5): "o", (9, 9): "o", (2, 2): "o"}),
        {7 * 15 + 7},
    ),
    ("connect4", ConnectFour(), ConnectFour().play("12121"), {0}),
]
"""(name, game, position where the side to move must block, the blocking moves)."""


@pytest.mark.parametrize(("name", "game", "pos", "wins"), WINS_IN_ONE, ids=[c[0] for c in WINS_IN_ONE])
def test_every_game_takes_a_win_in_one_at_every_level(
    name: str, game: Grid, pos: Position, wins: set[int]
) -> None:
    """Easy and the default level both play the winning move; its value is a win on the next ply."""
    for limits in (LEVELS["easy"], MEDIUM):
        answer = Engine(game, limits).think(pos)
        assert answer.move in wins, name
        sign = 1 if pos.mover == MAX else -1
        assert sign * answer.value == WIN + pos.empty - 1


@pytest.mark.parametrize(("name", "game", "pos", "blocks"), MUST_BLOCK, ids=[c[0] for c in MUST_BLOCK])
def test_the_default_level_blocks_an_immediate_loss(
    name: str, game: Grid, pos: Position, blocks: set[int]
) -> None:
    """The side to move has no win but the other threatens one: the default level blocks it."""
    assert not any(game.result(pos, move).winner for move in game.candidates(pos)), "no win of its own"
    threats = {m for m in game.candidates(pos) if game.result(pos._replace(mover=-pos.mover), m).winner}
    assert threats == blocks  # the test position really threatens there
    assert Engine(game, MEDIUM).think(pos).move in blocks


@cache
def exact_tic(cells: bytes) -> float:
    """Tic-tac-toe's depth-adjusted value by plain recursion with a memo (the reference)."""
    pos = TIC.position(cells)
    if TIC.terminal(pos):
        return TIC.utility(pos)
    values = [exact_tic(TIC.result(pos, move).cells) for move in TIC.moves(pos)]
    return max(values) if pos.mover == MAX else min(values)


def reachable(game: Grid) -> list[Position]:
    """Every position of a small game reachable from the empty board."""
    seen, todo = {game.start().cells: game.start()}, [game.start()]
    while todo:
        pos = todo.pop()
        for move in game.moves(pos):
            child = game.result(pos, move)
            if child.cells not in seen:
                seen[child.cells] = child
                todo.append(child)
    return list(seen.values())


def test_tic_tac_toe_agrees_with_a_full_search_everywhere() -> None:
    """3,3,3 searched to the end: every reachable position's value is the exact one, and its move keeps it."""
    positions = [pos for pos in reachable(TIC) if not TIC.terminal(pos)]
    assert len(positions) == 5478 - 958  # the published positions, less the finished ones
    for pos in positions:
        answer = Engine(TIC).think(pos)
        assert answer.value == exact_tic(pos.cells), TIC.show(pos)
        assert answer.move is not None and exact_tic(TIC.result(pos, answer.move).cells) == answer.value
    assert Engine(TIC).think(TIC.start()).value == 0  # a draw with best play


def random_endgame(game: ConnectFour, empty: int, seed: int) -> Position:
    """A Connect Four position from seeded random play, `empty` cells left and nobody has won."""
    rng = random.Random(seed)
    while True:
        pos = game.start()
        while pos.empty > empty and not pos.winner:
            pos = game.result(pos, rng.choice(list(game.moves(pos))))
        if not pos.winner:
            return pos


@pytest.mark.parametrize("seed", range(12))
def test_connect_four_endgames_agree_with_a_full_search(seed: int) -> None:
    """Positions with 9 to 12 empty cells, solved to the end: the engine's value is the full search's."""
    game = ConnectFour()
    pos = random_endgame(game, 9 + seed % 4, seed)
    exact = alphabeta_value(game, pos)
    answer = Engine(game).think(pos)
    assert answer.value == exact
    assert answer.move is not None and alphabeta_value(game, game.result(pos, answer.move)) == exact


def midgames() -> list[tuple[Grid, Position]]:
    """Seeded positions partway through each game, for depth-limited checks."""
    found: list[tuple[Grid, Position]] = []
    for game, plies in ((MNK(4, 4, 4), 5), (MNK(5, 5, 4), 6), (ConnectFour(), 10), (MNK(15, 15, 5), 8)):
        for seed in count():
            rng = random.Random(seed)
            pos = game.start()
            for _ in range(plies):
                pos = game.result(pos, rng.choice(game.candidates(pos)[:6]))
            if not game.terminal(pos) and abs(Engine(game, Limits(depth=2)).think(pos).value) < WIN:
                found.append((game, pos))  # still open two plies deep: the searches have work to do
                break
    return found


@pytest.mark.parametrize(("game", "pos"), midgames(), ids=["4,4,4", "5,5,4", "connect4", "gomoku"])
def test_the_table_changes_the_work_never_the_values(game: Grid, pos: Position) -> None:
    """Depth-limited: with and without the transposition table, every iteration's value is the same."""
    depth = {15: 2, 6: 6}.get(game.rows, 4)
    with_table = Engine(game, Limits(depth=depth)).think(pos)
    without = Engine(game, Limits(depth=depth), table=False).think(pos)
    assert [v for _, v, _ in with_table.values] == [v for _, v, _ in without.values]
    assert without.tt_hits == 0
    if game.rows < 15:
        assert with_table.tt_hits > 0  # transpositions really were looked up and used


@pytest.mark.parametrize(("game", "pos"), midgames(), ids=["4,4,4", "5,5,4", "connect4", "gomoku"])
def test_events_are_the_plain_search_node_for_node(game: Grid, pos: Position) -> None:
    """The event run and think() search the same nodes and find the same answer; the stream is well formed."""
    limits = Limits(depth=2 if game.rows == 15 else 3)
    events, answer = drain(Engine(game, limits).events(pos))
    plain = Engine(game, limits).think(pos)
    assert (answer.move, answer.value, answer.nodes, answer.tt_hits, answer.pv) == (
        plain.move,
        plain.value,
        plain.nodes,
        plain.tt_hits,
        plain.pv,
    )
    pushes = [e for e in events if type(e) is Push]
    assert [e.node for e in pushes] == list(range(len(pushes))) and len(pushes) == plain.nodes + 1
    stack: list[int] = []
    for event in events:
        if type(event) is Push:
            assert event.parent == (stack[-1] if stack else -1)
            stack.append(event.node)
        elif type(event) is Pop:
            assert stack.pop() == event.node
        elif type(event) in (Evaluate, Heuristic, TableHit):
            assert event.node == stack[-1]
    assert stack == []
    iterations = [e.depth for e in events if type(e) is Iteration]
    assert iterations == list(range(1, plain.depth + 1))
    leaves = [e for e in events if type(e) is Heuristic]
    assert leaves and all(e.value == sum((x - o) * p for _, x, o, p in e.terms) for e in leaves)


WINDOW_CASES = [(TIC, TIC.start(), 9), *((game, pos, 3) for game, pos in midgames()[:3])]
"""Tic-tac-toe searched whole (draws tie often), and three midgames three plies deep."""


@pytest.mark.parametrize(("game", "pos", "depth"), WINDOW_CASES, ids=["3,3,3", "4,4,4", "5,5,4", "connect4"])
def test_no_child_is_searched_in_a_window_closed_by_a_tie(game: Grid, pos: Position, depth: int) -> None:
    """A node's window is its parent's; once alpha >= beta (equal too) no child follows; a Prune only then.

    Replayed from the events alone (Push, Bound, Prune); the positions do cut on ties.
    """
    events, _answer = drain(Engine(game, Limits(depth=depth)).events(pos))
    window: dict[int, list[float]] = {}
    ties = 0
    for event in events:
        if type(event) is Push and event.parent in window:
            alpha, beta = window[event.parent]
            assert alpha < beta, f"node {event.node} searched inside the closed window [{alpha}, {beta}]"
            window[event.node] = [alpha, beta]
        elif type(event) is Push and event.node > 0:  # an iteration's root
            window[event.node] = [-inf, inf]
        elif type(event) is Bound:
            side = 0 if event.name == "alpha" else 1
            assert window[event.node][side] == event.old
            window[event.node][side] = event.value
        elif type(event) is Prune:
            alpha, beta = window[event.node]
            assert alpha >= beta
            ties += alpha == beta
    assert ties > 0


def test_the_heuristic_counts_open_and_closed_runs() -> None:
    """x's open two and o's closed three on 5,5,4, by name, and the score adds them up."""
    game = MNK(5, 5, 4)
    pos = board(game, ".xx..", "ooo.x", ".....", ".....", ".....")
    terms = {name: (x, o, points) for name, x, o, points in game.terms(pos)}
    assert terms == {"open two": (1, 0, run_points(2, 2)), "closed three": (0, 1, run_points(1, 1))}
    assert game.score(pos) == run_points(2, 2) - run_points(1, 1)
    blocked = board(game, "oxxo.", "x....", ".....", ".....", "o....")
    assert game.terms(blocked) == ()  # a two between o's cannot grow to four: not counted


def test_node_budget_and_an_injected_clock_stop_the_deepening() -> None:
    """A node budget and a fake clock stop iterative deepening deterministically."""
    game, pos = MNK(15, 15, 5), midgames()[3][1]
    small = Engine(game, Limits(nodes=300)).think(pos)
    assert small.nodes <= 301 and 1 <= small.depth < 5 and small.move in game.candidates(pos)
    ticks = count()  # a fake clock: each reading is 10 "seconds" after the one before
    timed = Engine(game, Limits(seconds=1000.0, clock=lambda: 10.0 * next(ticks))).think(pos)
    readings = next(ticks) - 1
    assert 1 <= timed.depth < 5 and timed.seconds >= 1000.0
    assert readings * CLOCK_EVERY >= timed.nodes  # the clock was read every CLOCK_EVERY nodes
    frozen = Engine(game, Limits(depth=timed.depth + 1, seconds=1.0, clock=lambda: 0.0)).think(pos)
    assert frozen.depth == timed.depth + 1  # a clock that never moves stops nothing


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("xx\noo.\n...", "line 1 has 2 cells"),
        ("xx.\noo.", "needs 3 lines"),
        ("xq.\no..\n...", "not 'q'"),
        ("xxx\nxo.\n...", "x moves first"),
        ("xxx\noo.\n...", "already over"),
        ("xox\nxoo\noxx", "full"),
    ],
)
def test_bad_boards_are_refused(text: str, reason: str) -> None:
    """Wrong size, strange characters, impossible counts, a won game, a full board."""
    with pytest.raises(BadPosition, match=reason):
        TIC.parse(text)


@pytest.mark.parametrize(
    ("moves", "reason"),
    [
        ("4444444", "column 4 is full"),
        ("48", "1 to 7"),
        ("1212121", "already over"),
        ("12121213", "already won"),
    ],
)
def test_bad_connect_four_moves_are_refused(moves: str, reason: str) -> None:
    """A full column, an unknown column, a finished game."""
    with pytest.raises(BadPosition, match=reason):
        ConnectFour().play(moves)


@pytest.mark.parametrize("limits", [Limits(depth=4), Limits(nodes=700)], ids=["depth", "node budget"])
def test_the_plain_search_counts_exactly_the_events_it_did_not_yield(limits: Limits) -> None:
    """think() knows the events `events` would yield, by kind, and their deepest stack, cut off or not."""
    game = ConnectFour()
    pos = game.play("4453")
    engine = Engine(game, limits)
    engine.think(pos)
    events, _answer = drain(Engine(game, limits).events(pos))
    stats = EventStats()
    stats.drain(events)
    kinds, deepest = engine.event_counts()
    assert {kind: n for kind, n in kinds.items() if n} == dict(stats.by_kind)
    assert deepest == stats.max_depth


def test_hard_searches_medium_depth_however_late_its_clock_and_small_its_budget() -> None:
    """Hard's least depth: a clock past its time at the first reading and a one-node budget still leave it
    medium's three plies and medium's value (issue 31: on a loaded machine, after its threat search, 1.8 s
    of the clock left hard one or two plies, and it lost to medium); deeper iterations stop as before."""
    game, pos = MNK(15, 15, 5), midgames()[3][1]
    ticks = count()
    late = replace(LEVELS["hard"], clock=lambda: 10.0 * next(ticks), nodes=1)
    answer = Engine(game, late).think(pos)
    medium = Engine(game, MEDIUM).think(pos)
    assert answer.depth == 3 and answer.value == medium.value
    assert answer.nodes == medium.nodes + 1  # depth 4 stopped at its first node
    assert LEVELS["medium"].least_depth == 0  # medium's clock still stops it


def connect_four_games() -> list[tuple[ConnectFour, Position]]:
    """Seeded Connect Four positions on five board sizes, from a few stones to a nearly full board."""
    found = []
    for width, height in ((7, 6), (4, 4), (5, 4), (6, 7), (9, 8)):
        game = ConnectFour(width, height)
        for seed in range(2):
            rng = random.Random(seed * 10 + width)
            stones = rng.randrange(width * height * 3 // 4)
            found.append((game, game.play(game.random_game(stones, rng))))
    return found


def answer_and_counts(engine: Engine, pos: Position) -> tuple[Any, ...]:
    """Everything a search tells: move, value (and its type), depths, work, line, events by kind, stack."""
    answer = engine.think(pos)
    facts = (answer.move, answer.value, type(answer.value), answer.depth, answer.nodes, answer.tt_hits)
    return (*facts, answer.pv, answer.values, engine.event_counts())


@pytest.mark.parametrize("limits", [Limits(depth=5), Limits(nodes=1_500)], ids=["depth", "node budget"])
def test_connect_four_on_line_codes_is_the_byte_board_search_node_for_node(limits: Limits) -> None:
    """think() on line codes finds what the search on Positions finds: the same move, value, nodes, table
    hits, line and events, on boards 4x4 to 9x8, with and without the table (issue 31: same moves, faster)."""
    for game, pos in connect_four_games():
        for table in (True, False):
            fast = answer_and_counts(Engine(game, limits, table=table), pos)
            plain = answer_and_counts(Engine(game, limits, table=table, lines=False), pos)
            assert fast == plain, (game.name, game.show(pos), table)


def test_connect_four_on_line_codes_reads_an_injected_clock_at_the_same_nodes() -> None:
    """A fake clock, read every CLOCK_EVERY nodes, stops both searches at the same node of one iteration."""
    game = ConnectFour()
    pos = game.play("4453443")
    found = []
    for lines in (True, False):
        ticks = count()
        clock = partial(next_reading, ticks, 0.5)
        engine = Engine(game, Limits(seconds=100.0, clock=clock), lines=lines)
        found.append((answer_and_counts(engine, pos), next(ticks)))
    assert found[0] == found[1]
    depth, nodes = found[0][0][3:5]
    assert (
        depth >= 3 and nodes == 201 * CLOCK_EVERY
    )  # the first reading past 100 s: the 201st after the start


def next_reading(ticks: Iterator[int], step: float) -> float:
    """A fake clock: each reading is `step` seconds after the one before."""
    return step * next(ticks)


def test_connect_four_think_reads_no_byte_board_below_the_root() -> None:
    """The computer's move on Connect Four scores no Position and builds none but the expected line's
    (issue 31: the heuristic on the bytes and the next Position were 85 % of a node's time)."""
    game = ConnectFour()
    calls: Counter[str] = Counter()
    for name in ("score", "result", "terms"):
        method = getattr(game, name)
        setattr(game, name, lambda *args, _name=name, _method=method: calls.update([_name]) or _method(*args))
    pos = game.play("4453443")
    calls.clear()
    answer = Engine(game, Limits(depth=6)).think(pos)
    assert answer.nodes > 1_000 and answer.depth == 6
    assert calls == Counter(result=len(answer.pv))  # principal_variation walks the table's moves


@pytest.mark.parametrize(
    "game", [ConnectFour(), ConnectFour(9, 8), MNK(5, 5, 4)], ids=["7x6", "9x8", "5,5,4"]
)
def test_the_points_of_every_line_add_up_to_the_heuristic(game: Grid) -> None:
    """Grid.line_values read at each line's code add up to score() in positions that go on; a line with
    k in a row is worth FOUR_POINTS (x) or its negative (o)."""
    rng = random.Random(31)
    lines = game.line_cells()
    for _ in range(40):
        pos = game.start()
        for _stone in range(rng.randrange(len(pos.cells))):
            nxt = game.result(pos, rng.choice(list(game.moves(pos))))
            if nxt.winner:
                four = bytes([STONE[nxt.winner]]) * game.k
                won = [line for line in lines if four in bytes(nxt.cells[cell] for cell in line)]
                assert won and all(
                    game.line_values(len(line))[line_code(nxt.cells, line)] == nxt.winner * FOUR_POINTS
                    for line in won
                )
                break
            pos = nxt
        total = sum(game.line_values(len(line))[line_code(pos.cells, line)] for line in lines)
        assert total == game.score(pos), game.show(pos)


def test_hard_stops_at_its_node_budget_so_the_replay_it_explains_stays_small() -> None:
    """Hard on a clock that never moves (an idle machine of any speed): its search stops at the level's node
    budget, so "why this move?", which replays its finished iterations node for node (test above), keeps no
    more nodes than that in the tree card's model."""
    game = ConnectFour()
    pos = game.play("4")
    frozen = replace(LEVELS["hard"], clock=lambda: 0.0)
    answer = Engine(game, frozen).think(pos)
    budget = LEVELS["hard"].nodes
    assert budget is not None and budget <= answer.nodes <= budget + 1 and answer.depth >= 9
    pushes = sum(
        type(event).__name__ == "Push" for event in Engine(game, Limits(depth=answer.depth)).events(pos)
    )
    assert pushes <= budget
