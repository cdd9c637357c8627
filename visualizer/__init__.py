"""Unwind's app: the player, the shell every demo shares, and the demos' scenes."""

import os

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
