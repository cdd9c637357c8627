"""Seeks stay exact when keyframes thin out, and the player's memory stays within its budgets."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterator
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from solvers import maze as mz
from solvers import recursion as rec
from visualizer import keyframes
from visualizer.player import END, Player
from visualizer.scenes.maze.model import CARVE, SOLVE, square_model
from visualizer.scenes.recursion.model import ENDLESS, FACTORIAL, TREE, LinearFrame, RecursionModel

Run = tuple[Callable[[], Iterator[Any]], Callable[[], Any]]


def endless(limit: int) -> Run:
    """Recursion without a base case, `limit` deep: a linear run whose state grows with it."""
    return (lambda: rec.factorial_events(3, limit, base_case=False), lambda: RecursionModel(ENDLESS))


def factorial(n: int) -> Run:
    """Factorial with its base case and the loop beside it."""
    return (lambda: rec.factorial_events(n, 500, base_case=True), lambda: RecursionModel(FACTORIAL))


def tree(seed: int) -> Run:
    """The maximum of a random tree: not linear, copied whole."""
    root = rec.random_tree(seed)
    return (lambda: rec.tree_max_events(root), lambda: RecursionModel(TREE))


def carve(seed: int) -> Run:
    """A 24 x 16 maze carved from a full grid."""
    base = mz.Maze.full(24, 16)
    return (lambda: mz.carve_rest(base, seed), lambda: square_model(base.copy(), CARVE, base.opened()))


def solve(seed: int) -> Run:
    """A 20 x 14 maze solved by backtracking."""
    maze = mz.generate(20, 14, seed)
    return (lambda: mz.solve(maze), lambda: square_model(maze.copy(), SOLVE))


RUNS: dict[str, Callable[[int], Run]] = {
    "endless": lambda seed: endless(300 + seed % 400),
    "factorial": lambda seed: factorial(20 + seed % 21),
    "tree": tree,
    "carve": carve,
    "solve": solve,
}


def replayed(run: Run, count: int) -> tuple[object, object]:
    """The model's and the counters' snapshots after the first `count` events, played straight."""
    source, make_model = run
    fresh = Player(source, make_model, keyframe_every=10**9)
    for _ in range(count):
        fresh.step()
    return fresh.model.snapshot(), fresh.counters.snapshot()


def state(player: Player) -> tuple[object, object]:
    """The player's model and counters as comparable values."""
    return player.model.snapshot(), player.counters.snapshot()


def thinned_player(run: Run) -> Player:
    """A player whose keyframe budget is so small that its keyframes thin out as the run plays."""
    source, make_model = run
    player = Player(source, make_model, keyframe_every=4, keyframe_budget=3_000)
    player.seek(END, now=True)
    return player


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(sorted(RUNS)),
    seed=st.integers(0, 2**16),
    points=st.lists(st.floats(0, 1), min_size=1, max_size=6),
)
def test_a_seek_after_thinning_lands_on_the_state_of_a_fresh_replay(
    name: str, seed: int, points: list[float]
) -> None:
    """Seeks back and forth, after the keyframes thinned, equal a fresh model played to the same event."""
    run = RUNS[name](seed)
    player = thinned_player(run)
    total = player.cursor
    assert player.spacing > 4, "the keyframes should have thinned out"
    assert player.memory()["keyframe_bytes"] <= 3_000
    for point in points:
        target = round(point * total)
        player.seek(target, now=True)
        assert player.cursor == target
        assert state(player) == replayed(run, target), f"{name} seed {seed}: seek to {target} of {total}"


@settings(max_examples=15, deadline=None)
@given(name=st.sampled_from(sorted(RUNS)), seed=st.integers(0, 2**16), back=st.integers(1, 300))
def test_end_then_steps_back_equal_a_replay(name: str, seed: int, back: int) -> None:
    """End, then `back` single steps back: the state of a replay to total - back (every step exact)."""
    run = RUNS[name](seed)
    source, make_model = run
    player = Player(source, make_model, keyframe_every=64)
    player.seek(END, now=True)  # what End does, at once
    total = player.cursor
    assert player.at_end and total == player.total
    back = min(back, total)
    for _ in range(back):
        assert player.back()
    assert state(player) == replayed(run, total - back)


def stored_bytes(player: Player) -> int:
    """The bytes of the keyframes the player holds, counted frame by frame."""
    frames = player._frames.values()  # the player's own store, counted independently of its tally
    return sum(keyframes.footprint(frame.model) + 200 for frame in frames)


def test_keyframes_and_events_stay_within_their_budgets() -> None:
    """A 60,000-event endless run under small budgets: the stored bytes, counted, are within them."""
    source, make_model = endless(30_000)
    player = Player(source, make_model, keyframe_every=64, keyframe_budget=20_000, event_budget=200_000)
    player.seek(END, now=True)
    memory = player.memory()
    assert player.cursor == 60_009
    assert stored_bytes(player) == memory["keyframe_bytes"] <= 20_000
    assert memory["event_bytes"] <= 200_000 and memory["events"] < 60_009, "old events should be dropped"
    player.seek(10, now=True)  # before the kept events: a replay, still exact
    assert state(player) == replayed((source, make_model), 10)


def test_a_linear_recursion_keyframe_does_not_grow_with_the_stack() -> None:
    """Frames of a 20,000-deep run cost the same few hundred bytes as those of a shallow one."""
    for limit in (50, 20_000):
        source, make_model = endless(limit)
        model = make_model()
        for event in itertools.islice(source(), 2 * limit):
            model.apply(event)
        frame = keyframes.capture(model)
        assert isinstance(frame, LinearFrame)
        assert keyframes.footprint(frame) < 1_000, f"a frame at depth {limit} copies the stack"


def test_a_linear_frame_restores_into_a_model_that_has_gone_further() -> None:
    """Capture at i, play on to the end, restore: the model at i, in the same containers."""
    source, make_model = endless(500)
    events = list(source())
    model = make_model()
    for event in events[:700]:
        model.apply(event)
    frame, at_700 = keyframes.capture(model), model.snapshot()
    stack, depths = model.stack, model.depths
    for event in events[700:]:
        model.apply(event)
    keyframes.restore(model, frame)
    assert model.snapshot() == at_700
    assert model.stack is stack and model.depths is depths, "views holding them must see the restore"
