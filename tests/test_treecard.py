"""The one interactive tree card (`visualizer.treecard`): every tree demo zooms, pans, clicks, hovers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pygame
from ui import TickClock, drag, stage_of

from solvers import minimax as mm
from visualizer import theme as th
from visualizer.scenes.gametree import view as gametree_view
from visualizer.theme import Theme
from visualizer.treecard import TreeCard, card_words
from visualizer.treepaint import screen_box

SCENES = Path(__file__).resolve().parent.parent / "visualizer" / "scenes"
TREE_DEMOS = ("recursion", "hanoi", "trace", "gametree", "tictactoe", "games", "frogs")

AREA = pygame.Rect(100, 100, 200, 120)
NODE = pygame.Rect(180, 140, 40, 40)


def find(pos: tuple[int, int]) -> str | None:
    """One node, drawn at NODE (at zoom 1)."""
    return "node" if NODE.collidepoint(pos) else None


def post(card: TreeCard[str], kind: int, clicked: list[str], **fields: Any) -> bool:
    """One event through the card; clicks go to `clicked`."""
    return card.handle(pygame.event.Event(kind, **fields), AREA, find, clicked.append)


def test_a_click_runs_the_action_a_drag_pans_and_the_wheel_zooms() -> None:
    """Press and release on the node: its action; a drag from it pans, never clicks; reset fits again."""
    card: TreeCard[str] = TreeCard()
    clicked: list[str] = []
    assert not post(card, pygame.MOUSEBUTTONDOWN, clicked, pos=NODE.center, button=1)
    assert post(card, pygame.MOUSEBUTTONUP, clicked, pos=NODE.center, button=1)
    assert clicked == ["node"]
    assert not post(card, pygame.MOUSEBUTTONUP, clicked, pos=(105, 105), button=1)  # beside the node
    post(card, pygame.MOUSEBUTTONDOWN, clicked, pos=NODE.center, button=1)
    assert post(card, pygame.MOUSEMOTION, clicked, pos=(NODE.centerx + 30, NODE.centery), rel=(30, 0))
    assert post(card, pygame.MOUSEBUTTONUP, clicked, pos=(NODE.centerx + 30, NODE.centery), button=1)
    assert clicked == ["node"] and card.camera.pan_x == 30
    assert card.hover == (NODE.centerx + 30, NODE.centery)
    assert post(card, pygame.MOUSEBUTTONDOWN, clicked, pos=AREA.center, button=4)
    assert card.camera.zoom > 1
    assert not post(card, pygame.MOUSEBUTTONDOWN, clicked, pos=(10, 10), button=4)  # off the card
    card.reset()
    assert (card.camera.zoom, card.camera.pan_x, card.camera.pan_y) == (1.0, 0.0, 0.0)


def test_the_note_is_drawn_only_over_a_node() -> None:
    """Hovering the node draws its note (dark, at the pointer); beside it, nothing."""
    pygame.font.init()
    theme = Theme()
    surface = pygame.Surface((400, 300))
    card: TreeCard[str] = TreeCard()
    stage = surface.get_rect()
    for pos, expected in (((105, 105), False), (NODE.center, True)):
        surface.fill(th.PANEL)
        card.hover = pos
        card.draw_note(surface, stage, theme, find, lambda node: [f"the {node}"])
        note = pygame.Rect(pos[0] + 20, pos[1] + 20, 20, 10)
        assert (surface.get_at(note.center)[:3] == th.TITLE_BAR) is expected, pos


def test_empty_words_sit_in_the_middle_of_the_card() -> None:
    """The words of a card with no tree are a block centred on it (games and tic-tac-toe began there)."""
    pygame.font.init()
    theme = Theme()
    surface = pygame.Surface((400, 300))
    surface.fill(th.PANEL)
    area = pygame.Rect(20, 20, 200, 200)
    card_words(surface, theme, area, "your move: click a cell, and the tree of the search grows here")
    rows = [
        y
        for y in range(area.y, area.bottom)
        if any(surface.get_at((x, y))[:3] != th.PANEL for x in range(area.x, area.right))
    ]
    assert rows and abs((rows[0] + rows[-1]) / 2 - area.centery) <= theme.px(4)
    assert rows[0] < area.centery < rows[-1]


def test_a_drag_from_a_game_tree_node_pans_without_seeking(app, open_demo) -> None:
    """The game tree clicks on release as every tree card does: a drag that starts on a node only pans."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("gametree")
    shell.run.seek(10**6, now=True)
    demo = shell.demo
    inner = demo.layout(stage_of(app, shell)).panels[-1]
    places = gametree_view.panel_places(shell.theme, inner, demo.card.camera, demo.tree).shown()
    start = screen_box(demo.card.camera, inner, places[(1, 1)]).center
    cursor = shell.run.cursor
    drag(app, [start, (start[0] + 20, start[1] + 10), (start[0] + 60, start[1] + 30)])
    assert shell.run.cursor == cursor and demo.card.camera.pan_x != 0
    assert demo.layout(stage_of(app, shell)).sides[-1] == mm.ALPHABETA_SIDE


def test_no_tree_demo_keeps_its_own_camera_pointer_or_reset() -> None:
    """The camera, the pointer and the reset live in the card: no tree demo writes them again."""
    for name in TREE_DEMOS:
        for path in sorted((SCENES / name).glob("*.py")):
            text = path.read_text(encoding="utf-8")
            assert not re.search(r"self\.(hover|camera|cameras)\s*(:[^=]*)?=", text), path
            assert "def reset_camera" not in text, path
            assert not re.search(r"(?<![.\w])draw_note\(", text), path  # the card's note, never one by hand
