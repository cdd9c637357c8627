"""Clickable trees in the game tree, tic-tac-toe and frogs: a node takes the timeline to its call.

Each node is found where the painter puts it (the same pure place functions
input uses) and clicked as a user does; Shift-click goes to the return.
"""

from __future__ import annotations

import os

import pygame
from ui import TickClock, click, count_colour, stage_of

from solvers import minimax as mm
from solvers.events import Pop, Push
from visualizer import theme as th
from visualizer.scenes.gametree import view as gametree_view
from visualizer.treepaint import screen_box

SHOTS = os.environ.get("UNWIND_SHOTS", "")
"""A folder to save the screens in for looking at them (unset in normal runs)."""


def shift_click(app, pos: tuple[int, int]) -> None:
    """A click with Shift held."""
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, pos)
    finally:
        pygame.key.set_mods(0)


def hover(app, pos: tuple[int, int]) -> None:
    """The pointer moves to `pos`; one frame is drawn."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60)


def test_gametree_nodes_seek_to_their_push_and_pop_and_hover_tells(app, open_demo) -> None:
    """Alpha-beta's second MIN node: click → its Push, Shift-click → its Pop; hovering draws a note."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("gametree")
    shell.run.seek(10**6, now=True)
    demo, model = shell.demo, shell.run.model
    stage = stage_of(app, shell)
    lay = demo.layout(stage)
    side = lay.sides[-1]
    assert side == mm.ALPHABETA_SIDE
    inner = lay.panels[-1]
    state = (1, 1)

    def point() -> tuple[int, int]:
        """Where the state's node is drawn now."""
        places = gametree_view.panel_places(shell.theme, inner, demo.card.camera, demo.tree).shown()
        return screen_box(demo.card.camera, inner, places[state]).center

    node = model.sides[side].where[state]
    push, pop = model.push_at[side][node], model.pop_at[side][node]
    assert 0 <= push < pop
    click(app, point())
    last = shell.run.last_event
    assert (
        shell.run.cursor == push + 1 and last.side == side and last.event == Push(node, 0, 1, last.event.line)
    )
    assert shell.run.model.sides[side].stack[-1] == node
    shift_click(app, point())
    last = shell.run.last_event
    assert shell.run.cursor == pop + 1 and type(last.event) is Pop and last.event.node == node
    lines = shell.run.model.hover_lines(side, state)
    assert lines[0] == "alpha-beta: MIN at level 1, move 2" and lines[1].startswith(f"node {node} returned")
    plain = count_colour(app.surface, stage, th.TITLE_BAR)
    hover(app, point())
    if SHOTS:
        pygame.image.save(app.surface, f"{SHOTS}/gametree-hover.png")
    assert count_colour(app.surface, stage, th.TITLE_BAR) > plain + 200


def test_gametree_seek_restores_the_model_exactly(app, open_demo) -> None:
    """Seeking to a node's Push by click gives the very model stepping there from the start gives."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("gametree")
    shell.run.seek(10**6, now=True)
    model = shell.run.model
    push = model.push_at[mm.MINIMAX_SIDE][5]
    shell.run.seek(push + 1, now=True)
    after_seek = shell.run.model.snapshot()
    shell.run.restart()
    for _ in range(push + 1):
        shell.run.step()
    assert shell.run.model.snapshot() == after_seek
