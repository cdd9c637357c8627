"""Tic-tac-toe's search tree is clickable: a board takes the timeline to its move, Shift to its return.

Boards are found where the painter puts them (`view.plan_tree`, the same pure
plan input hit-tests) and clicked as a user does.
"""

from __future__ import annotations

import pygame
from test_tictactoe_scene import stage_layout, wait_for_human
from ui import TickClock, click, count_colour, press

from solvers.events import Pop, Push
from visualizer import theme as th
from visualizer.scenes.tictactoe.model import hover_lines


def board_of(app, shell, node: int) -> pygame.Rect:
    """Where node `node`'s board is on screen now."""
    plan = shell.demo.plan(stage_layout(app, shell).tree_area, shell.run.model)
    return next(item.box for item in plan.boards if item.node == node)


def shift_click(app, pos: tuple[int, int]) -> None:
    """A click with Shift held."""
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, pos)
    finally:
        pygame.key.set_mods(0)


def test_a_board_goes_to_its_push_and_shift_to_its_pop_and_hover_tells(app, open_demo) -> None:
    """After the computer's reply: a root child's board → its Push, Shift → its Pop; hovering notes it."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("tictactoe", speed=float("inf"))
    demo = shell.demo
    press(app, pygame.K_1, "1")
    wait_for_human(app, demo)
    app.frame(1 / 60)
    tree = shell.run.model
    node = list(tree.children(0))[2]
    push, pop, move = tree.push_at[node], tree.pop_at[node], tree.move[node]
    assert push > 0 and pop > push
    click(app, board_of(app, shell, node).center)
    assert shell.run.cursor == push + 1 and shell.run.last_event == Push(
        node, 0, move, shell.run.last_event.line
    )
    tree = shell.run.model
    assert tree.stack == [0, node] and not demo.computers_turn  # the reply stands: only the view went back
    shift_click(app, board_of(app, shell, node).center)
    assert shell.run.cursor == pop + 1 and isinstance(shell.run.last_event, Pop)
    assert shell.run.last_event.node == node
    assert move == 3  # cells 1, 2, 3: the third move tried
    lines = hover_lines(shell.run.model, node, "x..o.....")
    assert lines[0] == f"node {node}: o plays left (4)" and lines[1].startswith("returned ")
    stage = shell.layout(app.surface.get_size()).stage
    plain = count_colour(app.surface, stage, th.TITLE_BAR)
    where = board_of(app, shell, node).center
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=where, rel=(0, 0), buttons=(0, 0, 0)))
    app.frame(1 / 60)
    assert count_colour(app.surface, stage, th.TITLE_BAR) > plain + 200


def test_the_timeline_lights_the_board_running_then(app, open_demo) -> None:
    """Seeking the timeline (as a click on it does) frames the node active then in the active colour."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("tictactoe", speed=float("inf"))
    press(app, pygame.K_1, "1")
    wait_for_human(app, shell.demo)
    tree = shell.run.model
    node = list(tree.children(0))[1]
    shell.run.seek(tree.push_at[node] + 1, now=True)
    app.frame(1 / 60)
    assert shell.run.model.stack[-1] == node
    box = board_of(app, shell, node)
    assert count_colour(app.surface, box.inflate(4, 4), th.ACTIVE) > 100  # a thick frame in that colour
    other = board_of(app, shell, next(iter(shell.run.model.children(0))))
    assert count_colour(app.surface, other.inflate(4, 4), th.ACTIVE) < 40  # at most an edge passing by


def test_games_tree_nodes_go_to_their_push_and_pop(app, open_demo) -> None:
    """Connect Four's replayed search: a node → its Push, Shift → its Pop (engine events count too)."""
    from visualizer.scenes.games import view as games_view
    from visualizer.treepaint import screen_box

    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("games", speed=float("inf"))
    demo = shell.demo
    demo.set_game("connect4")
    demo.play(0, 3)
    demo.wait()
    press(app, pygame.K_h, "h")
    for _ in range(300):
        if shell.run.at_end:
            break
        app.frame(1 / 60)
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    tree = shell.run.model
    places, _ = games_view.tree_places(lay.tree_area, shell.theme, tree)
    node = max(n for n in places if tree.parent[n] > 0)  # a move below the newest iteration's root
    push, pop = tree.push_at[node], tree.pop_at[node]
    click(app, screen_box(demo.card.camera, lay.tree_area, places[node]).center)
    assert shell.run.cursor == push + 1 and isinstance(shell.run.last_event, Push)
    assert shell.run.last_event.node == node
    places, _ = games_view.tree_places(lay.tree_area, shell.theme, shell.run.model)
    shift_click(app, screen_box(demo.card.camera, lay.tree_area, places[node]).center)
    assert shell.run.cursor == pop + 1 and shell.run.last_event.node == node
    assert isinstance(shell.run.last_event, Pop)
