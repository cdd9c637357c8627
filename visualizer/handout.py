"""The handout: a lesson as a printable PDF, each step's picture over its caption, two steps to a page.

`unwind --lesson FILE --handout out.pdf [--lang ko]` renders every step the way
the lesson presents it (its demo, settings and seed, its part played), but
without the caption bar over the picture: the caption and the question are
printed under it in the lesson's text, in the faces Unwind ships (Noto Sans CJK
for Latin, Hangul and Chinese, DejaVu for the few signs it lacks), so a Korean or
Chinese handout prints as the class reads it on screen.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from solvers import textio
from solvers.i18n import _, assets_folder, language, ngettext
from solvers.lessons import Lesson, in_language
from solvers.mazes.printing import PAPERS, PDF_FONT, PDF_FONT_FILE
from visualizer.screens import Host

if TYPE_CHECKING:
    from PIL.Image import Image

    from visualizer.lesson import LessonPresenter
    from visualizer.overlays import Prompt

PER_PAGE = 2
"""Steps on a page."""
SETTLE_FRAMES = 3
"""Frames drawn on a step before its picture is taken (an exercise poses its first step)."""
BOLD_FONT_FILE = "NotoSansCJKsc-Bold-subset.otf"
FALLBACK_FONT, FALLBACK_FONT_FILE = "unwind-signs", "DejaVuSans.ttf"
TEXT_SIZES = (11.0, 10.0, 9.0, 8.0, 7.0)
"""Caption sizes in points, tried in turn until the text fits under its picture."""
LINE = 0.5
"""A text line's height in mm for each point of its size."""
MARGIN, TOP = 15.0, 22.0
"""The page's margins in mm: the sides and bottom, and the top under the lesson's title."""


class Printing(Host, Protocol):
    """What printing a handout asks of the app: its lesson, its frames drawn without messages or prompts."""

    lesson: LessonPresenter | None
    """The lesson being presented (set aside while the pictures are taken)."""

    message: str
    """The message shown at the bottom ('' for none)."""
    prompt: Prompt | None
    """The text prompt open, if any."""

    def frame(self, dt: float) -> None:
        """One frame: input, update, draw, flip."""


@dataclass(frozen=True)
class Printed:
    """One step on paper: its heading, picture, caption and question (empty if none)."""

    heading: str
    picture: Image
    caption: str
    question: str


def step_pictures(app: Printing) -> Iterator[Image]:
    """Each step of the app's lesson as the class sees it, without the caption bar."""
    from PIL import Image as PILImage

    presenter = app.lesson
    assert presenter is not None, "a handout is made of a lesson"
    app.lesson = None  # the frames draw the demo alone: the caption goes under the picture
    for index in range(len(presenter.lesson.steps)):
        presenter.go(index)
        if not presenter.finished():
            presenter.next()  # the step's part, played at once
        for _frame in range(SETTLE_FRAMES):
            app.message = ""
            app.prompt = None  # an exercise asks the student's name the first time: not on paper
            app.frame(1 / 60)
        surface = app.surface
        yield PILImage.frombytes("RGB", surface.get_size(), pygame.image.tobytes(surface, "RGB"))
    app.lesson = presenter


def printed_steps(lesson: Lesson, pictures: Iterator[Image], lang: str) -> list[Printed]:
    """The lesson's steps with their pictures, in `lang` (else English)."""
    total = len(lesson.steps)
    return [
        Printed(
            _("step {number} of {total}").format(number=number, total=total),
            picture,
            in_language(step.caption, lang),
            in_language(step.question, lang) if step.question else "",
        )
        for number, (step, picture) in enumerate(zip(lesson.steps, pictures, strict=True), 1)
    ]


