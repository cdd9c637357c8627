"""The bitset counter: the same covers, search tree, counters and event counts as dancing links."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from conftest import PUBLIC_DATA
from hypothesis import given, settings
from hypothesis import strategies as st
from test_dlx import brute_force, build, knuth, matrices

from solvers import bitcover, dlx, pentomino, queens, sudoku
from solvers.events import Solution
from solvers.runstats import EventStats

Spec = tuple[int, int, list[list[int]]]
Outcome = tuple[list[tuple[int, ...]], dlx.Counters, dict[str, int], int]
TOP95 = PUBLIC_DATA / "sudoku" / "top95.txt"


def bits_of(matrix: dlx.Matrix) -> bitcover.Bits:
    """The row sets of a matrix."""
    return bitcover.compile_rows(matrix.n_primary, matrix.n_secondary, matrix.rows)


def drained(answers: Iterator[tuple[int, ...]], counters: dlx.Counters, stats: EventStats) -> Outcome:
    """Drain `answers`; what the run left in its counters and stats."""
    found = list(answers)
    return found, counters, stats.by_kind, stats.max_depth


def both_paths(spec: Spec, strategy: str = "fewest", limit: int | None = None) -> list[Outcome]:
    """Answers, counters and event counts of the bitset path and of the links loop."""
    outcomes = []
    for path in (dlx.bit_solutions, dlx.link_solutions):
        counters, stats = dlx.Counters(), EventStats()
        answers = path(build(*spec), stats=stats, strategy=strategy, limit=limit, counters=counters)
        outcomes.append(drained(answers, counters, stats))
    return outcomes


def test_knuths_example_row_sets_and_answer() -> None:
    """Column A holds rows 1 and 3; row 3 (A D) keeps rows 0, 2, 4; the one cover is A D, C E F, B G."""
    bits = bits_of(knuth())
    assert bits.masks[0] == 0b1010
    assert bits.keep[3] == 0b010101
    assert list(bitcover.solutions(bits)) == [(3, 0, 4)]


@settings(max_examples=300, deadline=None)
@given(matrices(), st.sampled_from(dlx.STRATEGIES))
def test_random_matrices_give_the_brute_force_covers_in_the_links_order(spec: Spec, strategy: str) -> None:
    """Every cover once, as brute force finds them, in the order the event generator finds them."""
    n_primary, _, rows = spec
    fewest = strategy == "fewest"
    found = list(bitcover.solutions(bitcover.compile_rows(*spec), fewest=fewest))
    assert {frozenset(answer) for answer in found} == brute_force(n_primary, rows)
    assert len(found) == len(set(found))
    events = dlx.search(build(*spec), strategy=strategy)
    linked = [event.answer for event in events if isinstance(event, Solution)]
    assert found == linked
    assert bitcover.count(bitcover.compile_rows(*spec), fewest=fewest) == len(found)


@settings(max_examples=200, deadline=None)
@given(matrices(), st.sampled_from(dlx.STRATEGIES), st.sampled_from([None, 1, 2, 3]))
def test_counters_and_event_counts_equal_the_links_loop(spec: Spec, strategy: str, limit: int | None) -> None:
    """Answers, nodes, updates and every event kind: the same tree walked, limits included."""
    on_bits, on_links = both_paths(spec, strategy, limit)
    assert on_bits == on_links


@settings(max_examples=100, deadline=None)
@given(matrices(), st.integers(1, 4))
def test_closing_at_a_solution_counts_as_the_links_loop(spec: Spec, stop_at: int) -> None:
    """Closed by its reader at the k-th solution, the rows still chosen count as open events."""
    outcomes = []
    for path in (dlx.bit_solutions, dlx.link_solutions):
        counters, stats = dlx.Counters(), EventStats()
        answers = path(build(*spec), stats=stats, counters=counters)
        found = list(itertools.islice(answers, stop_at))
        answers.close()
        outcomes.append((found, counters, stats.by_kind, stats.max_depth))
    assert outcomes[0] == outcomes[1]


@pytest.mark.parametrize(("n", "known"), [(1, 1), (2, 0), (3, 0), (6, 4), (8, 92), (10, 724)])
def test_queens_counts_are_oeis_a000170(n: int, known: int) -> None:
    """Published counts, on bitsets, with the links loop's exact counters."""
    on_bits, on_links = dlx.Counters(), dlx.Counters()
    assert bitcover.count(bits_of(queens.encode(n).matrix)) == known
    assert sum(1 for _ in dlx.bit_solutions(queens.encode(n).matrix, counters=on_bits)) == known
    assert sum(1 for _ in dlx.link_solutions(queens.encode(n).matrix, counters=on_links)) == known
    assert on_bits == on_links


