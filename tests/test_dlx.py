"""The dancing-links engine: answers, event-stream invariants, exact relinking."""

from __future__ import annotations

import itertools
from collections.abc import Iterator, Sequence
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import dlx, queens
from solvers.events import Choose, Cover, DeadEnd, Pop, Push, Solution, Uncover

KNUTH_ROWS = ("C E F", "A D G", "B C F", "A D", "B G", "D E G")


def knuth() -> dlx.Matrix:
    """The 7-column example of Knuth's paper."""
    matrix = dlx.Matrix(list("ABCDEFG"))
    for row in KNUTH_ROWS:
        matrix.add_named_row(row.split())
    return matrix


def build(n_primary: int, n_secondary: int, rows: Sequence[Sequence[int]]) -> dlx.Matrix:
    """A matrix from plain rows of column numbers."""
    matrix = dlx.Matrix(n_primary, n_secondary)
    for row in rows:
        matrix.add_row(row)
    return matrix


def brute_force(n_primary: int, rows: Sequence[Sequence[int]]) -> set[frozenset[int]]:
    """Every exact cover, by trying every subset of rows that meet a primary column.

    As in Knuth, a row with only secondary columns is never chosen.
    """
    found = set()
    usable = [r for r, row in enumerate(rows) if min(row, default=n_primary) < n_primary]
    for size in range(len(usable) + 1):
        for subset in itertools.combinations(usable, size):
            used = [col for r in subset for col in rows[r]]
            if len(used) == len(set(used)) and set(range(n_primary)) <= set(used):
                found.add(frozenset(subset))
    return found


@st.composite
def matrices(draw: st.DrawFn) -> tuple[int, int, list[list[int]]]:
    """Small random matrices with primary and secondary columns."""
    n_primary = draw(st.integers(0, 6))
    n_secondary = draw(st.integers(0, 3))
    n = n_primary + n_secondary
    if n == 0:
        return 0, 0, []
    row = st.lists(st.integers(0, n - 1), min_size=1, max_size=n, unique=True)
    return n_primary, n_secondary, draw(st.lists(row, max_size=9))


@st.composite
def four_ones_matrices(draw: st.DrawFn) -> tuple[int, int, list[list[int]]]:
    """Small random matrices whose rows all have four 1s (the shape `_search` walks unrolled)."""
    n_primary = draw(st.integers(1, 7))
    n_secondary = draw(st.integers(max(0, 4 - n_primary), 3))
    row = st.lists(st.integers(0, n_primary + n_secondary - 1), min_size=4, max_size=4, unique=True)
    return n_primary, n_secondary, draw(st.lists(row, min_size=1, max_size=9))


def replay(matrix: dlx.Matrix, events: Iterator[Any], fewest: bool = True) -> dict[str, int]:
    """Check every invariant of a live event stream; return what was counted.

    A twin matrix applies each Cover/Uncover through Matrix.cover/uncover and
    must equal the engine's matrix (every link and size) after every event.
    """
    twin = matrix.copy()
    covers: list[int] = []  # columns covered, innermost last
    pushes: list[tuple[int, int]] = []  # (node id, row) of the rows being tried
    counted = {"pushes": 0, "updates": 0, "solutions": 0, "events": 0}
    for event in events:
        counted["events"] += 1
        assert 1 <= event.line <= len(dlx.PSEUDOCODE)
        kind = type(event)
        if kind is Choose:
            active = twin.active_columns()
            assert event.column in active and event.size == twin.size(event.column)
            if fewest:
                assert event.size == min(twin.size(c) for c in active)
                assert event.column == next(c for c in active if twin.size(c) == event.size)
            else:
                assert event.column == active[0]
        elif kind is Cover:
            rows = twin.column_rows(event.column)
            counted["updates"] += 1 + sum(len(twin.rows[r]) - 1 for r in rows)
            twin.cover(event.column)
            covers.append(event.column)
        elif kind is Uncover:
            assert covers and covers[-1] == event.column, "uncover out of LIFO order"
            twin.uncover(covers.pop())
        elif kind is Push:
            assert event.parent == (pushes[-1][0] if pushes else -1)
            pushes.append((event.node, event.what))
            counted["pushes"] += 1
        elif kind is Pop:
            assert pushes and pushes[-1] == (event.node, event.value), "pop out of LIFO order"
            pushes.pop()
        elif kind is DeadEnd:
            assert twin.size(event.where) == 0 and covers[-1] == event.where
        elif kind is Solution:
            assert twin.active_columns() == []
            assert event.answer == tuple(row for _, row in pushes)
            counted["solutions"] += 1
            assert event.number == counted["solutions"]
        assert twin.snapshot() == matrix.snapshot()
    assert not covers and not pushes, "every Cover and Push was undone"
    return counted


