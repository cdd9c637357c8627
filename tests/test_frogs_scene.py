"""The frogs demo on a headless window: real clicks and keys, the model and the pixels."""

from __future__ import annotations

import pygame
import pytest
from ui import click, count_colour, drag, press, stage_of

from solvers import frogs as fr
from visualizer import theme as th
from visualizer.history import EditHistory
from visualizer.scenes.frogs import board, treeview
from visualizer.scenes.frogs.layout import list_first, list_rows
from visualizer.scenes.frogs.model import FrogGame, FrogsModel, final_model, list_content
from visualizer.scenes.frogs.tries import CANCELLED, EXECUTED, START, TryTree, outline
from visualizer.theme import Theme


def frames(app, count: int) -> None:
    """Run `count` frames."""
    for _ in range(count):
        app.frame(1 / 60)


def open_frogs(app, open_demo, **options):
    """The frogs demo after one drawn frame (clicks need the pads' places)."""
    shell = open_demo("frogs", **options)
    frames(app, 1)
    return shell


def stage_button(shell, label: str):
    """A button the stage shows (result line or banner) by its label, placed by the pure layout."""
    demo = shell.demo
    frogs = demo.layout(stage_of(shell.app, shell))
    return next(b for b in demo.stage_buttons(frogs, shell.run) if b.label == label)


def frogs_layout(app, shell):
    """The demo's pure layout for the stage now."""
    return shell.demo.layout(stage_of(app, shell))


def option(shell, label: str):
    """A widget of the options bar by its label."""
    return next(w for w in shell.options if getattr(w, "label", "") == label)


