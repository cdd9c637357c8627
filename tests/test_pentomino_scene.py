"""The pentomino demo on a headless window: real keys and clicks, the model and the pixels."""

from __future__ import annotations

import pygame
from ui import (
    TickClock,
    assert_left_restores,
    click,
    count_colour,
    press,
    pushed_not_popped,
    stage_of,
    step_until,
)

from solvers import dlx, pentomino
from solvers.events import Choose, Pop, Push, Solution
from visualizer import theme as th
from visualizer.scenes.pentomino.demo import BOARDS
from visualizer.scenes.pentomino.model import symmetry_key
from visualizer.scenes.pentomino.view import PIECE_COLOURS


def run_to_solution(app, shell, frames: int = 120) -> None:
    """Press S and let frames pass until a tiling is reached."""
    press(app, pygame.K_s, "s")
    for _ in range(frames):
        if type(shell.run.last_event) is Solution:
            return
        app.frame(1 / 60)
    raise AssertionError("no tiling reached")


def is_tiling(grid: list[str]) -> bool:
    """Every cell covered; each of the 12 pieces used once, in one of its own orientations."""
    cells: dict[str, list[tuple[int, int]]] = {}
    for r, line in enumerate(grid):
        for c, letter in enumerate(line):
            cells.setdefault(letter, []).append((r, c))
    if sorted(cells) != sorted(pentomino.PIECES):
        return False
    return all(
        pentomino.normalize(spots) in pentomino.orientations(pentomino.shape_of(pentomino.PICTURES[letter]))
        for letter, spots in cells.items()
    )


def test_right_places_the_pushed_pieces_and_left_restores_each_state(app, open_demo) -> None:
    """Every step: the board's pieces are the rows pushed and not popped; Left undoes exactly."""
    shell = open_demo("pentomino")
    app.frame(1 / 60)
    snapshots = [shell.run.model.snapshot()]
    pops = 0
    for _ in range(120):
        press(app, pygame.K_RIGHT)
        model = shell.run.model
        expected = [shell.demo.encoding.placements[row] for row in pushed_not_popped(shell.run)]
        assert model.pieces() == expected
        owner = model.owners()
        assert sum(1 for who in owner if who >= 0) == 5 * len(expected)  # no overlaps
        pops += type(shell.run.last_event) is Pop
        snapshots.append(model.snapshot())
    assert pops >= 1
    assert_left_restores(app, shell, snapshots)


def test_each_placed_piece_shows_its_colour_on_its_cells(app, open_demo) -> None:
    """Step to the first Push: the piece's colour fills its five cells, the tray marks it used."""
    shell = open_demo("pentomino")
    step_until(app, shell, lambda event: type(event) is Push)
    for _ in range(3):  # its covers: the drop-in animation is over when paused
        press(app, pygame.K_RIGHT)
    stage = stage_of(app, shell)
    for piece, cells in shell.run.model.pieces():
        for cell in cells:
            box = shell.demo.layout(stage).cell_rect(cell).inflate(-12, -12)
            assert count_colour(app.surface, box, PIECE_COLOURS[piece], 1) > box.w * box.h // 3
    used = shell.run.model.pieces()[0][0]
    slots = shell.demo.layout(stage).tray_slots
    for index, (piece, slot) in enumerate(zip(pentomino.PIECES, slots, strict=True)):
        faded = th.blend(PIECE_COLOURS[piece], th.PANEL, 0.75)
        full = count_colour(app.surface, slot, PIECE_COLOURS[piece], 1)
        if piece == used:
            assert full == 0 and count_colour(app.surface, slot, faded, 1) > 30, index
        else:
            assert full > 30, piece