def test_knuths_example_has_its_one_solution() -> None:
    """Rows A D, C E F, B G: found first by fewest-1s, the only one."""
    matrix = knuth()
    assert dlx.first(matrix) == (3, 0, 4)
    assert list(dlx.solutions(matrix)) == [(3, 0, 4)]
    assert dlx.count(matrix, strategy="leftmost") == 1
    assert brute_force(7, [[ord(c) - 65 for c in r.split()] for r in KNUTH_ROWS]) == {frozenset({0, 3, 4})}


def test_knuths_example_event_trace_matches_the_paper() -> None:
    """Column A (size 2) first, row A D G fails at a dead end on E, then A D leads on."""
    events = list(dlx.search(knuth()))
    assert events[:3] == [Choose(0, 2, 3), Cover(0, 4), Push(1, -1, 1, 7)]
    assert DeadEnd(4, 5) in events
    assert [e.answer for e in events if type(e) is Solution] == [(3, 0, 4)]
    pops = {e.value: e.backtrack for e in events if type(e) is Pop}
    assert pops == {1: True, 2: True, 3: False, 0: False, 4: False}
    assert events[-1] == Uncover(0, 12)


def test_every_event_replays_on_a_twin_and_links_return() -> None:
    """Replaying Cover/Uncover on a copy tracks the engine link for link."""
    matrix = knuth()
    before = matrix.snapshot()
    counters = dlx.Counters()
    counted = replay(matrix, dlx.search(matrix, counters=counters))
    assert matrix.snapshot() == before and not matrix.busy
    assert counters.nodes == counted["pushes"] + 1
    assert counters.updates == counted["updates"]
    assert counters.solutions == counted["solutions"] == 1


def test_sizes_past_the_cached_ints_step_exactly_and_a_second_search_repeats_the_first() -> None:
    """A column of 260 rows goes to 0 and back (sizes past 256 step through the search's own lists).

    Searching the same matrix again yields the same events (the headers' event slots are set anew).
    """
    matrix = build(2, 0, [[0, 1]] * 260)
    first_counters, second_counters = dlx.Counters(), dlx.Counters()
    counted = replay(matrix, dlx.search(matrix, counters=first_counters))
    assert counted["solutions"] == first_counters.solutions == 260
    assert counters_of(first_counters) == (261, 261 + 260, 260)
    again = list(dlx.search(matrix, counters=second_counters))
    assert again == list(dlx.search(build(2, 0, [[0, 1]] * 260)))
    assert counters_of(second_counters) == counters_of(first_counters)
    assert matrix.size(0) == matrix.size(1) == 260


def counters_of(counters: dlx.Counters) -> tuple[int, int, int]:
    """Nodes, updates and solutions as one tuple."""
    return counters.nodes, counters.updates, counters.solutions


@settings(max_examples=150, deadline=None)
@given(matrices(), st.sampled_from(dlx.STRATEGIES))
def test_random_matrices_match_brute_force(spec: tuple[int, int, list[list[int]]], strategy: str) -> None:
    """Both paths find exactly the brute-force covers and restore every link."""
    n_primary, n_secondary, rows = spec
    matrix = build(n_primary, n_secondary, rows)
    before = matrix.snapshot()
    expected = brute_force(n_primary, rows)
    fast = [frozenset(a) for a in dlx.solutions(matrix, strategy=strategy)]
    assert len(fast) == len(set(fast)) and set(fast) == expected
    assert matrix.snapshot() == before
    fast_counters, event_counters = dlx.Counters(), dlx.Counters()
    dlx.count(matrix, strategy=strategy, counters=fast_counters)
    counted = replay(
        matrix, dlx.search(matrix, strategy=strategy, counters=event_counters), fewest=strategy == "fewest"
    )
    assert counted["solutions"] == len(expected)
    assert matrix.snapshot() == before
    assert fast_counters == event_counters  # the two paths walk the same tree


