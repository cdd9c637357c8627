"""Exercise mode in the game-tree demos, where the old predict-then-reveal quiz asked: Q is exercise mode now,
and nothing on screen gives an open step away (the ringed node's best, the tree beside running ahead, the
computer's reply on the board)."""

from __future__ import annotations

from typing import Any

import pygame
import pytest
from test_contract import PREPARE
from test_exercise_app import play_to_step
from test_exercise_picture import play_to_kind
from ui import TickClock, click, press

from solvers import minimax as mm
from solvers.exercise import results
from visualizer.demos import DEMOS
from visualizer.scenes.gametree.model import veiled
from visualizer.searchtree import best_so_far_text
from visualizer.shell import KIND_BINDINGS

pytestmark = pytest.mark.usefixtures("app")

QUIZ_DEMOS = ("recursion", "frogs", "tictactoe", "gametree", "games")
"""The demos where Q once turned on the predict-then-reveal quiz."""


def exercising_after(app: Any, open_demo: Any, name: str, speed: float = 500) -> Any:
    """Open `name`, give it a run (the computer moves first), then turn exercise mode on with Q."""
    results.remember_name("Kim Minji")
    app.player_clock = TickClock()
    shell = open_demo(name, speed=speed)
    shell.exercise.clock = app.player_clock
    PREPARE.get(name, lambda demo: None)(shell.demo)
    press(app, pygame.K_q, "q")
    return shell


@pytest.mark.parametrize("name", QUIZ_DEMOS)
def test_q_is_exercise_mode_where_it_once_was_the_quiz(app: Any, open_demo: Any, name: str) -> None:
    shell = exercising_after(app, open_demo, name)
    assert shell.exercise.active and shell.exercise.performance.kind == "every"
    play_to_step(app, shell)
    press(app, pygame.K_SPACE, " ")  # Space never skips the step
    assert shell.exercise.asking


def test_no_demo_binds_q_for_itself_and_help_names_it_beside_i() -> None:
    for entry in DEMOS:
        assert not any("q" in row.keys for row in entry.load().bindings.bindings()), entry.name
    (row,) = [row for row in KIND_BINDINGS.bindings() if row.action == "toggle_exercise"]
    assert row.keys == ("i", "q") and row.key_label() == "I or Q"


def test_tictactoe_the_ringed_board_keeps_its_best_to_itself_while_its_value_is_asked(
    app: Any, open_demo: Any
) -> None:
    shell = exercising_after(app, open_demo, "tictactoe")
    play_to_step(app, shell)
    play_to_kind(app, shell, "minimax.value")
    demo, tree = shell.demo, shell.run.model
    asked = demo.asked_node(tree)
    assert asked == tree.stack[-1]
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    ringed = next(item for item in demo.plan(lay.tree_area, tree).boards if item.node == asked)
    assert [tag[0] for tag in ringed.tags] == [best_so_far_text(None)]


