"""End from the very start: the answer worked out directly shows on the very next frame.

The player fills the run in over frames (a TickClock makes how many events
a frame applies a count of clock reads, never the machine's speed); the
card says the plain answer meanwhile, gives way when the seek lands, and the
state it lands on is a fresh replay's.  A step back or a timeline click
during the fill cancels it where it has reached.
"""

from __future__ import annotations

import pygame
from ui import TickClock, click, count_colour, press, stage_of

from solvers import maze as mz
from solvers.tictactoe import cell_number
from visualizer import theme as th
from visualizer.player import Player
from visualizer.scenes.exact_cover import finale as cover_finale
from visualizer.scenes.maze.finale import carved_model
from visualizer.scenes.maze.model import CARVE, path_cells, square_maze, state_grid
from visualizer.scenes.recursion.model import ENDLESS

FRAMES = 400


def ticking(app) -> None:
    """Events per frame from clock reads: a 60 ms seek budget is 120 reads, ~7,700 events."""
    app.player_clock = TickClock(step=5e-4)


def endless(open_demo, app, limit: int):
    """The recursion demo with no base case and a stack of `limit` frames (2 * limit + 9 events)."""
    ticking(app)
    shell = open_demo("recursion")
    shell.demo.mode, shell.demo.n, shell.demo.limit = ENDLESS, 3, limit
    shell.demo.new_run()
    app.frame(1 / 60)
    return shell


def fill_in(app, shell) -> int:
    """Frames until the seek lands (it must)."""
    for frame in range(1, FRAMES):
        app.frame(1 / 60)
        if not shell.run.busy:
            return frame
    raise AssertionError("the seek never landed")


def replayed(shell) -> tuple[object, object]:
    """The model and counters of a fresh player stepped through the whole run, one event at a time."""
    fresh = Player(shell.demo.source, shell.demo.make_model, keyframe_every=10**9)
    while fresh.step() is not None:
        pass
    return fresh.model.snapshot(), fresh.counters.snapshot()


def test_end_at_the_start_shows_the_overflow_on_the_next_frame_then_the_real_end(app, open_demo) -> None:
    """No base case: the card names the overflow's depth at once; the seek lands on a replay's state."""
    shell = endless(open_demo, app, 40_000)
    press(app, pygame.K_END)
    lines = shell.end_card.shown_lines
    assert lines[0] == "The end, worked out directly:"
    assert "the stack overflows at depth 40,000" in lines[1]
    assert lines[2] == "The loop returns 6."
    assert lines[3] == "the timeline is filling in: 0%" or lines[3].endswith("%")
    assert shell.run.busy and 0 < shell.run.cursor < 80_009
    stage = stage_of(app, shell)
    assert count_colour(app.surface, stage, th.YELLOW, step=1) > 500  # the card's edge and heading
    assert fill_in(app, shell) > 3, "the fill should take several frames at this clock"
    assert shell.end_card.shown_lines == []
    assert count_colour(app.surface, stage, th.YELLOW, step=1) == 0
    assert shell.run.at_end and shell.run.cursor == 80_009
    assert shell.run.counters.max_depth == 40_000  # what the card said
    assert (shell.run.model.snapshot(), shell.run.counters.snapshot()) == replayed(shell)


def test_the_card_counts_the_fill_up(app, open_demo) -> None:
    """Frame by frame, the percentage grows with the cursor."""
    shell = endless(open_demo, app, 40_000)
    press(app, pygame.K_END)
    seen = []
    while shell.run.busy:
        seen.append(shell.end_card.shown_lines[3])
        app.frame(1 / 60)
    numbers = [int(line.split(": ")[1].rstrip("%")) for line in seen]
    assert numbers == sorted(numbers) and numbers[-1] > numbers[0]


def test_a_step_back_during_the_fill_cancels_it_there(app, open_demo) -> None:
    """Left while End fills in: the fill stops, one event back from where it was, the card goes."""
    shell = endless(open_demo, app, 40_000)
    press(app, pygame.K_END)
    app.frame(1 / 60)
    reached = shell.run.cursor
    press(app, pygame.K_LEFT)
    assert not shell.run.busy and shell.run.cursor == reached - 1
    assert shell.end_card.shown_lines == []
    app.frame(1 / 60)
    assert shell.run.cursor == reached - 1, "the fill must not resume"


