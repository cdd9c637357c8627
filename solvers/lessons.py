"""Lessons: a TOML file of steps, each a demo at a position in its run with a caption per language.

The format is documented in docs/lessons.md.  This module only reads, checks and
writes the file (no pygame): the app plays a lesson by seeking its player
(visualizer/lesson.py), and `python -m solvers lesson check FILE` checks one.
Every problem names the file, the line and what is wrong, in the user's language.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from solvers import events as ev
from solvers.i18n import LANGUAGES, N_, _
from solvers.sudoku import parse_puzzle

FORMAT = 1
"""The version of the file format this module reads and writes."""

MAX_BYTES = 1_000_000
"""A lesson larger than this is not a lesson."""

DEMOS = (
    "recursion", "maze", "mazes", "rooms", "sudoku", "queens", "pentomino",
    "dlx", "tictactoe", "gametree", "frogs", "hanoi", "trace", "games",
)  # fmt: skip
"""The demos a step may open (the app's names; a test keeps them equal)."""

EXERCISES = ("every", "decisions", "backtracks")
"""The exercise steps a lesson step may turn on (visualizer/exercisemode.py's CYCLE)."""

PANELS = ("counters", "code", "log")
"""The side cards a step may bring forward."""

ZOOMS = range(1, 7)
"""Presenter scale steps a step may ask for (1 is the normal size)."""

KINDS = frozenset(
    {name for name, value in vars(ev).items() if isinstance(value, type) and hasattr(value, "_fields")}
    | {"Options"}
)
"""Event kinds a position may name ("next Solution"): the shared events and the frogs' Options."""


def _choice(*allowed: str) -> Callable[[object], bool]:
    """A check that a setting is one of `allowed` words."""
    return lambda value: value in allowed


def _whole(low: int, high: int, count: int = 1) -> Callable[[object], bool]:
    """A check that a setting is a whole number (or `count` of them) in low..high."""

    def check(value: object) -> bool:
        values = value if isinstance(value, list) and count > 1 else [value]
        return len(values) == count and all(
            isinstance(v, int) and not isinstance(v, bool) and low <= v <= high for v in values
        )

    return check


def _one_sudoku(value: object) -> bool:
    """A check that a setting is one sudoku puzzle as text (in a form the sudoku reader takes)."""
    if not isinstance(value, str):
        return False
    try:
        parse_puzzle(value)
    except ValueError:
        return False
    return True


SETTINGS: dict[str, dict[str, tuple[Callable[[object], bool], str]]] = {
    "recursion": {
        "mode": (_choice("factorial", "endless", "tree"), "factorial, endless, tree"),
        "n": (_whole(0, 40), "0..40"),
        "limit": (_whole(2, 40), "2..40"),
    },
    "rooms": {"variant": (_choice("text", "loop", "no way out"), "text, loop, no way out")},
    "maze": {"size": (_whole(2, 60, 2), "[2..60, 2..60]")},
    "tictactoe": {
        "starts": (_choice("human", "computer"), "human, computer"),
        "algorithm": (_choice("minimax", "alphabeta"), "minimax, alphabeta"),
        "shortcut": (lambda value: isinstance(value, bool), "true, false"),
    },
    "frogs": {"sizes": (_whole(1, 6, 2), "[1..6, 1..6]")},
    "gametree": {
        "depth": (_whole(2, 6), "2..6"),
        "branching": (_whole(2, 4), "2..4"),
        "shown": (_choice("minimax", "alphabeta"), "minimax, alphabeta"),
    },
    "dlx": {"choice": (_choice("knuth", "queens", "sudoku"), "knuth, queens, sudoku")},
    "queens": {"n": (_whole(1, 16), "1..16")},
    "sudoku": {"puzzle": (_one_sudoku, N_("one sudoku: its lines of digits, 0 or . for a blank"))},
}
"""The settings a step may give each demo, with their check and what they allow.

The app applies `key = value` as the demo's `set_KEY(value)` (a list is spread
over the arguments); a test checks each demo has those methods.  A demo missing
here takes no settings in a lesson yet.
"""

STEP_KEYS = frozenset(
    {
        "demo",
        "seed",
        "settings",
        "at",
        "do",
        "to",
        "speed",
        "caption",
        "notes",
        "panel",
        "zoom",
        "exercise",
        "question",
    }
)
TOP_KEYS = frozenset({"format", "title", "languages", "step"})


class LessonError(ValueError):
    """A lesson file that cannot be used: its message names the file, the line and the problem."""


@dataclass(frozen=True)
class Position:
    """A place in a run: an event number, the end, the next event of a kind, or here (the place before).

    "The place before" is where the previous step left the same run (its start
    for a step that opens a new run); "next KIND" counts on from there.
    """

    event: int | None = None
    kind: str | None = None  # "Solution": the next Solution event
    end: bool = False

    def text(self) -> str | int:
        """The position as a lesson file writes it."""
        if self.end:
            return "end"
        if self.event is None and self.kind is None:
            return "here"
        if self.kind is not None:
            return f"next {self.kind}"
        return self.event or 0


HERE = Position()


@dataclass(frozen=True)
class Step:
    """One step of a lesson: a demo, where in its run, what happens, and what the class reads."""

    demo: str
    seed: int = 1
    settings: Mapping[str, Any] = field(default_factory=dict)
    at: Position = HERE
    do: str = "stay"  # or "play": play from `at` to `to` at `speed`
    to: Position | None = None
    speed: float | None = None
    caption: Mapping[str, str] = field(default_factory=dict)
    notes: Mapping[str, str] = field(default_factory=dict)
    panel: str | None = None
    zoom: int | None = None
    exercise: str | None = None
    question: Mapping[str, str] = field(default_factory=dict)
    line: int = 0  # where the step starts in its file (not written back)

    def same_run(self, other: Step | None) -> bool:
        """True when `other` plays the same run (demo, seed, settings): this step goes on from there."""
        return other is not None and (self.demo, self.seed, dict(self.settings)) == (
            other.demo,
            other.seed,
            dict(other.settings),
        )


@dataclass(frozen=True)
class Lesson:
    """A title and ordered steps, in the languages it lists."""

    title: Mapping[str, str]
    languages: tuple[str, ...]
    steps: tuple[Step, ...]
    name: str = ""  # the file it came from, for messages


def in_language(texts: Mapping[str, str], lang: str) -> str:
    """The text for `lang`, else English, else the first one given."""
    return texts.get(lang) or texts.get("en") or next(iter(texts.values()), "")


# --- reading ------------------------------------------------------------------------


def load_lesson(path: Path) -> Lesson:
    """Read and check the lesson in `path`; LessonError says what is wrong and where."""
    try:
        with path.open("rb") as file:
            data = file.read(MAX_BYTES + 1)
    except OSError as error:
        raise LessonError(
            _("{file}: cannot read it: {reason}").format(file=path, reason=error.strerror)
        ) from None
    if len(data) > MAX_BYTES:
        raise LessonError(_("{file}: too large for a lesson").format(file=path))
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise LessonError(_("{file}: not UTF-8 text").format(file=path)) from None
    return parse_lesson(text, str(path))


def parse_lesson(text: str, name: str = "lesson") -> Lesson:
    """Check a lesson's TOML text and build it; LessonError names `name`, the line and the problem."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        line = getattr(error, "lineno", None) or _line_in_message(str(error))
        reason = getattr(error, "msg", str(error))
        raise LessonError(_at(name, line, _("not valid TOML: {reason}").format(reason=reason))) from None
    return _Reader(text, name).lesson(data)


def _line_in_message(message: str) -> int:
    """The line number tomllib put in its message ("... (at line 3, column 5)"), or 1."""
    found = re.search(r"line (\d+)", message)
    return int(found.group(1)) if found else 1


def _at(name: str, line: int, problem: str) -> str:
    """'lesson.toml:12: problem'."""
    return f"{name}:{line}: {problem}"


class _Reader:
    """Checks the parsed data of one file, finding the line of each problem in its text."""

    def __init__(self, text: str, name: str) -> None:
        self.lines = text.splitlines()
        self.name = name
        self.step_lines = [i + 1 for i, line in enumerate(self.lines) if line.strip().startswith("[[step]]")]

    def fail(self, problem: str, step: int | None = None, key: str | None = None) -> LessonError:
        """The error for `problem` at the line of `key` in step `step` (or of the file's top)."""
        return LessonError(_at(self.name, self.line_of(step, key), problem))

    def line_of(self, step: int | None, key: str | None) -> int:
        """The line where `key` is written in step `step` (0-based), else the step's first line, else 1."""
        start = self.step_lines[step] if step is not None and step < len(self.step_lines) else 1
        if step is not None and step >= len(self.step_lines):
            return 1
        stop = self.step_lines[step + 1] if step is not None and step + 1 < len(self.step_lines) else None
        if step is None:
            stop = self.step_lines[0] if self.step_lines else None
        if key is not None and "." in key and "\\" not in key:
            found = self.line_of(step, key.replace(".", r"\."))
            if found != start:
                return found
            key = key.split(".")[0]
        if key is not None:
            name = key if "\\" in key else re.escape(key)
            pattern = re.compile(rf"^\s*(\[{name}\]|{name}\s*[.=])")
            for number in range(start, (stop or len(self.lines) + 1)):
                if pattern.match(self.lines[number - 1]):
                    return number
        return start

    def lesson(self, data: dict[str, Any]) -> Lesson:
        """The whole file."""
        for key in data:
            if key not in TOP_KEYS:
                raise self.fail(_("unknown key {key}").format(key=repr(key)), key=key)
        if data.get("format") != FORMAT:
            raise self.fail(
                _("'format = {n}' is missing or not this version's").format(n=FORMAT), key="format"
            )
        languages = data.get("languages", ["en"])
        if not (isinstance(languages, list) and languages and all(lang in LANGUAGES for lang in languages)):
            raise self.fail(
                _("languages must be a list of {names}").format(names=", ".join(LANGUAGES)), key="languages"
            )
        title = self.texts(data.get("title"), "title", tuple(languages), None)
        steps = data.get("step")
        if not isinstance(steps, list) or not steps:
            raise self.fail(_("a lesson needs at least one [[step]]"))
        return Lesson(
            title,
            tuple(languages),
            tuple(self.step(raw, i, tuple(languages)) for i, raw in enumerate(steps)),
            self.name,
        )

    def texts(self, value: object, key: str, languages: tuple[str, ...], step: int | None) -> dict[str, str]:
        """A text per language (a table of en/ko/zh_CN); every language of the lesson must be there."""
        if not isinstance(value, dict) or not all(isinstance(v, str) for v in value.values()):
            raise self.fail(_('{key} must be a table of texts: {key}.en = "..."').format(key=key), step, key)
        for lang in value:
            if lang not in LANGUAGES:
                raise self.fail(
                    _("{key}: unknown language {lang}").format(key=key, lang=repr(lang)),
                    step,
                    f"{key}.{lang}",
                )
        for lang in languages:
            if not value.get(lang, "").strip():
                raise self.fail(
                    _("{key} has no text in {lang}").format(key=key, lang=lang), step, f"{key}.{lang}"
                )
        return dict(value)

    def step(self, raw: object, index: int, languages: tuple[str, ...]) -> Step:
        """One [[step]]."""
        if not isinstance(raw, dict):
            raise self.fail(_("a step must be a table"), index)
        for key in raw:
            if key not in STEP_KEYS:
                raise self.fail(_("unknown key {key}").format(key=repr(key)), index, key)
        demo = raw.get("demo")
        if demo not in DEMOS:
            raise self.fail(_("demo must be one of {names}").format(names=", ".join(DEMOS)), index, "demo")
        seed = raw.get("seed", 1)
        if not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 2**32:
            raise self.fail(_("seed must be a whole number from 0 to 2^32 - 1"), index, "seed")
        do = raw.get("do", "stay")
        if do not in ("stay", "play"):
            raise self.fail(_("do must be stay or play"), index, "do")
        to = self.position(raw.get("to"), index, "to") if "to" in raw else None
        if do == "play" and to is None:
            raise self.fail(_('do = "play" needs to = where it stops'), index, "to")
        if do == "stay" and to is not None:
            raise self.fail(_('to is only for do = "play"'), index, "to")
        return Step(
            demo=demo,
            seed=seed,
            settings=self.settings(raw.get("settings", {}), demo, index),
            at=self.position(raw.get("at", "here"), index, "at"),
            do=do,
            to=to,
            speed=self.speed(raw.get("speed"), index),
            caption=self.texts(raw.get("caption"), "caption", languages, index),
            notes=self.texts(raw["notes"], "notes", (), index) if "notes" in raw else {},
            panel=self.word(raw.get("panel"), PANELS, "panel", index),
            zoom=self.zoom(raw.get("zoom"), index),
            exercise=self.word(raw.get("exercise"), EXERCISES, "exercise", index),
            question=self.texts(raw["question"], "question", languages, index) if "question" in raw else {},
            line=self.line_of(index, None),
        )

    def settings(self, value: object, demo: str, index: int) -> dict[str, Any]:
        """The demo's settings: only those it takes, each within what it allows."""
        if not isinstance(value, dict):
            raise self.fail(_("settings must be a table"), index, "settings")
        allowed = SETTINGS.get(demo, {})
        for key, setting in value.items():
            if key not in allowed:
                names = ", ".join(allowed) or _("none")
                raise self.fail(
                    _("{demo} has no setting {key} (it has: {names})").format(
                        demo=demo, key=repr(key), names=names
                    ),
                    index,
                    "settings",
                )
            check, words = allowed[key]
            if not check(setting):
                raise self.fail(
                    _("setting {key} must be {allowed}").format(key=key, allowed=_(words)), index, "settings"
                )
        return dict(value)

    def position(self, value: object, index: int, key: str) -> Position:
        """An event number, "end", or "next KIND"."""
        if isinstance(value, int) and not isinstance(value, bool) and value >= 0:
            return Position(event=value)
        if value == "end":
            return Position(end=True)
        if value == "here" and key == "at":
            return HERE
        if isinstance(value, str) and value.startswith("next ") and value[5:] in KINDS:
            return Position(kind=value[5:])
        raise self.fail(
            _('{key} must be an event number, "end", "next KIND" or, for at, "here" (KIND: {kinds})').format(
                key=key, kinds=", ".join(sorted(KINDS))
            ),
            index,
            key,
        )

    def speed(self, value: object, index: int) -> float | None:
        """Events a second while a step plays."""
        if value is None:
            return None
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0.5 <= value <= 10_000_000:
            return float(value)
        raise self.fail(_("speed must be a number of events a second, 0.5 or more"), index, "speed")

    def zoom(self, value: object, index: int) -> int | None:
        """A presenter scale step."""
        if value is None or (isinstance(value, int) and not isinstance(value, bool) and value in ZOOMS):
            return value
        raise self.fail(
            _("zoom must be a presenter step from {low} to {high}").format(low=1, high=ZOOMS[-1]),
            index,
            "zoom",
        )

    def word(self, value: object, allowed: tuple[str, ...], key: str, index: int) -> str | None:
        """One of `allowed`, or nothing."""
        if value is None:
            return None
        if isinstance(value, str) and value in allowed:
            return value
        raise self.fail(
            _("{key} must be one of {names}").format(key=key, names=", ".join(allowed)), index, key
        )


# --- writing ------------------------------------------------------------------------


def dump_lesson(lesson: Lesson) -> str:
    """The lesson as TOML that `parse_lesson` reads back to an equal lesson (lines aside)."""
    out = [
        f"format = {FORMAT}",
        f"languages = {_value(list(lesson.languages))}",
        _table_line("title", lesson.title),
    ]
    for step in lesson.steps:
        out += ["", "[[step]]", f"demo = {_value(step.demo)}", f"seed = {step.seed}"]
        if step.settings:
            out.append(f"settings = {_inline(step.settings)}")
        out.append(f"at = {_value(step.at.text())}")
        if step.do != "stay":
            out.append(f"do = {_value(step.do)}")
        if step.to is not None:
            out.append(f"to = {_value(step.to.text())}")
        for key in ("speed", "panel", "zoom", "exercise"):
            if getattr(step, key) is not None:
                out.append(f"{key} = {_value(getattr(step, key))}")
        for key in ("caption", "notes", "question"):
            if getattr(step, key):
                out.append(_table_line(key, getattr(step, key)))
    return "\n".join(out) + "\n"


def _table_line(key: str, texts: Mapping[str, str]) -> str:
    """'caption = { en = "...", ko = "..." }'."""
    return f"{key} = {_inline(texts)}"


def _inline(table: Mapping[str, Any]) -> str:
    """An inline TOML table."""
    return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in table.items()) + " }"


def _key(key: str) -> str:
    """A bare key, or a quoted one."""
    return key if re.fullmatch(r"[A-Za-z0-9_-]+", key) else _value(key)


def _value(value: object) -> str:
    """A TOML value: text, number, truth or list."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, list):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    return '"' + "".join(ESCAPES.get(char) or _escaped(char) for char in str(value)) + '"'


ESCAPES = {"\\": "\\\\", '"': '\\"', "\n": "\\n", "\t": "\\t", "\r": "\\r", "\b": "\\b", "\f": "\\f"}
"""How a TOML basic string writes the characters it cannot hold as they are."""


def _escaped(char: str) -> str:
    """A character as a TOML string holds it: a control character as \\uXXXX (TOML refuses it bare)."""
    return f"\\u{ord(char):04X}" if ord(char) < 0x20 or ord(char) == 0x7F else char
