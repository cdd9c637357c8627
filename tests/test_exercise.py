"""Exercises: the engine poses steps whose answers are the solver's next events, and grades by them."""

from __future__ import annotations

import argparse
import csv
import itertools
import json
from collections.abc import Hashable, Iterator
from math import inf
from pathlib import Path
from typing import Any

import pytest
from cli_runner import run
from hypothesis import example, given, settings
from hypothesis import strategies as st

from solvers import dlx, queens
from solvers import frogs as fr
from solvers import maze as mz
from solvers import minimax as mm
from solvers.events import Bound, Carve, Cover, DeadEnd, Move, Overflow, Pop, Prune, Push, Solution, Visit
from solvers.exercise import cli, results
from solvers.exercise.cover import END
from solvers.exercise.engine import BACKTRACK, DECISION, Ahead, Choice, Exercise, Step
from solvers.exercise.frogs import STUCK
from solvers.exercise.minimax import lockstep_rules
from solvers.hanoi import hanoi_events
from solvers.mazes import carving

GALLERY = Path(__file__).resolve().parents[1] / "assets" / "gallery"


def build(demo: str, *words: str) -> cli.Built:
    """The run and rules `python -m solvers exercise DEMO WORDS` would use."""
    parser = argparse.ArgumentParser()
    cli.DEMOS[demo].add_arguments(parser)  # type: ignore[arg-type]
    cli.add_common_arguments(parser)  # type: ignore[arg-type]
    return cli.DEMOS[demo].build(parser.parse_args(list(words)))


def fresh_events(demo: str, *words: str) -> list[Any]:
    """A second, independent copy of the same run's events (the oracle reads these)."""
    return list(build(demo, *words).events)


RUNS = [
    ("hanoi", "3"),
    ("dlx",),
    ("queens", "6"),
    ("sudoku",),
    ("pentomino", "3x20"),
    ("recursion", "5"),
    ("recursion", "6", "--limit", "4"),
    ("recursion", "3", "--variant", "endless", "--limit", "6"),
    ("recursion", "--variant", "maxtree", "--seed", "3"),
    ("tictactoe",),
    ("tictactoe", "--board", "x...o....", "--shortcut", "--ordered"),
    ("tictactoe", "--board", "xo..x..o.", "--minimax"),
    ("gametree",),
    ("gametree", "--alphabeta", "--depth", "4", "--branching", "3", "--seed", "7"),
    ("games",),
    ("games", "--mnk", "3", "3", "3", "--depth", "3"),
    ("frogs", "2"),
    ("frogs", "3"),
    ("frogs", "1", "3"),
    ("trace",),
    ("trace", str(GALLERY / "fibonacci.py"), "fib_memo", "6"),
    ("trace", str(GALLERY / "merge_sort.py"), "merge_sort", "[5, 2, 8, 1]"),
    ("trace", str(GALLERY / "permutations.py"), "permutations", "[1, 2, 3]"),
    ("maze", "--seed", "1"),
    ("maze", "7", "4", "--action", "solve", "--seed", "3"),
    ("mazes", "--shape", "hex", "--seed", "2"),
    ("mazes", "--shape", "polar", "--algorithm", "prim"),
    ("mazes", "--shape", "triangle", "--algorithm", "kruskal"),
    ("mazes", "--shape", "3d", "--algorithm", "hunt-and-kill"),
    ("mazes", "--shape", "torus", "--algorithm", "growing-tree"),
    ("mazes", "8", "8", "--shape", "polar", "--action", "solve", "--seed", "4"),
    ("rooms",),
    ("rooms", "--map", "loop"),
    ("rooms", "--map", "no-way-out"),
]
"""Each demo's run, small enough to walk (pentomino: its first 60 steps)."""


def oracle(step: Step, events: list[Any]) -> Hashable:
    """What the solver does at the step, read from the events alone (no rules, no model)."""
    event = events[step.index]
    before = events[: step.index]
    if step.kind == "hanoi.move":
        return (event.frm, event.to)
    if step.kind == "hanoi.caller":
        return open_pushes(before)[-1].node
    if step.kind == "recursion.next":
        return {Push: "call", Overflow: "overflow"}.get(type(event), "return")
    if step.kind in ("recursion.value", "maxtree.value"):
        return event.value
    if step.kind == "cover.column":
        return event.column
    if step.kind == "cover.row":
        return event.what
    if step.kind == "cover.columns":
        covers = itertools.takewhile(
            lambda e: type(e) is Cover and e.line == dlx.LINE_COVER_ROW, events[step.index :]
        )
        return frozenset(e.column for e in covers)
    if step.kind == "cover.knockout":
        covered = set()
        for later in events[step.index :]:
            if type(later) is not Cover or later.line != dlx.LINE_COVER_ROW:
                break
            covered.add(later.column)
        rows = matrix_rows(step)
        knocked = set()
        for choice in step.choices:
            assert isinstance(choice.key, int), "a knockout's choices are rows"
            if covered & set(rows[choice.key]):
                knocked.add(choice.key)
        return frozenset(knocked)
    if step.kind.startswith("minimax."):
        return game_tree_answer(step, events)
    if step.kind == "cover.backtrack":
        after = next((e for e in events[step.index :] if type(e) is Push), None)
        if after is None:
            return END
        ids = [push.node for push in open_pushes(before)]
        return ids.index(after.parent) + 2 if after.parent in ids else 1
    if step.kind == "frogs.move":
        tried = events[step.index + 1] if type(event) is fr.Options else event
        return tried.what.frm if type(tried) is Push else STUCK
    if step.kind == "frogs.branch":
        made = events[step.index - 1]
        node = next(e for e in reversed(before) if type(e) is Push).node
        assert type(made) is Move and made.line == fr.LINE_MAKE
        ending = next(
            e for e in events[step.index :] if type(e) is Solution or (type(e) is Pop and e.node == node)
        )
        return "reaches" if type(ending) is Solution else "dead-ends"
    if step.kind == "frogs.backtrack":
        after = next((e for e in events[step.index :] if type(e) is Push), None)
        if after is None:
            return "end"
        ids = [push.node for push in open_pushes(before)]
        return 0 if after.parent == fr.ROOT else ids.index(after.parent) + 1
    if step.kind == "trace.next":
        return ("call", event.what.short()) if type(event) is Push else ("return", event.node)
    if step.kind == "trace.value":
        return event.value.text

    return maze_oracle(step, events)


