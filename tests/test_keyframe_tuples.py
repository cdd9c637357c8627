"""Keyframes of models that keep their parts in a tuple (the mazes demo's two generators side by side).

The soak found it: the default copy saved a tuple of objects as a tuple of
their attributes, and restoring it turned each part into a plain dict, so
the next event failed ("'dict' object has no attribute 'apply'").
"""

from __future__ import annotations

from visualizer import keyframes
from visualizer.player import Player
from visualizer.scenes.mazes.cells import CellModel
from visualizer.scenes.mazes.model import COMPARE, PairModel


class Part:
    """A plain model part with a list that grows."""

    def __init__(self) -> None:
        self.cells: list[int] = []


class Pair:
    """Two parts in a tuple, as PairModel keeps them."""

    def __init__(self) -> None:
        self.sides: tuple[Part, ...] = (Part(), Part())


def test_a_tuple_of_parts_is_restored_into_the_same_parts() -> None:
    """Restoring keeps the tuple's live parts (views hold them) and gives them back their lists."""
    model = Pair()
    model.sides[0].cells.extend([1, 2])
    frame = keyframes.capture(model)
    left, right = model.sides
    left.cells.append(3)
    right.cells.append(9)
    keyframes.restore(model, frame)
    assert model.sides[0] is left and model.sides[1] is right
    assert (left.cells, right.cells) == ([1, 2], [])


def test_a_tuple_of_parts_is_rebuilt_as_parts_when_the_live_one_differs() -> None:
    """A model whose tuple was replaced gets parts of the saved class back, never dicts."""
    model = Pair()
    model.sides[1].cells.append(4)
    frame = keyframes.capture(model)
    replaced: tuple[Part, ...] = ()
    model.sides = replaced
    keyframes.restore(model, frame)
    assert [type(side) for side in model.sides] == [Part, Part]
    assert model.sides[1].cells == [4]


def test_the_mazes_side_by_side_run_seeks_back_through_a_keyframe(open_demo) -> None:
    """Two generators side by side, a keyframe every 64 events: seeks back land on played states."""
    demo = open_demo("mazes").demo
    demo.set_mode(COMPARE)
    player = Player(demo.source, demo.make_model, keyframe_every=64)
    player.seek(100, now=True)
    expected = player.model.snapshot()
    player.seek(10**6, now=True)  # the end (a small maze: about 300 events)
    player.seek(100, now=True)
    assert player.cursor == 100 and player.model.snapshot() == expected
    player.seek(110, now=True)
    assert isinstance(player.model, PairModel)
    assert all(type(side) is CellModel for side in player.model.sides)
