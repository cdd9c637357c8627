"""Keyframes for every demo's model: a restored state replays exactly; the packed event store is faithful."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable
from typing import Any

import numpy as np
import pytest

from solvers import maze as mz
from solvers import recursion as rec
from visualizer import keyframes
from visualizer.demos import DEMOS
from visualizer.eventstore import CHUNK, EventStore
from visualizer.player import END, Model, Player

EVENTS = 3000
"""Events per demo: enough to push, pop and backtrack in every one."""


def applied(make_model: Callable[[], Model], events: Iterable[Any]) -> Model:
    """A fresh model with `events` applied."""
    model = make_model()
    for event in events:
        model.apply(event)
    return model


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_a_keyframe_restored_then_replayed_equals_the_model_played_straight(name: str, open_demo) -> None:
    """restore(keyframe at i) then events i..j equals the model at j; the frame can be used again."""
    demo = open_demo(name).demo
    events = list(itertools.islice(demo.source(), EVENTS))
    if not events:
        pytest.skip(f"{name} waits for the user before it has events to play")
    i, j = len(events) // 3, 2 * len(events) // 3
    model = applied(demo.make_model, events[:i])
    frame = keyframes.capture(model)
    at_i = model.snapshot()
    for event in events[i:]:
        model.apply(event)
    keyframes.restore(model, frame)
    assert model.snapshot() == at_i, "restoring went back to a different state"
    for event in events[i:j]:
        model.apply(event)
    assert model.snapshot() == applied(demo.make_model, events[:j]).snapshot()
    keyframes.restore(model, frame)
    for event in reversed(events[:i]):
        model.revert(event)
    assert model.snapshot() == demo.make_model().snapshot(), "a restored model does not revert exactly"


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_a_later_keyframe_carries_an_earlier_model_forward(name: str, open_demo) -> None:
    """A model at i restored to the keyframe taken at j is the model at j (a seek forward)."""
    demo = open_demo(name).demo
    events = list(itertools.islice(demo.source(), EVENTS))
    if not events:
        pytest.skip(f"{name} waits for the user before it has events to play")
    j = 2 * len(events) // 3
    ahead = applied(demo.make_model, events[:j])
    behind = applied(demo.make_model, events[: len(events) // 4])
    keyframes.restore(behind, keyframes.capture(ahead))
    assert behind.snapshot() == ahead.snapshot()
    for event in events[j:]:
        behind.apply(event)
    assert behind.snapshot() == applied(demo.make_model, events).snapshot()


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_seeking_through_keyframes_matches_playing_straight(name: str, open_demo) -> None:
    """The player with a keyframe every 64 events: seeks back and forth land on forward play's states."""
    demo = open_demo(name).demo
    events = list(itertools.islice(demo.source(), EVENTS))
    if not events:
        pytest.skip(f"{name} waits for the user before it has events to play")
    reference = {}
    model = demo.make_model()
    for index, event in enumerate(events, 1):
        model.apply(event)
        if index % 241 == 0:
            reference[index] = model.snapshot()
    player = Player(lambda: itertools.islice(demo.source(), EVENTS), demo.make_model, keyframe_every=64)
    player.seek(END, now=True)
    for index in sorted(reference, key=lambda i: (i * 7919) % len(events)):
        player.seek(index, now=True)
        assert player.model.snapshot() == reference[index], f"seek to {index} landed elsewhere"


def test_keyframes_copy_and_restore_plain_data_in_place() -> None:
    """The default keyframe: containers copied, restored into the same objects; immutables shared."""

    class Plain:
        def __init__(self) -> None:
            self.grid = np.zeros((3, 3), np.uint8)
            self.stack = [(0, 0)]
            self.nested = [[1], [2]]
            self.seen = {1: [1]}
            self.count = 0

    model = Plain()
    grid, stack = model.grid, model.stack
    frame = keyframes.capture(model)
    model.grid[1, 1] = 5
    model.stack.append((1, 1))
    model.nested[0].append(3)
    model.seen[1].append(2)
    model.count = 9
    keyframes.restore(model, frame)
    assert model.grid is grid and model.stack is stack  # a view holding them still sees the model
    assert not model.grid.any() and model.stack == [(0, 0)] and model.nested == [[1], [2]]
    assert model.seen == {1: [1]} and model.count == 0
    model.nested[1].append(4)
    keyframes.restore(model, frame)
    assert model.nested == [[1], [2]], "the frame itself must not change when the model does"