def maze_oracle(step: Step, events: list[Any]) -> Hashable:
    """The maze demos' steps, read from the events (and, for Prim, the shape's neighbours)."""
    event = events[step.index]
    before = events[: step.index]
    if step.kind == "carve.next":
        seen = {e.what for e in before if type(e) is Push} | {e.where for e in before if type(e) is Visit}
        seen |= {e.other for e in before if type(e) is Carve}
        return frozenset(c.key for c in step.choices if c.key not in seen)
    if step.kind == "carve.back":
        after = next(e for e in [*events[step.index :], None] if type(e) is not Pop)
        return after.cell if type(after) is Carve and after.line != carving.LINE_CARVE_JOIN else END
    if step.kind in ("walk.next", "walk.back"):
        place = next((i for i in range(step.index, len(events)) if type(events[i]) in (Push, Visit)), None)
        if place is None:
            return END
        entered = events[place]
        if step.kind == "walk.next":
            return entered.what if type(entered) is Push else entered.where
        return [push.what for push in open_pushes(events[:place])][-1]
    if step.kind == "prim.frontier":
        inside = {e.where for e in before if type(e) is Visit} | {e.other for e in before if type(e) is Carve}
        near = NEIGHBOURS["current"]
        frontier = {other for cell in inside for other in near(cell)} - inside
        assert {c.key for c in step.choices} == set(near(event.other))
        return frozenset(set(near(event.other)) - inside - frontier)
    if step.kind == "kruskal.wall":
        return "knock" if type(event) is Carve else "keep"
    if step.kind == "hunt.found":
        return events[step.index + 1].other
    raise AssertionError(step.kind)


def game_tree_answer(step: Step, events: list[Any]) -> Hashable:
    """A minimax or alpha-beta step's answer, read from the events alone."""
    event = events[step.index]
    if step.kind == "minimax.value":
        return event.value
    if step.kind == "minimax.move":
        children = [e for e in events[: step.index] if type(e) is Push and e.parent == event.node]
        returned = {e.node: e.value for e in events[: step.index] if type(e) is Pop}
        return next(child.what for child in children if returned[child.node] == event.value)
    if step.kind == "minimax.prune":
        node = next(e for e in reversed(events[: step.index]) if type(e) is Push).node
        end = next(
            i for i in range(step.index, len(events)) if type(events[i]) is Pop and events[i].node == node
        )
        tried = {e.what for e in events[step.index : end] if type(e) is Push and e.parent == node}
        return frozenset(c.key for c in step.choices) - tried
    node = returned_to(events[: step.index])
    alpha, beta = window_at(events, node, step.index)
    if type(event) is Bound and event.node == node:
        return (event.value, beta) if event.name == "alpha" else (alpha, event.value)
    return alpha, beta


def returned_to(before: list[Any]) -> int:
    """The node the last Pop returned to (its parent, from its Push)."""
    last = next(e for e in reversed(before) if type(e) is Pop)
    return next(e.parent for e in before if type(e) is Push and e.node == last.node)


def window_at(events: list[Any], node: int, upto: int) -> tuple[float, float]:
    """α and β at `node` before event `upto`: its parent's at its Push, then its own Bounds."""
    start, parent = next((i, e.parent) for i, e in enumerate(events) if type(e) is Push and e.node == node)
    alpha, beta = (-inf, inf) if parent < 0 else window_at(events, parent, start)
    for later in events[start:upto]:
        if type(later) is Bound and later.node == node:
            alpha, beta = (later.value, beta) if later.name == "alpha" else (alpha, later.value)
    return alpha, beta


NEIGHBOURS: dict[str, Any] = {}
"""The shape's neighbours (geometry, not answers) of the run under test."""

MATRICES: dict[str, dlx.Matrix] = {}


def matrix_rows(step: Step) -> list[tuple[int, ...]]:
    """The matrix rows of the run under test (set by the walker)."""
    return MATRICES["current"].rows


def open_pushes(events: list[Any]) -> list[Any]:
    """The Pushes not yet popped after `events`: the stack."""
    stack: list[Any] = []
    for event in events:
        if type(event) is Push:
            stack.append(event)
        elif type(event) is Pop:
            stack.pop()
    return stack


def walk(exercise: Exercise, answer_of: Any, limit: int = 60) -> list[tuple[Step, Any]]:
    """Answer up to `limit` steps with `answer_of(step)`; the graded steps."""
    graded: list[tuple[Step, Any]] = []
    while len(graded) < limit and (step := exercise.next_step()) is not None:
        graded.append((step, exercise.grade(answer_of(step))))
    return graded


def rules_matrix(built: cli.Built) -> None:
    """Remember the rows of a cover run's matrix for the oracle."""
    shadow = getattr(built.rules, "shadow", None)
    if shadow is not None:
        MATRICES["current"] = shadow
    near = getattr(built.rules, "neighbours", None)
    if near is not None:
        NEIGHBOURS["current"] = near


