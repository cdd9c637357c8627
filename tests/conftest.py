"""Headless pygame for every test, English whatever the machine's locale, and fixtures that open the app.

The locale variables are pinned before anything reads them, so the app, the CLI and every
subprocess a test starts speak English (the source language the tests' expected text is in)
on a Korean or Chinese machine too; a test about the language choice sets it explicitly.
"""

from __future__ import annotations

import os
import signal

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

for _variable in ("LC_ALL", "LC_MESSAGES", "LANGUAGE"):
    os.environ.pop(_variable, None)
os.environ["LANG"] = "C.UTF-8"  # UTF-8 text, English messages (i18n reads 'C.*' as no language)

PUBLIC_DATA = Path(__file__).resolve().parent / "data"
"""Public puzzle sets and known counts shipped with the tests (their sources: data/SOURCES.md)."""


@pytest.fixture(autouse=True)
def own_user_folders(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own home: settings, logs, documents and pictures never touch the real ones."""
    home = tmp_path_factory.mktemp("home")
    monkeypatch.setenv("HOME", str(home))
    for name, folder in {
        "XDG_CONFIG_HOME": ".config",
        "XDG_STATE_HOME": ".local/state",
        "XDG_DATA_HOME": ".local/share",
        "XDG_CACHE_HOME": ".cache",
        "XDG_DOCUMENTS_DIR": "Documents",
        "XDG_PICTURES_DIR": "Pictures",
        "XDG_VIDEOS_DIR": "Videos",
    }.items():
        monkeypatch.setenv(name, str(home / folder))
    return home


@pytest.fixture(autouse=True)
def in_english() -> Iterator[None]:
    """Every test starts and ends speaking English, even after one that switched language fails."""
    from solvers import i18n

    i18n.use(i18n.SOURCE_LANGUAGE)
    yield
    i18n.use(i18n.SOURCE_LANGUAGE)


def default_sigint() -> None:
    """Popen's preexec_fn for a child a test sends Ctrl-C: SIGINT handled as at a terminal.

    pytest started as a background job of a non-interactive shell has SIGINT ignored, and a
    child inherits that (Python then never raises KeyboardInterrupt), so the child undoes it.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


@pytest.fixture
def public_data() -> Path:
    """The folder tests/data: public puzzle sets and known counts, shipped so a clone alone runs them."""
    return PUBLIC_DATA


@pytest.fixture
def app(tmp_path: Path) -> Iterator[object]:
    """The app on its home screen, in a dummy window; pictures go to tmp_path."""
    import pygame

    from visualizer.app import App, Options

    application = App(Options(out_dir=tmp_path))
    yield application
    application.finish()
    pygame.display.quit()
    assert application.faults == [], "the app caught faults (a test expecting one clears app.faults)"


@pytest.fixture
def open_demo(app: object) -> Callable[..., object]:
    """open_demo(name, autoplay=False, speed=None) -> the demo's Shell."""

    def opener(name: str, *, autoplay: bool = False, speed: float | None = None) -> object:
        app.open(name, autoplay=autoplay, speed=speed)  # type: ignore[attr-defined]
        screen = app.screen  # type: ignore[attr-defined]
        assert getattr(screen, "demo", None) is not None, f"demo {name} did not open"
        return screen

    return opener
