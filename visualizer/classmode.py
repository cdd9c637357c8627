"""The class session on the projector: the QR code, the address and room code, the counts, the reveal.

The app owns one `ClassMode` while a session runs (Ctrl+K, or `unwind DEMO --class`). Each frame `follow`
looks at what the run asks now (exercise mode's open step, else the lesson step's question: one adapter
each) and, when it is a new question, hands it to the server (`visualizer.classroom.server`) with a still of
the stage and the candidates' boxes on it. Enter reveals the answers (a histogram over the stage), Enter again
goes on: the exercise's step is shown and the run plays on. The server runs on its own thread; this side only
posts to it and reads its snapshot, so the frame never waits.
"""

from __future__ import annotations

import contextlib
import dataclasses
from typing import Any

import pygame

from solvers.exercise.engine import Step
from solvers.i18n import LANGUAGES, _, in_language
from visualizer import theme as th
from visualizer.chrome import Layout
from visualizer.classroom.server import ClassServer, Still
from visualizer.classroom.session import NONE, Question, Snapshot, Target
from visualizer.panels import fit_text
from visualizer.theme import Theme
from visualizer.widgets import draw_box

WAKE = pygame.event.custom_type()
"""Posted by the server's thread when its counts change, so an app at rest draws them at once."""
START_LINE = "class session: {url}"
"""What --class prints on stdout once the server listens: for scripts, so the same in every language."""
STILL_WIDTH = 960
"""The widest still sent to the page (a phone needs no more)."""


def exercise_question(step: Step, number: int) -> Question:
    """Exercise mode's open step as a question: choices numbered from 1, as on the projector's bar; its
    words in every language the step speaks (a student reads them in the language they chose)."""
    choices = tuple((str(n), str(choice.label)) for n, choice in enumerate(step.choices, 1))
    keys = {choice.key: str(n) for n, choice in enumerate(step.choices, 1)}
    if step.multiple and isinstance(step.expected, frozenset):
        expected: str | None = ",".join(
            key for key, _label in choices if any(keys[k] == key for k in step.expected)
        )
    else:
        expected = keys.get(step.expected)
    return Question(
        number,
        every_language(step.question),
        choices,
        expected,
        multiple=step.multiple,
        labels={code: tuple(in_language(c.label, code) for c in step.choices) for code in LANGUAGES},
        explanations=every_language(step.explanation),
    )


def every_language(text: str) -> dict[str, str]:
    """`text` in each language the app speaks (the same words in each when it was made in one)."""
    return {code: in_language(text, code) for code in LANGUAGES}


def in_every_language(step: Step, app: Any) -> Step:
    """Exercise mode's open `step` with its words in every language (the exercise makes them while it is
    open), so each student reads it in their own."""
    exercise = app.screen.exercise.performance.exercise
    said = exercise.open_in_every_language() if exercise.open is step else None
    return said if said is not None else step


def lesson_question(texts: dict[str, str], number: int) -> Question:
    """A lesson step's question: its words in the lesson's languages; the class answers in a few words."""
    return Question(number, dict(texts), ())


FOCUS_SHARE = 0.6
"""The still shows at least this share of the stage's width and height around the candidates."""


