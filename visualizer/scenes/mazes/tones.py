"""The tones of a maze's cells, one set for every shape: the square and the shapes demo paint a run alike.

A class that watches the square maze and then a hexagonal one reads the same
colour as the same thing: the stack (the way back, the path being tried),
the cells a search reached, a dead end, the way out, the rock not carved
yet.  The square's canvas (`maze/canvas.palette`) and the shapes' painter
(`mazes/view.RUN_COLOURS`) both take them from here.
"""

from __future__ import annotations

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
"""A dead end the search left."""
PATH = th.blend(FLOOR, th.DONE, 0.75)
"""The way out."""
REACHED = th.blend(FLOOR, th.VISITED, 0.6)
"""Reachable from the start when the goal is not."""
