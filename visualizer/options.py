"""How the app was started: the command line's choices, as one value."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from solvers.lessons import Lesson


@dataclass
class Options:
    """How the app was started (see `python -m visualizer --help`)."""

    demo: str | None = None
    seed: int = 1
    autoplay: bool = False
    speed: float | None = None
    frames: int | None = None
    screenshot: Path | None = None
    size: tuple[int, int] = (1280, 800)
    scale: float = 1.0
    out_dir: Path | None = None  # None: the platform's pictures / videos folder
    export: Path | None = None
    lang: str | None = None  # --lang; None: the saved choice, else the system's
    exercise: bool = False  # --exercise: the demo opens in exercise mode
    lesson: Lesson | None = None  # --lesson FILE, read and checked
    step: int = 1  # --step K: the lesson opens at its K-th step
    class_session: bool = False  # --class: a class session starts with the app
    bind: str | None = None  # --bind ADDR; None: the machine's address on the network
    port: int = 0  # --port N; 0: a free one
    handout: Path | None = None  # --handout FILE.pdf: the lesson's steps printed, then quit