def test_the_first_tilings_of_3x20_are_valid_and_browsable(app, open_demo) -> None:
    """Key 4 picks 3 x 20; S twice finds two tilings: valid, counted, browsable with , and ."""
    shell = open_demo("pentomino")
    press(app, pygame.K_4, "4")
    assert shell.demo.board == (20, 3) and shell.run.cursor == 0
    run_to_solution(app, shell)
    model = shell.run.model
    grid = shell.demo.grid(model.solutions[0])
    assert is_tiling(grid) and len(grid) == 3 and all(len(line) == 20 for line in grid)
    assert [row for row in pushed_not_popped(shell.run)] == list(model.solutions[0])
    app.frame(1 / 60)
    stage = stage_of(app, shell)
    board = shell.demo.layout(stage).board
    assert count_colour(app.surface, board.inflate(8, 8), th.DONE, 1) > 100  # the green frame
    run_to_solution(app, shell)
    assert len(model.solutions) == 2 and is_tiling(shell.demo.grid(model.solutions[1]))
    assert shell.demo.solution_label() == "tiling 2 of 2 so far"
    press(app, pygame.K_COMMA, ",")
    assert shell.demo.solution_label() == "tiling 1 of 2 so far"
    press(app, pygame.K_PERIOD, ".")
    assert shell.demo.solution_label() == "tiling 2 of 2 so far"
    keys = {symmetry_key(shell.demo.grid(answer)) for answer in model.solutions}
    assert shell.demo.distinct(model) == len(keys)


def test_symmetry_key_joins_turns_and_flips_only() -> None:
    """A tiling, its mirror images and its half turn share a key; another tiling does not."""
    first = pentomino.first(20, 3)
    assert first is not None
    turned = [line[::-1] for line in first[::-1]]
    mirrored = [line[::-1] for line in first]
    assert symmetry_key(first) == symmetry_key(turned) == symmetry_key(mirrored)
    encoding = pentomino.encode(20, 3)
    keys = {symmetry_key(encoding.grid(answer)) for answer in dlx.solutions(encoding.matrix)}
    assert len(keys) == pentomino.count(20, 3)


def test_counters_match_the_engines_at_the_first_tiling(app, open_demo) -> None:
    """Nodes and updates in the scene equal the engine's counters for the same first tiling."""
    shell = open_demo("pentomino")
    press(app, pygame.K_3, "3")
    run_to_solution(app, shell)
    counters = dlx.Counters()
    search = dlx.search(pentomino.encode(15, 4).matrix, counters=counters)
    for event in search:
        if type(event) is Solution:
            break
    search.close()
    model = shell.run.model
    assert (model.nodes, model.updates) == (counters.nodes, counters.updates)


def test_board_choice_and_column_choice_start_new_runs(app, open_demo) -> None:
    """Clicking a board segment, keys 1-4, the 'leftmost' segment and C each start over."""
    shell = open_demo("pentomino")
    press(app, pygame.K_RIGHT)
    boards, strategies = [w for w in shell.options if getattr(w, "options", None)]
    app.frame(1 / 60)
    click(app, boards._segments[1].center)
    assert shell.demo.board == BOARDS[1][1] and shell.run.cursor == 0
    assert shell.run.model.width * shell.run.model.height == 60
    press(app, pygame.K_1, "1")
    assert shell.demo.board == BOARDS[0][1]
    click(app, strategies._segments[1].center)
    assert shell.demo.strategy == "leftmost"
    press(app, pygame.K_RIGHT)
    first = shell.run.last_event
    assert type(first) is Choose and first.column == 0  # leftmost: piece F, whatever its size
    press(app, pygame.K_c, "c")
    assert shell.demo.strategy == "fewest"


def test_full_speed_shows_many_placements_per_frame(app, open_demo) -> None:
    """At full speed ten frames try well over a hundred placements, and the board keeps up.

    The player's clock ticks per read (TickClock), so how many events a frame
    plays depends on its budget, not on how fast or loaded the machine is.
    """
    app.player_clock = TickClock(step=5e-4)  # a 2-8 ms budget lasts 4-16 reads: 256-1024 events
    shell = open_demo("pentomino", speed=float("inf"))
    press(app, pygame.K_SPACE, " ")
    for _ in range(10):
        before = shell.run.cursor
        app.frame(1 / 60)
        assert shell.run.cursor - before >= 64  # many events in one frame, every frame
    assert shell.run.counters.calls > 100  # placements tried
    model = shell.run.model
    assert model.pieces() == [shell.demo.encoding.placements[row] for row in pushed_not_popped(shell.run)]