def test_clicking_frogs_plays_a_full_game_to_the_goal(app, open_demo) -> None:
    """Clicks on the frogs the solution names carry LLL_RRR to RRR_LLL; the win is shown."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    for hop in fr.solve_moves("LLL_RRR") or []:
        click(app, frogs_layout(app, shell).pad_centre(hop.frm))
        frames(app, 2)
    assert demo.game.state == "RRR_LLL" and demo.game.won
    assert len(demo.game.moves) == 15 and demo.celebrate_at is not None
    assert "fewest possible" in demo.message
    stage = shell.layout(app.surface.get_size()).stage
    assert count_colour(app.surface, stage, th.DONE) > 200  # the green "across" banner
    assert shell.run.cursor == 0  # the person played; the solver did not run


def test_keyboard_plays_unequal_sides(app, open_demo) -> None:
    """With N=2 and M=4, the L and R keys alone reach the goal in N*M+N+M moves."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    press(app, pygame.K_LEFTBRACKET, "[")
    press(app, pygame.K_PERIOD, ".")
    assert (demo.n, demo.m) == (3 - 1, 3 + 1) and demo.game.state == "LL_RRRR"
    for hop in fr.solve_moves("LL_RRRR") or []:
        press(app, pygame.K_l if hop.frog == fr.LEFT else pygame.K_r, hop.frog.lower())
    assert demo.game.state == "RRRR_LL" and len(demo.game.moves) == 2 * 4 + 2 + 4


def test_a_frog_that_cannot_move_shakes_and_says_why(app, open_demo) -> None:
    """Clicking the blocked L frog on pad 0 changes nothing, shakes it, and explains."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    click(app, frogs_layout(app, shell).pad_centre(0))
    assert demo.game.state == "LLL_RRR" and not demo.game.moves
    assert demo.shake is not None and demo.shake[0] == 0
    assert demo.message == fr.why_stuck("LLL_RRR", 0) and "own side" in demo.message
    frogs = frogs_layout(app, shell)
    xs = []
    for _ in range(4):
        frames(app, 1)
        xs.append(board.frog_point(demo.pads_look(shell.run.model), demo.theme, frogs, 0)[0])
    assert len(set(xs)) > 1  # it moves from side to side


def test_no_more_moves_offers_undo_to_the_last_good_position(app, open_demo) -> None:
    """L 2->3, L 1->2, L 0->1 leaves no move; the banner's button undoes the 2 bad moves."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    for pad in (2, 1, 0):
        click(app, frogs_layout(app, shell).pad_centre(pad))
    assert demo.game.state == "_LLLRRR" and demo.game.stuck
    frames(app, 1)
    assert count_colour(app.surface, shell.layout(app.surface.get_size()).stage, th.DEAD) > 100
    click(app, stage_button(shell, "undo 2 moves").rect.center)
    assert demo.game.state == "LL_LRRR" and len(demo.game.moves) == 1


def test_undo_and_reset(app, open_demo) -> None:
    """U takes a move back, the reset button starts again."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    click(app, frogs_layout(app, shell).pad_centre(2))
    click(app, frogs_layout(app, shell).pad_centre(4))
    assert demo.game.state == "LLRL_RR"
    press(app, pygame.K_u, "u")
    assert demo.game.state == "LL_LRRR"
    click(app, option(shell, "reset").rect.center)
    assert demo.game.state == "LLL_RRR" and not demo.game.moves


def test_solve_grows_the_tree_and_its_counts_match_the_events(app, open_demo) -> None:
    """Enter solves from here; at the end the tree's counts are the events' counts."""
    shell = open_frogs(app, open_demo, speed=float("inf"))
    demo = shell.demo
    press(app, pygame.K_RETURN)
    assert demo.mode == "solve"
    sizes = []
    shell.run.speed = 30
    for _ in range(20):
        frames(app, 3)
        sizes.append(shell.run.model.tree.tried)
    assert sizes == sorted(sizes) and sizes[-1] > 0  # the tree only grows while the search goes deeper
    press(app, pygame.K_END)
    frames(app, 2)
    model = shell.run.model
    counts = shell.run.counters
    assert shell.run.at_end and model.solution is not None and len(model.solution) == 15
    assert model.tree.tried == counts.calls and model.tree.cancelled == counts.backtracks
    assert model.tree.count_status(EXECUTED) == 15
    assert model.tree.count_status(CANCELLED) == counts.by_kind["Pop"] - 15
    stage = shell.layout(app.surface.get_size()).stage
    tree_area = frogs_layout(app, shell).tree_area
    assert count_colour(app.surface, tree_area, th.DONE) > 100  # the solution path
    assert count_colour(app.surface, tree_area, th.DEAD) > 50  # cancelled moves, dashed
    assert count_colour(app.surface, stage, th.DONE) > 150


def test_stepping_back_restores_every_earlier_model(app, open_demo) -> None:
    """Right steps the solver from the game; Left reverts each event exactly."""
    shell = open_frogs(app, open_demo)
    snapshots = [shell.run.model.snapshot()]
    for _ in range(25):
        press(app, pygame.K_RIGHT)
        snapshots.append(shell.run.model.snapshot())
    assert shell.demo.mode == "solve"
    for expected in reversed(snapshots[:-1]):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == expected


def test_solve_from_a_lost_position_says_how_far_back(app, open_demo) -> None:
    """From _LLLRRR the solver finds nothing and the result line offers to undo 2 moves."""
    shell = open_frogs(app, open_demo, speed=float("inf"))
    demo = shell.demo
    for pad in (2, 1, 0):
        click(app, frogs_layout(app, shell).pad_centre(pad))
    click(app, option(shell, "solve from here").rect.center)
    frames(app, 5)
    assert shell.run.at_end and shell.run.model.solution is None
    assert demo.from_here is not None and demo.from_here.moves_back == 2
    assert "2 moves back" in demo.offer(shell.run).text
    click(app, stage_button(shell, "undo 2 moves").rect.center)
    assert demo.mode == "play" and demo.game.state == "LL_LRRR"


def test_playback_moves_the_frogs_to_the_goal(app, open_demo) -> None:
    """A plays the solution back; stepping through it ends on the goal, every move legal."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    press(app, pygame.K_a, "a")
    assert demo.mode == "playback" and len(demo.playback_moves) == 15
    shell.run.playing = False
    states = [shell.run.model.state]
    for _ in range(16):
        press(app, pygame.K_RIGHT)
        states.append(shell.run.model.state)
    assert states[-1] == "RRR_LLL" and shell.run.at_end
    assert all(s in fr.solvable_states(3, 3) for s in states)
    frames(app, 2)
    assert demo.celebrate_at is not None
    press(app, pygame.K_b, "b")
    assert demo.mode == "play" and demo.game.state == "LLL_RRR"


def test_model_round_trip_and_tree_layout() -> None:
    """Applying every event then reverting them returns the model; the layout is an outline."""
    events = list(fr.solve("LLLL_RRR"))
    model = FrogsModel("LLLL_RRR")
    start = model.snapshot()
    for event in events:
        model.apply(event)
    assert model.state == "RRR_LLLL" and model.solution is not None
    tree = model.tree
    shape = outline(tree)
    cells, cols, rows = shape.cells, shape.cols, shape.rows
    assert cols == len(model.solution) + 1
    assert rows == sum(1 for node in tree.nodes() if not tree.branches(node))
    assert len(set(cells.values())) == len(cells)
    for node, (col, row) in cells.items():
        if node == START:
            continue
        parent = tree.parent_of(node)
        assert parent is not None, "only START has no parent"
        parent_col, parent_row = cells[parent]
        assert col == tree.depth_of(node) == parent_col + 1
        first = row == parent_row
        assert first or row > parent_row
    for event in reversed(events):
        model.revert(event)
    assert model.snapshot() == start


# --- the house shape: the tree model, the game's edits, the list, the tree's layout ----------


def test_the_models_are_pygame_free() -> None:
    """The frogs' models import without pygame (a fresh interpreter checks)."""
    import subprocess
    import sys

    code = "import sys, visualizer.scenes.frogs.model; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize(("n", "m"), [(1, 1), (3, 3), (2, 5), (8, 8)])
def test_the_tree_of_tries_reverts_to_every_earlier_snapshot(n: int, m: int) -> None:
    """Apply every event, then revert them newest first: each snapshot on the way back is the same."""
    events = list(fr.solve(fr.start_state(n, m)))
    tree = TryTree()
    every = max(1, len(events) // 200)
    snapshots = {}
    for index, event in enumerate(events):
        if index % every == 0:
            snapshots[index] = tree.snapshot()
        tree.apply(event)
    assert tree.solved and tree.count_status(EXECUTED) == n * m + n + m
    for index in range(len(events) - 1, -1, -1):
        tree.revert(events[index])
        if index in snapshots:
            assert tree.snapshot() == snapshots[index], f"event {index} did not revert exactly"
    assert tree.snapshot() == TryTree().snapshot()


def test_the_game_undoes_and_redoes_through_its_edit_history() -> None:
    """Each move is a Leap edit: undo and redo restore every position exactly; a new move drops redo."""
    game = FrogGame(3, 3)
    history = EditHistory(game)
    states = [(tuple(game.positions), tuple(game.moves))]
    for hop in (fr.solve_moves(game.start) or [])[:5]:
        leap = game.leap(hop.frm)
        assert leap is not None and leap.hop == hop
        history.do(leap)
        states.append((tuple(game.positions), tuple(game.moves)))
    blocked = next(pad for pad in range(7) if fr.move_of(game.state, pad) is None)
    assert game.leap(blocked) is None  # a frog that cannot move makes no edit
    for state in reversed(states[:-1]):
        history.undo()
        assert (tuple(game.positions), tuple(game.moves)) == state
    assert history.undo() is None and game.state == "LLL_RRR"
    for state in states[1:]:
        history.redo()
        assert (tuple(game.positions), tuple(game.moves)) == state
    history.undo_all()
    other = game.leap(4)  # R 4->3, not the solution's first move L 2->3
    assert other is not None and history.can_redo
    history.do(other)
    assert game.state == "LLLR_RR" and not history.can_redo and len(history) == 1


def test_z_and_y_undo_and_redo_the_game(app, open_demo) -> None:
    """Z takes the last move back, Y makes it again, through the demo's one EditHistory."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    click(app, frogs_layout(app, shell).pad_centre(2))
    click(app, frogs_layout(app, shell).pad_centre(4))
    assert demo.game.state == "LLRL_RR" and len(demo.history) == 2
    press(app, pygame.K_z, "z")
    assert demo.game.state == "LL_LRRR"
    press(app, pygame.K_y, "y")
    assert demo.game.state == "LLRL_RR"
    press(app, pygame.K_z, "", pygame.KMOD_LCTRL)
    press(app, pygame.K_u, "u")
    assert demo.game.state == "LLL_RRR" and demo.history.can_redo
    press(app, pygame.K_y, "", pygame.KMOD_LCTRL)
    assert demo.game.state == "LL_LRRR"


def eight_and_eight(app, shell) -> None:
    """N = M = 8 with the keys."""
    for _ in range(5):
        press(app, pygame.K_RIGHTBRACKET, "]")
        press(app, pygame.K_PERIOD, ".")
    assert (shell.demo.n, shell.demo.m) == (8, 8)


def test_the_list_follows_to_the_last_move_at_8_and_8_and_scrolls(app, open_demo) -> None:
    """At 8 + 8 the playback's list shows its 80th move at the end; the wheel scrolls it back and on."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    eight_and_eight(app, shell)
    press(app, pygame.K_a, "a")
    press(app, pygame.K_END)
    frames(app, 2)
    assert shell.run.at_end and shell.run.model.moves_made == 80
    frogs = frogs_layout(app, shell)
    rows = list_rows(demo.theme, frogs.list_inner)
    assert rows < 80  # the list cannot show them all at once
    _, moves, current = list_content(demo.mode, demo.game, shell.run.model, demo.playback_moves)
    assert len(moves) == 80 and current == 79
    first = list_first(len(moves), rows, current, demo.list_top)
    assert first <= 79 < first + rows  # the last move is in view
    wheel = frogs.list_card.center
    for _ in range(5):
        click(app, wheel, button=4)  # wheel up over the list
    scrolled = list_first(len(moves), rows, current, demo.list_top)
    assert scrolled < first and not first <= 79 < scrolled  # earlier moves, by hand
    for _ in range(40):
        click(app, wheel, button=5)
    assert list_first(len(moves), rows, current, demo.list_top) == 80 - rows  # stops at the end


@pytest.mark.parametrize(("size", "scale"), [((1280, 800), 1.0), ((1280, 800), 1.15), ((1024, 640), 1.3)])
def test_the_tree_at_8_and_8_has_no_overlapping_labels(size, scale) -> None:
    """The finished 8 + 8 search folds; every node box, label and '+N' badge stands apart."""
    theme = Theme(scale)
    stage = pygame.Rect(0, 0, size[0] - 400, size[1] - 200)
    frogs = frogs_layout_for(stage, theme)
    model = final_model(fr.start_state(8, 8))
    geo = treeview.geometry(model.tree, frogs.tree_area, theme, 17)
    assert geo.shape.folded  # large: finished subtrees are folded
    assert len(geo.places) < model.tree.tried // 5
    camera = treeview.followed(geo, frogs.tree_area, START, 1.0)
    boxes = treeview.boxes(geo, frogs.tree_area, camera)
    badges = [treeview.badge_box(theme, boxes[key], hidden) for key, hidden in geo.shape.folded.items()]
    shapes = list(boxes.values()) + badges
    for index, one in enumerate(shapes):
        assert one.collidelist(shapes[index + 1 :]) == -1, f"{one} overlaps another"
    look = treeview.look_of(model.tree, geo, None)
    for key, box in boxes.items():
        seen = look(key)
        label_w = theme.font(seen.label_size, seen.label_face).size(seen.label)[0]
        assert label_w <= box.w - 4, f"label {seen.label!r} does not fit its box"  # so the painter draws it


def frogs_layout_for(stage: pygame.Rect, theme: Theme):
    """The frogs' layout in a search at 8 + 8."""
    from visualizer.scenes.frogs.layout import layout

    return layout(stage, theme, "solve", 17)


def test_the_frog_counts_can_be_typed(app, open_demo) -> None:
    """Click N's number, type 6 and Enter: six frogs on the left."""
    shell = open_frogs(app, open_demo)
    stepper = option(shell, "N")
    frames(app, 1)
    _, minus, plus = stepper._parts(stepper.theme)
    click(app, ((minus.right + plus.x) // 2, stepper.rect.centery))
    press(app, pygame.K_6, "6")
    press(app, pygame.K_RETURN)
    assert shell.demo.n == 6 and shell.demo.game.state == "LLLLLL_RRR"


def test_dragging_the_tree_pans_it_and_c_follows_again(app, open_demo) -> None:
    """A drag on the tree moves its camera and stops following; C follows the current move again."""
    shell = open_frogs(app, open_demo)
    demo = shell.demo
    press(app, pygame.K_RETURN)
    shell.run.playing = False
    for _ in range(60):
        press(app, pygame.K_RIGHT)
    area = frogs_layout(app, shell).tree_area
    assert demo.tries.follow
    drag(app, [area.center, (area.centerx + 30, area.centery + 20), (area.centerx + 60, area.centery + 40)])
    assert not demo.tries.follow
    click(app, area.center, button=4)  # the wheel zooms in
    assert demo.tries.camera.zoom > 1
    press(app, pygame.K_c, "c")
    assert demo.tries.follow and demo.tries.camera.zoom == 1


def test_frogs_rest_once_a_hop_has_landed(app, open_demo) -> None:
    """A person's hop animates and is narrated (the app stays awake); then the scene is still."""
    shell = open_demo("frogs")
    app.message_until = 0.0
    assert app.at_rest()
    shell.demo.click_pad(2)  # the nearest left frog slides onto the empty pad
    assert shell.demo.game.moves and not app.at_rest()
    for _ in range(50):
        app.frame(0.1)
    app.message_until = 0.0
    assert app.at_rest()
