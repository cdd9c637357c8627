"""Writing a lesson without code: Ctrl+L takes the screen as a step, a card takes its caption and notes.

The step is read off the demo on screen (`capture`): the demo, its settings as
a lesson names them (`solvers.lessons.SETTINGS`), its seed, the event the run
is at, the side card, the presenter step and an exercise under way.  The card
at the window's bottom lists the steps and edits the chosen one's caption and
notes (typed or composed with an input method, `visualizer.textfield`); steps
move and go, the lesson saves through the file dialog, atomically, and can be
presented at once.  While the card is open it takes every key.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import islice
from pathlib import Path
from typing import Any, Protocol

import pygame

from solvers import textio
from solvers.i18n import N_, _, language
from solvers.lessons import PANELS, SETTINGS, ZOOMS, Position, Step
from visualizer import theme as th
from visualizer.bindings import key_words
from visualizer.demos import BY_NAME
from visualizer.lesson import apply_settings
from visualizer.lessondraft import Draft
from visualizer.panels import fit_text
from visualizer.screens import Presents
from visualizer.shell import Shell
from visualizer.textfield import TextField, draw_field, field_height
from visualizer.theme import Theme
from visualizer.widgets import ROW_HEIGHT, Button, Widget, draw_box, flow

UNTITLED = N_("My lesson")
"""The title of a lesson saved before it was given one."""

NO_STEPS = N_("the lesson has no steps yet: pause a demo where you want one and press Ctrl+L")
"""What an empty lesson says (in its caption box, and when it is to be saved)."""

FIELDS = ("title", "caption", "notes")
"""The card's text boxes, in Tab's order."""

FIELD_ROWS = {"title": 1, "caption": 3, "notes": 2}
"""Lines each box shows."""

LIST_ROWS = 6
"""Steps the card's list shows at once (around the chosen one)."""

SETTING_READERS: dict[tuple[str, str], Callable[[Any], object]] = {
    ("maze", "size"): lambda demo: [demo.width, demo.height],
    ("frogs", "sizes"): lambda demo: [demo.n, demo.m],
    ("sudoku", "puzzle"): lambda demo: demo.puzzle_text(),
}
"""Settings a demo does not keep under the setting's own name (the rest: `getattr(demo, key)`)."""

MAX_SPEED = 10_000_000
"""The fastest speed a lesson names (the player's "as fast as the frame allows" is written as this)."""

SAME_START = 300
"""Events compared to tell whether a step opens the run on screen (a board played by hand does not)."""

OWN_SEEDS = ("maze_seed", "tree_seed")
"""Where a demo keeps the seed of what is on show when its keys made a new one (a new maze, a new tree)."""


@dataclass(frozen=True)
class Captured:
    """A step read off the screen, and what a lesson cannot keep of it (each in words)."""

    step: Step
    lost: tuple[str, ...]


def capture(shell: Shell) -> Captured:
    """The step that opens this demo as it is: settings, seed, the run's event, card, scale, exercise."""
    demo = shell.demo
    settings, lost = read_settings(demo)
    unsaved = demo.unsaved()
    if unsaved is not None:
        lost.append(unsaved)
    exercise = shell.exercise.performance.kind if shell.exercise.performance is not None else None
    zoom = shell.theme.step()
    step = Step(
        demo=demo.name,
        seed=next((getattr(demo, name) for name in OWN_SEEDS if hasattr(demo, name)), shell.seed) % 2**32,
        settings=settings,
        at=Position(event=0 if exercise else shell.run.cursor),
        speed=min(shell.run.speed, MAX_SPEED),
        caption={language(): ""},
        panel=shell.side_tab if shell.side_tab in PANELS else None,
        zoom=zoom if zoom in ZOOMS and zoom > 1 else None,
        exercise=exercise,
    )
    if not lost and not opens_as_shown(shell, step):
        lost.append(_("what was changed by hand"))
    return Captured(step, tuple(lost))


def opens_as_shown(shell: Shell, step: Step) -> bool:
    """True when `step`, opened afresh as a lesson opens it, starts the very run on screen."""
    fresh = Shell(shell.app, type(shell.demo), seed=step.seed, speed=None, autoplay=False)
    apply_settings(fresh.demo, step.settings)
    return list(islice(fresh.demo.source(), SAME_START)) == list(islice(shell.demo.source(), SAME_START))


def read_settings(demo: Any) -> tuple[dict[str, Any], list[str]]:
    """The demo's settings a lesson can name, and the words for those it cannot (a typed matrix)."""
    settings: dict[str, Any] = {}
    lost: list[str] = []
    for key, (check, _allowed) in SETTINGS.get(demo.name, {}).items():
        reader = SETTING_READERS.get((demo.name, key), lambda demo, key=key: getattr(demo, key))
        value = reader(demo)
        if check(value):
            settings[key] = value
        else:
            lost.append(_("its {setting} {value}").format(setting=key, value=value))
    return settings, lost