@pytest.mark.parametrize("words", RUNS, ids=" ".join)
def test_a_student_who_answers_with_the_solvers_next_events_scores_every_step(words: tuple[str, ...]) -> None:
    built = build(*words)
    rules_matrix(built)
    events = fresh_events(*words)
    exercise = Exercise(built.events, built.rules)
    graded = walk(exercise, lambda step: oracle(step, events))
    assert len(graded) >= 3
    assert all(verdict.correct for _step, verdict in graded)
    assert exercise.score.right == exercise.score.asked == len(graded)


@pytest.mark.parametrize("words", RUNS, ids=" ".join)
def test_a_student_who_picks_another_candidate_is_told_wrong_with_the_reason(words: tuple[str, ...]) -> None:
    built = build(*words)
    exercise = Exercise(built.events, built.rules)

    def another(step: Step) -> Hashable:
        if step.multiple:
            return frozenset(c.key for c in step.choices) - step.expected  # type: ignore[operator]
        return next(c.key for c in step.choices if c.key != step.expected)

    graded = walk(exercise, another)
    assert graded and not any(verdict.correct for _step, verdict in graded)
    for step, verdict in graded:
        assert step.explanation and verdict.verdict().startswith("Not this time")
    kinds = {step.kind for step, _verdict in graded}
    families: tuple[str, ...] = (
        "hanoi",
        "cover",
        "recursion",
        "maxtree",
        "minimax",
        "carve",
        "walk",
        "prim",
        "kruskal",
    )
    families += ("hunt", "frogs", "trace")
    assert all(kind.split(".")[0] in families for kind in kinds)


def test_no_step_offers_a_single_choice_and_every_answer_is_among_the_choices() -> None:
    for words in RUNS:
        built = build(*words)
        exercise = Exercise(built.events, built.rules)
        for step, _verdict in walk(exercise, lambda step: step.expected):
            assert len(step.choices) >= 2
            keys = {choice.key for choice in step.choices}
            assert len(keys) == len(step.choices)
            if step.multiple:
                assert step.expected <= keys  # type: ignore[operator]
            else:
                assert step.expected in keys


def answer_some_then_follow_the_events(
    exercise: Exercise, events: list[Any], skip: int, wrong: bool, limit: int = 20
) -> list[tuple[Step, Any]]:
    """Answer `skip` steps (the first choice when `wrong`, else right), then the next ones by the oracle."""
    for _ in range(skip):
        step = exercise.next_step()
        if step is None:
            return []
        exercise.grade(step.choices[0].key if wrong else step.expected)
    return walk(exercise, lambda step: oracle(step, events), limit=limit)


@settings(max_examples=15, deadline=None)
@given(n=st.integers(4, 7), skip=st.integers(0, 40), wrong=st.booleans())
def test_grading_never_disagrees_with_the_events_of_n_queens(n: int, skip: int, wrong: bool) -> None:
    built = build("queens", str(n))
    rules_matrix(built)
    events = list(queens.encode(n).search())
    exercise = Exercise(built.events, built.rules)
    for step, verdict in answer_some_then_follow_the_events(exercise, events, skip, wrong, 20):
        assert verdict.correct, step


def test_the_backtracks_kind_asks_only_where_the_search_goes_back() -> None:
    built = build("queens", "6")
    events = list(queens.encode(6).search())
    exercise = Exercise(built.events, built.rules, kind="backtracks")
    graded = walk(exercise, lambda step: step.expected, limit=1000)
    assert graded and all(step.family == BACKTRACK for step, _verdict in graded)
    assert [type(events[step.index]) for step, _verdict in graded] == [
        type(e) for e in events if type(e) in (DeadEnd, Solution)
    ]


def test_the_decisions_kind_asks_before_every_choice_with_a_real_alternative() -> None:
    built = build("hanoi", "3")
    exercise = Exercise(built.events, built.rules, kind="decisions")
    graded = walk(exercise, lambda step: step.expected, limit=100)
    moves = [e for e in hanoi_events(3) if type(e) is Move]
    assert [step.expected for step, _ in graded] == [(m.frm, m.to) for m in moves]
    assert all(step.family == DECISION for step, _ in graded)


def test_the_column_step_explains_the_s_heuristic_by_the_sizes() -> None:
    built = build("dlx")
    exercise = Exercise(built.events, built.rules)
    step = exercise.next_step()
    assert step is not None and step.kind == "cover.column"
    assert step.label(step.expected) == "A (2)"
    assert "fewest 1s" in step.explanation and "A (2)" in step.explanation


def test_a_tried_row_asks_the_columns_it_covers_then_the_rows_they_knock_out() -> None:
    """Knuth's matrix: S chooses A, row A D G is tried; A is covered already, so the row covers D and G."""
    steps = steps_of(build("dlx"), limit=6)
    columns = next(step for step in steps if step.kind == "cover.columns")
    assert columns.question == "Row A D G is tried: which columns does it cover now?"
    assert columns.multiple and columns.label(columns.expected) == "D, G"
    assert {"D", "G"} < {choice.label for choice in columns.choices} and "A" not in columns.question.split(
        ":"
    )[1]
    assert "A was covered when S chose it" in columns.explanation
    following = steps[steps.index(columns) + 1]
    assert following.kind == "cover.knockout" and following.index == columns.index  # the same moment
    queens = next(step for step in steps_of(build("queens", "6"), limit=8) if step.kind == "cover.columns")
    assert isinstance(queens.expected, frozenset), "a columns step's answer is a set of columns"
    assert any(
        choice.key not in queens.expected and choice.label.startswith(("a", "b")) for choice in queens.choices
    )


