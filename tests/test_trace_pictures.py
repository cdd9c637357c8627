"""Pictures beyond the tree follow the traced run: binary search's interval, merge sort's list, a grid.

Each gallery function is traced for real (a child process) and its events
applied one by one to a run model; the picture at each event must say what
the run says, and stepping back must give back the exact earlier picture.
"""

from __future__ import annotations

from pathlib import Path

from solvers.events import Pop, Push
from solvers.tracing.runner import trace
from visualizer.scenes.trace.model import RunModel
from visualizer.scenes.trace.pictures import Filling, Interval, Merging, literal, picture_for

GALLERY = Path(__file__).resolve().parents[1] / "assets" / "gallery"


def traced(file: str, func: str, *args: str) -> list:
    """The events of a gallery function's run (generous time limit: the tests never depend on speed)."""
    result = trace(GALLERY / file, func, *args, seconds=300)
    assert result.error is None and result.stopped is None
    return result.events


def played(events: list) -> tuple[RunModel, list]:
    """A run model with every event applied, and the picture after each event (index 0: before any)."""
    run = RunModel()
    pictures = [picture_for(run)]
    for index, event in enumerate(events):
        run.apply(event, index)
        pictures.append(picture_for(run))
    return run, pictures


def test_binary_search_interval_at_each_call_is_its_arguments() -> None:
    """At every Push the interval is the call's low..high; the middle marked is the one the call computes."""
    items = [1, 3, 4, 6, 8, 9, 11, 14, 17]
    events = traced("binary_search.py", "binary_search", str(items), "11")
    run = RunModel()
    seen = []
    for index, event in enumerate(events):
        run.apply(event, index)
        picture = picture_for(run)
        if isinstance(event, Push):
            args = {name: literal(value) for name, value in event.what.args}
            assert isinstance(picture, Interval) and picture.items == tuple(items)
            high = len(items) - 1 if args["high"] is None else args["high"]
            assert (picture.low, picture.high) == (args["low"], high)
            seen.append((picture.low, picture.high))
        if isinstance(picture, Interval) and picture.middle is not None:
            assert picture.middle == (picture.low + picture.high) // 2
    assert seen == [(0, 8), (5, 8)]  # middle 4 holds 8 < 11; then middle 6 holds 11


def test_merge_sort_list_is_sorted_after_the_last_return_and_slices_follow_the_calls() -> None:
    """At each merge_sort Push the lit slice holds that call's items; after the last Pop it is sorted."""
    items = [5, 2, 8, 1, 9, 3, 7, 4]
    events = traced("merge_sort.py", "merge_sort", str(items))
    run = RunModel()
    for index, event in enumerate(events):
        run.apply(event, index)
        picture = picture_for(run)
        assert isinstance(picture, Merging)
        if isinstance(event, Push) and event.what.func == "merge_sort":
            called = literal(dict(event.what.args)["items"])
            assert sorted(picture.items[picture.start : picture.stop]) == sorted(called)
            assert picture.stop - picture.start == len(called)
        assert sorted(picture.items) == sorted(items), "the list keeps its items"
    last_pop = max(i for i, event in enumerate(events) if isinstance(event, Pop))
    assert last_pop == len(events) - 1
    assert isinstance(picture, Merging) and picture.done and list(picture.items) == sorted(items)


def reachable(grid: list[list[int]], start: tuple[int, int]) -> set[tuple[int, int]]:
    """The empty cells reachable from `start` by steps up, down, left, right (a plain search)."""
    todo, seen = [start], set()
    while todo:
        row, col = todo.pop()
        if (row, col) in seen or not (0 <= row < len(grid) and 0 <= col < len(grid[0])) or grid[row][col]:
            continue
        seen.add((row, col))
        todo += [(row + 1, col), (row - 1, col), (row, col + 1), (row, col - 1)]
    return seen


def test_flood_fill_fills_exactly_the_reachable_region_and_step_back_unfills() -> None:
    """After the run the painted cells are the reachable region; every revert restores the picture."""
    grid = [[0, 0, 1, 0], [1, 0, 1, 0], [0, 0, 0, 0], [0, 1, 1, 1]]
    events = traced("flood_fill.py", "flood_fill", str(grid), "0", "0")
    run, pictures = played(events)
    final = pictures[-1]
    assert isinstance(final, Filling)
    painted = {(r, c) for r, line in enumerate(final.grid) for c, cell in enumerate(line) if cell == 2}
    assert painted == reachable(grid, (0, 0))
    counts = [sum(line.count(2) for line in p.grid) for p in pictures if isinstance(p, Filling)]
    assert counts == sorted(counts) and counts[-1] == len(painted), "cells fill one by one, never unfill"
    for index in range(len(events) - 1, -1, -1):
        run.revert(events[index])
        assert picture_for(run) == pictures[index], f"step back to event {index} changed the picture"


def test_a_students_function_of_the_same_name_gets_the_picture_only_when_its_arguments_fit() -> None:
    """A merge_sort of the student's over a list gets the picture; a binary_search over a string does not."""
    _, pictures = played(traced("merge_sort.py", "merge_sort", "[3, 1, 2]"))
    assert isinstance(pictures[-1], Merging) and pictures[-1].items == (1, 2, 3)
    _, odd = played(traced("palindrome.py", "is_palindrome", "'abba'"))
    assert all(picture is None for picture in odd)
