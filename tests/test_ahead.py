"""Plain ends worked out in a worker process: a big maze's as its run starts, a long count on End.

The size that counts as big is lowered here, so small mazes take the same
way through a real worker (visualizer/ahead.py); each test checks the
answer against the plain function run here and against the run's own end.
"""

from __future__ import annotations

import itertools
from concurrent.futures import Future
from functools import partial

import pygame
import pytest
from test_finale import fill_in, queens_end, ticking
from ui import press

from solvers import maze as mz
from visualizer import ahead
from visualizer.scenes.exact_cover import finale as cover_finale
from visualizer.scenes.maze import finale
from visualizer.scenes.maze.model import path_cells


@pytest.fixture
def big_from_small(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every maze of 1,000 cells or more asks the worker."""
    monkeypatch.setattr(finale, "AHEAD_CELLS", 1_000)


def carving(app, open_demo, width: int = 120, height: int = 80):
    """The maze demo carving a fresh `width` x `height` maze, its end asked ahead."""
    ticking(app)
    shell = open_demo("maze")
    shell.demo.set_size(width, height)
    app.frame(1 / 60)
    return shell


def test_a_big_carve_is_finished_by_the_worker_as_the_run_ends(app, open_demo, big_from_small) -> None:
    """The worker's maze is the plain function's, the card's, and the carve's last state."""
    shell = carving(app, open_demo)
    asked = shell.demo.lookahead.asked
    assert asked is not None and asked.future is not None, "the run should have asked the worker"
    worked_out = asked.future.result(timeout=120)
    assert worked_out == mz.complete(mz.Maze.full(120, 80), shell.demo.maze_seed)
    press(app, pygame.K_END)
    assert shell.end_card.shown_lines[1].startswith("The maze is carved: 9,599 walls")
    fill_in(app, shell)
    assert shell.demo.shown_maze() == worked_out


def test_a_new_seed_asks_again_and_the_old_answer_is_not_used(app, open_demo, big_from_small) -> None:
    """R carves with the next seed: the answer is that seed's maze, not the last run's."""
    shell = carving(app, open_demo)
    first = shell.demo.lookahead.asked
    shell.demo.carve_next()
    assert shell.demo.lookahead.asked is not first
    assert shell.demo.finished_maze() == mz.complete(mz.Maze.full(120, 80), shell.demo.maze_seed)
    assert shell.demo.finished_maze() != first.take()


def test_a_big_search_asks_for_its_path_ahead(app, open_demo, big_from_small) -> None:
    """V on a big maze: the worker's path is the one the search ends on."""
    shell = carving(app, open_demo, 50, 40)
    shell.demo.solve()
    app.frame(1 / 60)
    asked = shell.demo.lookahead.asked
    assert asked is not None and asked.future is not None
    press(app, pygame.K_END)
    fill_in(app, shell)
    result = asked.future.result(timeout=120)
    assert result.path == path_cells(shell.run.model) and result.visited == shell.run.model.visits


def test_without_a_worker_the_end_is_worked_out_here(app, open_demo, big_from_small, monkeypatch) -> None:
    """No process can be started: End still shows the right maze, worked out in this process."""

    def no_processes() -> None:
        """What a sandbox without process support answers."""
        raise OSError("no processes here")

    monkeypatch.setattr(ahead, "_worker_pool", no_processes)
    shell = carving(app, open_demo)
    assert shell.demo.lookahead.asked.future is None
    press(app, pygame.K_END)
    assert shell.end_card.shown_lines[1].startswith("The maze is carved: 9,599 walls")
    assert shell.demo.finished_maze() == mz.complete(mz.Maze.full(120, 80), shell.demo.maze_seed)


def test_leaving_the_demo_ends_the_worker_even_mid_answer(app, open_demo, big_from_small) -> None:
    """Home while the worker may still be busy: the worker goes, and the app asks nothing more of it."""
    carving(app, open_demo, 300, 300)
    assert ahead._pool is not None
    app.go_home()
    assert ahead._pool is None


def test_small_mazes_are_worked_out_here(app, open_demo) -> None:
    """Below the size that counts as big, no worker is asked: the plain path is quick enough."""
    shell = carving(app, open_demo, 40, 20)
    assert shell.demo.lookahead.asked is None
    assert shell.demo.finished_maze() == mz.complete(mz.Maze.full(40, 20), shell.demo.maze_seed)


class Unanswered:
    """A worker pool whose answers come only when the test gives them."""

    def __init__(self) -> None:
        self.futures: list[Future] = []

    def submit(self, work, *args) -> Future:
        """A future left open."""
        self.futures.append(Future())
        return self.futures[-1]


def waiting_on(app, open_demo, monkeypatch):
    """A 200 x 120 carve whose worker has not answered yet, End pressed."""
    pool = Unanswered()
    monkeypatch.setattr(ahead, "_worker_pool", lambda: pool)
    shell = carving(app, open_demo, 200, 120)
    press(app, pygame.K_END)
    return shell, shell.demo.lookahead.asked.future  # handed over from a thread: this waits for it


def test_end_before_the_worker_answers_shows_a_card_that_waits_without_holding_frames(
    app, open_demo, big_from_small, monkeypatch
) -> None:
    """The card says it is still working; the fill goes on; the answer shows on the frame after it comes."""
    shell, future = waiting_on(app, open_demo, monkeypatch)
    assert shell.end_card.shown_lines[:2] == ["The end, worked out directly:", "still working it out…"]
    reached = shell.run.cursor
    app.frame(1 / 60)
    assert shell.run.cursor > reached and shell.end_card.shown_lines[1] == "still working it out…"
    future.set_result(mz.complete(mz.Maze.full(200, 120), shell.demo.maze_seed))
    app.frame(1 / 60)
    assert shell.run.busy, "the fill should still be going"
    assert shell.end_card.shown_lines[1].startswith("The maze is carved: 23,999 walls")


def test_a_worker_that_fails_leaves_the_fill_going_and_says_why(
    app, open_demo, big_from_small, monkeypatch
) -> None:
    """The worker's error: one message, the card goes, End still lands on the real end."""
    shell, future = waiting_on(app, open_demo, monkeypatch)
    future.set_exception(MemoryError("out of memory"))
    app.frame(1 / 60)
    assert "the end could not be worked out directly: out of memory" in app.message
    assert shell.end_card.shown_lines == []
    fill_in(app, shell)
    assert shell.run.at_end and shell.demo.shown_maze() == mz.complete(
        mz.Maze.full(200, 120), shell.demo.maze_seed
    )


def no_quick_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """End's count goes to the worker at its first clock reading, whatever the machine's speed.

    QUICK = 0, and a clock that moves at every reading: CPU time read twice can be the same.
    """
    monkeypatch.setattr(cover_finale, "QUICK", 0.0)
    ever_later = itertools.count().__next__
    monkeypatch.setattr(cover_finale, "count_within", partial(cover_finale.count_within, clock=ever_later))


def test_a_long_count_goes_on_in_the_worker_and_is_the_runs_own(app, open_demo, monkeypatch) -> None:
    """A count past the frame's wait goes to the worker: the card waits, then says the run's 724 and first.

    No count is quick here (QUICK = 0) and the worker has a minute (PLAIN_BUDGET),
    so its path is taken and finishes however fast or loaded this machine is;
    the test once relied on 10 queens taking more than 0.05 s of CPU.
    """
    no_quick_count(monkeypatch)
    monkeypatch.setattr(cover_finale, "PLAIN_BUDGET", 60.0)
    shell = queens_end(app, open_demo, 10)
    assert shell.end_card.shown_lines[1] == "still working it out…"
    count = shell.demo._counting[1]
    assert count.asked is not None and count.asked.future is not None, "the count should be the worker's"
    count.asked.future.result(timeout=120)
    app.frame(1 / 60)
    assert shell.end_card.shown_lines[1] == "Algorithm X finds 724 solutions."  # OEIS A000170
    first = shell.end_card.shown_lines[2]
    fill_in(app, shell)
    files = shell.demo.encoding.files(shell.run.model.solutions[0])
    assert shell.run.counters.solutions == 724
    assert first == "The first solution: " + " ".join(
        f"{chr(97 + file)}{rank + 1}" for rank, file in enumerate(files)
    )


def test_end_on_12_queens_gives_the_bitmask_counters_total_from_the_worker(
    app, open_demo, monkeypatch
) -> None:
    """12 queens, End: the card says all 14,200 placements (the run's own count would take minutes).

    No count is quick here (QUICK = 0): the worker's fast counter (`queens 12 --count`'s) answers;
    the first placement is still the run's own, the one dancing links finds first.
    """
    from solvers import dlx, queens

    no_quick_count(monkeypatch)
    shell = queens_end(app, open_demo, 12)
    count = shell.demo._counting[1]
    assert count.asked is not None and count.asked.future is not None, "the count should be the worker's"
    count.asked.future.result(timeout=120)
    app.frame(1 / 60)
    first = dlx.first(queens.encode(12).matrix, strategy=shell.demo.strategy)
    assert first is not None, "12 queens have a solution"
    squares = " ".join(
        f"{chr(97 + file)}{rank + 1}" for rank, file in enumerate(queens.encode(12).files(first))
    )
    assert shell.end_card.shown_lines[1:3] == [
        "Algorithm X finds 14,200 solutions.",  # OEIS A000170
        f"The first solution: {squares}",
    ]


def test_end_on_a_pentomino_board_counts_every_tiling_from_the_classic_ones(
    app, open_demo, monkeypatch
) -> None:
    """3 x 20, End: the card's 8 tilings are 4 x the 2 classic ones, counted by the worker on bitsets."""
    from solvers import dlx, pentomino

    no_quick_count(monkeypatch)
    ticking(app)
    shell = open_demo("pentomino")
    shell.demo.set_board((20, 3))
    app.frame(1 / 60)
    press(app, pygame.K_END)
    count = shell.demo._counting[1]
    assert count.asked is not None and count.asked.future is not None, "the count should be the worker's"
    count.asked.future.result(timeout=120)
    app.frame(1 / 60)
    encoding = pentomino.encode(20, 3)
    first = dlx.first(encoding.matrix, strategy=shell.demo.strategy)
    assert first is not None, "the 20 x 3 box has tilings"
    assert shell.end_card.shown_lines[1:3] == [
        "Algorithm X finds 8 tilings.",
        "The first tiling: " + " / ".join(encoding.grid(first)),
    ]
    assert dlx.count(encoding.matrix) == 8  # the run's own matrix has them all


def test_a_new_run_stops_the_worker_on_the_old_runs_long_count(app, open_demo, monkeypatch) -> None:
    """N changes while the worker counts 16 queens: the worker is ended, not left counting for the old N."""
    pool = Unanswered()
    monkeypatch.setattr(ahead, "_worker_pool", lambda: pool)
    no_quick_count(monkeypatch)
    stopped: list[bool] = []
    monkeypatch.setattr(ahead, "stop", lambda: stopped.append(True))
    shell = queens_end(app, open_demo, 16)
    shell.demo._counting[1].asked.future.set_running_or_notify_cancel()  # the worker has started on it
    shell.demo.set_n(15)
    app.frame(1 / 60)
    press(app, pygame.K_END)
    assert stopped == [True] and shell.demo._counting[1].asked.future is pool.futures[1]


def test_no_frame_waits_for_the_worker_to_start(app, open_demo, big_from_small, monkeypatch) -> None:
    """A worker that takes its time to start (several seconds under load): the run and End go on meanwhile."""
    import threading

    started = threading.Event()
    pool = Unanswered()

    def slow_start() -> Unanswered:
        """The pool, once the test lets the worker start."""
        assert started.wait(timeout=10), "the worker was asked on the frame, which waited for it"
        return pool

    monkeypatch.setattr(ahead, "_worker_pool", slow_start)
    shell = carving(app, open_demo, 200, 120)
    press(app, pygame.K_END)
    app.frame(1 / 60)
    assert shell.end_card.shown_lines[1] == "still working it out…" and shell.run.busy
    asked = shell.demo.lookahead.asked
    assert not asked.done() and pool.futures == []
    started.set()
    asked.future.set_result(mz.complete(mz.Maze.full(200, 120), shell.demo.maze_seed))
    app.frame(1 / 60)
    assert shell.end_card.shown_lines[1].startswith("The maze is carved: 23,999 walls")
