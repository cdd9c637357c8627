"""Draw the frogs demo's sprites with pygame and save them as PNGs in assets/sprites/.

    python tools/make_frog_sprites.py [--out assets/sprites] [--size 128]

Two sides that no one can mix up, even in grey or with colour blindness:
- `frog_L.png`: a smooth, round frog, blue, facing right (it moves right);
- `frog_R.png`: a broad, warty toad, orange, facing left (it moves left);
- `lily_pad.png`: a lily pad with its notch.
Each frog also wears its letter on its side, as the command line prints it.
Shapes are drawn four times larger and scaled down smoothly, for clean edges.
"""

from __future__ import annotations

import argparse
import os
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame

from visualizer import theme as th
from visualizer.assets import asset

SUPERSAMPLE = 4
"""Drawing scale before the smooth shrink."""
UNIT = 100
"""Shapes are laid out on a 100 x 100 grid, scaled to the canvas."""

Color = tuple[int, int, int]
Draw = Callable[[pygame.Surface, Callable[[float], int]], None]


def shade(color: Color, amount: float) -> Color:
    """`color` darkened (amount < 0, towards ink) or lightened (amount > 0, towards white)."""
    target = (255, 255, 255) if amount > 0 else th.INK
    return th.blend(color, target, abs(amount))


def ellipse(
    surface: pygame.Surface,
    s: Callable[[float], int],
    color: Color,
    box: tuple[float, float, float, float],
    outline: float = 0,
) -> None:
    """An ellipse in grid units; with `outline`, an ink rim that wide first."""
    x, y, w, h = box
    if outline:
        grow = outline
        rim = pygame.Rect(s(x - grow), s(y - grow), s(w + 2 * grow), s(h + 2 * grow))
        pygame.draw.ellipse(surface, th.INK, rim)
    pygame.draw.ellipse(surface, color, pygame.Rect(s(x), s(y), s(w), s(h)))


def letter(
    surface: pygame.Surface, s: Callable[[float], int], text: str, center: tuple[float, float], color: Color
) -> None:
    """The side's letter, bold, centred on `center`."""
    font = pygame.font.Font(str(asset("fonts", "DejaVuSans-Bold.ttf")), s(26))
    label = font.render(text, True, color)
    surface.blit(label, label.get_rect(center=(s(center[0]), s(center[1]))))


def draw_frog(surface: pygame.Surface, s: Callable[[float], int]) -> None:
    """The L frog, facing right: smooth round body, big round eye, long hind leg."""
    skin, belly = th.BLUE, shade(th.SKY, 0.45)
    rim = 2.2
    ellipse(surface, s, shade(skin, -0.25), (8, 58, 40, 26), rim)  # hind thigh
    ellipse(surface, s, shade(skin, -0.25), (4, 80, 34, 10), rim)  # hind foot
    ellipse(surface, s, skin, (14, 36, 62, 48), rim)  # body
    ellipse(surface, s, skin, (50, 24, 40, 34), rim)  # head
    ellipse(surface, s, belly, (30, 62, 44, 20))  # pale belly
    ellipse(surface, s, shade(skin, -0.25), (62, 70, 12, 20), rim)  # front leg
    ellipse(surface, s, shade(skin, -0.25), (60, 86, 22, 7), rim)  # front foot
    ellipse(surface, s, (255, 255, 255), (62, 12, 22, 22), rim)  # eye
    ellipse(surface, s, th.INK, (71, 17, 10, 12))  # round pupil, looking ahead
    pygame.draw.arc(surface, th.INK, pygame.Rect(s(58), s(30), s(32), s(16)), 3.4, 5.6, s(1.8))  # smile
    letter(surface, s, "L", (36, 55), (255, 255, 255))


