"""No text leaves its box: every demo, on a grid of window sizes and presenter steps, early and late in a run.

The shell's layout reports its panels (`Layout.boxes`) and each demo its own
cards inside the stage (`Demo.boxes`, from its pure layout).  A surface that
records where each piece of text is blitted checks that every one lies
wholly inside the smallest box that holds its centre.  Text a demo clips on
purpose (a scrolling list) counts as the part that shows.
"""

from __future__ import annotations

import pygame
import pytest

from solvers.i18n import use
from visualizer.demos import DEMOS
from visualizer.theme import SCALES

STEP_SCALES = SCALES[SCALES.index(1.0) :][:5]
"""Presenter steps 1 to 5."""
SIZES_AND_SCALES = [
    *(((1024, 640), scale) for scale in STEP_SCALES),
    *(((1280, 800), scale) for scale in STEP_SCALES),
    ((800, 500), 1.0),
    ((1920, 1080), STEP_SCALES[-1]),
]
EVENTS = (0, 250)


class RecordingSurface(pygame.Surface):
    """A surface that notes where each text image lands."""

    def __init__(self, size: tuple[int, int], texts: dict[int, str], stage: pygame.Rect) -> None:
        super().__init__(size)
        self.texts = texts
        self.stage = stage
        self.placed: list[tuple[str, pygame.Rect]] = []

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        """Blit, noting text images and the part of them that shows."""
        text = self.texts.get(id(source))
        if text is not None:
            at = dest.topleft if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
            rect = pygame.Rect(at, (area or source.get_rect()).size)
            clip = self.get_clip()
            if clip != self.get_rect() and clip != self.stage:  # the demo's own clip: what shows
                rect = rect.clip(clip)
            if rect.w and rect.h:
                self.placed.append((text, rect))
        return super().blit(source, dest, area, special_flags)


def drawn_texts(app, size: tuple[int, int]) -> tuple[list[tuple[str, pygame.Rect]], dict[str, pygame.Rect]]:
    """The texts the current screen draws at `size`, and the boxes they belong in."""
    shell = app.screen
    texts: dict[int, str] = {}
    render = app.theme.text

    def noting(text: str, *args: object, **kwargs: object) -> pygame.Surface:
        image = render(text, *args, **kwargs)
        texts[id(image)] = text
        return image

    lay = shell.layout(size)
    surface = RecordingSurface(size, texts, lay.stage)
    app.theme.text = noting
    try:
        shell.draw(surface)
    finally:
        del app.theme.text
    boxes = {**lay.boxes(), **{f"stage:{k}": v for k, v in shell.demo.boxes(lay.stage).items()}}
    return surface.placed, boxes


def escaping_text(app, name: str, size: tuple[int, int], scale: float, events: int) -> list[str]:
    """The texts of `name`'s screen that leave their box, at `size` and `scale`, `events` into the run."""
    pygame.display.set_mode(size)
    app.theme.presenter = scale
    app.theme.fit_window(size)
    app.open(name)
    for _ in range(events):
        app.screen.run.step()
    placed, boxes = drawn_texts(app, size)
    escaping = []
    for text, rect in placed:
        holding = [box for box in boxes.values() if box.collidepoint(rect.center)]
        home = min(holding, key=lambda box: box.w * box.h, default=None)
        if home is None or not home.contains(rect):
            escaping.append(f"{text!r} at {tuple(rect)} in {tuple(home) if home else None}")
    return escaping


PENDING: dict[str, str] = {}


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(entry.name, marks=pytest.mark.xfail(reason=PENDING[entry.name], strict=True))
        if entry.name in PENDING
        else entry.name
        for entry in DEMOS
    ],
)
@pytest.mark.parametrize("lang", ["en", "ko", "zh_CN"])
def test_no_text_leaves_its_box(name: str, lang: str, app) -> None:
    """Every line of text lies inside its box, in each language, size, presenter step and point of the run."""
    use(lang)
    problems = []
    try:
        for size, scale in SIZES_AND_SCALES:
            for events in EVENTS:
                found = escaping_text(app, name, size, scale, events)
                problems += [f"{size} x{scale} after {events}: {problem}" for problem in found]
    finally:
        use("en")
    assert problems == [], f"{len(problems)} texts leave their box, e.g.\n" + "\n".join(problems[:12])


def test_a_text_over_the_stage_edge_is_caught(app, monkeypatch) -> None:
    """The check itself: text a demo draws across the stage's edge is found."""
    app.open("queens")
    size = app.surface.get_size()
    demo = app.screen.demo

    def spilling(surface: pygame.Surface, rect: pygame.Rect, player: object) -> None:
        surface.blit(app.theme.text("spills over"), (rect.right - 5, rect.y + 10))

    monkeypatch.setattr(demo, "draw", spilling)
    placed, boxes = drawn_texts(app, size)
    spilled = [rect for text, rect in placed if text == "spills over"]
    assert len(spilled) == 1 and not boxes["stage"].contains(spilled[0])
