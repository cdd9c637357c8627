"""Where Unwind's data files are, installed (`unwind_assets`) or in a source checkout."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path


@cache
def assets_dir() -> Path:
    """The folder holding fonts/, thumbs/, sprites/ and puzzles/."""
    try:
        root = resources.files("unwind_assets")
        path = Path(str(root))
        if (path / "fonts").is_dir():
            return path
    except ModuleNotFoundError:
        pass
    # Running from a checkout that was never installed.
    return Path(__file__).resolve().parent.parent / "assets"


def asset(*parts: str) -> Path:
    """The path of one asset, e.g. asset('fonts', 'DejaVuSans.ttf')."""
    return assets_dir().joinpath(*parts)
