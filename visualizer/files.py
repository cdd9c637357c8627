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
import sys
from pathlib import Path
from typing import Any

import platformdirs

from solvers import textio
from solvers.i18n import _

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


def load_settings() -> dict[str, Any]:
    """The saved settings; none when the file is missing, and a bad one is set aside (never an error)."""
    path = settings_path()
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    except UnicodeDecodeError:
        return set_aside(path, _("not UTF-8 text"))
    except OSError:
        return {}  # unreadable (permissions): nothing to set aside that we could write
    try:
        data = json.loads(text, parse_constant=_no_constant)
    except (ValueError, RecursionError):  # bad JSON, NaN or Infinity, nesting too deep
        return set_aside(path, _("not valid JSON"))
    if not well_formed(data):
        return set_aside(path, _("not the settings Unwind writes"))
    return dict(data)


def _no_constant(name: str) -> Any:
    """json's hook for NaN and Infinity: settings never hold them."""
    raise ValueError(name)


def well_formed(data: Any) -> bool:
    """True for settings as Unwind writes them: an object, language a text, recent files lists of texts."""
    if not isinstance(data, dict):
        return False
    if not isinstance(data.get("language", ""), str):
        return False
    recent = data.get("recent", {})
    if not isinstance(recent, dict):
        return False
    return all(
        isinstance(paths, list) and all(isinstance(p, str) for p in paths) for paths in recent.values()
    )


def set_aside(path: Path, reason: str) -> dict[str, Any]:
    """Rename a bad settings file out of the way and say so in one line; the defaults (no settings)."""
    aside = path.with_name(path.name + ".bad")
    try:
        os.replace(path, aside)
    except OSError:
        return {}
    message = _(
        "unwind: the settings file {path} was {reason}; it is kept as {aside} and the defaults are used"
    )
    print(message.format(path=path, reason=reason, aside=aside.name), file=sys.stderr)
    return {}


def save_settings(settings: dict[str, Any]) -> None:
    """Write the settings atomically (a failure is ignored: settings are a convenience)."""
    path = settings_path()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        textio.write_atomic(path, json.dumps(settings, indent=2, ensure_ascii=False))
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
