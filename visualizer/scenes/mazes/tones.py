"""The tones of a maze's cells, one set for every shape: the square and the shapes demo paint a run alike.

A class that watches the square maze and then a hexagonal one reads the same
colour as the same thing: the stack (the way back, the path being tried),
the cells a search reached, a dead end, the way out, the rock not carved
yet; a dead end is also hatched, for eyes that do not tell the colours
apart.  The square's canvas (`maze/canvas.palette`) and the shapes' painter
(`mazes/view.RUN_COLOURS`, `mazes/paint.ShapeCanvas`) both take them from here.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from visualizer import theme as th

FLOOR = th.PANEL
"""A carved cell, or one the search has not reached."""
ROCK = th.blend(th.FAINT, th.MUTED, 0.3)
"""Not carved yet (or, while drawing, a cell with all its walls up)."""
STACKED = th.blend(FLOOR, th.WAITING, 0.6)
"""On the stack: the way back while carving, the path being tried while searching."""
SEEN = th.blend(FLOOR, th.VISITED, 0.4)
"""Reached by the search."""
DEAD = th.blend(FLOOR, th.DEAD, 0.32)
"""A dead end the search left (hatched with STRIPE: the second cue besides colour)."""
STRIPE = th.blend(DEAD, th.DEAD, 0.6)
"""A dead end's stripes."""
STRIPE_EVERY = 4
"""A dead end's stripes run on every 4th diagonal of pixels: where (x + y) % 4 == 0."""
PATH = th.blend(FLOOR, th.DONE, 0.75)
"""The way out."""
REACHED = th.blend(FLOOR, th.VISITED, 0.6)
"""Reachable from the start when the goal is not."""


def striped(xs: npt.NDArray[np.int64], ys: npt.NDArray[np.int64]) -> npt.NDArray[np.bool_]:
    """True for the pixels (xs, ys) a dead end's stripes cover."""
    return (xs + ys) % STRIPE_EVERY == 0
