"""Compact keyframes of a maze model: what lets a seek on a 1000 x 1000 run stay under a second.

A keyframe's bytes set how far apart the player places keyframes (a frame
may cost about 64 bytes per event since the last), and a seek applies up to
half that distance event by event.  A plain copy of a 1000 x 1000 model is
some 30 MB, so keyframes came every few hundred thousand events.  Here:

- the six 0/1 layers (walls right and below, visited, on the stack, dead
  ends, path) are packed 8 cells a byte (`numpy.packbits`);
- the stack is kept as flat cell ids in 4-byte ints;
- the lists that only grow at their end as the run goes on (cells popped,
  the deepest stack before each push) are prefixes of the run's longest
  history, kept once in a `Ledger` that all the run's frames share: a
  frame keeps only their lengths.
"""

from __future__ import annotations

from array import array
from itertools import repeat
from typing import Any, NamedTuple, Protocol

import numpy as np

from solvers.maze import Cell, Maze
from visualizer.keyframes import Ledger


class MazeState(Protocol):
    """What a frame packs and puts back of a maze model (model.MazeModel), which imports this module."""

    @property
    def maze(self) -> Maze: ...
    @property
    def visited(self) -> np.ndarray: ...
    @property
    def on_stack(self) -> np.ndarray: ...
    @property
    def dead(self) -> np.ndarray: ...
    @property
    def on_path(self) -> np.ndarray: ...
    @property
    def stack(self) -> list[Cell]: ...
    @property
    def popped(self) -> list[Cell]: ...
    @property
    def depth_maxima(self) -> list[int]: ...


class MazeFrame(NamedTuple):
    """A maze model's state: packed layers, the stack as ids, list lengths, counts."""

    layers: np.ndarray
    stack: array[int]
    lengths: tuple[int, int]
    values: tuple[Any, ...]
    ledger: Ledger  # shared by the run's frames (not counted in a frame's bytes)


GROWING = ("popped", "depth_maxima")
"""The model's lists that change only at their end: the ledger keeps them, a frame their lengths."""
VALUES = ("path", "unreachable", "carved", "visits", "dead_ends", "max_depth")
"""The model's plain values a frame keeps as they are (immutable)."""


def layers_of(model: MazeState) -> tuple[np.ndarray, ...]:
    """The model's 0/1 grids, in the order a frame packs them."""
    maze = model.maze
    return (maze.right, maze.bottom, model.visited, model.on_stack, model.dead, model.on_path)


def capture(model: MazeState, ledger: Ledger) -> MazeFrame:
    """The model's state as a compact frame (the ledger learns the lists' new items)."""
    ledger.grow(model, GROWING)
    width = model.maze.width
    stack = array("i", [row * width + col for row, col in model.stack])
    packed = np.packbits(np.stack(layers_of(model)).astype(bool))
    lengths = (len(model.popped), len(model.depth_maxima))  # as GROWING
    return MazeFrame(packed, stack, lengths, tuple(getattr(model, name) for name in VALUES), ledger)


def restore(model: MazeState, frame: MazeFrame) -> None:
    """Put the model in the frame's state, writing into its own arrays and lists."""
    layers = layers_of(model)
    shape = layers[0].shape
    count = len(layers) * shape[0] * shape[1]
    unpacked = np.unpackbits(frame.layers, count=count).reshape(len(layers), *shape)
    for live, saved in zip(layers, unpacked, strict=True):
        live[...] = saved
    model.stack[:] = map(divmod, frame.stack, repeat(model.maze.width))
    for name, length in zip(GROWING, frame.lengths, strict=True):
        frame.ledger.fit(getattr(model, name), name, length)
    for name, value in zip(VALUES, frame.values, strict=True):
        setattr(model, name, value)
