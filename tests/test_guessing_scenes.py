"""Predict, then reveal on screen: tic-tac-toe asks values and cuts as the computer searches.

Clocks are `TickClock`s, so how many events a frame plays never depends on
the machine's speed.
"""

from __future__ import annotations

import os

import pygame
from ui import TickClock, click, press

from visualizer import guessbar, predict
from visualizer.searchtree import best_so_far_text, value_text

SHOTS = os.environ.get("UNWIND_SHOTS", "")
"""A folder to save screens in for looking at them (unset in normal runs)."""


def wait_for_question(app, shell, room, limit: int = 3000) -> predict.Question:
    """Run frames (Space when the run stands still) until a question is open."""
    for _ in range(limit):
        if room.asking:
            return room.question
        if not shell.run.playing and not shell.run.at_end:
            press(app, pygame.K_SPACE, " ")
        app.frame(1 / 60)
    raise AssertionError("no question asked")


def answer(app, shell, room, number: int) -> None:
    """Press a choice's key and run frames until the node has returned and the verdict is in."""
    press(app, pygame.K_1 + number - 1, str(number))
    for _ in range(600):
        if room.question is None:
            return
        app.frame(1 / 60)
    raise AssertionError("the answer was never revealed")


def test_tictactoe_asks_at_the_exact_moment_and_marks_right_and_wrong(app, open_demo) -> None:
    """Q, x in a corner: questions come at their moment even at 500 events/s; keys and clicks score."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("tictactoe")
    demo = shell.demo
    room = demo.guessing
    press(app, pygame.K_q, "q")
    assert room.on and demo.layout(shell.layout(app.surface.get_size()).stage).bar.h > 0
    press(app, pygame.K_1, "1")  # x in the top left: the computer (o) searches with alpha-beta
    kinds = set()
    for turn in range(6):
        question = wait_for_question(app, shell, room)
        search = shell.run.model
        assert (
            not shell.run.playing and search.stack[-1] == question.node and search.depth(question.node) <= 1
        )
        if question.kind == predict.CUTS:
            assert predict.just_entered(search, question.node)
        else:
            assert not search.done(question.node) and search.best_so_far(question.node, False) is not None
        kinds.add(question.kind)
        if SHOTS and turn == 1:
            app.frame(1 / 60)
            pygame.image.save(app.surface, f"{SHOTS}/ttt-question.png")
        right = question.choices.index(question.answer) + 1
        if turn < 5:
            answer(app, shell, room, right)
            assert room.score.right == turn + 1 and room.message.startswith("Right!")
            if question.kind == predict.VALUE:
                assert search.value[question.node] == question.answer
            else:
                assert predict.cuts_of(search, question) == question.answer
        else:
            wrong = next(n for n, c in enumerate(question.choices, start=1) if c != question.answer)
            lay = demo.layout(shell.layout(app.surface.get_size()).stage)
            click(app, guessbar.choice_boxes(lay.bar, shell.theme)[wrong - 1].center)
            for _ in range(600):
                if room.question is None:
                    break
                app.frame(1 / 60)
            assert room.score.asked == 6 and room.score.streak == 0 and room.message.startswith("Not quite")
    assert predict.VALUE in kinds


def test_tictactoe_ringed_board_keeps_its_best_to_itself_while_asked(app, open_demo) -> None:
    """The issue's value question in Chinese: the ringed board read '最佳 +3' (the answer), now '最佳 ?'."""
    from solvers import i18n

    i18n.use("zh_CN")
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("tictactoe")
    demo, room = shell.demo, shell.demo.guessing
    press(app, pygame.K_q, "q")
    press(app, pygame.K_1, "1")
    question = wait_for_question(app, shell, room)
    assert question.kind == predict.VALUE
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    plan = demo.plan(lay.tree_area, shell.run.model)
    ringed = next(item for item in plan.boards if item.node == question.node)
    assert [tag[0] for tag in ringed.tags] == [best_so_far_text(None)] == ["最佳 ?"]
    children = [item for item in plan.boards if shell.run.model.parent[item.node] == question.node]
    assert value_text(question.answer, signed=True) in [tag[0] for c in children for tag in c.tags]
    answer(app, shell, room, question.choices.index(question.answer) + 1)
    tags = [tag[0] for item in demo.plan(lay.tree_area, shell.run.model).boards for tag in item.tags]
    assert best_so_far_text(None) not in tags


