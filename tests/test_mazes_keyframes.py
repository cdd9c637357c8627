"""Maze-shapes keyframes: passages along a shared ledger, exact restores, a full repaint after one."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pygame
import pytest

from solvers.mazes import generators as gen
from solvers.mazes import graph as g
from solvers.mazes.walk import corridors, solve
from visualizer import keyframes
from visualizer.player import Model
from visualizer.scenes.mazes.frames import MazeFrame
from visualizer.scenes.mazes.model import SOLVE, PairModel, lockstep, shape_model
from visualizer.scenes.mazes.paint import ShapeCanvas
from visualizer.scenes.mazes.view import RunLook


def run_with_frames(
    model: Model, events: Sequence[object], every: int
) -> tuple[list[object], dict[int, object]]:
    """Apply the events; the snapshot after each, and a keyframe every `every` events."""
    snapshots, frames = [model.snapshot()], {0: keyframes.capture(model)}
    for index, event in enumerate(events, start=1):
        model.apply(event)
        snapshots.append(model.snapshot())
        if index % every == 0:
            frames[index] = keyframes.capture(model)
    return snapshots, frames


@pytest.mark.parametrize("shape", ["hex", "polar", "3d"])
def test_keyframes_of_a_carving_restore_exactly_from_ahead_and_behind(shape: str) -> None:
    """Restoring any frame, from the end, then from an earlier frame, gives that moment's snapshot."""
    graph = g.build(shape, 9, 8)
    events = list(gen.backtracker(graph, 5))
    model = shape_model(graph, pushes=True)
    snapshots, frames = run_with_frames(model, events, 17)
    own = {
        index: frame
        for index, frame in frames.items()
        if isinstance(frame, tuple) and all(isinstance(part, MazeFrame) for part in frame)
    }
    assert len(frames) > 4 and own == frames  # the model makes its own frames: its state's, its walls'
    assert not any(
        isinstance(kept, set) for frame in own.values() for kept in frame[0].copies + frame[1].copies
    )
    learnt = model.ledger.history("carves")  # learnt with the frames
    assert len(learnt) == own[max(own)][1].lengths[0] > graph.size // 2
    order = sorted(frames, reverse=True) + sorted(frames)[1::2]
    for index in order:
        keyframes.restore(model, frames[index])
        assert model.snapshot() == snapshots[index]
        assert model.take_dirty() is None and model.take_dirty() == []  # one full repaint, then cell by cell


def test_a_fresh_model_restored_from_a_frame_walks_on_exactly() -> None:
    """A replay's new model restored from the middle applies the rest of the run to the same end."""
    graph = g.build("hex", 10, 10)
    events = list(gen.backtracker(graph, 2))
    snapshots, frames = run_with_frames(shape_model(graph, pushes=True), events, 50)
    assert len(events) > 150
    fresh = shape_model(graph, pushes=True)
    keyframes.restore(fresh, frames[100])
    for event in events[100:150]:
        fresh.apply(event)
    assert fresh.snapshot() == snapshots[150]
    for event in reversed(events[50:150]):
        fresh.revert(event)
    assert fresh.snapshot() == snapshots[50]


def test_the_two_sides_of_a_pair_restore() -> None:
    """The bug run beside the correct one: both sides come back from any frame."""
    graph = g.build("polar", 8, 8)
    pair = PairModel(shape_model(graph, pushes=True), shape_model(graph, pushes=True))
    events = list(lockstep(gen.backtracker_shared(graph, 3), gen.backtracker(graph, 3)))
    snapshots, frames = run_with_frames(pair, events, 40)
    assert len(frames) > 4
    for index in sorted(frames, reverse=True):
        keyframes.restore(pair, frames[index])
        assert pair.snapshot() == snapshots[index]


def test_solving_keyframes_keep_the_given_passages() -> None:
    """A search's frames restore its marks and path; the maze's passages stay as given."""
    graph = g.build("hex", 12, 12)
    given = gen.generate(graph, "backtracker", 4)
    model = shape_model(graph, passages=given)
    events = list(solve(corridors(graph, model.opened), graph.start, graph.goal))
    snapshots, frames = run_with_frames(model, events, 31)
    assert model.path is not None
    for index in sorted(frames):
        keyframes.restore(model, frames[index])
        assert model.snapshot() == snapshots[index]
        assert model.opened == {tuple(sorted(p)) for p in given}


@pytest.mark.parametrize("mode", ["carve", SOLVE])
def test_the_picture_after_a_seek_equals_a_full_paint(mode: str, app, open_demo) -> None:
    """Seeks restore keyframes into the live model: the maze on screen is then repainted whole."""
    shell = open_demo("mazes")
    demo = shell.demo
    demo.set_side(30)
    demo.set_shape("hex")
    demo.set_mode(mode)
    run = shell.run
    run.seek(10**9, now=True)
    app.frame(1 / 60)
    end, restores = run.cursor, 0
    assert end > 1000
    for target in (end // 3, end * 2 // 3, 5, end - 1):
        generation = run.generation
        run.seek(target, now=True)
        restores += run.generation > generation  # a keyframe restored into the live model
        app.frame(1 / 60)
        canvas = demo.canvas
        assert canvas.surface is not None and canvas.shapes is not None
        fresh = ShapeCanvas()
        fresh.draw(
            pygame.Surface(app.surface.get_size()), canvas.shapes.rect, demo.graph, RunLook(run.model), [], 0
        )
        assert fresh.surface is not None
        live, whole = pygame.surfarray.array2d(canvas.surface), pygame.surfarray.array2d(fresh.surface)
        assert run.cursor == target and np.array_equal(live, whole)
    assert restores >= 2


def test_a_frame_late_in_a_long_walk_costs_no_more_than_an_early_one() -> None:
    """The current cell before each event is kept along the run's ledger, not copied into every frame.

    Aldous-Broder walks many steps per cell: a frame that copied the model's trail grew by 4 bytes an
    event, so frames late in the run were several times dearer and the player spaced them further apart.
    """
    graph = g.build("hex", 20, 20)
    events = list(gen.aldous_broder(graph, 3, steps=True))
    assert len(events) > 2_000
    model = shape_model(graph)
    for event in events[:100]:
        model.apply(event)
    early = keyframes.footprint(keyframes.capture(model))
    for event in events[100:]:
        model.apply(event)
    late = keyframes.footprint(keyframes.capture(model))
    assert late < early + len(events) // 4, (early, late)
