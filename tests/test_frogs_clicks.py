"""The frogs' tree of tries can be clicked: a move takes the timeline to its try (Shift: its return).

Each move is found where the painter puts it (`treeview.boxes`, the same pure
function input hit-tests with) and clicked as a user does.
"""

from __future__ import annotations

import pygame
from test_tree_clicks import hover, shift_click
from ui import TickClock, click, count_colour, stage_of

from solvers import frogs as fr
from solvers.events import Pop, Push
from visualizer import theme as th
from visualizer.scenes.frogs import treeview
from visualizer.scenes.frogs.tries import hover_lines


def solved(app, open_demo):
    """The frogs demo with the whole 3 + 3 search run (solve from the start)."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("frogs")
    shell.demo.solve_from_start()
    shell.run.seek(10**6, now=True)
    app.frame(1 / 60)
    return shell


def where(app, shell, key) -> tuple[int, int]:
    """The screen centre of tree node `key` as drawn now."""
    demo, model = shell.demo, shell.run.model
    frogs = demo.layout(stage_of(app, shell))
    geo = demo.tries.geometry(model, frogs)
    camera = demo.tries.view_camera(demo.mode, model, demo.solve_from, frogs)
    return treeview.boxes(geo, frogs.tree_area, camera)[key].center


def test_a_cancelled_move_goes_to_its_try_and_shift_to_its_cancel(app, open_demo) -> None:
    """Click the first cancelled move: the cursor is just after its Push; Shift-click: after its Pop."""
    shell = solved(app, open_demo)
    tree = shell.run.model.tree
    node = next(n for n in range(tree.count) if tree.backtracked[n])
    push, pop = tree.push_at[node], tree.pop_at[node]
    assert 0 <= push < pop
    shell.run.seek(pop + 1, now=True)  # the tree follows the move active then: the move's parent
    app.frame(1 / 60)
    click(app, where(app, shell, node))
    assert shell.run.cursor == push + 1
    assert type(shell.run.last_event) is Push and shell.run.last_event.node == node
    assert shell.run.model.tree.stack[-1] == node  # the move is the active one: ringed in the tree
    after_click = shell.run.model.snapshot()
    shell.run.restart()
    for _ in range(push + 1):
        shell.run.step()
    assert shell.run.model.snapshot() == after_click  # the very state that stepping there gives
    shift_click(app, where(app, shell, node))
    last = shell.run.last_event
    assert shell.run.cursor == pop + 1 and type(last) is Pop and last.node == node and last.backtrack


def test_a_running_move_plays_on_to_its_return(app, open_demo) -> None:
    """Halfway through the search, Shift-click on the move being tried plays on to its Pop."""
    shell = solved(app, open_demo)
    tree = shell.run.model.tree
    node = next(n for n in range(tree.count) if tree.backtracked[n] and tree.pop_at[n] - tree.push_at[n] > 6)
    shell.run.seek(tree.push_at[node] + 3, now=True)
    app.frame(1 / 60)
    assert node in shell.run.model.tree.stack
    shift_click(app, where(app, shell, node))
    for _ in range(30):
        app.frame(1 / 60)
    last = shell.run.last_event
    assert type(last) is Pop and last.node == node


def test_hover_tells_the_move_and_the_position(app, open_demo) -> None:
    """The first try L 2→3 leaves LL_LRRR; hovering a move draws the dark note."""
    shell = solved(app, open_demo)
    tree = shell.run.model.tree
    start = fr.start_state(3, 3)
    lines = hover_lines(tree, start, 0, finished=True)
    assert lines[:2] == ["L 2→3: a slide, move 1 from the start", "position after it: LL_LRRR"]
    solution_node = tree.executed_at(15)
    assert hover_lines(tree, start, solution_node, True)[-1] == "part of the solution"
    assert hover_lines(tree, start, solution_node, True)[1] == "position after it: RRR_LLL"
    stage = stage_of(app, shell)
    plain = count_colour(app.surface, stage, th.TITLE_BAR)
    hover(app, where(app, shell, solution_node))
    assert count_colour(app.surface, stage, th.TITLE_BAR) > plain + 200


def test_a_timeline_click_brings_back_the_move_active_then(app, open_demo) -> None:
    """Panned away, a click on the timeline: the tree follows and rings the move active at that point."""
    shell = solved(app, open_demo)
    demo = shell.demo
    demo.tries.follow = False
    demo.tries.camera.pan_x, demo.tries.camera.pan_y = -5000, -5000
    timeline = shell.layout(app.surface.get_size()).timeline
    click(app, (timeline.x + timeline.w // 4, timeline.centery))
    for _ in range(5):
        app.frame(1 / 60)
    model = shell.run.model
    assert 0 < shell.run.cursor < shell.run.known_length() and model.tree.stack
    active = model.tree.stack[-1]
    assert demo.tries.follow and demo.tries.current(demo.mode, model, demo.solve_from) == active
    frogs = demo.layout(stage_of(app, shell))
    assert frogs.tree_area.collidepoint(where(app, shell, active))
    pygame.event.pump()