@settings(max_examples=40, deadline=None)
@given(matrices(), st.integers(1, 3), st.integers(0, 400))
def test_stopping_anywhere_relinks_exactly(
    spec: tuple[int, int, list[list[int]]], limit: int, stop_after: int
) -> None:
    """A limit, or closing either generator mid-run, leaves every link as it was."""
    matrix = build(*spec)
    before = matrix.snapshot()
    expected = len(brute_force(spec[0], spec[2]))
    counted = replay(matrix, dlx.search(matrix, limit=limit))
    assert counted["solutions"] == min(limit, expected)
    assert dlx.count(matrix, limit=limit) == min(limit, expected)
    events = dlx.search(matrix)
    for _ in itertools.islice(events, stop_after):
        pass
    events.close()
    assert matrix.snapshot() == before and not matrix.busy
    answers = dlx.solutions(matrix)
    next(answers, None)
    answers.close()
    assert matrix.snapshot() == before and not matrix.busy


@settings(max_examples=120, deadline=None)
@given(four_ones_matrices(), st.integers(0, 300))
def test_rows_of_four_ones_replay_link_for_link_and_close_anywhere(
    spec: tuple[int, int, list[list[int]]], stop_after: int
) -> None:
    """Rows of four 1s (walked unrolled) track the twin event by event, count right, relink when closed.

    The event-free links loop, unrolled the same way, finds as many and counts the same.
    """
    matrix = build(*spec)
    before = matrix.snapshot()
    counters = dlx.Counters()
    counted = replay(matrix, dlx.search(matrix, counters=counters))
    assert counted["solutions"] == counters.solutions == len(brute_force(spec[0], spec[2]))
    assert counters.updates == counted["updates"]
    events = dlx.search(matrix)
    for _ in itertools.islice(events, stop_after):
        pass
    events.close()
    assert matrix.snapshot() == before and not matrix.busy
    link_counters = dlx.Counters()
    assert len(list(dlx.link_solutions(matrix, counters=link_counters))) == counters.solutions
    assert counters_of(link_counters) == counters_of(counters)  # the event-free loop walks the same tree
    answers = dlx.link_solutions(matrix)
    next(answers, None)
    answers.close()
    assert matrix.snapshot() == before and not matrix.busy


def test_six_queens_rows_of_four_ones_replay_exactly() -> None:
    """6-queens (every row four 1s: rank, file, two diagonals) replays link for link: its 4 solutions."""
    matrix = queens.encode(6).matrix
    assert {len(row) for row in matrix.rows} == {4}
    counters = dlx.Counters()
    counted = replay(matrix, dlx.search(matrix, counters=counters))
    assert counted["solutions"] == counters.solutions == 4
    assert counters.nodes == counted["pushes"] + 1 and counters.updates == counted["updates"]


def test_secondary_columns_may_stay_uncovered_but_never_twice() -> None:
    """Primary a b, secondary x: {a x} + {b x} clash; {a x} + {b} is fine."""
    matrix = dlx.Matrix(["a", "b"], ["x"])
    for row in (["a", "x"], ["b", "x"], ["b"], ["x"]):
        matrix.add_named_row(row)
    assert sorted(sorted(s) for s in dlx.solutions(matrix)) == [[0, 2]]
    assert matrix.active_columns() == [0, 1] and not matrix.is_linked(2)


def test_no_primary_columns_means_one_empty_solution() -> None:
    """The empty matrix is covered by choosing nothing."""
    assert list(dlx.solutions(dlx.Matrix(0))) == [()]
    assert [type(e) for e in dlx.search(dlx.Matrix(0, 2))] == [Solution]


def test_a_column_nobody_covers_is_a_dead_end_at_once() -> None:
    """Column b has no rows: the fewest-1s choice picks it and stops."""
    matrix = build(2, 0, [[0]])
    events = list(dlx.search(matrix))
    assert events == [Choose(1, 0, 3), Cover(1, 4), DeadEnd(1, 5), Uncover(1, 12)]
    assert dlx.first(matrix) is None


