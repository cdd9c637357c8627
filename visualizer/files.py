"""The user's files: where they go by default, which were used lately, and which are read-only.

No pygame here.  Folders follow the platform's conventions through
`platformdirs`: documents for mazes and puzzles, pictures for PNG and GIF,
videos for MP4, the config folder for settings.  Settings are one JSON file
written atomically (never pickle).  Files shipped inside the installed
package are never written: a save there is turned into the user's own copy.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import platformdirs

APP = "unwind"
RECENT_KEPT = 8
"""Recent files remembered per kind of file."""

PICTURES = {".png", ".gif"}
VIDEOS = {".mp4"}


def assets_folder() -> Path:
    """The folder of files shipped with the app (read-only, whether installed or editable)."""
    import unwind_assets

    return Path(unwind_assets.__file__).resolve().parent


def is_bundled(path: Path) -> bool:
    """True for a file that ships with the app: it must never be written."""
    try:
        path.resolve().relative_to(assets_folder())
    except ValueError:
        return False
    return True


def documents_folder(kind: str) -> Path:
    """Where the user's files of `kind` ('maze', 'sudoku', ...) go by default."""
    return platformdirs.user_documents_path() / "Unwind" / kind


def exports_folder(suffix: str) -> Path:
    """Where pictures (PNG, GIF) or videos (MP4) go by default."""
    base = platformdirs.user_videos_path() if suffix in VIDEOS else platformdirs.user_pictures_path()
    return base / "Unwind"


def data_folder() -> Path:
    """The app's own data folder (autosaved work), in the platform's data folder."""
    return platformdirs.user_data_path(APP, appauthor=False)


def settings_path() -> Path:
    """The settings file in the platform's config folder."""
    return platformdirs.user_config_path(APP, appauthor=False) / "settings.json"


def own_copy(path: Path, kind: str) -> Path:
    """Where a save of `path` goes: `path` itself, or the user's folder when `path` is bundled."""
    return documents_folder(kind) / path.name if is_bundled(path) else path


@contextmanager
def replacing(path: Path) -> Iterator[Path]:
    """A new temporary path beside `path`; when the block succeeds it replaces `path` in one step.

    The temporary file is made with the usual permissions and keeps the
    suffix, which encoders read.  On failure the old file is left as it was.
    """
    temporary = path.with_name(f".{path.stem}.{os.urandom(4).hex()}.part{path.suffix}")
    temporary.open("xb").close()
    try:
        yield temporary
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)


def write_text_atomic(path: Path, text: str) -> None:
    """Write `text` (UTF-8) to `path` through a temporary file."""
    with replacing(path) as temporary:
        temporary.write_text(text, encoding="utf-8")


def load_settings() -> dict[str, Any]:
    """The saved settings, or none when the file is missing or unreadable (never an error)."""
    try:
        data = json.loads(settings_path().read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def save_settings(settings: dict[str, Any]) -> None:
    """Write the settings atomically (a failure is ignored: settings are a convenience)."""
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_text_atomic(path, json.dumps(settings, indent=2, ensure_ascii=False))
    except OSError:
        pass


def recent_files(kind: str) -> list[Path]:
    """The files of `kind` used lately, newest first, that still exist."""
    recent = load_settings().get("recent", {}).get(kind, [])
    return [Path(p) for p in recent if isinstance(p, str) and Path(p).is_file()]


def remember(kind: str, path: Path) -> None:
    """Put `path` at the top of the recent files of `kind`."""
    settings = load_settings()
    recent = settings.get("recent")
    if not isinstance(recent, dict):
        recent = settings["recent"] = {}
    entries = [str(path.resolve())] + [p for p in recent.get(kind, []) if p != str(path.resolve())]
    recent[kind] = entries[:RECENT_KEPT]
    save_settings(settings)