def focus(stage: pygame.Rect, boxes: list[pygame.Rect]) -> pygame.Rect:
    """The part of the stage a phone's still shows: the candidates with room around them, inside the stage."""
    around = boxes[0].unionall(boxes[1:]).inflate(stage.w // 10, stage.h // 10)
    width = max(around.w, round(stage.w * FOCUS_SHARE))
    height = max(around.h, round(stage.h * FOCUS_SHARE))
    area = pygame.Rect(0, 0, min(width, stage.w), min(height, stage.h))
    area.center = around.center
    return area.clamp(stage)


def targets_on(stage: pygame.Rect, spots: list[tuple[int, pygame.Rect]]) -> tuple[Target, ...]:
    """The candidates' boxes as fractions of `stage`, the part of the screen the still shows."""
    if stage.w <= 0 or stage.h <= 0:
        return ()
    found = []
    for number, box in spots:
        clipped = box.clip(stage)
        if clipped.w and clipped.h:
            x, y = (clipped.x - stage.x) / stage.w, (clipped.y - stage.y) / stage.h
            found.append(Target(str(number), x, y, clipped.w / stage.w, clipped.h / stage.h))
    return tuple(found)


def still_of(surface: pygame.Surface, stage: pygame.Rect) -> Still | None:
    """The stage as raw RGB, at most STILL_WIDTH wide (encoded to PNG on the server's thread)."""
    area = stage.clip(surface.get_rect())
    if area.w <= 0 or area.h <= 0:
        return None
    image = surface.subsurface(area)
    if area.w > STILL_WIDTH:
        image = pygame.transform.scale(image, (STILL_WIDTH, round(area.h * STILL_WIDTH / area.w)))
    return Still(0, image.get_size(), pygame.image.tobytes(image, "RGB"))


def qr_surface(matrix: tuple[bytes, ...], side: int) -> pygame.Surface:
    """A QR code's modules as a picture about `side` pixels square (whole pixels per module, with the quiet
    zone)."""
    border = 4
    modules = len(matrix) + 2 * border
    small = pygame.Surface((modules, modules))
    small.fill((255, 255, 255))
    for row, bits in enumerate(matrix):
        for column, bit in enumerate(bits):
            if bit:
                small.set_at((column + border, row + border), (0, 0, 0))
    scale = max(1, side // modules)
    return pygame.transform.scale(small, (modules * scale, modules * scale))


def card_column(lay: Layout, theme: Theme) -> pygame.Rect:
    """Where the session's card goes: the side column right of the stage (its counters, code and log), or,
    when the side is folded away, the stage's right third."""
    side = [rect for rect in (lay.counters, lay.code, lay.log) if rect.w > 0 and rect.x >= lay.stage.right]
    if side:
        return side[0].unionall(side[1:])
    width = min(theme.px(260), lay.stage.w // 3)
    margin = theme.px(10)
    return pygame.Rect(
        lay.stage.right - width - margin, lay.stage.y + margin, width, lay.stage.h - 2 * margin
    )


def fitting(
    theme: Theme, text: str, width: int, sizes: tuple[str, ...], colour: th.Color
) -> tuple[str, str, th.Color]:
    """`text` in the first of `sizes` it fits `width` at (else the last, to be shortened)."""
    face = "bold" if colour == th.YELLOW else "sans"
    size = next((size for size in sizes if theme.font(size, face).size(text)[0] <= width), sizes[-1])
    return text, size, colour


HISTOGRAM_SIZES = (("body", 10), ("small", 6), ("tiny", 4))
"""The reveal's row text sizes, largest first, each with the gap under it (px): a long list steps down."""


def histogram_rows(theme: Theme, stage: pygame.Rect, rows: int) -> tuple[int, str]:
    """The height of one bar's row in the reveal's histogram and its text size: the largest whose `rows` fit
    the stage under the title (a step of nine candidates and "none" at presenter scale), else the smallest."""
    room = stage.h - theme.line_height("large") - 5 * theme.px(12)
    for size, gap in HISTOGRAM_SIZES:
        row = theme.line_height(size) + theme.px(gap)
        if row * rows <= room:
            return row, size
    return row, size


def histogram_box(theme: Theme, stage: pygame.Rect, rows: int) -> pygame.Rect:
    """Where the reveal's histogram goes: a card of `rows` bars at the stage's centre."""
    margin = theme.px(12)
    width = min(stage.w - 2 * margin, theme.px(620))
    row, _size = histogram_rows(theme, stage, rows)
    box = pygame.Rect(0, 0, width, theme.line_height("large") + row * rows + 3 * margin)
    box.center = stage.center
    return box


def at_the_step(shell: Any) -> bool:
    """Whether the picture shows the open exercise step's moment (a step is posed ahead of the player, whose
    still and candidates wait until the player stands at it); True when no exercise step is open."""
    exercise = getattr(shell, "exercise", None)
    return exercise is None or exercise.at_step(shell.run)


def wake() -> None:
    """From the server's thread: a frame is wanted (SDL's queue takes events from any thread)."""
    with contextlib.suppress(pygame.error):  # the window is closing
        pygame.event.post(pygame.event.Event(WAKE))


class ClassMode:
    """A class session as the app shows it: the server, the current question, the reveal."""

    def __init__(self, bind: str | None, port: int, *, announce: bool = False, record: bool = True) -> None:
        from solvers.classroom import session_file

        self.server = ClassServer(bind, port)
        self.server.record_to = session_file(self.server.room) if record else None
        self.server.notify = wake
        self.announce = announce
        self.announced = False
        self.asked: object = None  # what the current question was made from (a Step, a lesson step)
        self.number = 0
        self.revealed = False
        self.shown = Snapshot()
        self._qr: tuple[str, int, pygame.Surface] | None = None
        self._still_due = False
        self._pending = Question(0, {}, ())
        self.server.start()

    @property
    def url(self) -> str | None:
        """The page's address once the server listens."""
        return self.server.url

    def stop(self) -> None:
        """End the session (pages are told; the server's thread ends)."""
        self.server.stop()

    # --- the frame -----------------------------------------------------------------------

    def follow(self, app: Any) -> None:
        """Once a frame: say the address once it is up, and pose a new question when the run asks one."""
        if self.url is not None and self.announce and not self.announced:
            self.announced = True
            print(START_LINE.format(url=self.url), flush=True)
        if self.server.error is not None and not self.announced:
            self.announced = True
            app.notify(_("the class session could not start: {reason}").format(reason=self.server.error))
        if self.url is None:
            return  # questions wait for the server to listen
        source = self.source(app)
        if source is self.asked:
            return
        self.asked = source
        question = self.question_of(source, app)
        if question is None:
            if not self.revealed:
                self.server.close()
            return
        self.number += 1
        self.revealed = False
        self._pending = question
        self._still_due = True

    def source(self, app: Any) -> object:
        """What asks a question now: exercise mode's open step while exercise mode is on, else the lesson's
        step when it has a question; None when nothing is asked."""
        exercise = getattr(app.screen, "exercise", None)
        if exercise is not None and exercise.active:
            return exercise.performance.step
        lesson = app.lesson
        if lesson is not None and not lesson.away and lesson.step.question:
            return lesson.step
        return None

    def question_of(self, source: object, app: Any) -> Question | None:
        """`source` as the next question to the class (one adapter for each kind of source)."""
        if isinstance(source, Step):
            return exercise_question(in_every_language(source, app), self.number + 1)
        if source is not None and source is getattr(app.lesson, "step", None):
            return lesson_question(dict(app.lesson.step.question), self.number + 1)
        return None

    def after_drawing(self, surface: pygame.Surface, app: Any) -> None:
        """Right after the demo is drawn (before the overlays): send a new question with its still."""
        shell = app.screen
        if not self._still_due or not at_the_step(shell):
            return
        self._still_due = False
        question = self._pending
        still = None
        if hasattr(shell, "exercise") and question.choices:
            stage = shell.layout(surface.get_size()).stage
            spots = shell.exercise.spots(shell.demo, stage, shell.run)
            if spots:
                area = focus(stage, [box for _number, box in spots])
                question = dataclasses.replace(question, targets=targets_on(area, spots))
                still = still_of(surface, area)
        self.server.ask(question, still)

    def takes(self, event: pygame.event.Event, app: Any, helping: bool) -> bool:
        """The session's own events: its wake-up call, and Enter (unless the help is up)."""
        if event.type == WAKE:
            return True
        return event.type == pygame.KEYDOWN and not helping and self.take_key(event, app)

    def take_key(self, event: pygame.event.Event, app: Any) -> bool:
        """Enter: reveal the answers, then go on; True when it was the session's."""
        if event.key not in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return False
        if self.asked is None and not self.revealed:
            return False
        if not self.revealed:
            self.revealed = True
            self.server.reveal()
            return True
        self.revealed = False
        shell = app.screen
        performance = getattr(getattr(shell, "exercise", None), "performance", None)
        if performance is not None and performance.step is not None:
            performance.show(shell.run)
        return True

    def changed(self) -> bool:
        """The server's counts differ from those drawn last (the app at rest draws a frame)."""
        return self.server.snapshot is not self.shown

    # --- drawing ---------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface, theme: Theme, lay: Layout) -> None:
        """The session's card over the side column, and the histogram over the stage once revealed."""
        self.shown = snapshot = self.server.snapshot
        self._draw_card(surface, theme, lay, snapshot)
        if self.revealed and snapshot.counts is not None and snapshot.question == self.number:
            self._draw_histogram(surface, theme, lay.stage, snapshot.counts)

    def _qr_image(self, url: str, side: int) -> pygame.Surface:
        """The QR code, drawn once per address and size (its modules were made on the server's thread)."""
        if self._qr is None or self._qr[:2] != (url, side):
            self._qr = (url, side, qr_surface(self.server.qr, side))
        return self._qr[2]

    def _draw_card(self, surface: pygame.Surface, theme: Theme, lay: Layout, snapshot: Snapshot) -> None:
        """QR code, address, room code, joined and answered, what Enter does: at the side column's foot."""
        url = self.url
        margin = theme.px(10)
        column = card_column(lay, theme)
        inner = column.w - 2 * margin
        lines: list[tuple[str, str, th.Color]] = []
        qr = None
        if url is None:
            lines.append(
                fitting(theme, _("starting the class session…"), inner, ("small", "tiny"), th.TITLE_INK)
            )
        else:
            qr = self._qr_image(url, min(inner, theme.px(190)))
            code = _("room code {code}").format(code=self.server.room)
            counts = _("{joined} joined · {answered} answered").format(
                joined=snapshot.joined, answered=snapshot.answered
            )
            lines.append(fitting(theme, url.split("?")[0], inner, ("small", "tiny"), th.TITLE_INK))
            lines.append(fitting(theme, code, inner, ("title", "large", "body", "small"), th.YELLOW))
            lines.append(fitting(theme, counts, inner, ("body", "small", "tiny"), th.TITLE_INK))
            if self.asked is not None or self.revealed:
                words = _("Enter: go on") if self.revealed else _("Enter: show the answers")
                lines.append(fitting(theme, words, inner, ("small", "tiny"), th.YELLOW))
        height = margin * 2 + sum(theme.line_height(size) for _t, size, _c in lines)
        if qr is not None:
            height += qr.get_height() + margin
        box = pygame.Rect(column.x, column.y, column.w, min(height, column.h))
        box.bottom = column.bottom  # the counters and the pseudocode above it stay in sight
        draw_box(surface, box, theme, fill=th.TITLE_BAR, edge=th.TITLE_BAR, radius=8)
        y = box.y + margin
        if qr is not None:
            surface.blit(qr, qr.get_rect(midtop=(box.centerx, y)))
            y += qr.get_height() + margin
        for text, size, colour in lines:
            face = "bold" if colour == th.YELLOW else "sans"
            image = theme.text(fit_text(theme, text, inner, size, face), size, colour, face)
            surface.blit(image, (box.x + margin, y))
            y += theme.line_height(size)

    def _draw_histogram(
        self, surface: pygame.Surface, theme: Theme, stage: pygame.Rect, counts: tuple[tuple[str, int], ...]
    ) -> None:
        """One bar per choice with its count; the right one green and ticked."""
        question = self._pending
        labels = {NONE: _("none"), **dict(question.choices)}
        right = set() if question.expected is None else set(question.expected.split(","))
        margin = theme.px(12)
        row, size = histogram_rows(theme, stage, len(counts))
        box = histogram_box(theme, stage, len(counts))
        draw_box(surface, box, theme, fill=th.PANEL, edge=th.INK, radius=8, width=2)
        title = theme.text(_("The class answered"), "large", th.INK, "bold")
        surface.blit(title, (box.x + margin, box.y + margin))
        most = max([1, *(count for _key, count in counts)])
        label_w = box.w * 2 // 5
        bar_x = box.x + margin + label_w
        bar_room = box.right - margin - bar_x - theme.px(40)
        y = box.y + 2 * margin + theme.line_height("large")
        for key, count in counts:
            prefix = f"{key}. " if key != NONE else ""
            words = key if question.free else f"{prefix}{'✓ ' if key in right else ''}{labels.get(key, key)}"
            label = fit_text(theme, words, label_w - theme.px(8), size)
            surface.blit(theme.text(label, size, th.DONE if key in right else th.INK), (box.x + margin, y))
            bar = pygame.Rect(
                bar_x,
                y + theme.px(2),
                max(theme.px(2), bar_room * count // most),
                theme.line_height(size) - 2,
            )
            pygame.draw.rect(surface, th.DONE if key in right else th.MUTED, bar, border_radius=theme.px(3))
            number = theme.text(str(count), size, th.INK, "bold")
            surface.blit(number, (bar.right + theme.px(6), y))
            y += row
