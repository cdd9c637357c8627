"""Clickable call trees in recursion and Hanoi: a pill or a frame takes the timeline to its call.

The tests find each pill where the painter puts it (`call_tree_places` and
`screen_box`, the same pure functions input uses) and click it as a user does.
"""

from __future__ import annotations

import pygame
from ui import TickClock, click, count_colour, press

from solvers.events import Pop, Push
from visualizer import theme as th
from visualizer.panels import stack_boxes
from visualizer.scenes.hanoi import view as hanoi_view
from visualizer.scenes.recursion import view as recursion_view
from visualizer.treepaint import call_tree_places, screen_box


def pill(shell, area, tree, node: int) -> tuple[int, int]:
    """Where call `node`'s pill is on screen."""
    place = call_tree_places(shell.theme, area, tree).places[node]
    return screen_box(shell.demo.card.camera, area, place).center


def stage_layout(app, shell):
    """The demo's pure layout at the window's size."""
    return shell.demo.layout(shell.layout(app.surface.get_size()).stage)


def test_hanoi_pills_seek_to_their_push_and_pop_and_hover_tells(app, open_demo) -> None:
    """Three disks played: a click on call 2 shows its Push, Shift-click its Pop; hovering draws a note."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("hanoi")
    shell.run.seek(10**6, now=True)
    lay = stage_layout(app, shell)
    area = hanoi_view.tree_area(lay, shell.theme)
    calls = shell.run.model.calls
    push, pop = calls.push_at[2], calls.pop_at[2]
    click(app, pill(shell, area, calls, 2))
    assert shell.run.cursor == push + 1 and shell.run.last_event == Push(
        2, 1, calls.what[2], shell.run.last_event.line
    )
    assert shell.run.model.calls.stack[-1] == 2
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, pill(shell, area, shell.run.model.calls, 2))
    finally:
        pygame.key.set_mods(0)
    assert (
        shell.run.cursor == pop + 1
        and isinstance(shell.run.last_event, Pop)
        and shell.run.last_event.node == 2
    )
    assert hanoi_view.hover_lines(shell.run.model, 0)[0] == "#0 hanoi(n=3, from=A, to=C, via=B)"
    stage = shell.layout(app.surface.get_size()).stage
    plain = count_colour(app.surface, stage, th.TITLE_BAR)
    motion = pygame.event.Event(
        pygame.MOUSEMOTION, pos=pill(shell, area, shell.run.model.calls, 0), rel=(0, 0), buttons=(0, 0, 0)
    )
    pygame.event.post(motion)
    app.frame(1 / 60)
    assert count_colour(app.surface, stage, th.TITLE_BAR) > plain + 200


def test_hanoi_stack_frame_click_goes_back_to_that_call(app, open_demo) -> None:
    """Three frames deep, a click on the bottom frame goes back to the root's Push (event 1)."""
    shell = open_demo("hanoi")
    while len(shell.run.model.calls.stack) < 3:
        press(app, pygame.K_RIGHT)
    lay = stage_layout(app, shell)
    model = shell.run.model
    placed, _ = stack_boxes(lay.stack, shell.theme, 3, 0, hanoi_view.stack_title(model))
    click(app, dict(placed)[0].center)
    assert shell.run.cursor == 1 and shell.run.model.calls.stack == [0]


def test_recursion_tree_and_frames_are_clickable(app, open_demo) -> None:
    """Max of a tree: a leaf's pill goes to its Push; the factorial's bottom frame goes to fact(N)'s call."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("recursion")
    press(app, pygame.K_3, "3")
    shell.run.seek(10**6, now=True)
    tree = shell.run.model.tree
    leaf = next(node for node in range(tree.count) if tree.what[node] is not None)
    area = recursion_view.tree_area(stage_layout(app, shell), shell.theme)
    click(app, pill(shell, area, tree, leaf))
    assert shell.run.cursor == tree.push_at[leaf] + 1 and shell.run.model.stack[-1] == leaf
    assert recursion_view.hover_lines(shell.run.model, leaf)[1] == "still running"
    press(app, pygame.K_1, "1")
    for _ in range(8):
        press(app, pygame.K_RIGHT)
    model = shell.run.model
    depth = len(model.stack)
    assert depth >= 3
    lay = stage_layout(app, shell)
    placed, _ = stack_boxes(
        lay.stack, shell.theme, depth, 0, recursion_view.stack_title(model) + " (limit 12)"
    )
    click(app, dict(placed)[0].center)
    assert len(shell.run.model.stack) == 1 and isinstance(shell.run.last_event, Push)