def test_tictactoe_question_goes_unscored_when_the_computer_answers_now(app, open_demo) -> None:
    """Enter (answer now) while asked: the question goes, nothing is scored, the computer has played."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("tictactoe")
    room = shell.demo.guessing
    press(app, pygame.K_q, "q")
    press(app, pygame.K_5, "5")
    wait_for_question(app, shell, room)
    press(app, pygame.K_RETURN)
    for _ in range(5):
        app.frame(1 / 60)
    assert room.question is None and room.score.asked == 0 and not shell.demo.computers_turn


def test_games_replay_asks_the_move_and_the_cuts_and_checks_them(app, open_demo) -> None:
    """Connect Four, H replays: odd iterations ask the move (the one chosen), even ones the cuts (exact)."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("games")
    demo = shell.demo
    demo.set_game("connect4")
    demo.set_level("hard")
    demo.play(0, 3)
    demo.wait()
    press(app, pygame.K_q, "q")
    press(app, pygame.K_h, "h")
    room = demo.guessing
    kinds = []
    for turn in range(4):
        question = wait_for_question(app, shell, room)
        search = shell.run.model
        assert search.stack[-1] == question.node and predict.just_entered(search, question.node)
        kinds.append(question.kind)
        answer(app, shell, room, question.choices.index(question.answer) + 1)
        assert room.score.right == turn + 1 and room.message.startswith("Right!")
        if question.kind == predict.MOVE:
            assert predict.chosen_move(search, question.node) == question.answer
            assert demo.game.move_name(question.answer) in room.message
        else:
            assert predict.cuts_of(search, question) == question.answer
    assert kinds[0] == predict.MOVE and predict.CUTS in kinds
    if SHOTS:
        wait_for_question(app, shell, room)
        app.frame(1 / 60)
        pygame.image.save(app.surface, f"{SHOTS}/games-question.png")


def test_gametree_asks_which_moves_alpha_beta_cuts_during_playback(app, open_demo) -> None:
    """Q in the game tree: among the value questions a cut question comes; its answer is the exact cut."""
    from solvers import minimax as mm

    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("gametree", speed=60)
    demo = shell.demo
    press(app, pygame.K_q, "q")
    room = demo.classroom.guessing
    for _ in range(40):
        question = wait_for_question(app, shell, room)
        if question.kind == predict.CUTS:
            break
        answer(app, shell, room, question.choices.index(question.answer) + 1)
    else:
        raise AssertionError("no cut question in 40")
    search = shell.run.model.sides[mm.ALPHABETA_SIDE]
    assert predict.just_entered(search, question.node)
    assert "cut" in demo.classroom.prompt(demo.tree_seed)
    cut_leaves = predict.cut_leaves(demo.tree, demo.tree.order(demo.order)).cut
    below = {
        leaf
        for move in question.answer
        for leaf in predict.leaves_below(demo.tree, demo.tree.result(question.state, move))
    }
    assert below == {leaf for leaf, cut in cut_leaves.items() if cut.state == question.state}
    if SHOTS:
        pygame.image.save(app.surface, f"{SHOTS}/gametree-cut-question.png")
    wrong = next(n for n, c in enumerate(question.choices, start=1) if c != question.answer)
    answer(app, shell, room, wrong)
    assert room.message.startswith("Not quite") and predict.cuts_of(search, question) == question.answer


def test_games_move_question_hides_the_move_the_computer_played(app, open_demo, monkeypatch) -> None:
    """Connect Four, H: 'which column will it choose?' was asked over a board showing the computer's reply
    and words naming it; while asked the board is the position searched and the words leave the move out."""
    from visualizer.scenes.games import view

    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("games")
    demo = shell.demo
    demo.set_game("connect4")
    demo.set_level("hard")
    demo.play(0, 3)
    demo.wait()
    press(app, pygame.K_q, "q")
    press(app, pygame.K_h, "h")
    question = wait_for_question(app, shell, demo.guessing)
    assert question.kind == predict.MOVE
    boards, words = [], []
    board_painter, words_painter = view.draw_board, view.draw_words
    monkeypatch.setattr(view, "draw_board", lambda *args: boards.append(args[4]) or board_painter(*args))
    monkeypatch.setattr(view, "draw_words", lambda *args: words.append(args[4]) or words_painter(*args))
    app.frame(1 / 60)
    searched, played = demo.explained[0], demo.match.position
    assert boards == [searched] and searched != played
    assert not any("computer:" in line for line in words[-1])
    answer(app, shell, demo.guessing, question.choices.index(question.answer) + 1)
    app.frame(1 / 60)
    assert boards[-1] == played and any("computer:" in line for line in words[-1])
