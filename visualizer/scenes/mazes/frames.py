"""The keyframe scheme of the one maze model (square and every shape): compact frames for fast seeks.

A keyframe's bytes set how far apart the player places keyframes (a frame
may cost about 64 bytes per event since the last), and a seek applies up to
half that distance event by event.  A plain copy of a 1000 x 1000 square
model is some 30 MB, so keyframes came every few hundred thousand events.
A model says what its frame keeps in a `Plan`, by attribute name:

- `bits`: per-cell layers (numpy arrays or bytearrays), packed 8 cells a
  byte (`numpy.packbits`) while they hold only 0 and 1, kept whole when a
  count passed 1 (a cell pushed twice by the shared-state bug): the square's
  walls right and below, cells in the maze or reached, on the stack, dead
  ends, path;
- `copies`: containers copied as they are (Prim's counts per cell, the stack
  of ids: 4 bytes a cell);
- `growing`: lists that change only at their end as the run goes on (the
  deepest stack before each push, the passages carved, the current cell
  before each event, which cells each event brought in): they are prefixes of the run's longest
  history, kept once in a `Ledger` that all the run's frames share, and a
  frame keeps only their lengths (so a frame late in a long run costs no
  more than an early one);
- `values`: plain immutable values, kept as they are.

Restoring writes into the model's own arrays and lists, so a view holding
one of them keeps seeing the model.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from visualizer import keyframes
from visualizer.keyframes import Ledger


class Plan(NamedTuple):
    """What a maze model's keyframe keeps of it, by attribute name (see the module's docstring)."""

    bits: tuple[str, ...] = ()
    copies: tuple[str, ...] = ()
    growing: tuple[str, ...] = ()
    values: tuple[str, ...] = ()


class MazeFrame(NamedTuple):
    """A maze model's state: packed 0/1 layers (or whole counts), copied containers, list lengths, values."""

    bits: np.ndarray
    packed: bool  # `bits` holds 8 cells a byte (False: a byte a cell, some count was above 1)
    copies: tuple[Any, ...]
    lengths: tuple[int, ...]
    values: tuple[Any, ...]
    ledger: Ledger  # shared by the run's frames (not counted in a frame's bytes)


def capture(model: object, plan: Plan, ledger: Ledger) -> MazeFrame:
    """The model's state as a compact frame (the ledger learns the growing lists' new items)."""
    ledger.grow(model, plan.growing)
    layers = [np.asarray(getattr(model, name), np.uint8).ravel() for name in plan.bits]
    cells = np.concatenate(layers) if layers else np.zeros(0, np.uint8)
    packed = not cells.size or int(cells.max()) <= 1
    return MazeFrame(
        np.packbits(cells) if packed else cells,
        packed,
        tuple(keyframes.copy_value(getattr(model, name)) for name in plan.copies),
        tuple(len(getattr(model, name)) for name in plan.growing),
        tuple(getattr(model, name) for name in plan.values),
        ledger,
    )


def restore(model: object, plan: Plan, frame: MazeFrame) -> None:
    """Put the model in the frame's state, writing into its own arrays and lists."""
    layers = [np.asarray(getattr(model, name), np.uint8) for name in plan.bits]
    count = sum(layer.size for layer in layers)
    unpacked = np.unpackbits(frame.bits, count=count) if frame.packed else frame.bits
    start = 0
    for live in layers:
        live.reshape(-1)[...] = unpacked[start : start + live.size]
        start += live.size
    for name, saved in zip(plan.copies, frame.copies, strict=True):
        setattr(model, name, keyframes.restored(getattr(model, name), saved))
    for name, length in zip(plan.growing, frame.lengths, strict=True):
        frame.ledger.fit(getattr(model, name), name, length)
    for name, value in zip(plan.values, frame.values, strict=True):
        setattr(model, name, value)