def handout_pdf(title: str, steps: list[Printed], paper: str = "a4") -> bytes:
    """The PDF: the title atop each page, then PER_PAGE steps, each its heading, picture and text."""
    from fpdf import FPDF

    page_w, page_h = PAPERS[paper]
    pdf = FPDF(unit="mm", format=(page_w, page_h))
    pdf.set_auto_page_break(False)
    pdf.set_title(title)
    fonts = assets_folder() / "fonts"
    pdf.add_font(PDF_FONT, "", str(fonts / PDF_FONT_FILE))
    pdf.add_font(PDF_FONT, "B", str(fonts / BOLD_FONT_FILE))
    pdf.add_font(FALLBACK_FONT, "", str(fonts / FALLBACK_FONT_FILE))
    pdf.set_fallback_fonts([FALLBACK_FONT])
    slot_h = (page_h - TOP - MARGIN) / PER_PAGE
    for first in range(0, len(steps), PER_PAGE):
        pdf.add_page()
        pdf.set_font(PDF_FONT, "B", 13)
        pdf.text(MARGIN, 14, title)
        for slot, step in enumerate(steps[first : first + PER_PAGE]):
            _print_step(pdf, step, TOP + slot * slot_h, page_w - 2 * MARGIN, slot_h)
    data: Any = pdf.output()
    return bytes(data)


def _print_step(pdf: Any, step: Printed, top: float, width: float, height: float) -> None:
    """One step in its slot: the heading, the picture as large as the text under it leaves room for."""
    pdf.set_font(PDF_FONT, "B", 10)
    pdf.text(MARGIN, top + 4, step.heading)
    room = height - 7 - 3 - 4  # under the heading, between picture and text, and before the next slot
    for size in TEXT_SIZES:  # the largest text that leaves the picture half the slot
        text_h = _text_height(pdf, step, width, size)
        if room - text_h >= height / 2:
            break
    picture_w, picture_h = step.picture.size
    scale = min(width / picture_w, (room - text_h) / picture_h)
    shown_w, shown_h = picture_w * scale, picture_h * scale
    left, picture_top = MARGIN + (width - shown_w) / 2, top + 7
    pdf.image(step.picture, x=left, y=picture_top, w=shown_w, h=shown_h)
    pdf.set_draw_color(160, 160, 160)
    pdf.rect(left, picture_top, shown_w, shown_h)
    pdf.set_xy(MARGIN, picture_top + shown_h + 3)
    pdf.set_font(PDF_FONT, "", size)
    pdf.multi_cell(width, size * LINE, step.caption, align="L")
    if step.question:
        pdf.set_x(MARGIN)
        pdf.set_font(PDF_FONT, "B", size)
        pdf.multi_cell(width, size * LINE, "? " + step.question, align="L")


def _text_height(pdf: Any, step: Printed, width: float, size: float) -> float:
    """How tall the caption and the question print at `size` points, in mm."""
    pdf.set_font(PDF_FONT, "", size)
    lines = len(pdf.multi_cell(width, size * LINE, step.caption, dry_run=True, output="LINES"))
    if step.question:
        pdf.set_font(PDF_FONT, "B", size)
        lines += len(pdf.multi_cell(width, size * LINE, "? " + step.question, dry_run=True, output="LINES"))
    return lines * size * LINE


def write_handout(app: Printing, path: Path) -> int:
    """Render the app's lesson and write its handout atomically: 0, or 1 after one line saying why not."""
    presenter = app.lesson
    assert presenter is not None, "a handout is made of a lesson"
    lesson, lang = presenter.lesson, language()
    steps = printed_steps(lesson, step_pictures(app), lang)
    try:
        textio.write_bytes_atomic(path, handout_pdf(in_language(lesson.title, lang), steps))
    except OSError as error:
        reason = error.strerror or error
        print(_("unwind: could not save {path}: {reason}").format(path=path, reason=reason), file=sys.stderr)
        return 1
    pages = -(-len(steps) // PER_PAGE)
    print(
        ngettext(
            "unwind: wrote the handout {path}: {steps} steps on {pages} page",
            "unwind: wrote the handout {path}: {steps} steps on {pages} pages",
            pages,
        ).format(path=path, steps=len(steps), pages=pages)
    )
    return 0
