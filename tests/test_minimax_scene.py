"""The game-tree demo on a headless window: both searches side by side, keys, pixels."""

from __future__ import annotations

import pygame
from ui import click, count_colour, press, right_then_left_restores_each_step, stage_of

from solvers import minimax as mm
from visualizer import theme as th

FAST = float("inf")


def play_to_end(app, shell, limit: int = 600) -> None:
    """Space, then frames until the run is over."""
    press(app, pygame.K_SPACE, " ")
    for _ in range(limit):
        if shell.run.at_end:
            break
        app.frame(1 / 60)
    app.frame(1 / 60)
    assert shell.run.at_end


def test_both_searches_reach_the_tree_value(app, open_demo) -> None:
    """At the end both roots hold the tree's minimax value; alpha-beta scored fewer leaves."""
    shell = open_demo("gametree", speed=FAST)
    play_to_end(app, shell)
    demo, model = shell.demo, shell.run.model
    exact = mm.minimax_value(demo.tree, demo.tree.ROOT)
    minimax, alphabeta = model.sides[mm.MINIMAX_SIDE], model.sides[mm.ALPHABETA_SIDE]
    assert minimax.value[0] == alphabeta.value[0] == exact
    assert minimax.leaves == len(demo.tree.leaves) >= alphabeta.leaves
    report = mm.search(demo.tree, demo.tree.ROOT, alphabeta=True)
    assert (alphabeta.count, len(alphabeta.cuts)) == (report.nodes, report.prunes)


def test_skipped_branches_are_purple_below_and_absent_above(app, open_demo) -> None:
    """With cuts, the alpha-beta panel has purple; the skipped states are never in its model."""
    shell = open_demo("gametree", speed=FAST)
    for _ in range(10):  # find a seed whose tree has a cut
        play_to_end(app, shell)
        if shell.run.model.sides[mm.ALPHABETA_SIDE].cuts:
            break
        press(app, pygame.K_t, "t")
    model = shell.run.model
    skipped = model.skipped()
    alphabeta = model.sides[mm.ALPHABETA_SIDE]
    assert skipped and not skipped & set(alphabeta.where)
    assert skipped <= set(model.sides[mm.MINIMAX_SIDE].where)
    minimax_panel, alphabeta_panel = shell.demo.layout(stage_of(app, shell)).panels
    assert count_colour(app.surface, alphabeta_panel, th.PRUNED) > 100
    assert count_colour(app.surface, alphabeta_panel, th.PRUNED) > count_colour(
        app.surface, minimax_panel, th.PRUNED
    )


def test_depth_branching_and_order_controls(app, open_demo) -> None:
    """] deepens, B widens, T reseeds, O changes the order; each restarts the run."""
    shell = open_demo("gametree", speed=FAST)
    demo = shell.demo
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_RIGHTBRACKET, "]")
    assert demo.tree.depth == 4 and shell.run.cursor == 0
    press(app, pygame.K_b, "b")
    assert demo.tree.branching == 4
    leaves = list(demo.tree.leaves)
    press(app, pygame.K_t, "t")
    assert demo.tree.leaves != leaves
    press(app, pygame.K_o, "o")
    assert demo.order == "best"
    stepper = next(w for w in shell.options if getattr(w, "label", "") == "depth")
    for _ in range(5):
        click(app, (stepper.rect.right - 5, stepper.rect.centery))
    assert demo.tree.depth == 6  # the stepper stops at 6


def test_best_first_reaches_the_minimal_tree(app, open_demo) -> None:
    """Best first at depth 4, branching 3: alpha-beta scores 3^2 + 3^2 - 1 = 17 leaves."""
    shell = open_demo("gametree", speed=FAST)
    press(app, pygame.K_RIGHTBRACKET, "]")
    press(app, pygame.K_o, "o")
    play_to_end(app, shell)
    assert shell.run.model.sides[mm.ALPHABETA_SIDE].leaves == 17


def test_step_back_restores_both_trees(app, open_demo) -> None:
    """Right and Left walk the lockstep run both ways to the same models."""
    shell = open_demo("gametree")
    app.frame(1 / 60)
    right_then_left_restores_each_step(app, shell, 30)


def test_big_trees_draw_fast_and_zoom(app, open_demo) -> None:
    """Depth 6, branching 4 plays to the end; the wheel zooms both panels at once."""
    shell = open_demo("gametree", speed=FAST)
    demo = shell.demo
    demo.depth, demo.branching = 6, 4
    demo._rebuild()
    play_to_end(app, shell)
    assert shell.run.model.sides[mm.MINIMAX_SIDE].leaves == 4096
    panel = demo.layout(stage_of(app, shell)).panels[1]
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=panel.center, button=4))
    app.frame(1 / 60)
    assert demo.card.camera.zoom > 1


def test_a_short_stage_shows_one_tree_and_v_swaps_it(app, open_demo) -> None:
    """At 1024x640 and presenter step 3 the two trees do not both fit: one is shown, V shows the other."""
    pygame.display.set_mode((1024, 640))
    app.theme.presenter = 1.3
    shell = open_demo("gametree")
    app.frame(1 / 60)
    demo = shell.demo
    lay = demo.layout(stage_of(app, shell))
    assert lay.sides == (mm.ALPHABETA_SIDE,) and lay.cards[0].h >= app.theme.px(200)
    press(app, pygame.K_v, "v")
    assert demo.layout(stage_of(app, shell)).sides == (mm.MINIMAX_SIDE,)
    pygame.display.set_mode((1280, 800))
    app.theme.presenter = 1.0
    app.frame(1 / 60)
    assert demo.layout(stage_of(app, shell)).sides == (mm.MINIMAX_SIDE, mm.ALPHABETA_SIDE)
