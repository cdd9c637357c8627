"""The game-tree demo's classroom: guess a node's value before it returns; mark the leaves alpha-beta cuts."""

from __future__ import annotations

import os

import pygame
from ui import TickClock, click, count_colour, press, stage_of

from solvers import minimax as mm
from visualizer import predict
from visualizer import theme as th
from visualizer.scenes.gametree import view

SHOTS = os.environ.get("UNWIND_SHOTS", "")
"""A folder to save the screens in for looking at them (unset in normal runs)."""


def frames(app, count: int) -> None:
    """Let `count` frames pass."""
    for _ in range(count):
        app.frame(1 / 60)


def wait_for_question(app, shell, limit: int = 4000) -> predict.Question:
    """Play on until the classroom asks (Space whenever the run stands still)."""
    room = shell.demo.classroom
    for _ in range(limit):
        if room.question is not None and room.guess is None:
            return room.question
        if not shell.run.playing:
            press(app, pygame.K_SPACE, " ")
        app.frame(1 / 60)
    raise AssertionError("no question asked")


def test_guessing_pauses_before_each_return_and_marks_the_answer(app, open_demo) -> None:
    """Q: the run stops before a node returns; a right key scores, a wrong click breaks the streak."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("gametree", speed=60)
    press(app, pygame.K_q, "q")
    room = shell.demo.classroom
    question = wait_for_question(app, shell)
    search = shell.run.model.sides[mm.ALPHABETA_SIDE]
    assert not shell.run.playing and not search.done(question.node)
    assert not shell.demo.at_rest(shell.run)  # the frame that asked must be drawn
    app.frame(1 / 60)
    assert shell.demo.at_rest(shell.run) and room.question == question  # waiting: the app may sleep
    stage = stage_of(app, shell)
    lay = shell.demo.layout(stage)
    assert len(lay.choices) == 4 and lay.bar.h > 0
    if SHOTS:
        pygame.image.save(app.surface, f"{SHOTS}/question.png")
    right = question.choices.index(question.answer) + 1
    press(app, pygame.K_1 + right - 1, str(right))
    frames(app, 30)
    assert room.question is None and room.score.right == 1 and room.score.streak == 1
    assert search.done(question.node) and search.value[question.node] == question.answer
    assert room.message.startswith("Right!") and "takes the" in room.message
    second = wait_for_question(app, shell)
    assert second.node != question.node
    wrong = next(i for i, v in enumerate(second.choices, start=1) if v != second.answer)
    click(app, lay.choices[wrong - 1].center)  # a click answers too
    frames(app, 30)
    assert room.score.asked == 2 and room.score.right == 1 and room.score.streak == 0
    assert room.message.startswith("Not quite")


def test_exercise_marks_leaves_by_click_and_checks_them(app, open_demo) -> None:
    """E: a seeded exercise; the exact cut leaves clicked and Enter is right; one more is wrong, ringed."""
    shell = open_demo("gametree")
    demo = shell.demo
    for _ in range(30):  # a tree with a cut and a scored leaf to click
        press(app, pygame.K_e, "e")
        if predict.cut_leaves(demo.tree).cut:
            break
    answer = predict.cut_leaves(demo.tree)
    stage = stage_of(app, shell)
    lay = demo.layout(stage)
    assert lay.bar.h > 0
    inner = lay.panels[-1]
    places = view.panel_places(shell.theme, inner, demo.camera, demo.tree)
    shown = places.shown()

    def leaf_point(leaf: int) -> tuple[int, int]:
        """Where leaf `leaf` is on screen."""
        from visualizer.treepaint import screen_box

        return screen_box(demo.camera, inner, shown[(demo.tree.depth, leaf)]).center

    for leaf in answer.cut:
        click(app, leaf_point(leaf))
    assert demo.classroom.marks == set(answer.cut)
    press(app, pygame.K_RETURN)
    assert demo.classroom.verdict is not None and demo.classroom.verdict.right
    assert f"seed {demo.tree_seed}" in demo.classroom.prompt(demo.tree_seed)
    extra = min(answer.scored)
    click(app, leaf_point(extra))
    press(app, pygame.K_RETURN)
    verdict = demo.classroom.verdict
    assert not verdict.right and verdict.first == extra and "is scored" in verdict.why
    assert demo.classroom.score.text().startswith("score 1/2")
    app.frame(1 / 60)
    if SHOTS:
        pygame.image.save(app.surface, f"{SHOTS}/exercise.png")
    assert count_colour(app.surface, inner, th.DEAD) > 20


def test_nothing_shows_the_asked_value_while_the_question_waits(app, open_demo, monkeypatch) -> None:
    """Minimax runs ahead in the lockstep: its node (and parent's best), the titles and the log showed
    the value alpha-beta's ringed node is asked for; while asked they read '?'."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("gametree", speed=60)
    demo = shell.demo
    press(app, pygame.K_q, "q")
    question = wait_for_question(app, shell)
    while question.kind != predict.VALUE:
        press(app, pygame.K_1 + question.choices.index(question.answer), "")
        frames(app, 30)
        question = wait_for_question(app, shell)
    model = shell.run.model
    minimax = model.sides[mm.MINIMAX_SIDE]
    node = minimax.where[question.state]
    assert minimax.done(node) and minimax.value[node] == question.answer  # it is on screen ahead
    looks = []
    painter = view.paint_tree
    monkeypatch.setattr(view, "paint_tree", lambda *args, **kw: looks.append(args[5]) or painter(*args, **kw))
    app.frame(1 / 60)
    monkeypatch.undo()
    answer = view.value_text(question.answer)
    level, index = question.state
    above = [(up, index // demo.tree.branching ** (level - up)) for up in range(level + 1)]
    for look in looks:  # minimax's panel, then alpha-beta's
        for state in above:
            assert all(answer not in tag.text.split() for tag in look(state).tags), (state, look(state))
    assert [tag.text for tag in looks[0](question.state).tags] == ["?"]
    said = [demo.narrate(event) or "" for _, event in shell.run.recent(80)]
    returned = f"node {node} returns"
    assert any(line.endswith(f"{returned} ?") for line in said)
    assert not any(line.endswith(f"{returned} {answer}") for line in said)
    hover = model.hover_lines(mm.MINIMAX_SIDE, question.state, demo.asked())
    assert hover[-1] == f"node {node} returned ?"
    cursor = shell.run.cursor
    press(app, pygame.K_SPACE, " ")  # Space waits for the answer here too
    frames(app, 10)
    assert shell.run.cursor == cursor and demo.classroom.question == question
    assert demo.classroom.message.startswith("Answer the question first")
