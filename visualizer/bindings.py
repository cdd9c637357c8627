"""One key table per screen: each row binds keys to an action and says what it does.

The same table feeds input (`Bindings.dispatch`) and the help overlay
(`Bindings.help_rows`), so help cannot drift from what the keys do.  Mouse
gestures are rows too; they only feed help, since the mouse is routed by
hit-testing the layout.

A key is written as it is typed:

- a pygame key name: ``"u"``, ``"backspace"``, ``"return"``, ``"delete"``,
  ``"[0]"`` (keypad 0), ``"f1"``;
- a single punctuation character, matched by what it types so that every
  keyboard layout works: ``"+"``, ``"?"``, ``"["``, ``","``;
- either with modifiers in front: ``"ctrl+s"``, ``"shift+tab"``; with Ctrl
  or Alt a punctuation key is matched by its key code (``"ctrl+="``), since
  it types nothing then.

Actions are method names on the object the table serves (the demo, the
shell or the app), so a table is plain data written once on the class.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from operator import attrgetter

import pygame

from solvers.i18n import _, pgettext

MODIFIERS = {"ctrl": pygame.KMOD_CTRL, "shift": pygame.KMOD_SHIFT, "alt": pygame.KMOD_ALT}
"""Modifier words a key may start with, and the pygame masks they need."""

NAMES = {
    "[0]": "Keypad 0",
    "[enter]": "Keypad Enter",
    "[+]": "Keypad +",
    "[-]": "Keypad -",
    "return": "Enter",
    "escape": "Esc",
    "space": "Space",
    "left": "Left",
    "right": "Right",
    "up": "Up",
    "down": "Down",
    "home": "Home",
    "end": "End",
    "page up": "Page Up",
    "page down": "Page Down",
}
"""How help spells key names that title-casing would get wrong."""


@dataclass(frozen=True, slots=True)
class KeySpec:
    """One key as the table names it: a key code or a typed character, and the modifiers it needs."""

    code: int | None
    char: str | None
    mods: int

    def matches(self, event: pygame.event.Event) -> bool:
        """True when a KEYDOWN event is this key with exactly the wanted Ctrl and Alt state."""
        for mask in (pygame.KMOD_CTRL, pygame.KMOD_ALT):
            if bool(event.mod & mask) != bool(self.mods & mask):
                return False
        if self.mods & pygame.KMOD_SHIFT and not event.mod & pygame.KMOD_SHIFT:
            return False
        if self.char is not None:
            return event.unicode == self.char
        return event.key == self.code


@cache
def parse_key(text: str) -> KeySpec:
    """A key as written in a table (see the module docstring) as a `KeySpec`."""
    mods = 0
    name = text
    while "+" in name[:-1]:
        word, rest = name.split("+", 1)
        if word.lower() not in MODIFIERS:
            break
        mods |= MODIFIERS[word.lower()]
        name = rest
    if len(name) == 1 and not name.isalnum() and not mods & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return KeySpec(None, name, mods)  # matched by what it types (Ctrl or Alt type nothing)
    try:
        with warnings.catch_warnings():  # SDL's key names are static tables: no init needed
            warnings.simplefilter("ignore")
            code = pygame.key.key_code(name)
    except ValueError:
        raise ValueError(f"unknown key name {text!r} in a key table") from None
    return KeySpec(code, None, mods)


def key_words(text: str) -> str:
    """How help spells a key: 'Ctrl+S', 'Backspace', 'Keypad 0'."""
    parts = text.split("+") if len(text) > 1 and "+" in text[:-1] else [text]
    *mods, name = parts if parts[-1] else [*parts[:-2], "+"]
    shown = NAMES.get(name, name.upper() if len(name) == 1 else name.title())
    return "+".join([*(m.title() for m in mods), shown])


@dataclass(frozen=True, slots=True)
class Binding:
    """Keys bound to an action (the owner's method's name, or a dotted path: 'card.reset'), with help's words.

    `when` names a predicate method: the binding is live only while it is
    true (a key that means nothing in the current mode does nothing).
    `label` overrides how help names the keys ('[ / ]' for a pair).
    """

    keys: tuple[str, ...]
    action: str
    words: str
    args: tuple[object, ...] = ()
    when: str = ""
    label: str = ""

    def key_label(self) -> str:
        """The keys as help lists them."""
        either = pgettext("between two keys that do the same", " or ")
        return self.label or either.join(key_words(k) for k in self.keys)


@dataclass(frozen=True, slots=True)
class Gesture:
    """A mouse gesture, for help only: 'click a frog' → 'move it'."""

    what: str
    words: str


Row = Binding | Gesture


class Bindings:
    """A screen's key table: dispatches key presses and lists itself for help."""

    def __init__(self, *rows: Row) -> None:
        self.rows: tuple[Row, ...] = rows
        for row in rows:
            if isinstance(row, Binding):
                for key in row.keys:
                    parse_key(key)  # a typo fails when the table is built, not when pressed

    def __add__(self, other: Bindings) -> Bindings:
        """This table, then `other` (the first match wins)."""
        return Bindings(*self.rows, *other.rows)

    def bindings(self) -> Iterable[Binding]:
        """The key rows, in order."""
        return (row for row in self.rows if isinstance(row, Binding))

    def find(self, owner: object, event: pygame.event.Event) -> Binding | None:
        """The live binding a KEYDOWN event triggers on `owner`, or None."""
        if event.type != pygame.KEYDOWN:
            return None
        for binding in self.bindings():
            if any(parse_key(key).matches(event) for key in binding.keys) and live(owner, binding):
                return binding
        return None

    def dispatch(self, owner: object, event: pygame.event.Event) -> bool:
        """Run the action a key press is bound to on `owner`; True when one ran."""
        binding = self.find(owner, event)
        if binding is None:
            return False
        action: Callable[..., object] = attrgetter(binding.action)(owner)
        action(*binding.args)
        return True

    def help_rows(self) -> list[tuple[str, str]]:
        """(keys or gesture, what it does) for every row, in table order."""
        return [
            (row.key_label(), _(row.words)) if isinstance(row, Binding) else (_(row.what), _(row.words))
            for row in self.rows
        ]


def live(owner: object, binding: Binding) -> bool:
    """True when the binding's `when` predicate (if any) holds on `owner`."""
    return not binding.when or bool(getattr(owner, binding.when)())
