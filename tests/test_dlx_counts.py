"""The CLI's counts: event counts derived in closed form equal the generator's own stream."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_dlx import build, matrices

from solvers import dlx, pentomino, queens, sudoku
from solvers.events import Solution
from solvers.runstats import EventStats

Spec = tuple[int, int, list[list[int]]]


def streamed(matrix: dlx.Matrix, strategy: str = "fewest", limit: int | None = None) -> EventStats:
    """The stats of every event `search` yields, watched one by one."""
    stats = EventStats()
    stats.drain(dlx.search(matrix, strategy=strategy, limit=limit))
    return stats


def derived(matrix: dlx.Matrix, strategy: str = "fewest", limit: int | None = None) -> EventStats:
    """The stats the event-free path records for the same run."""
    stats = EventStats()
    for _ in dlx.watched_answers(matrix, stats, strategy=strategy, limit=limit):
        pass
    return stats


def same(one: EventStats, other: EventStats) -> bool:
    """Equal counts by kind and equal deepest stack."""
    return one.by_kind == other.by_kind and one.max_depth == other.max_depth


@settings(max_examples=200, deadline=None)
@given(matrices(), st.sampled_from(dlx.STRATEGIES), st.sampled_from([None, 1, 2, 3]))
def test_derived_counts_equal_the_stream_on_random_matrices(
    spec: Spec, strategy: str, limit: int | None
) -> None:
    """Every kind, dead ends and limits included, and the deepest Push."""
    matrix = build(*spec)
    assert same(derived(matrix, strategy, limit), streamed(matrix, strategy, limit))


@settings(max_examples=100, deadline=None)
@given(matrices(), st.integers(1, 4))
def test_closing_at_a_solution_counts_what_was_yielded(spec: Spec, stop_at: int) -> None:
    """Closed at its k-th solution, the fast path records the events yielded up to that Solution."""
    matrix = build(*spec)
    watched = EventStats()
    events = watched.watch(dlx.search(matrix))
    found = 0
    for event in events:
        found += type(event) is Solution
        if found == stop_at:
            break
    events.close()
    fast = EventStats()
    answers = dlx.watched_answers(matrix, fast)
    for _ in itertools.islice(answers, stop_at):
        pass
    answers.close()
    assert same(fast, watched)


@pytest.mark.parametrize(
    "matrix",
    [
        queens.encode(7).matrix,
        pentomino.encode(3, 20, "mirror").matrix,
        sudoku.encode(sudoku.parse_puzzle("." * 16)).matrix,
    ],
    ids=["7-queens", "3x20 pentomino", "blank 4x4 sudoku"],
)
def test_derived_counts_equal_the_stream_on_the_demos(matrix: dlx.Matrix) -> None:
    """The counts the CLI prints for real puzzles are the visualizer's events, kind by kind."""
    fast, slow = derived(matrix), streamed(matrix)
    assert same(fast, slow) and fast.by_kind["Solution"] > 0
    assert fast.by_kind["Push"] == fast.by_kind["Pop"] and fast.by_kind["Cover"] == fast.by_kind["Uncover"]