def test_after_a_wrong_answer_the_run_goes_on_from_the_right_step() -> None:
    built = build("hanoi", "2")
    exercise = Exercise(built.events, built.rules)
    first = exercise.next_step()
    assert first is not None and first.expected == (0, 1)
    verdict = exercise.grade((0, 2))
    assert not verdict.correct and "hanoi(1, A→B)" in first.explanation
    assert exercise.rules.pegs == [[2, 1], [], []]  # type: ignore[attr-defined]
    exercise.grade(exercise.next_step().expected)  # type: ignore[union-attr]  # the caller
    assert exercise.rules.pegs == [[2], [1], []]  # type: ignore[attr-defined]


class OneChoice:
    """Rules that pose a one-choice step before every event, and a real one before the third."""

    def apply(self, event: Any) -> None:
        """Nothing to follow."""

    def pose(self, ahead: Ahead, index: int) -> Step:
        """One choice, except at index 2."""
        choices = (Choice(1, "one"), Choice(2, "two")) if index == 2 else (Choice(1, "one"),)
        return Step(index, "test", DECISION, "?", choices, 1, "because")


def test_a_step_with_a_single_choice_is_never_asked() -> None:
    exercise = Exercise(iter(range(5)), OneChoice())
    step = exercise.next_step()
    assert step is not None and step.index == 2
    exercise.grade(1)
    assert exercise.next_step() is None


class Silent:
    """Rules that never pose a step."""

    def apply(self, event: Any) -> None:
        """Nothing to follow."""

    def pose(self, ahead: Ahead, index: int) -> None:
        """No step anywhere."""


def test_a_budget_spreads_the_way_to_the_next_step_over_calls() -> None:
    exercise = Exercise(iter(range(25)), Silent())
    assert exercise.next_step(budget=10) is None and exercise.index == 10 and not exercise.done
    assert exercise.next_step(budget=10) is None and exercise.index == 20 and not exercise.done
    assert exercise.next_step(budget=10) is None and exercise.index == 25 and exercise.done


def test_ahead_reads_lazily_and_finds_within_its_limit() -> None:
    pulled: list[int] = []

    def numbers() -> Iterator[int]:
        for number in range(10):
            pulled.append(number)
            yield number

    ahead = Ahead(numbers())
    assert ahead[2] == 2 and pulled == [0, 1, 2]
    assert ahead.find(lambda n: n == 7) == 7
    assert ahead.find(lambda n: n == 9, limit=5) is None
    assert ahead.take() == 0 and ahead[0] == 1
    assert ahead[50] is None


def test_the_terminal_exercise_grades_hints_shows_and_keeps_the_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = tmp_path / "steps.jsonl"
    answers = "x\n1\nh\n2\ns\n3\nq\n"
    code, text, _ = run(
        capsys, "exercise", "hanoi", "2", "--name", "Ji-woo", "--record", str(record), stdin=answers
    )
    assert code == 0
    assert "Step 1: Which move comes next?" in text and "1) disk 1: A→B" in text
    assert "Answer with a number from 1 to 2" in text
    assert "Right: disk 1: A→B." in text
    assert "The calls below the top one are waiting" in text  # the caller step's hint, asked with h
    rows = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert [row["correct"] for row in rows] == [True, False, False, False]
    assert rows[1]["hints"] == 1 and rows[2]["expected"] == rows[2]["answer"]
    assert set(rows[0]) == {
        "demo", "setup", "seed", "step", "kind", "question", "choices", "expected", "answer", "correct",
        "hints", "seconds", "explanation",
    }  # fmt: skip
    (kept,) = results.read_results(results.results_file("Ji-woo"))
    assert kept["demo"] == "hanoi" and kept["finished"] == "False"
    assert (kept["steps"], kept["right"], kept["hints"], kept["shown"]) == ("4", "1", "1", "1")


