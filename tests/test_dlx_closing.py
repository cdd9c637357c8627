"""A search closed after any event: the matrix relinks and Knuth's counters match the events seen."""

from __future__ import annotations

import itertools

from hypothesis import given, settings
from hypothesis import strategies as st
from test_dlx import build, knuth, matrices

from solvers import dlx
from solvers.events import Choose, Cover, Solution, Uncover


def counted_prefix(matrix: dlx.Matrix, cut: int, limit: int | None) -> tuple[dlx.Counters, dict[str, int]]:
    """Close `dlx.search` after `cut` events; its counters, and the ones its events imply."""
    twin = matrix.copy()
    counters = dlx.Counters()
    events = dlx.search(matrix, counters=counters, limit=limit)
    implied = {"nodes": 0, "updates": 0, "solutions": 0}
    for event in itertools.islice(events, cut):
        if type(event) is Choose or type(event) is Solution:  # every search node starts with one of the two
            implied["nodes"] += 1
        if type(event) is Solution:
            implied["solutions"] += 1
        elif type(event) is Cover:
            others = sum(len(twin.rows[row]) - 1 for row in twin.column_rows(event.column))
            implied["updates"] += 1 + others
            twin.cover(event.column)
        elif type(event) is Uncover:
            twin.uncover(event.column)
    events.close()
    return counters, implied


@settings(max_examples=60, deadline=None)
@given(matrices(), st.integers(0, 300), st.sampled_from([None, 1, 2]))
def test_counters_after_a_close_are_those_of_the_events_seen(
    spec: tuple[int, int, list[list[int]]], cut: int, limit: int | None
) -> None:
    """Nodes, link updates and solutions stop exactly where the consumer stopped, and no link is left out."""
    matrix = build(*spec)
    before = matrix.snapshot()
    counters, implied = counted_prefix(matrix, cut, limit)
    assert counters.as_dict() == implied
    assert matrix.snapshot() == before and not matrix.busy


def test_every_cut_of_knuths_example() -> None:
    """Each place a viewer can stop the paper's example, one by one (Push, row covers, withdrawals)."""
    total = sum(1 for _ in dlx.search(knuth()))
    for cut in range(total + 1):
        matrix = knuth()
        before = matrix.snapshot()
        counters, implied = counted_prefix(matrix, cut, None)
        assert counters.as_dict() == implied, cut
        assert matrix.snapshot() == before
