"""Shortening text to a width (by halving) keeps the longest start that fits, in every script."""

from __future__ import annotations

import pygame
import pytest

from visualizer.glyphs import FallbackFont
from visualizer.panels import fit_text
from visualizer.theme import Theme

TEXTS = [
    "143416 * fact(143415)",
    "calls fact(99999) and waits for its answer",
    "스택에 쌓인 호출이 하나씩 돌아옵니다",
    "递归调用一层一层地返回",
    "n × fact(n − 1) … 7",
]


def longest_fitting(theme: Theme, text: str, width: int) -> str:
    """The answer by brute force: the longest start of `text` that, with '…', is at most `width` wide."""
    font = theme.font("small", "mono")
    if font.size(text)[0] <= width:
        return text
    return max(
        (text[:k] + "…" for k in range(len(text) + 1) if font.size(text[:k] + "…")[0] <= width),
        key=len,
        default="…",
    )


@pytest.mark.parametrize("text", TEXTS)
def test_fit_text_keeps_the_longest_start_that_fits(text: str) -> None:
    """Every width from nothing to the whole text: the same as trying every length."""
    pygame.font.init()
    theme = Theme(1.0)
    whole = theme.font("small", "mono").size(text)[0]
    for width in range(0, whole + 8, 3):
        assert fit_text(theme, text, width, "small", "mono") == longest_fitting(theme, text, width)


def test_symbols_the_first_font_has_are_measured_as_plain_text() -> None:
    """'…' or '×' in Latin text: the fallback font measures it as the plain font does (one run)."""
    pygame.font.init()
    theme = Theme(1.0)
    font = theme.font("small", "mono")
    assert isinstance(font, FallbackFont)
    for text in ("fact(5) …", "3 × 4 = 12", "→ done"):
        assert font.size(text) == pygame.font.Font.size(font, text)
        assert font.runs(text) == [(0, text)]