def test_the_default_keyframe_refuses_what_it_cannot_copy() -> None:
    """An object with __slots__ (a linked structure, say) raises NotCopyable: the player then replays."""

    class Node:
        __slots__ = ("link",)

    class Linked:
        def __init__(self) -> None:
            self.head = Node()

    with pytest.raises(keyframes.NotCopyable):
        keyframes.capture(Linked())


def test_a_model_that_cannot_be_copied_still_seeks_exactly() -> None:
    """No keyframes at all: seeks walk and replay, and land on the same states."""

    class Node:
        __slots__ = ("value",)
        value: int

    class Uncopyable:
        def __init__(self) -> None:
            self.node = Node()
            self.node.value = 0

        def apply(self, event: object) -> None:
            self.node.value += 1

        def revert(self, event: object) -> None:
            self.node.value -= 1

        def snapshot(self) -> int:
            return self.node.value

    player = Player(lambda: iter(range(1, 10_001)), Uncopyable, keyframe_every=64, event_budget=1)
    player.seek(END, now=True)
    for target in (9_000, 10, 5_000, 10_000):
        player.seek(target, now=True)
        assert player.model.node.value == target == player.cursor
    assert player.memory()["keyframes"] == 0


@pytest.mark.parametrize(
    "source",
    [
        lambda: mz.carve(40, 30, 7),
        lambda: mz.solve(mz.generate(40, 30, 7)),
        lambda: rec.factorial_events(3, 5000, base_case=False),
        lambda: rec.tree_max_events(rec.random_tree(7, depth=5)),
        lambda: rec.factorial_events(25, 100),  # values past 64 bits
        lambda: iter([(1, True), (1, 1), (2, None), (2, "x")] * CHUNK),  # bool is not int here
    ],
)
def test_packed_events_come_back_equal_in_type_and_value(source) -> None:
    """The store packs chunks by column; what it gives back is what went in, field types included."""
    events = list(source())
    store = EventStore(budget=10**9)
    for event in events:
        store.append(event)
    back = list(store.span(0, store.count))
    assert back == events
    for got, sent in zip(back, events, strict=True):
        assert type(got) is type(sent)
        assert [type(field) for field in got] == [type(field) for field in sent]
    assert store[len(events) // 2] == events[len(events) // 2]


@pytest.mark.parametrize("disks", [1, 2, 3, 5, 8])
def test_hanoi_closed_form_is_the_stream_length(disks: int) -> None:
    """3 x (2^n - 1) events, as many as hanoi_events yields."""
    from solvers import hanoi
    from visualizer.scenes.hanoi.model import expected_events

    assert expected_events(disks) == sum(1 for _ in hanoi.hanoi_events(disks))


@pytest.mark.parametrize(
    ("n", "limit"), [(0, 12), (1, 12), (5, 12), (12, 12), (13, 12), (40, 12), (3, 1), (7, 500)]
)
@pytest.mark.parametrize("mode", ["factorial", "endless"])
def test_factorial_closed_form_is_the_stream_length(mode: str, n: int, limit: int) -> None:
    """Both factorial variants, under and over the stack limit."""
    from visualizer.scenes.recursion.model import FACTORIAL, expected_events

    events = rec.factorial_events(n, limit, base_case=mode == FACTORIAL)
    assert expected_events(mode, n, limit) == sum(1 for _ in events)


@pytest.mark.parametrize(("width", "height"), [(2, 2), (5, 5), (16, 10), (37, 23), (120, 80)])
def test_maze_carve_closed_form_is_the_stream_length(width: int, height: int) -> None:
    """4 x cells - 1 events for a carve of a full grid, whatever the seed."""
    from visualizer.scenes.maze.model import carve_events

    for seed in (0, 1, 99):
        assert carve_events(width, height) == sum(1 for _ in mz.carve(width, height, seed))


def test_the_demos_give_their_closed_form_to_the_timeline(app, open_demo) -> None:
    """Hanoi, factorial and a maze carve show their length before the first event; it is the real one."""
    for name in ("hanoi", "recursion", "maze"):
        shell = open_demo(name)
        if name == "maze" and shell.demo.action != "carve":
            continue  # an autosaved drawing came back: nothing to carve yet
        expected = shell.demo.expected_length()
        assert expected is not None and shell.run.known_length() == expected
        assert not shell.run.length_is_open and shell.run.total is None
        assert expected == sum(1 for _ in shell.demo.source())
