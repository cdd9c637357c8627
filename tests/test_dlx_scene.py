"""The dancing-links demo on a headless window: real keys, the model's links, the pixels."""

from __future__ import annotations

import pygame
from ui import assert_left_restores, count_colour, play_to_end, press, stage_of, step_until

from solvers import dlx
from solvers.events import Cover, Uncover
from visualizer import theme as th
from visualizer.scenes.dlx.model import MatrixModel
from visualizer.scenes.dlx.view import NODE_INK, node_motion


def test_every_step_matches_a_replay_and_left_undoes_it(app, open_demo) -> None:
    """Knuth's example: the model's links after each Right equal an independent replay; Left restores."""
    shell = open_demo("dlx")
    demo = shell.demo
    twin = demo.problem.matrix.copy()
    initial = twin.snapshot()
    snapshots = [shell.run.model.snapshot()]
    while not shell.run.at_end:
        press(app, pygame.K_RIGHT)
        event = shell.run.last_event
        if type(event) is Cover:
            twin.cover(event.column)
        elif type(event) is Uncover:
            twin.uncover(event.column)
        assert shell.run.model.matrix.snapshot() == twin.snapshot()
        snapshots.append(shell.run.model.snapshot())
    assert twin.snapshot() == initial and shell.run.counters.solutions == 1
    assert_left_restores(app, shell, snapshots)


def test_chosen_header_is_lit_and_a_covered_row_steps_off_its_rail(app, open_demo) -> None:
    """After 'choose A' the header is blue; after 'cover A' row 2's node in D is off D's rail."""
    shell = open_demo("dlx")
    demo = shell.demo
    press(app, pygame.K_RIGHT)  # Choose(A)
    app.frame(1 / 60)
    stage = stage_of(app, shell)
    geo = demo.layout(stage).geo
    header = pygame.Rect(0, 0, geo.header_w, geo.header_h)
    header.center = (round(geo.xs[0]), round(geo.header_y))
    assert count_colour(app.surface, header, th.ACTIVE, 1) > header.w * header.h // 3
    column_d = demo.problem.matrix.index["D"]
    on_rail = pygame.Rect(0, 0, geo.node - 2, geo.node - 2)
    on_rail.center = (round(geo.xs[column_d]), round(geo.ys[1]))
    assert count_colour(app.surface, on_rail, NODE_INK, 1) > 4  # row 2 (A D G) is linked into D
    press(app, pygame.K_RIGHT)  # Cover(A): rows 2 and 4 leave D and G
    app.frame(1 / 60)
    model: MatrixModel = shell.run.model
    assert model.hidden(model.matrix.nodes[next(iter(model.matrix.row_nodes(1))) + 1])
    assert count_colour(app.surface, on_rail, NODE_INK, 1) == 0
    assert not model.header_linked(0)


def test_cover_moves_rows_top_first_and_uncover_bottom_first(app, open_demo) -> None:
    """Mid-animation, the order of the moving rows is Knuth's: cover down, uncover up."""
    shell = open_demo("dlx")
    player = shell.run
    player.speed = 1.0
    for kind in (Cover, Uncover):
        step_until(
            app,
            shell,
            lambda e, kind=kind: type(e) is kind and len(player.model.matrix.column_rows(e.column)) >= 2,
        )
        player.playing = True  # progress() animates only while playing
        player.since_event = 0.5 * min(0.3, 0.8 / player.speed)
        motion = node_motion(player.model, player)
        player.playing = False
        m = player.model.matrix
        rows = m.column_rows(player.last_event.column)
        header = m.header(player.last_event.column)
        amounts = [motion[next(n for n in m.row_nodes(r) if m.nodes[n].C is not header)] for r in rows]
        hidden_first, hidden_last = amounts[0], amounts[-1]
        if kind is Cover:  # the top row is further off its rail than the bottom one
            assert hidden_first > hidden_last
        else:  # the bottom row is back on first
            assert hidden_last < hidden_first


def test_problems_keys_and_the_column_choice(app, open_demo) -> None:
    """2 and 3 load 4 queens and the 4x4 sudoku; C switches the column choice; each plays to its count."""
    shell = open_demo("dlx")
    demo = shell.demo
    for key, name in ((pygame.K_2, "queens"), (pygame.K_3, "sudoku"), (pygame.K_1, "knuth")):
        press(app, key, chr(key))
        assert demo.problem.key == name and shell.run.cursor == 0
        play_to_end(app, shell)
        assert shell.run.counters.solutions == dlx.count(demo.problem.matrix.copy())
    press(app, pygame.K_c, "c")
    assert demo.strategy == "leftmost"
    play_to_end(app, shell)
    choices = [e for _, e in shell.run.recent(10_000) if type(e).__name__ == "Choose"]
    assert choices[0].column == 0  # leftmost: A, whatever its size


def test_typing_a_matrix_through_the_prompt(app, open_demo) -> None:
    """M asks; a good matrix is drawn and solved; a bad one is explained and ignored."""
    shell = open_demo("dlx")
    demo = shell.demo
    press(app, pygame.K_m, "m")
    assert app.prompt is not None
    app.prompt.text = "a b | x ; a x ; b x ; a ; b"
    press(app, pygame.K_RETURN)
    assert demo.problem.key == "typed" and demo.problem.matrix.n_secondary == 1
    play_to_end(app, shell)
    assert shell.run.counters.solutions == 3  # {a x, b}, {b x, a}, {a, b}
    press(app, pygame.K_m, "m")
    app.prompt.text = "a b ; a c"
    press(app, pygame.K_RETURN)
    assert "unknown column 'c'" in app.message and demo.problem.key == "typed"
    demo.use_typed(" ; ".join(["c0 c1"] + ["c0"] * 31))
    assert "at most" in app.message and demo.problem.matrix.n_columns == 3


def test_a_typed_matrix_replaces_the_problem_as_one_undoable_edit(app, open_demo) -> None:
    """M then Z: Knuth's example is back; Y shows the typed matrix again; each change is a new run."""
    shell = open_demo("dlx")
    demo = shell.demo
    press(app, pygame.K_2, "2")
    press(app, pygame.K_m, "m")
    app.prompt.text = "a b | x ; a x ; b"
    press(app, pygame.K_RETURN)
    assert demo.choice == "typed" and demo.problem.matrix.n_columns == 3
    press(app, pygame.K_RIGHT)
    press(app, pygame.K_z, "z")
    assert demo.choice == "queens" and shell.run.cursor == 0
    press(app, pygame.K_z, "", pygame.KMOD_LCTRL)
    assert demo.choice == "knuth" and demo.problem.matrix.names[:3] == ["A", "B", "C"]
    press(app, pygame.K_y, "y")
    press(app, pygame.K_y, "y")
    assert demo.choice == "typed" and demo.bench.typed == "a b | x ; a x ; b"
    assert shell.run.model.matrix.n_columns == 3