def draw_toad(surface: pygame.Surface, s: Callable[[float], int]) -> None:
    """The R toad, drawn facing right then mirrored: broad flat warty body, slit eye."""
    skin, wart = th.ORANGE, shade(th.VERMILLION, -0.1)
    rim = 2.2
    ellipse(surface, s, shade(skin, -0.2), (6, 70, 30, 18), rim)  # squat hind leg
    ellipse(surface, s, skin, (4, 44, 80, 42), rim)  # broad, low body
    ellipse(surface, s, skin, (54, 34, 40, 32), rim)  # flat head
    for x, y, d in ((16, 52, 8), (30, 47, 7), (44, 50, 8), (24, 64, 6), (40, 66, 7), (58, 58, 6)):
        ellipse(surface, s, wart, (x, y, d, d))  # warts
    ellipse(surface, s, (255, 214, 120), (66, 28, 20, 18), rim)  # golden eye
    ellipse(surface, s, th.INK, (68, 36, 16, 4))  # slit pupil
    surface.set_clip(pygame.Rect(0, 0, s(UNIT), s(35)))  # heavy lid over the eye's top
    ellipse(surface, s, shade(skin, -0.2), (64, 26, 24, 22))
    surface.set_clip(None)
    pygame.draw.line(surface, th.INK, (s(64), s(35)), (s(88), s(35)), s(1.6))
    ellipse(surface, s, shade(skin, -0.2), (66, 76, 12, 14), rim)  # front leg
    ellipse(surface, s, shade(skin, -0.2), (64, 86, 22, 7), rim)  # front foot
    pygame.draw.line(surface, th.INK, (s(72), s(56)), (s(92), s(52)), s(2))  # wide mouth


def render(draw: Draw, size: int, mirror: bool = False) -> pygame.Surface:
    """Draw on a large transparent canvas, shrink it smoothly, mirror if asked."""
    big = SUPERSAMPLE * size
    canvas = pygame.Surface((big, big), pygame.SRCALPHA)
    draw(canvas, lambda units: round(units * big / UNIT))
    small = pygame.transform.smoothscale(canvas, (size, size))
    return pygame.transform.flip(small, True, False) if mirror else small


def render_letter_over(surface: pygame.Surface, text: str, color: Color) -> None:
    """The toad's letter, drawn after mirroring so it reads the right way round."""
    size = surface.get_width()
    font = pygame.font.Font(str(asset("fonts", "DejaVuSans-Bold.ttf")), round(size * 0.26))
    label = font.render(text, True, color)
    surface.blit(label, label.get_rect(center=(round(size * 0.58), round(size * 0.64))))


def draw_pad(surface: pygame.Surface, s: Callable[[float], int]) -> None:
    """A round lily pad seen from above at a slant, with a notch and veins."""
    leaf = th.blend(th.GREEN, th.BACKGROUND, 0.35)
    ellipse(surface, s, shade(leaf, -0.35), (2, 30, 96, 44))
    ellipse(surface, s, leaf, (4, 31, 92, 40))
    pygame.draw.polygon(surface, (0, 0, 0, 0), [(s(50), s(51)), (s(58), s(29)), (s(70), s(29))])
    for end in ((14, 46), (30, 66), (70, 67), (88, 48), (36, 35)):
        pygame.draw.line(surface, shade(leaf, -0.15), (s(50), s(51)), (s(end[0]), s(end[1])), s(1))


def main() -> None:
    """Write the three PNGs."""
    parser = argparse.ArgumentParser(description="Draw the frogs demo's sprites.")
    parser.add_argument(
        "--out",
        type=Path,
        default=Path(__file__).resolve().parent.parent / "assets" / "sprites",
        help="folder to write into",
    )
    parser.add_argument("--size", type=int, default=128, help="sprite size in pixels")
    args = parser.parse_args()
    pygame.font.init()
    args.out.mkdir(parents=True, exist_ok=True)
    toad = render(draw_toad, args.size, mirror=True)
    render_letter_over(toad, "R", th.INK)
    sprites = {
        "frog_L.png": render(draw_frog, args.size),
        "frog_R.png": toad,
        "lily_pad.png": render(draw_pad, args.size),
    }
    for name, surface in sprites.items():
        pygame.image.save(surface, str(args.out / name))
        print(args.out / name)


if __name__ == "__main__":
    main()