def test_pentomino_rectangles_have_their_published_counts() -> None:
    """3 x 20: 2 tilings, 5 x 12: 1010 (the classic counts, up to symmetry)."""
    assert pentomino.count(20, 3) == 2
    assert pentomino.count(12, 5) == 1010


def test_every_top95_sudoku_has_one_solution() -> None:
    """Norvig's top95: each puzzle exactly one solution, counted on bitsets."""
    puzzles = sudoku.parse_puzzles(TOP95.read_text(), "top95")
    assert len(puzzles) == 95
    assert all(bitcover.count(bits_of(sudoku.encode(p).matrix)) == 1 for p in puzzles)


def test_a_search_deeper_than_the_recursion_limit_finishes() -> None:
    """5,000 columns, each its own row and a row pairing it with the next: 5,000 levels, no recursion."""
    n = 5000
    rows = [[c] for c in range(n)] + [[c, c + 1] for c in range(0, n - 1, 2)]
    assert bitcover.count(bitcover.compile_rows(n, 0, rows), limit=1) == 1
    run = bitcover.Run()
    assert bitcover.count(bitcover.compile_rows(n, 0, rows[:n]), run=run) == 1
    assert run.deepest == n


def test_a_covered_or_too_big_matrix_is_counted_on_links() -> None:
    """A matrix with a column covered by hand is not what its rows say: the links path counts it."""
    matrix = build(2, 0, [[0], [1], [0, 1], [0], [1]])
    assert bitcover.fits(len(matrix.rows), matrix.n_primary) and dlx.count(matrix) == 5
    matrix.cover(0)  # column 0 gone, and rows 0, 2, 3 with it: rows 1 and 4 are left, for column 1
    assert dlx.count(matrix) == 2
    matrix.uncover(0)
    assert dlx.count(matrix) == 5
    assert bitcover.fits(bitcover.MAX_ROWS, 1) and not bitcover.fits(bitcover.MAX_ROWS + 1, 1)
    assert not bitcover.fits(301, 256)  # a sudoku reduced by its givens: links are faster
    with pytest.raises(ValueError, match="uncover"):
        matrix.cover(1)
        dlx.bit_solutions(matrix)


def test_limits_below_one_are_refused() -> None:
    """As in dlx."""
    with pytest.raises(ValueError, match="limit"):
        bitcover.count(bits_of(knuth()), limit=0)


def test_a_dead_end_is_found_without_scanning_every_column() -> None:
    """3 x 20 pentominoes (X on a mirror line): most nodes are dead ends; the popcount scan runs for nearly
    only the nodes that choose a column, and the search is the links loop's, counters and all."""
    matrix = pentomino.encode(20, 3, "mirror").matrix
    run = bitcover.Run()
    on_bits = list(bitcover.solutions(bits_of(matrix), run=run))
    counters = dlx.Counters()
    on_links = list(dlx.link_solutions(matrix, counters=counters))
    assert on_bits == on_links and len(on_bits) == 2
    assert (run.nodes, run.updates) == (counters.nodes, counters.updates)
    assert run.dead_ends > run.nodes / 2
    assert run.scans - (run.nodes - run.dead_ends) < run.dead_ends / 10  # was every node's dead end scanned