def test_games_the_move_step_shows_the_position_searched_not_the_reply_played(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from visualizer.scenes.games import view

    results.remember_name("Kim Minji")
    app.player_clock = TickClock()
    shell = open_demo("games", speed=5000)
    shell.exercise.clock = app.player_clock
    demo = shell.demo
    demo.set_game("connect4")
    demo.set_level("hard")
    demo.play(0, 3)
    demo.wait()
    press(app, pygame.K_h, "h")  # why that move? its search replays
    press(app, pygame.K_q, "q")
    press(app, pygame.K_q, "q")  # only the decisions: the move each iteration plays
    play_to_step(app, shell, frames=3000)
    play_to_kind(app, shell, "minimax.move")
    boards: list[Any] = []
    painter = view.draw_board

    def draw_board(*args: Any) -> Any:
        boards.append(args[4])
        return painter(*args)

    monkeypatch.setattr(view, "draw_board", draw_board)
    app.frame(1 / 60)
    assert boards == [demo.explained[0]] and demo.explained[0] != demo.match.position


def minimax_card(app: Any, shell: Any) -> pygame.Surface:
    """The minimax tree's card as drawn in the last frame."""
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    card = lay.cards[lay.sides.index(mm.MINIMAX_SIDE)]
    return app.surface.subsurface(card).copy()


def test_gametree_the_minimax_tree_beside_gives_no_value_away_while_alpha_beta_is_asked(
    app: Any, open_demo: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Minimax runs beside alpha-beta on the same tree: its best so far at the node alpha-beta is asked about
    was α's answer ('best 2' beside 'what are α and β now?'). While the step is open, changing every value
    minimax holds changes no pixel of its card; with nothing asked, the same change shows."""
    shell = exercising_after(app, open_demo, "gametree")
    play_to_step(app, shell)
    play_to_kind(app, shell, "minimax.window")
    minimax = shell.run.model.sides[mm.MINIMAX_SIDE]
    app.frame(1 / 60)
    before = minimax_card(app, shell)
    asked = shell.demo.asked_on(shell.run.model)
    assert asked is not None and asked[0] == mm.ALPHABETA_SIDE
    node = minimax.where[asked[1]]
    assert minimax.best_so_far(node, True) is not None  # minimax has a best there: it would tell
    branching = shell.demo.tree.branching
    related = {n for n, state in enumerate(minimax.state) if veiled(asked[1], state, branching)}
    related |= {n for n, state in enumerate(minimax.state) if veiled(state, asked[1], branching)}
    best = type(minimax).best_so_far
    monkeypatch.setattr(
        type(minimax), "best_so_far", lambda self, n, top: 77.0 if n in related else best(self, n, top)
    )
    for n in related:
        if minimax.value[n] is not None:
            minimax.value[n] = 77.0
    app.frame(1 / 60)
    assert pygame.image.tobytes(minimax_card(app, shell), "RGB") == pygame.image.tobytes(before, "RGB")
    monkeypatch.setattr(type(shell.demo), "asked_on", lambda self, model: None)  # as if no step were open
    app.frame(1 / 60)
    assert pygame.image.tobytes(minimax_card(app, shell), "RGB") != pygame.image.tobytes(before, "RGB")


def test_gametree_the_prunes_are_marked_on_alpha_betas_tree_by_click_or_keys(
    app: Any, open_demo: Any
) -> None:
    """Each move is the child node it leads to on alpha-beta's tree; clicks toggle marks, Enter sends."""
    from test_exercise_picture import targets

    from visualizer.scenes.gametree import view

    shell = exercising_after(app, open_demo, "gametree")
    play_to_step(app, shell)
    step = play_to_kind(app, shell, "minimax.prune")
    demo, model = shell.demo, shell.run.model
    boxes = targets(app, shell)
    assert set(boxes) == {choice.key for choice in step.choices}
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    (level, index) = demo.asked_on(model)[1]
    for move, box in boxes.items():
        found = view.state_at(lay, demo.theme, demo.tree, demo.card.camera, box.center)
        assert found == (mm.ALPHABETA_SIDE, (level + 1, index * demo.tree.branching + move))
    performance = shell.exercise.performance
    for move in step.expected:  # mark the pruned ones by clicking them, one a second time and back
        click(app, boxes[move].center)
    if step.expected:
        first = next(iter(step.expected))
        click(app, boxes[first].center)
        click(app, boxes[first].center)
    assert {step.choices[i].key for i in performance.marked} == step.expected and shell.exercise.asking
    press(app, pygame.K_RETURN)
    assert performance.last.correct and performance.last.step == step


def test_tictactoe_the_prunes_are_marked_on_the_faint_boards_under_the_ringed_node(
    app: Any, open_demo: Any
) -> None:
    from test_exercise_picture import targets

    shell = exercising_after(app, open_demo, "tictactoe")
    play_to_step(app, shell)
    step = play_to_kind(app, shell, "minimax.prune")
    demo, tree = shell.demo, shell.run.model
    boxes = targets(app, shell)
    assert set(boxes) == {choice.key for choice in step.choices}
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    plan = demo.plan(lay.tree_area, tree)
    row = demo.focus.path(tree).index(demo.asked_node(tree)) + 1
    ghosts = {item.move: item.box for item in plan.boards if item.node < 0 and item.row == row}
    assert boxes == ghosts  # every move of the asked node, not tried yet: a faint board
    for move in step.expected:
        click(app, boxes[move].center)
    press(app, pygame.K_RETURN)
    assert shell.exercise.performance.last.correct
