"""Opening the one window, or saying in one line why there is none."""

from __future__ import annotations

import os
import warnings

import pygame

from visualizer import MIN_WINDOW

HEADLESS_DRIVERS = ("offscreen", "dummy")
"""Drivers SDL falls back to with no screen; used only when asked for by name."""


class NoDisplay(Exception):
    """No window can be opened here."""


def open_window(size: tuple[int, int]) -> pygame.Surface:
    """Open the resizable window, or raise NoDisplay with the reason."""
    try:
        pygame.display.init()
    except pygame.error as error:
        raise NoDisplay(str(error)) from None
    driver = pygame.display.get_driver()
    if driver in HEADLESS_DRIVERS and os.environ.get("SDL_VIDEODRIVER") != driver:
        pygame.display.quit()
        raise NoDisplay("no screen was found: DISPLAY and WAYLAND_DISPLAY are not set")
    pygame.font.init()
    try:
        surface = pygame.display.set_mode(size, pygame.RESIZABLE)
    except pygame.error as error:
        raise NoDisplay(str(error)) from None
    with warnings.catch_warnings():  # the one way to reach the display module's window in pygame-ce 2.5
        warnings.simplefilter("ignore", DeprecationWarning)
        pygame.Window.from_display_module().minimum_size = MIN_WINDOW
    return surface
