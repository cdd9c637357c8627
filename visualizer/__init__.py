"""Unwind's app: the player, the shell every demo shares, and the demos' scenes."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MIN_WINDOW = (800, 500)
"""The smallest window the layout is made for (the launcher's --size and the window's own limit)."""
MAX_WINDOW = (7680, 4320)
