"""The frogs' pads, the list of moves, the rules, banners and confetti: drawing only.

Everything here reads the frozen `PadsLook` the controller builds each
frame, the model and the theme, and draws where `layout.py` says; nothing
is written that input reads.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from solvers import frogs as fr
from solvers.events import Move
from solvers.i18n import _
from visualizer import theme as th
from visualizer.assets import asset
from visualizer.panels import card, fit_text, wrap
from visualizer.player import Player
from visualizer.scenes.frogs import layout as lay
from visualizer.scenes.frogs.model import PLAY, FrogsModel, list_words, rules
from visualizer.scenes.frogs.offers import Offer
from visualizer.theme import Theme
from visualizer.widgets import Button, draw_box

SLIDE_SECONDS, JUMP_SECONDS = 0.3, 0.45
"""How long a person's move takes on screen."""
SHAKE_SECONDS = 0.5
CONFETTI_SECONDS = 4.0
CONFETTI_PIECES = 90
SIDE_INK = {fr.LEFT: th.BLUE, fr.RIGHT: th.VERMILLION}
"""A move's ink in the list, by its frog's side (the letter is the second cue)."""

# --- sprites -----------------------------------------------------------------------------

_SPRITES: dict[str, pygame.Surface | None] = {}
_SCALED: dict[tuple[str, int], pygame.Surface] = {}


def sprite(name: str, size: int) -> pygame.Surface | None:
    """A sprite from assets/sprites scaled to `size` pixels, cached; None if it is missing."""
    key = (name, size)
    if key in _SCALED:
        return _SCALED[key]
    if name not in _SPRITES:
        try:
            loaded = pygame.image.load(str(asset("sprites", f"{name}.png")))
            _SPRITES[name] = loaded.convert_alpha() if pygame.display.get_surface() else loaded
        except (pygame.error, FileNotFoundError):
            _SPRITES[name] = None
    original = _SPRITES[name]
    if original is None:
        return None
    scaled = pygame.transform.smoothscale(original, (size, size))
    if len(_SCALED) > 64:
        _SCALED.clear()
    _SCALED[key] = scaled
    return scaled


@dataclass(frozen=True, slots=True)
class Confetto:
    """One piece of the celebration."""

    x: float
    speed: float
    sway: float
    phase: float
    size: int
    colour: th.Color


def confetti(seed: int) -> list[Confetto]:
    """The celebration's pieces (deterministic from the seed)."""
    rng = random.Random(seed)
    colours = (th.ORANGE, th.SKY, th.GREEN, th.YELLOW, th.BLUE, th.VERMILLION, th.PURPLE)
    return [
        Confetto(
            rng.random(),
            rng.uniform(0.25, 0.55),
            rng.uniform(0.01, 0.04),
            rng.uniform(0, math.tau),
            rng.randint(7, 13),
            rng.choice(colours),
        )
        for _ in range(CONFETTI_PIECES)
    ]


# --- the pads -------------------------------------------------------------------------------


@dataclass(frozen=True)
class PadsLook:
    """What the controller hands the pads' drawing each frame besides the model and theme."""

    mode: str  # PLAY, SOLVE or PLAYBACK
    title: str  # the pads card's title
    game_state: str  # the person's game, shown while playing
    clock: float  # seconds since the demo opened: the animations' time
    anim: tuple[fr.Hop, float] | None  # a person's move: (move, started)
    shake: tuple[int, float] | None  # a frog that cannot move: (pad, started)
    celebrate_at: float | None
    confetti: Sequence[Confetto]


def frog_point(look: PadsLook, theme: Theme, frogs: lay.FrogsLayout, pad: int) -> tuple[int, int]:
    """Where a frog sitting on `pad` is drawn (its sprite's centre), shaking if it was refused."""
    row, size = frogs.pads_row, frogs.frog_size
    x = row.x + (pad + 0.5) * frogs.pad_w
    if look.shake is not None and look.shake[0] == pad:
        age = look.clock - look.shake[1]
        if age < SHAKE_SECONDS and look.mode == PLAY:
            x += math.sin(age * 45) * theme.px(7) * (1 - age / SHAKE_SECONDS)
    y = row.bottom - size // 3 - round(size * 0.32)
    if look.celebrate_at is not None and look.clock - look.celebrate_at < CONFETTI_SECONDS:
        y -= round(abs(math.sin((look.clock - look.celebrate_at) * 7 + pad)) * size * 0.15)
    return round(x), y