def test_one_search_at_a_time_per_matrix() -> None:
    """A second search while one is suspended is refused; afterwards it is fine."""
    matrix = knuth()
    running = dlx.search(matrix)
    next(running)
    with pytest.raises(RuntimeError):
        dlx.count(matrix)
    with pytest.raises(RuntimeError):
        matrix.add_row([0])
    running.close()
    assert dlx.count(matrix) == 1


def test_bad_rows_and_options_are_refused() -> None:
    """Repeated or unknown columns, unknown strategies and limits below 1."""
    matrix = dlx.Matrix(3)
    with pytest.raises(ValueError, match="twice"):
        matrix.add_row([1, 1])
    with pytest.raises(ValueError, match="out of range"):
        matrix.add_row([3])
    with pytest.raises(ValueError, match="strategy"):
        dlx.search(matrix, strategy="random")
    with pytest.raises(ValueError, match="limit"):
        dlx.count(matrix, limit=0)
    with pytest.raises(ValueError, match="distinct"):
        dlx.Matrix(["a", "a"])


def test_copy_is_independent() -> None:
    """Covering the copy leaves the original alone, and the copy solves alike."""
    matrix = knuth()
    twin = matrix.copy()
    twin.cover(0)
    assert matrix.snapshot() != twin.snapshot()
    twin.uncover(0)
    assert matrix.snapshot() == twin.snapshot()
    assert list(dlx.solutions(twin)) == [(3, 0, 4)]


def test_arrays_describe_the_links() -> None:
    """Row 0 (C E F) is nodes 8, 9, 10 linked in a circle under headers 3, 5, 6."""
    matrix = knuth()
    links = matrix.arrays()
    assert list(matrix.row_nodes(0)) == [8, 9, 10]
    assert [links["R"][k] for k in (8, 9, 10)] == [9, 10, 8]
    assert [links["C"][k] for k in (8, 9, 10)] == [3, 5, 6]
    assert links["S"][1:] == [2, 2, 2, 3, 2, 2, 3]


def test_text_format_reads_columns_secondary_and_rows() -> None:
    """Comments, blank lines, a '|' before secondary columns."""
    parsed = dlx.parse_matrix("# queens 2x2\n\nr1 r2 | d1\n\nr1 d1  # a\nr2 d1\nr2\n", "t")
    assert parsed.matrix.names == ["r1", "r2", "d1"] and parsed.matrix.n_primary == 2
    assert parsed.lines == (5, 6, 7)
    assert list(dlx.solutions(parsed.matrix)) == [(0, 2)]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "t: empty input, no columns found"),
        ("# only a comment\n", "t: empty input, no columns found"),
        ("A B\nA C\n", "t, line 2, word 2: unknown column 'C'"),
        ("A B\nA A\n", "t, line 2, word 2: column 'A' twice in one row"),
        ("A B A\n", "t, line 1, word 3: column 'A' declared twice"),
        ("A | B | C\n", "t, line 1: more than one '|' in the column line"),
        ("A | B\nA | B\n", "t, line 2, word 2: '|' belongs on the first line only"),
    ],
)
def test_text_format_errors_name_line_and_word(text: str, message: str) -> None:
    """Each malformed matrix gets a one-line reason."""
    with pytest.raises(ValueError) as caught:
        dlx.parse_matrix(text, "t")
    assert str(caught.value) == message


def test_a_search_fifty_thousand_levels_deep_needs_no_recursion() -> None:
    """One row per column: the solution is 50,000 levels deep, on both paths.

    Leftmost, since the fewest-1s scan over 50,000 columns of size 1 would be
    quadratic (as in Knuth's programs).
    """
    n = 50_000
    matrix = build(n, 0, [[col] for col in range(n)])
    assert dlx.count(matrix, strategy="leftmost") == 1
    depth = most = 0
    for event in dlx.search(matrix, strategy="leftmost"):
        if type(event) is Push:
            depth += 1
            most = max(most, depth)
        elif type(event) is Pop:
            depth -= 1
    assert most == n and depth == 0