@dataclass(frozen=True)
class CardLayout:
    """Where the card's parts go in a window (one pure function places them for input and drawing)."""

    box: pygame.Rect
    header: pygame.Rect
    rows: tuple[pygame.Rect, ...]  # the list's visible rows
    first: int  # the step the first row shows
    labels: dict[str, pygame.Rect]
    fields: dict[str, pygame.Rect]
    buttons: pygame.Rect
    hint: pygame.Rect


def card_layout(size: tuple[int, int], theme: Theme, steps: int, chosen: int) -> CardLayout:
    """The card over the window's bottom: the steps on the left, the boxes on the right, keys below."""
    margin, gap = theme.px(12), theme.px(8)
    small, body = theme.line_height("small"), theme.line_height("body")
    right_h = sum(small + field_height(theme, FIELD_ROWS[name]) + gap for name in FIELDS)
    height = body + gap + right_h + theme.px(ROW_HEIGHT) + gap + small + 2 * margin
    height = min(height, size[1] - 2 * margin)
    box = pygame.Rect(margin, size[1] - height - margin, size[0] - 2 * margin, height)
    inner = box.inflate(-2 * margin, -2 * margin)
    header = pygame.Rect(inner.x, inner.y, inner.w, body)
    hint = pygame.Rect(inner.x, inner.bottom - small, inner.w, small)
    buttons = pygame.Rect(inner.x, hint.y - gap - theme.px(ROW_HEIGHT), inner.w, theme.px(ROW_HEIGHT))
    list_w = inner.w * 2 // 5
    top = header.bottom + gap
    shown = max(1, min(LIST_ROWS, (buttons.y - gap - top) // body))
    first = max(0, min(chosen - shown // 2, steps - shown))
    rows = tuple(pygame.Rect(inner.x, top + i * body, list_w, body) for i in range(min(shown, steps)))
    x, w, y = inner.x + list_w + gap, inner.w - list_w - gap, top
    labels, fields = {}, {}
    for name in FIELDS:
        labels[name] = pygame.Rect(x, y, w, small)
        fields[name] = pygame.Rect(x, y + small, w, field_height(theme, FIELD_ROWS[name]))
        y = fields[name].bottom + gap
    return CardLayout(box, header, rows, first, labels, fields, buttons, hint)


FIELD_WORDS = {
    "title": N_("Title of the lesson"),
    "caption": N_("Caption: what the class reads at this step"),
    "notes": N_("Notes: for you alone (the presenter view shows them)"),
}
PLAY_HINT = N_(
    "Ctrl+P: the step stays at its event, or plays up to it from where the step before left the run"
)
KEYS_HINT = N_(
    "Tab: next box   Up/Down: choose a step   Alt+Up/Down: move it   Ctrl+Delete: delete it   "
    "Ctrl+P: play or stay   Ctrl+S: save   F5: present   Enter: close (Ctrl+L in a demo adds a step)"
)


class AuthoringHost(Presents, Protocol):
    """What the authoring card asks of the app besides: the screen on show, whose demo a step captures."""

    @property
    def screen(self) -> object:
        """The screen on show (a Shell when a step can be taken)."""


class Authoring:
    """The lesson being written and its card (open or closed); the app hands it events while it is open."""

    def __init__(self, app: AuthoringHost) -> None:
        self.app = app
        self.draft = Draft(language())
        self.open = False
        self.focus = "caption"
        self.fields = {name: TextField(limit=200 if name == "title" else 2000) for name in FIELDS}
        self.buttons: list[Widget] = [
            Button("▲", lambda: self.move(-1), hint=_("move the step up (Alt+Up)")),
            Button("▼", lambda: self.move(+1), hint=_("move the step down (Alt+Down)")),
            Button("✕", self.ask_delete, hint=_("delete the step (Ctrl+Delete)")),
            Button(self.play_words, self.toggle_play, hint=_(PLAY_HINT)),
            Button(_("Save…"), self.ask_save, hint=key_words("ctrl+s")),
            Button(_("Present"), lambda: self.present(0), hint=key_words("f5")),
            Button(_("Close"), self.close, hint=_("Enter or Esc")),
        ]

    # --- what the keys do ------------------------------------------------------------

    def add_from_screen(self) -> None:
        """Ctrl+L: the demo on screen as a new step after the chosen one; the card opens on its caption."""
        screen = self.app.screen
        if not isinstance(screen, Shell):
            self.app.notify(_("open a demo and pause where you want a step, then press Ctrl+L"))
            return
        captured = capture(screen)
        screen.run.playing = False
        self.draft.add(captured.step)
        self.show("caption")
        number = self.draft.chosen + 1
        if captured.lost:
            words = _("step {number} added; a lesson cannot keep {what}: it opens without it")
            self.app.notify(words.format(number=number, what=", ".join(captured.lost)))
        else:
            self.app.notify(_("step {number} added: type its caption").format(number=number))

    def show(self, focus: str | None = None) -> None:
        """Open the card on the chosen step (the box `focus` takes the keys)."""
        self.open = True
        self.focus = focus or self.focus
        self.load_fields()

    def load_fields(self) -> None:
        """The boxes show the chosen step's caption and notes, and the title."""
        self.fields["title"].set(self.draft.title)
        for which in ("caption", "notes"):
            self.fields[which].set(self.draft.text(which))

    def close(self) -> None:
        """Close the card; the draft stays for the next Ctrl+L."""
        self.open = False

    def choose(self, index: int) -> None:
        """Choose another step to edit."""
        self.draft.choose(index)
        self.load_fields()

    def move(self, delta: int) -> None:
        """Move the chosen step up (-1) or down."""
        self.draft.move(delta)

    def toggle_play(self) -> None:
        """Ctrl+P: the chosen step stays at its event, or plays up to it from where the step before left."""
        self.draft.toggle_play()

    def play_words(self) -> str:
        """The play button's words: what the chosen step does."""
        step = self.draft.step
        if step is None or step.do != "play":
            return _("■ stays")
        return _("▶ plays from event {number}").format(number=step.at.text())

    def ask_delete(self) -> None:
        """Delete the chosen step, after asking."""
        if self.draft.step is None:
            return
        question = _("Delete step {number} of the lesson?").format(number=self.draft.chosen + 1)
        self.app.confirm(question, self.delete)

    def delete(self) -> None:
        """Delete the chosen step."""
        self.draft.delete()
        self.load_fields()

    def ready(self) -> bool:
        """True when every step has a caption; else the first without one is chosen and said."""
        if not self.draft.steps:
            self.app.notify(
                _("the lesson has no steps yet: pause a demo where you want one and press Ctrl+L")
            )
            return False
        missing = self.draft.without_caption()
        if missing is None:
            return True
        self.choose(missing)
        self.focus = "caption"
        self.app.notify(_("step {number} has no caption yet: type one first").format(number=missing + 1))
        return False

    def ask_save(self) -> None:
        """Ctrl+S: choose where to save the lesson, in the file dialog."""
        if self.ready():
            suggested = self.draft.file_name(_(UNTITLED))
            self.app.choose_file("lesson", save=True, suggested=suggested, done=self.save_to)

    def save_to(self, path: Path) -> None:
        """Write the lesson file atomically; the message says where (or why not)."""
        path = Path(path).expanduser()
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            textio.write_atomic(path, self.draft.file_text(_(UNTITLED)))
        except OSError as error:
            words = _("could not save {path}: {reason}")
            self.app.notify(words.format(path=path, reason=error.strerror or error))
            return
        self.draft.changed = False
        self.app.notify(_("saved {path}").format(path=path))

    def present(self, first: int) -> None:
        """F5: present the lesson from step `first + 1` at once (Ctrl+Shift+L comes back to the card)."""
        if not self.ready():
            return
        self.close()
        self.app.present(self.draft.lesson(_(UNTITLED)), first)

    def unsaved(self) -> str | None:
        """What quitting would lose: the lesson being written, if changed since saved."""
        return _("the lesson you are writing") if self.draft.changed and self.draft.steps else None

    # --- input --------------------------------------------------------------------------

    def layout(self) -> CardLayout:
        """The card's parts in the window as it is now."""
        return card_layout(
            self.app.surface.get_size(), self.app.theme, len(self.draft.steps), self.draft.chosen
        )

    def handle(self, event: pygame.event.Event) -> None:
        """Every event while the card is open: its keys, then the box with the keys, then clicks."""
        field = self.fields[self.focus]
        if event.type == pygame.KEYDOWN and not field.composing and self.card_key(event):
            return
        if field.handle(event):
            self.keep(self.focus)
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.click(event)

    def card_key(self, event: pygame.event.Event) -> bool:
        """The card's own keys (not while the input method composes); True when it was one."""
        key, mods = event.key, event.mod
        ctrl, alt, shift = mods & pygame.KMOD_CTRL, mods & pygame.KMOD_ALT, mods & pygame.KMOD_SHIFT
        actions: dict[tuple[int, bool, bool], Callable[[], None]] = {
            (pygame.K_ESCAPE, False, False): self.close,
            (pygame.K_RETURN, False, False): self.close,
            (pygame.K_KP_ENTER, False, False): self.close,
            (pygame.K_TAB, False, False): lambda: self.next_field(-1 if shift else 1),
            (pygame.K_UP, False, False): lambda: self.choose(self.draft.chosen - 1),
            (pygame.K_DOWN, False, False): lambda: self.choose(self.draft.chosen + 1),
            (pygame.K_UP, False, True): lambda: self.move(-1),
            (pygame.K_DOWN, False, True): lambda: self.move(+1),
            (pygame.K_DELETE, True, False): self.ask_delete,
            (pygame.K_s, True, False): self.ask_save,
            (pygame.K_p, True, False): self.toggle_play,
            (pygame.K_F5, False, False): lambda: self.present(self.draft.chosen if shift else 0),
        }
        action = actions.get((key, bool(ctrl), bool(alt)))
        if action is None:
            return False
        action()
        return True

    def next_field(self, step: int) -> None:
        """Tab: the next box (Shift+Tab: the one before)."""
        self.focus = FIELDS[(FIELDS.index(self.focus) + step) % len(FIELDS)]

    def keep(self, which: str) -> None:
        """Put what the box `which` holds into the draft."""
        text = self.fields[which].text
        if which == "title":
            self.draft.set_title(text)
        else:
            self.draft.set_text(which, text)

    def click(self, event: pygame.event.Event) -> None:
        """A click on a step of the list chooses it; on a box, focuses it; on a button, runs it."""
        lay = self.layout()
        for offset, row in enumerate(lay.rows):
            if row.collidepoint(event.pos):
                self.choose(lay.first + offset)
                return
        for name, rect in lay.fields.items():
            if rect.collidepoint(event.pos):
                self.focus = name
                return
        flow(self.buttons, lay.buttons, self.app.theme, gap=6)
        for button in self.buttons:
            if button.handle(event):
                return

    # --- drawing ------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        """The card: what step this is, the list of steps, the three boxes, the buttons and the keys."""
        if not self.open:
            return
        theme, draft = self.app.theme, self.draft
        lay = card_layout(surface.get_size(), theme, len(draft.steps), draft.chosen)
        draw_box(surface, lay.box, theme, fill=th.PANEL, edge=th.ACTIVE, radius=10, width=2)
        header = _("Writing a lesson: step {number} of {total}").format(
            number=draft.chosen + 1 if draft.steps else 0, total=len(draft.steps)
        )
        surface.blit(
            theme.text(fit_text(theme, header, lay.header.w, "body", "bold"), "body", th.INK, "bold"),
            lay.header,
        )
        for offset, row in enumerate(lay.rows):
            self.draw_row(surface, row, lay.first + offset)
        for name in FIELDS:
            label = fit_text(theme, _(FIELD_WORDS[name]), lay.labels[name].w, "small")
            surface.blit(theme.text(label, "small", th.MUTED), lay.labels[name])
            placeholder = _(UNTITLED) if name == "title" else (_(NO_STEPS) if not draft.steps else "")
            focused = name == self.focus
            draw_field(
                surface, lay.fields[name], theme, self.fields[name], focused=focused, placeholder=placeholder
            )
        flow(self.buttons, lay.buttons, theme, gap=6)
        for button in self.buttons:
            button.draw(surface, theme)
        mouse = pygame.mouse.get_pos()
        hovered = next((b.tooltip() for b in self.buttons if b.rect.collidepoint(mouse) and b.tooltip()), "")
        hint = hovered or _(KEYS_HINT)  # a button's words while the mouse is on it
        size = "small" if theme.font("small").size(hint)[0] <= lay.hint.w else "tiny"
        surface.blit(theme.text(fit_text(theme, hint, lay.hint.w, size), size, th.MUTED), lay.hint)

    def draw_row(self, surface: pygame.Surface, row: pygame.Rect, index: int) -> None:
        """One step in the list: its number, demo, event and caption; the chosen one lit."""
        theme, step = self.app.theme, self.draft.steps[index]
        chosen = index == self.draft.chosen
        if chosen:
            draw_box(surface, row, theme, fill=th.ACTIVE, edge=th.ACTIVE, radius=4)
        where = _("event {number}").format(number=step.at.text())
        if step.do == "play" and step.to is not None:
            where = _("events {start} to {end}").format(start=step.at.text(), end=step.to.text())
        caption = self.draft.text_of(step) or "…"
        words = f"{index + 1}. {_(BY_NAME[step.demo].title)} · {where} · {caption}"
        ink = th.PANEL if chosen else th.INK
        text = fit_text(theme, words, row.w - theme.px(8), "body")
        image = theme.text(text, "body", ink)
        surface.blit(image, image.get_rect(midleft=(row.x + theme.px(4), row.centery)))