def test_a_finished_exercise_is_kept_with_its_score_and_the_name_is_remembered(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, text, _ = run(capsys, "exercise", "hanoi", "2", stdin="Min\n" + "1\n" * 10)
    assert code == 0 and "Your name" in text
    code, text, _ = run(capsys, "exercise", "hanoi", "2", stdin="1\n" * 10)
    assert "Your name" not in text
    with results.results_file("Min").open(encoding="utf-8", newline="") as handle:
        rows = list(csv.reader(handle))
    assert rows[0] == list(results.FIELDS) and len(rows) == 3
    assert rows[1][results.FIELDS.index("finished")] == "True"


def test_the_terminal_speaks_korean_and_chinese(capsys: pytest.CaptureFixture[str]) -> None:
    for language, words in (("ko", "다음"), ("zh_CN", "下一步")):
        code, out, _err = run(
            capsys, "--lang", language, "exercise", "hanoi", "2", "--name", "a", stdin="1\n" * 10
        )
        assert code == 0
        assert words in out and "Which move" not in out


def steps_of(built: cli.Built, kind: str = "every", limit: int = 1000) -> list[Step]:
    """Every step of a run, answered right."""
    exercise = Exercise(built.events, built.rules, kind=kind)
    return [step for step, _verdict in walk(exercise, lambda step: step.expected, limit=limit)]


def test_a_node_value_is_explained_by_the_max_or_min_rule() -> None:
    steps = steps_of(build("gametree", "--seed", "0"))
    by_node = {step.question.split(" has heard")[0]: step for step in steps if step.kind == "minimax.value"}
    low = by_node["The MIN node after move 1"]  # MIN over leaves 6 and 4
    assert low.expected == 4 and low.label(low.expected) == "4"
    assert "MIN takes the smallest value: min(4, 6) = 4." in low.explanation
    high = by_node["The root (MAX)"]
    assert high.expected == 6 and "MAX takes the largest value: max(4, 6) = 6." in high.explanation
    assert not any("Node " in step.question for step in steps)  # no picture draws the run's node ids
    deep = steps_of(build("tictactoe", "--board", "x...o....", "--shortcut", "--ordered"))
    named = {step.question.split(" has heard")[0] for step in deep if step.kind == "minimax.value"}
    assert any("after …, cell" in n for n in named) and all(n.count("cell") <= 3 for n in named)
    (move,) = [step for step in steps if step.kind == "minimax.move"]
    assert move.expected == 1 and move.label(1) == "move 2" and "move 2 → 6" in move.question


def cut_prunes(events: list[Any]) -> list[int]:
    """The indices of alpha-beta's cuts in a run (not the win-now shortcut's)."""
    return [i for i, e in enumerate(events) if type(e) is Prune and e.bound[0] != "win"]


def pushed_before(events: list[Any], index: int) -> int:
    """The node whose Push comes just before run index `index`."""
    return next(e for e in reversed(events[:index]) if type(e) is Push).node


@pytest.mark.parametrize(
    "words", [run for run in RUNS if run[0] in ("tictactoe", "gametree", "games")], ids=" ".join
)
def test_every_cut_is_asked_as_the_branches_to_mark_and_never_gives_itself_away(
    words: tuple[str, ...],
) -> None:
    events = fresh_events(*words)
    prunes = [step for step in steps_of(build(*words)) if step.kind == "minimax.prune"]
    assert all(step.multiple and type(events[step.index - 1]) is Push for step in prunes)  # asked on entry
    asked = {pushed_before(events, step.index) for step in prunes if step.expected}
    assert asked == {events[i].node for i in cut_prunes(events)}
    if ("--minimax" not in words and words[0] != "gametree") or "--alphabeta" in words:
        assert any(step.expected for step in prunes)


def test_alpha_equal_to_beta_cuts_as_the_textbook_draws_it() -> None:
    ties = []
    for seed in range(12):
        for step in steps_of(build("gametree", "--alphabeta", "--seed", str(seed))):
            if step.kind == "minimax.window" and step.expected[0] == step.expected[1]:  # type: ignore[index]
                ties.append(step)
    assert ties
    pruned_on_a_tie = 0
    for seed in range(12):
        words = ("gametree", "--alphabeta", "--seed", str(seed))
        events = fresh_events(*words)
        for prune in [
            step for step in steps_of(build(*words)) if step.kind == "minimax.prune" and step.expected
        ]:
            node = pushed_before(events, prune.index)
            cut = next(e for e in events[prune.index :] if type(e) is Prune and e.node == node)
            moved = [
                e for e in events[prune.index : events.index(cut)] if type(e) is Bound and e.node == node
            ]
            if moved[-1].value == cut.bound[1]:
                value = cut.bound[1]
                assert f"α = {value:g} ≥ β = {value:g}" in prune.explanation
                pruned_on_a_tie += 1
    assert pruned_on_a_tie


def test_marking_the_pruned_branches_names_the_moves_after_the_one_that_closed_the_window() -> None:
    """Seed 2, alpha-beta: the MAX node after move 1, move 2 hears a value ≥ β and prunes its move 2."""
    words = ("gametree", "--alphabeta", "--seed", "2")
    cut = next(step for step in steps_of(build(*words)) if step.kind == "minimax.prune")
    assert cut.question.startswith("The MAX node after move 1, move 2 starts with α = −∞, β = ")
    assert [choice.label for choice in cut.choices] == ["move 1", "move 2"] and cut.multiple
    assert cut.label(cut.expected) == "move 2" and "Which of its moves will alpha-beta prune?" in cut.question
    assert "≥ β" in cut.explanation and "so move 2 is pruned" in cut.explanation
    exercise = Exercise(build(*words).events, build(*words).rules, kind="backtracks")
    assert exercise.next_step() == cut and not exercise.grade(frozenset()).correct
    assert exercise.next_step() is not None and exercise.grade(frozenset()).correct  # the MIN node: none
    ordered = steps_of(build("tictactoe", "--board", "x...o....", "--shortcut", "--ordered"))
    kept = [step for step in ordered if step.kind == "minimax.prune" and not step.expected]
    assert kept and "none is pruned" in kept[0].explanation  # asked where no cut comes too
    assert kept[0].label(frozenset()) == "none"


def test_the_engines_move_is_the_first_child_that_reached_the_best_value() -> None:
    ties = 0
    for seed in range(30):
        events = fresh_events("gametree", "--seed", str(seed))
        (move,) = [
            step for step in steps_of(build("gametree", "--seed", str(seed))) if step.kind == "minimax.move"
        ]
        report = mm.search(mm.RandomTree(3, 2, seed), mm.RandomTree.ROOT)
        assert move.expected == report.move == game_tree_answer(move, events)
        if "first move" in move.explanation:
            ties += 1
            heard = move.question.split(": ")[1].split(". ")[0].split(", ")
            values = [words.split(" → ")[1] for words in heard]
            assert len(set(values)) < len(values)
    assert ties  # some root hears the same value twice and keeps the first


def test_a_span_0_step_not_practised_leaves_the_next_one_at_the_same_moment() -> None:
    every = steps_of(build("tictactoe"))
    decisions = steps_of(build("gametree"), kind="decisions")
    assert [step.kind for step in decisions] == ["minimax.move"]  # after the root's value, unasked
    backtracks = steps_of(build("tictactoe"), kind="backtracks")
    assert backtracks == [step for step in every if step.kind == "minimax.prune"]
    assert backtracks and all(step.multiple for step in backtracks)


@settings(max_examples=25, deadline=None)
@example(depth=2, branching=2, seed=406, alphabeta=True, order="none")  # every leaf 6: no value to choose
@given(
    depth=st.integers(2, 4),
    branching=st.integers(2, 3),
    seed=st.integers(0, 2**32 - 1),
    alphabeta=st.booleans(),
    order=st.sampled_from(("none", "best", "worst")),
)
def test_grading_never_disagrees_with_the_events_of_a_random_game_tree(
    depth: int, branching: int, seed: int, alphabeta: bool, order: str
) -> None:
    words = ["gametree", "--depth", str(depth), "--branching", str(branching), "--seed", str(seed)]
    words += ["--order", order] + (["--alphabeta"] if alphabeta else [])
    events = fresh_events(*words)
    exercise = Exercise(build(*words).events, build(*words).rules)
    graded = walk(exercise, lambda step: game_tree_answer(step, events), limit=10_000)
    assert graded and all(verdict.correct for _step, verdict in graded)
    if any(len(values) >= 2 for values in child_values(events).values()):  # else no value is a real choice
        assert sum(step.kind == "minimax.value" for step, _verdict in graded) >= 1


def child_values(events: list[Any]) -> dict[int, set[Any]]:
    """Each inner node of a game-tree run: the values its searched children returned."""
    parent_of = {event.node: event.parent for event in events if type(event).__name__ == "Push"}
    found: dict[int, set[Any]] = {}
    for event in events:
        if type(event).__name__ == "Pop" and parent_of.get(event.node, -1) >= 0:
            found.setdefault(parent_of[event.node], set()).add(event.value)
    return found


def test_the_gametree_demo_asks_values_on_the_minimax_side_and_cuts_on_the_alpha_beta_side() -> None:
    tree = mm.RandomTree(3, 3, seed=4)
    sides = list(mm.lockstep_events(tree, tree.ROOT))
    exercise = Exercise(iter(sides), lockstep_rules(tree))
    seen = set()
    for step, _verdict in walk(exercise, lambda step: step.expected, limit=10_000):
        side = sides[step.index].side
        own = [event.event for event in sides if event.side == side]
        place = sum(event.side == side for event in sides[: step.index])
        shifted = Step(place, step.kind, step.family, step.question, step.choices, step.expected, "")
        assert step.expected == game_tree_answer(shifted, own), step
        seen.add((side, step.kind.split(".")[1]))
    assert seen == {
        (mm.MINIMAX_SIDE, "value"), (mm.MINIMAX_SIDE, "move"), (mm.ALPHABETA_SIDE, "window"),
        (mm.ALPHABETA_SIDE, "prune"),
    }  # fmt: skip


def test_the_frogs_first_step_is_the_leftmost_legal_move_and_says_so() -> None:
    built = build("frogs", "2")
    exercise = Exercise(built.events, built.rules)
    step = exercise.next_step()
    assert step is not None and step.kind == "frogs.move"
    assert [choice.key for choice in step.choices] == [0, 1, 3, 4, STUCK]
    assert step.expected == 1 and step.label(1) == "the L on pad 1"
    assert "L 1→2, R 3→2" in step.explanation and "left to right" in step.explanation


def test_the_frogs_move_step_comes_before_the_moves_are_listed() -> None:
    """At a new position the step is posed before Options, so the tree of tries has not listed the moves."""
    built = build("frogs", "3")
    events = fresh_events("frogs", "3")
    exercise = Exercise(built.events, built.rules, kind="decisions")
    graded = walk(exercise, lambda step: step.expected, limit=1000)
    posed_at = {type(events[step.index]) for step, _verdict in graded}
    assert posed_at == {fr.Options, Push, DeadEnd}
    listed = [step for step, _verdict in graded if type(events[step.index]) is fr.Options]
    assert len(listed) == sum(
        1 for e in events if type(e) is fr.Options
    )  # every new position, stuck ones too


def test_after_each_move_the_frogs_ask_whether_its_branch_reaches_the_goal() -> None:
    """LL_RR: L 1→2 reaches the goal; then L 0→1 leaves _LLRR, which dead-ends (the solver cancels it)."""
    built = build("frogs", "2")
    branches = [step for step in steps_of(built) if step.kind == "frogs.branch"]
    assert [step.expected for step in branches[:2]] == ["reaches", "dead-ends"]
    first, second = branches[:2]
    assert (
        first.question
        == "The solver just made L 1→2: the frogs stand at L_LRR. Will this branch reach the goal?"
    )
    assert "_LLRR" in second.question and "cancels it" in second.explanation
    assert all(step.span == 0 and len(step.choices) == 2 for step in branches)
    moves = sum(1 for e in fresh_events("frogs", "2") if type(e) is Move and e.line == fr.LINE_MAKE)
    assert len(branches) == moves - 1  # every move but the last, which is the goal itself


def test_a_frogs_dead_end_asks_where_the_solver_goes_back_to() -> None:
    """LL_RR: L 1→2, then L 0→1 leaves _LLRR stuck; the solver goes back to L_LRR (after move 1)."""
    built = build("frogs", "2")
    events = fresh_events("frogs", "2")
    exercise = Exercise(built.events, built.rules, kind="backtracks")
    graded = walk(exercise, lambda step: step.expected, limit=1000)
    first = graded[0][0]
    assert first.question.startswith("No frog can move at _LLRR")
    assert first.expected == 1 and first.label(1) == "after move 1 (L 1→2): L_LRR"
    assert "R 3→1" in first.explanation
    stuck = [i for i, e in enumerate(events) if type(e) is DeadEnd and type(events[i - 1]) is fr.Options]
    assert [step.index for step, _verdict in graded] == stuck


def test_a_hopeless_frogs_start_ends_with_no_solution() -> None:
    built = build("frogs", "--from", "LR_LR")
    events = fresh_events("frogs", "--from", "LR_LR")
    assert not any(type(e) is Solution for e in events)
    graded = walk(Exercise(built.events, built.rules, kind="backtracks"), lambda step: step.expected, 1000)
    assert graded[-1][0].expected == "end" and "no solution" in graded[-1][0].explanation


@settings(max_examples=25, deadline=None)
@given(
    frogs=st.lists(st.sampled_from("LR"), min_size=2, max_size=7).filter(lambda f: "L" in f and "R" in f),
    gap=st.integers(0, 7),
    skip=st.integers(0, 30),
    wrong=st.booleans(),
)
def test_grading_never_disagrees_with_the_frogs_events(
    frogs: list[str], gap: int, skip: int, wrong: bool
) -> None:
    """Any position (solvable or not), after some answers right or wrong: the rules grade as the events go."""
    pads = list(frogs)
    pads.insert(min(gap, len(pads)), "_")
    start = "".join(pads)
    events = list(fr.solve(start))
    exercise = Exercise(fr.solve(start), build("frogs", "--from", start).rules)
    for step, verdict in answer_some_then_follow_the_events(exercise, events, skip, wrong, 20):
        assert verdict.correct, step
        assert len(step.choices) >= 2


def test_the_trace_value_step_names_the_line_and_what_the_calls_returned() -> None:
    built = build("trace")
    exercise = Exercise(built.events, built.rules, kind="every")
    steps = [step for step, _verdict in walk(exercise, lambda step: step.expected, limit=100)]
    last = steps[-1]
    assert last.kind == "trace.value" and last.question == "What does fib(4) return?" and last.expected == "3"
    assert (
        "fib(3) = 2, fib(2) = 1" in last.explanation and "return fib(n - 1) + fib(n - 2)" in last.explanation
    )
    first = steps[0]
    assert first.kind == "trace.next" and first.expected == ("call", "fib(3)")
    assert {"fib(3)", "fib(2)"} <= {
        choice.label.split()[-1] for choice in first.choices
    }  # the order is asked


def test_a_cache_hit_is_explained_by_the_cache() -> None:
    built = build("trace", str(GALLERY / "fibonacci.py"), "fib_memo", "5")
    events = fresh_events("trace", str(GALLERY / "fibonacci.py"), "fib_memo", "5")
    graded = walk(Exercise(built.events, built.rules), lambda step: oracle(step, events), limit=200)
    hits = [
        step
        for step, _ in graded
        if type(events[step.index]) is Pop and events[step.index].value.how == "cache"
    ]
    assert hits and all("cache" in step.explanation for step in hits)
    assert all(verdict.correct for _step, verdict in graded)


def test_two_traced_runs_side_by_side_are_each_graded_by_their_own_events() -> None:
    from solvers.exercise.trace import TraceRules
    from solvers.tracing.events import lockstep
    from solvers.tracing.runner import trace

    runs = [trace(GALLERY / "fibonacci.py", func, "4") for func in ("fib", "fib_memo")]
    events = list(lockstep([run.events for run in runs]))
    rules = TraceRules([run.source for run in runs])
    graded = walk(Exercise(iter(events), rules), lambda step: oracle_side(step, events), limit=200)
    asked = {step.question.split("(")[0] for step, _verdict in graded}
    assert {"fib", "fib_memo"} <= asked
    assert all(verdict.correct for _step, verdict in graded)


def oracle_side(step: Step, events: list[Any]) -> Hashable:
    """The oracle on a side-by-side run: the step's event is its own run's."""
    inner = [getattr(event, "event", event) for event in events]
    event = inner[step.index]
    if step.kind == "trace.next":
        return ("call", event.what.short()) if type(event) is Push else ("return", event.node)
    return event.value.text


@settings(max_examples=4, deadline=None)
@given(n=st.integers(0, 7), wrong=st.booleans())
def test_grading_never_disagrees_with_a_traced_fib(n: int, wrong: bool) -> None:
    words = ("trace", str(GALLERY / "fibonacci.py"), "fib", str(n))
    built = build(*words)
    events = fresh_events(*words)
    exercise = Exercise(built.events, built.rules)
    for step, verdict in answer_some_then_follow_the_events(exercise, events, 5, wrong, 30):
        assert verdict.correct, step


def test_the_trace_exercise_refuses_bad_input_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    broken = tmp_path / "broken.py"
    broken.write_text("def f(n):\n    return (\n", encoding="utf-8")
    for words in (
        [str(broken), "f", "1"],
        [str(GALLERY / "fibonacci.py")],
        [str(GALLERY / "fibonacci.py"), "nothing", "1"],
        [str(GALLERY / "fibonacci.py"), "fib", "[1,"],
    ):
        code, _out, err = run(capsys, "exercise", "trace", *words, "--name", "a")
        assert code == 2
        error = err.strip()
        assert error and "\n" not in error and "Traceback" not in error


def test_no_place_in_the_list_is_always_the_answer(tmp_path: Path) -> None:
    """down(n) calls down(n - 1) for ever: sorted by name, 'the first choice' would always be right."""
    endless = tmp_path / "endless.py"
    endless.write_text("def down(n):\n    return down(n - 1) + 1\n", encoding="utf-8")
    for words in (("trace", str(endless), "down", "3"), ("trace",), ("frogs", "3")):
        built = build(*words)
        graded = walk(Exercise(built.events, built.rules, kind="decisions"), lambda step: step.expected, 40)
        places = {[choice.key for choice in step.choices].index(step.expected) for step, _verdict in graded}
        assert len(places) >= 2, words


MAZE_SETUPS = st.one_of(
    st.tuples(
        st.just("maze"), st.sampled_from(["carve", "solve"]), st.just("square"), st.just("backtracker")
    ),
    st.tuples(
        st.just("mazes"),
        st.just("carve"),
        st.sampled_from(["square", "hex", "triangle", "polar", "3d", "torus"]),
        st.sampled_from(["backtracker", "prim", "kruskal", "hunt-and-kill", "growing-tree"]),
    ),
    st.tuples(
        st.just("mazes"), st.just("solve"), st.sampled_from(["hex", "polar", "torus"]), st.just("kruskal")
    ),
)


@settings(max_examples=25, deadline=None)
@given(setup=MAZE_SETUPS, width=st.integers(3, 7), height=st.integers(3, 6), seed=st.integers(0, 2**32 - 1))
def test_grading_never_disagrees_with_the_events_of_any_maze(
    setup: tuple[str, str, str, str], width: int, height: int, seed: int
) -> None:
    demo, action, shape, algorithm = setup
    words = [demo, str(width), str(height), "--seed", str(seed), "--action", action]
    if demo == "mazes":
        words += ["--shape", shape, "--algorithm", algorithm]
    built = build(*words)
    rules_matrix(built)
    events = fresh_events(*words)
    exercise = Exercise(built.events, built.rules)
    for step, verdict in walk(exercise, lambda step: oracle(step, events), limit=80):
        assert verdict.correct, step


def test_the_backtracker_through_a_drawn_maze_counts_the_open_cells_as_visited() -> None:
    from solvers.exercise.maze import square_carve_rules

    drawn = mz.Maze.full(5, 4)
    drawn.set_wall((1, 1), (1, 2), False)  # a passage drawn by hand: both cells are in the maze already
    events = list(mz.carve_rest(drawn, 7))
    exercise = Exercise(iter(events), square_carve_rules(drawn))
    graded = walk(exercise, lambda step: step.expected, limit=200)
    carves = [step for step, _verdict in graded if step.kind == "carve.next"]
    assert carves and not any({6, 7} & step.expected for step in carves)  # type: ignore[operator]
    knocks = [e for e in events if type(e) is Carve and e.line == carving.LINE_CARVE_KNOCK]
    assert len(carves) == len(knocks)
    for step in carves:
        assert events[step.index].other in step.expected  # type: ignore[operator]


def test_the_square_backtrackers_neighbours_and_labels_are_the_square_graphs() -> None:
    from solvers.exercise.maze import square_carve_rules
    from solvers.mazes.graph import square

    for width, height in ((2, 2), (5, 4), (3, 7), (9, 2)):
        graph = square(width, height)
        rules = square_carve_rules(mz.Maze.full(width, height))
        cells = range(width * height)
        assert [tuple(rules.neighbours(cell)) for cell in cells] == list(graph.adjacency)
        assert [rules.label(cell) for cell in cells] == [graph.label(cell) for cell in cells]


def test_the_square_backtrackers_rules_for_a_big_maze_hold_no_cell_graph() -> None:
    """Exercise mode renews its rules on every new run: at 1000 x 1000 a cell graph of tuples was 236 MB."""
    import tracemalloc

    from solvers.exercise.maze import square_carve_rules

    maze = mz.Maze.full(1000, 1000)
    tracemalloc.start()
    try:
        rules = square_carve_rules(maze)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 8 * 2**20  # the maze's opened() mask, 1 MB, and its temporaries
    assert rules.neighbours(0) == (1, 1000) and rules.neighbours(999_999) == (998_999, 999_998)
    assert rules.label(1001) == "(1,1)"


def test_the_rooms_walk_goes_room_by_room_in_the_texts_order() -> None:
    built = build("rooms")
    graded = walk(Exercise(built.events, built.rules), lambda step: step.expected)
    asked = [(step.kind, step.label(step.expected)) for step, _verdict in graded]
    assert asked == [
        ("walk.next", "room 1"),  # from 2: A is visited, 1 comes before 3
        ("walk.back", "room 2"),  # 1 is a dead end: 2 still has 3 to try
        ("walk.next", "room 6"),  # from 4: 6 before 5
        ("walk.next", "room 7"),
        ("walk.back", "room 6"),  # 7 is a dead end: 6 still has 8
        ("walk.back", "room 4"),  # 8 is a dead end, and so is 6 now: back to 4, which has 5
    ]
    first = graded[0][0]
    assert "room A (visited), room 1, room 3" in first.explanation


def test_kruskal_keeps_a_wall_whose_cells_are_joined_and_says_the_set() -> None:
    built = build("mazes", "3", "3", "--algorithm", "kruskal", "--seed", "5")
    graded = walk(Exercise(built.events, built.rules), lambda step: step.expected, limit=100)
    kept = [step for step, _verdict in graded if step.expected == "keep"]
    knocked = [step for step, _verdict in graded if step.expected == "knock"]
    assert (
        len(knocked) == 8 and kept
    )  # a 3 x 3 tree has 8 passages; some walls come up after their cells join
    assert all("same set of" in step.explanation for step in kept)
    assert all("different sets" in step.explanation for step in knocked)


def test_a_generator_without_a_step_to_make_is_refused_in_one_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, _out, err = run(capsys, "exercise", "mazes", "--algorithm", "wilson", "--name", "a", stdin="")
    assert code == 2 and "wilson has no step to make" in err
