"""Where Unwind's data files are, installed (`unwind_assets`) or in a source checkout."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path


@cache
def assets_dir() -> Path:
    """The folder holding fonts/, thumbs/, sprites/ and puzzles/: the one beside this code first."""
    checkout = Path(__file__).resolve().parent.parent / "assets"
    if (checkout / "fonts").is_dir():  # a source checkout (an editable install may point elsewhere)
        return checkout
    try:
        root = resources.files("unwind_assets")
        path = Path(str(root))
        if (path / "fonts").is_dir():
            return path
    except ModuleNotFoundError:
        pass
    return checkout


def asset(*parts: str) -> Path:
    """The path of one asset, e.g. asset('fonts', 'DejaVuSans.ttf')."""
    return assets_dir().joinpath(*parts)