def flight(look: PadsLook, theme: Theme, frogs: lay.FrogsLayout, hop: fr.Hop, t: float) -> tuple[int, int]:
    """A moving frog's centre at fraction `t`: along the pads, up in an arc (higher for a jump)."""
    x0, y0 = frog_point(look, theme, frogs, hop.frm)
    x1, _ = frog_point(look, theme, frogs, hop.to)
    lift = frogs.frog_size * (0.55 if hop.jump else 0.22) * math.sin(math.pi * t)
    return round(x0 + (x1 - x0) * th.ease(t)), round(y0 - lift)


def moving(look: PadsLook, player: Player) -> tuple[fr.Hop, float] | None:
    """The move being animated now and how far along (0..1), if any."""
    if look.mode == PLAY:
        if look.anim is None:
            return None
        hop, started = look.anim
        t = (look.clock - started) / (JUMP_SECONDS if hop.jump else SLIDE_SECONDS)
        return (hop, t) if t < 1 else None
    event = player.last_event
    if type(event) is not Move:
        return None
    seconds = min(0.45, 0.9 / max(player.speed, 1)) if player.playing else 0.35
    t = player.since_event / seconds
    return (fr.Hop(event.piece, event.frm, event.to), t) if t < 1 else None


def draw_pads(
    surface: pygame.Surface,
    theme: Theme,
    look: PadsLook,
    frogs: lay.FrogsLayout,
    model: FrogsModel,
    player: Player,
) -> None:
    """The lily pads with their frogs and pad numbers; the message or result line under them."""
    card(surface, frogs.pads_card, theme, look.title)
    state = look.game_state if look.mode == PLAY else model.state
    row, size = frogs.pads_row, frogs.frog_size
    move = moving(look, player)
    movable = {hop.frm for hop in fr.legal_moves(state)} if look.mode == PLAY else set()
    for pad in range(len(state)):
        centre = (frogs.pad_centre(pad)[0], row.bottom - size // 3)
        leaf = sprite("lily_pad", size)
        if leaf is not None:
            surface.blit(leaf, leaf.get_rect(center=centre))
        number = theme.text(str(pad), "small", th.MUTED, "mono")
        surface.blit(number, number.get_rect(midtop=(centre[0], row.bottom + theme.px(2))))
    for pad, frog in enumerate(state):
        if frog == fr.EMPTY or (move is not None and move[0].to == pad):
            continue
        draw_frog(surface, theme, frog, frog_point(look, theme, frogs, pad), size, pad in movable)
    if move is not None:
        draw_frog(surface, theme, move[0].frog, flight(look, theme, frogs, *move), size, False)


def draw_frog(
    surface: pygame.Surface, theme: Theme, frog: str, centre: tuple[int, int], size: int, can_move: bool
) -> None:
    """One frog sprite; a frog that can move gets an arrow above it pointing its way."""
    image = sprite(f"frog_{frog}", size)
    if image is not None:
        surface.blit(image, image.get_rect(center=centre))
    else:  # the sprite file is missing: a plain disc with the letter still tells them apart
        pygame.draw.circle(surface, th.BLUE if frog == fr.LEFT else th.ORANGE, centre, size // 3)
        label = theme.text(frog, "large", th.PANEL, "bold")
        surface.blit(label, label.get_rect(center=centre))
    if can_move:
        way = 1 if frog == fr.LEFT else -1
        tip_x, back_x = centre[0] + way * theme.px(12), centre[0] - way * theme.px(8)
        y = centre[1] - size // 2 - theme.px(2)
        pygame.draw.polygon(
            surface, th.ACTIVE, [(tip_x, y), (back_x, y - theme.px(8)), (back_x, y + theme.px(8))]
        )


def draw_message(surface: pygame.Surface, theme: Theme, bar: pygame.Rect, message: str) -> None:
    """The line under the pads."""
    image = theme.text(fit_text(theme, message, bar.w, "body", "bold"), "body", th.INK, "bold")
    surface.blit(image, image.get_rect(center=bar.center))


def draw_result(
    surface: pygame.Surface, theme: Theme, bar: pygame.Rect, offer: Offer, buttons: list[Button]
) -> None:
    """The result line in the pads' card: a mark, the words, the buttons at the right."""
    right = buttons[0].rect.x if buttons else bar.right
    mark = "✓" if offer.colour == th.DONE else "✗"
    text = fit_text(theme, f"{mark} {offer.text}", right - bar.x - theme.px(8), "body", "bold")
    image = theme.text(text, "body", offer.colour, "bold")
    surface.blit(image, image.get_rect(midleft=(bar.x, bar.centery)))
    for button in buttons:
        button.draw(surface, theme)


def draw_banner(
    surface: pygame.Surface, theme: Theme, lower: pygame.Rect, offer: Offer, buttons: list[Button]
) -> None:
    """A message box over the lower area with buttons for what to do next."""
    lines = lay.banner_lines(theme, lower, offer.text)
    box = lay.banner_box(theme, lower, len(lines))
    draw_box(surface, box, theme, fill=th.PANEL, edge=offer.colour, radius=10, width=3)
    title = theme.text(
        fit_text(theme, offer.title, box.w - theme.px(20), "title", "bold"), "title", offer.colour, "bold"
    )
    surface.blit(title, title.get_rect(midtop=(box.centerx, box.y + theme.px(10))))
    y = box.y + theme.px(14) + title.get_height()
    for line in lines:
        image = theme.text(line, "body", th.INK)
        surface.blit(image, image.get_rect(midtop=(box.centerx, y)))
        y += theme.line_height("body")
    for button in buttons:
        button.draw(surface, theme)


def draw_confetti(surface: pygame.Surface, theme: Theme, look: PadsLook, rect: pygame.Rect) -> None:
    """Falling confetti for a few seconds after the goal."""
    if look.celebrate_at is None:
        return
    age = look.clock - look.celebrate_at
    if age > CONFETTI_SECONDS:
        return
    for piece in look.confetti:
        y = rect.y + (age * piece.speed - 0.1) * rect.h * 1.2
        x = rect.x + (piece.x + math.sin(piece.phase + age * 4) * piece.sway) * rect.w
        size = theme.px(piece.size)
        height = max(2, size // 2 + round(size / 2 * math.sin(piece.phase + age * 7)))
        pygame.draw.rect(surface, piece.colour, (round(x), round(y), size, height))


# --- the lower area ----------------------------------------------------------------------


def draw_help(surface: pygame.Surface, theme: Theme, rect: pygame.Rect, best: int, covered: bool) -> None:
    """In play mode: the rules (left empty when a banner covers the card)."""
    inner = card(surface, rect, theme, _("how to play"))
    if covered:
        return
    y = inner.y
    for text in rules(best):
        for line in wrap(theme, text, inner.w, "body"):
            if y + theme.line_height("body") > inner.bottom:
                return
            surface.blit(theme.text(line, "body", th.INK), (inner.x, y))
            y += theme.line_height("body")
        y += theme.px(8)


def draw_list(
    surface: pygame.Surface,
    theme: Theme,
    rect: pygame.Rect,
    title: str,
    moves: list[fr.Hop],
    current: int,
    first: int,
    empty: str,
) -> None:
    """A list of moves from `first` on, the current one lit, a scroll bar when some are out of view."""
    inner = card(surface, rect, theme, f"{title} ({len(moves)})")
    if not moves:
        surface.blit(theme.text(fit_text(theme, empty, inner.w), "small", th.MUTED), (inner.x, inner.y))
        return
    line = theme.line_height("small")
    rows = lay.list_rows(theme, inner)
    bar_w = theme.px(4) if len(moves) > rows else 0
    width = inner.w - bar_w - theme.px(2)
    number_w = theme.font("small", "mono").size(f"{len(moves)}.")[0]
    for index in range(first, min(len(moves), first + rows)):
        y = inner.y + (index - first) * line
        hop, lit = moves[index], index == current
        if lit:
            pygame.draw.rect(surface, th.LIT_LINE, (inner.x - 2, y, width + 2, line))
        number = theme.text(f"{index + 1}.", "small", th.MUTED, "mono")
        surface.blit(number, number.get_rect(topright=(inner.x + number_w, y)))
        x = inner.x + number_w + theme.px(4)
        words = fit_text(theme, list_words(hop), inner.x + width - x, "small", "bold" if lit else "mono")
        surface.blit(theme.text(words, "small", SIDE_INK[hop.frog], "bold" if lit else "mono"), (x, y))
    if bar_w:
        track = pygame.Rect(inner.right - bar_w, inner.y, bar_w, rows * line)
        pygame.draw.rect(surface, th.blend(th.PANEL, th.MUTED, 0.2), track, border_radius=bar_w // 2)
        thumb_h = max(theme.px(12), track.h * rows // len(moves))
        thumb_y = track.y + (track.h - thumb_h) * first // max(1, len(moves) - rows)
        thumb = pygame.Rect(track.x, thumb_y, bar_w, thumb_h)
        pygame.draw.rect(surface, th.MUTED, thumb, border_radius=bar_w // 2)