def test_a_timeline_click_during_the_fill_goes_there_instead(app, open_demo) -> None:
    """A click on the timeline re-aims the seek at that point: no card, and it lands there."""
    shell = endless(open_demo, app, 40_000)
    press(app, pygame.K_END)
    lay = shell.layout(app.surface.get_size())
    bar = shell._timeline_bar(lay.timeline)
    click(app, (bar.x + bar.w // 2, bar.centery))
    assert shell.end_card.shown_lines == []
    fill_in(app, shell)
    assert abs(shell.run.cursor - 40_004) <= 80_009 / bar.w + 1


def test_end_on_a_run_already_generated_needs_no_card(app, open_demo) -> None:
    """Once the run's end is known, End lands at once from keyframes: the plain end is not even asked."""
    shell = endless(open_demo, app, 300)
    press(app, pygame.K_END)
    fill_in(app, shell)
    press(app, pygame.K_HOME)
    shell.end_card.asked = False
    press(app, pygame.K_END)
    assert not shell.end_card.asked and shell.end_card.shown_lines == []


def test_factorial_card_says_the_value_and_calls_the_run_ends_with(app, open_demo) -> None:
    """fact(12): the card's value and calls are those of the run's end."""
    ticking(app)
    shell = open_demo("recursion")
    shell.demo.set_n(12)
    finale = shell.demo.plain_end()
    assert finale.lines == (
        "fact(12) returns 479001600 after 12 calls, 12 frames deep at most.",
        "The loop returns 479001600.",
    )
    press(app, pygame.K_END)
    fill_in(app, shell)
    assert shell.run.model.returned[0] == 479001600 and shell.run.counters.calls == 12
    assert finale.events == shell.run.total


def test_maze_plain_carve_is_the_runs_end_state_and_picture(app, open_demo) -> None:
    """The finished maze from the plain path equals the carve's last state, and paints the same pixels."""
    ticking(app)
    shell = open_demo("maze")
    shell.demo.set_size(120, 80)
    app.frame(1 / 60)
    press(app, pygame.K_END)
    assert shell.run.busy and shell.end_card.shown_lines[1].startswith("The maze is carved: 9,599 walls")
    plain = carved_model(shell.demo.current_run(), shell.demo.finished_maze())
    stage = stage_of(app, shell)
    painted = pygame.Surface(app.surface.get_size())
    shell.end_card.finale.paint(painted, stage)
    fill_in(app, shell)
    real = shell.run.model
    assert square_maze(plain) == square_maze(real) and plain.carved == real.carved
    assert (
        state_grid(plain, CARVE) == state_grid(real, CARVE)
    ).all() and not real.stack  # the run's history aside
    shown = pygame.Surface(app.surface.get_size())
    shell.demo.draw(shown, stage, shell.run)
    differing = sum(
        painted.get_at((x, y)) != shown.get_at((x, y))
        for x in range(stage.x, stage.right, 3)
        for y in range(stage.y, stage.bottom, 3)
    )
    assert differing == 0


def test_maze_solve_card_names_the_path_the_search_ends_on(app, open_demo) -> None:
    """V then End: the card's path length and counts are the search's at its end."""
    ticking(app)
    shell = open_demo("maze")
    shell.demo.set_size(80, 50)
    shell.demo.solve()
    app.frame(1 / 60)
    result = mz.find_path(shell.demo.run_base, shell.demo.start, shell.demo.goal)
    press(app, pygame.K_END)
    fill_in(app, shell)
    model = shell.run.model
    assert path_cells(model) == result.path
    assert (model.visits, model.dead_ends) == (result.visited, result.dead_ends)


def test_tictactoe_card_names_the_move_the_search_then_plays(app, open_demo) -> None:
    """The computer to move: End's card names the move the whole search ends on, which is then played."""
    ticking(app)
    shell = open_demo("tictactoe")
    demo = shell.demo
    demo.set_algorithm("minimax")  # 59,704 nodes after a corner: several frames to fill in
    for cell in (0, 4):  # the person plays a corner, then the computer has answered: play on
        if demo.computers_turn:
            break
        demo.play(cell)
    app.frame(1 / 60)
    assert demo.thinking
    press(app, pygame.K_END)
    line = shell.end_card.shown_lines[1]
    assert line.startswith("The computer plays ")
    fill_in(app, shell)
    for _ in range(3):
        app.frame(1 / 60)
    played = demo.moves[-1]
    assert f"({cell_number(played)})" in line  # the card numbers cells as the keys do, 1-9


def queens_end(app, open_demo, n: int):
    """N queens opened, one frame played, then End pressed."""
    ticking(app)
    shell = open_demo("queens")
    shell.demo.set_n(n)
    app.frame(1 / 60)
    press(app, pygame.K_END)
    return shell


def test_queens_card_counts_the_solutions_the_run_finds(app, open_demo, monkeypatch) -> None:
    """8 queens: the card's 92 and first placement are the run's own (OEIS A000170: 92).

    Every count is quick here (QUICK = 60 s), so the card is this process's
    however slowly a loaded machine counts; tests/test_ahead.py takes the worker's path.
    """
    monkeypatch.setattr(cover_finale, "QUICK", 60.0)
    shell = queens_end(app, open_demo, 8)
    assert shell.run.busy, "the run should take several frames to fill in"
    assert shell.end_card.shown_lines[1:3] == [
        "Algorithm X finds 92 solutions.",
        "The first solution: d1 g2 e3 c4 a5 f6 h7 b8",
    ]
    fill_in(app, shell)
    model = shell.run.model
    assert shell.run.counters.solutions == 92
    assert shell.demo.encoding.files(model.solutions[0]) == (3, 6, 4, 2, 0, 5, 7, 1)


def test_counting_past_its_budget_says_the_timeline_counts_on() -> None:
    """A clock that runs out after a few looks: the count is partial and the card says so."""
    from solvers import queens
    from solvers.budgeted import count_within
    from visualizer.scenes.exact_cover.finale import count_line

    ticks = TickClock(step=1.0)
    count, first, finished = count_within(queens.encode(8).matrix, "fewest", budget=5, clock=ticks)
    assert not finished and 0 < count < 92 and first is not None
    assert count_line("solution", count, finished).startswith("Counting them all takes longer:")


def test_counting_stops_at_its_budget_even_without_solutions() -> None:
    """A search that never finds one (a primary column no row covers, met last) still stops in time."""
    from solvers import dlx, queens
    from solvers.budgeted import count_within

    eight = queens.encode(8).matrix
    hopeless = dlx.Matrix([*eight.names[: eight.n_primary], "nobody"], eight.names[eight.n_primary :])
    for row in eight.rows:
        hopeless.add_row(column + (column >= eight.n_primary) for column in row)
    reads = TickClock(step=1.0)
    assert count_within(hopeless, "leftmost", budget=5, clock=reads) == (0, None, False)
    assert dlx.count(hopeless.copy(), strategy="leftmost") == 0


def test_tree_plain_end_is_the_runs_maximum_and_calls(app, open_demo) -> None:
    """Max of a tree: the plain line's value and call count are those the run ends with."""
    shell = open_demo("recursion")
    shell.demo.set_mode("tree")
    (line,) = shell.demo.plain_end().lines
    press(app, pygame.K_END)
    if shell.run.busy:
        fill_in(app, shell)
    root = shell.demo.tree_root.node
    expected = f"max_of returns {shell.run.model.result(root)} after {shell.run.counters.calls} calls."
    assert line == expected


def test_the_fast_counters_stop_at_their_budget_with_a_partial_count() -> None:
    """Clocks that run out: queens stop between first-row files, pentominoes between tilings; both say so."""
    from solvers import pentomino, queens
    from solvers.budgeted import pentomino_within, queens_within
    from solvers.parallel import Problem

    count, first, finished = queens_within(
        8, Problem.of(queens.encode(8).matrix), "fewest", 2.5, TickClock(1.0)
    )
    assert not finished and 0 < count < 92 and count % 2 == 0 and first is not None
    board = Problem.of(pentomino.encode(20, 3).matrix)
    count, first, finished = pentomino_within(20, 3, board, "fewest", 0.5, TickClock(1.0))
    assert not finished and count == pentomino.IMAGES and first is not None


def test_the_fast_counters_agree_with_the_runs_own_search() -> None:
    """Within budget: every N up to 9 and the 3 x 20 board, the totals and firsts of dancing links."""
    from solvers import dlx, pentomino, queens
    from solvers.budgeted import pentomino_within, queens_within
    from solvers.parallel import Problem

    for n in range(1, 10):
        matrix = queens.encode(n).matrix
        for strategy in dlx.STRATEGIES:
            expected = (dlx.count(matrix.copy()), dlx.first(matrix.copy(), strategy=strategy), True)
            assert queens_within(n, Problem.of(matrix), strategy, 60.0) == expected, (n, strategy)
    matrix = pentomino.encode(20, 3).matrix
    assert pentomino_within(20, 3, Problem.of(matrix), "fewest", 60.0) == (8, dlx.first(matrix.copy()), True)
