"""Predict, then reveal, in recursion and frogs: the questions' known answers and the quiz on screen."""

from __future__ import annotations

import pygame
from ui import TickClock, click, press

from solvers import frogs as fr
from solvers import recursion as rec
from solvers.events import DeadEnd, Move, Overflow, Pop, Push, Solution
from visualizer import guessbar
from visualizer.predict import distinct_choices
from visualizer.scenes.frogs import quiz as frogs_quiz
from visualizer.scenes.frogs.model import FrogsModel
from visualizer.scenes.recursion import quiz
from visualizer.scenes.recursion.model import ENDLESS, FACTORIAL, TREE, RecursionModel


def model_until(mode: str, events, stop, model: RecursionModel | None = None) -> RecursionModel:
    """A model (new, or `model`) fed `events` until `stop(model)` holds (asserted)."""
    model = model or RecursionModel(mode)
    for event in events:
        model.apply(event)
        if stop(model):
            return model
    raise AssertionError("the moment never came")


def test_distinct_choices_hold_the_answer_and_three_others() -> None:
    """Four different numbers, the answer at the index given; the same seed gives the same order."""
    numbers, answer = distinct_choices(6, [2, 3, 6, 24], seed=1)
    assert sorted(numbers) == [2, 3, 6, 24] and numbers[answer] == 6
    assert distinct_choices(6, [2, 3, 6, 24], seed=1) == (numbers, answer)
    few, at = distinct_choices(1, [1, 1], seed=3)
    assert len(set(few)) == 4 and few[at] == 1 and min(few) >= 0


def test_factorial_asks_each_return_with_the_frames_own_values() -> None:
    """fact(5): fact(3) is due after fact(2) returned 2; the answer 6 and the reason from its values."""

    def due(m: RecursionModel) -> bool:
        """fact(3) on top, fact(2) returned."""
        return bool(m.stack) and m.args[m.stack[-1]] == 3 and m.result(3) == 2

    model = model_until(FACTORIAL, rec.factorial_events(5, 12), due)
    question = quiz.ask(model, 12, {}, seed=1)
    assert question is not None and question.about == 2
    assert question.answer == "6"
    assert {"2", "3", "24"} <= set(question.choices)  # the child's value, the argument, one level up
    assert question.reason == "fact(3) returns 3 × fact(2) = 3 × 2 = 6"
    assert question.reveals(Pop(2, 6, False, rec.LINE_FACT_RECURSE))
    assert not question.reveals(Pop(3, 2, False, rec.LINE_FACT_RECURSE))


def test_factorial_base_case_and_winding_frames() -> None:
    """A winding frame asks nothing; the base case fact(1) asks, answer 1."""
    events = iter(rec.factorial_events(5, 12))
    model = model_until(FACTORIAL, events, lambda m: len(m.stack) == 2)
    assert quiz.ask(model, 12, {}, seed=1) is None
    model = model_until(FACTORIAL, events, lambda m: len(m.stack) == 5, model)
    question = quiz.ask(model, 12, {}, seed=1)
    assert question is not None and question.answer == "1"
    assert "base case" in question.reason


def test_endless_asks_what_happens_next_and_the_last_frame_overflows() -> None:
    """Without a base case: 'calls again' below the limit, 'stack overflow' at it."""
    events = iter(rec.factorial_events(3, 4, base_case=False))
    model = model_until(ENDLESS, events, lambda m: len(m.stack) == 2)
    question = quiz.ask(model, 4, {}, seed=1)
    assert question is not None and question.answer == question.choices[quiz.CALLS_AGAIN]
    assert question.reason == "fact(2) has no base case, so it calls fact(1): frame 3 of 4"
    assert question.reveals(Push(2, 1, 1, rec.LINE_FACT_RECURSE))
    model = model_until(ENDLESS, events, lambda m: len(m.stack) == 4, model)
    question = quiz.ask(model, 4, {}, seed=1)
    assert question is not None and question.answer == question.choices[quiz.OVERFLOWS]
    assert question.reveals(Overflow(4, 4, rec.LINE_FACT_RECURSE))


def test_tree_asks_inner_calls_once_their_children_returned() -> None:
    """Max of a tree: every inner call's question answers the true maximum below it; leaves ask nothing."""
    root = rec.random_tree(5)
    nodes = quiz.tree_nodes(root)
    model = RecursionModel(TREE)
    asked = {}
    for event in rec.tree_max_events(root):
        question = quiz.ask(model, 12, nodes, seed=1)
        if question is not None:
            asked[question.about] = int(question.answer)
            assert len(set(question.choices)) == 4
        model.apply(event)
    inner = {n for n, node in nodes.items() if node.children}
    assert set(asked) == inner
    assert all(asked[n] == rec.tree_max(nodes[n]) for n in inner)


def play_until_asked(app, demo, frames: int) -> None:
    """Draw frames until the demo's quiz asks, at most `frames` of them."""
    for _ in range(frames):
        app.frame(1 / 60)
        if demo.guessing.asking:
            return


def test_the_quiz_pauses_asks_plays_and_scores(app, open_demo) -> None:
    """Q on, play: the run stops at fact(1)'s return; the right key plays it and scores; a wrong click too."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("recursion")
    demo = shell.demo
    press(app, pygame.K_q, "q")
    press(app, pygame.K_SPACE)
    play_until_asked(app, demo, frames=2000)
    question = demo.guessing.question
    assert question is not None and not shell.run.playing
    assert shell.run.model.args[shell.run.model.stack[-1]] == 1  # fact(1): the first return
    right = question.choices.index(question.answer)
    press(app, pygame.K_1 + right, str(right + 1))
    for _ in range(20):
        app.frame(1 / 60)
        if demo.guessing.question is None:
            break
    assert isinstance(shell.run.last_event, Pop) and shell.run.last_event.node == question.about
    assert demo.guessing.score.right == 1 and demo.guessing.message.startswith("Right!")
    play_until_asked(app, demo, frames=2000)
    question = demo.guessing.question
    assert question is not None and question.about == 3  # fact(2)
    lay = demo.layout(shell.layout(app.surface.get_size()).stage)
    wrong = next(i for i, choice in enumerate(question.choices) if choice != question.answer)
    click(app, guessbar.choice_boxes(lay.bar, shell.theme, len(question.choices))[wrong].center)
    for _ in range(20):
        app.frame(1 / 60)
        if demo.guessing.question is None:
            break
    score = demo.guessing.score
    assert score.asked == 2 and score.right == 1 and score.streak == 0
    assert "fact(2) returns 2 × fact(1) = 2 × 1 = 2" in demo.guessing.message


def test_space_right_and_run_to_wait_for_the_answer(app, open_demo) -> None:
    """The issue's keys: Q, Space, 2 (right), Space: fact(2)'s question stays; no key plays past it."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("recursion")
    demo = shell.demo
    press(app, pygame.K_q, "q")
    press(app, pygame.K_SPACE)
    play_until_asked(app, demo, frames=2000)
    press(app, pygame.K_2, "2")  # fact(1): choice 2 is 1
    play_until_asked(app, demo, frames=60)
    question, cursor = demo.guessing.question, shell.run.cursor
    assert question is not None and question.about == 3 and demo.guessing.score.right == 1
    for key in (pygame.K_SPACE, pygame.K_RIGHT, pygame.K_k, pygame.K_SPACE):
        press(app, key)
        for _ in range(30):
            app.frame(1 / 60)
        assert demo.guessing.question == question and demo.guessing.asking  # was: skipped, score 1/1
        assert shell.run.cursor == cursor and not shell.run.playing
    assert demo.guessing.message == "Answer the question first: press 1-4 or click a choice"
    right = question.choices.index(question.answer)
    press(app, pygame.K_1 + right, str(right + 1))
    for _ in range(20):
        app.frame(1 / 60)
    assert demo.guessing.score.right == 2 and demo.guessing.score.asked == 2
    assert demo.guessing.question.about == 2  # then fact(3), none skipped


def shown_while_asked(app, shell, monkeypatch) -> list[tuple[str, str]]:
    """The stack frames (call, detail) and the call tree's tags the screen draws now."""
    from visualizer.scenes.recursion import view

    drawn: list[tuple[str, str]] = []
    painter = view.draw_call_stack
    monkeypatch.setattr(
        view,
        "draw_call_stack",
        lambda surface, rect, theme, frames, **kw: (
            drawn.extend((f.text, f.detail) for f in frames) or painter(surface, rect, theme, frames, **kw)
        ),
    )
    model, tree = shell.run.model, shell.run.model.tree
    if model.mode == TREE:
        asked = shell.demo.guessing.question.about
        look = view.call_look(model, tree, asked, "small", asked)
        drawn.extend(("tree", tag.text) for tag in look.tags)
        drawn.append(("hover", " ".join(view.hover_lines(model, asked, asked))))
    app.frame(1 / 60)
    monkeypatch.undo()
    return drawn


def test_no_frame_or_tree_label_shows_the_answer_while_asked(app, open_demo, monkeypatch) -> None:
    """fact(1) read 'base case: return 1', fact(2) '2 * 1 = 2', max_of its best while asked: now '?'."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("recursion")
    demo = shell.demo
    press(app, pygame.K_q, "q")
    for mode in (FACTORIAL, TREE, ENDLESS):
        demo.set_mode(mode)
        app.frame(1 / 60)  # the new run: the last mode's open question goes
        for _ in range(3):
            for _ in range(2000):
                if demo.guessing.asking:
                    break
                if not shell.run.playing:
                    press(app, pygame.K_SPACE)
                app.frame(1 / 60)
            question = demo.guessing.question
            shown = shown_while_asked(app, shell, monkeypatch)
            frames = [words for where, words in shown if where not in ("tree", "hover")]
            assert frames[-1].endswith("?"), shown  # the asked frame, on top, keeps its answer
            tree = [words for where, words in shown if where in ("tree", "hover")]
            assert all(question.answer not in words.split() for words in tree), (question.answer, shown)
            right = question.choices.index(question.answer)
            press(app, pygame.K_1 + right, str(right + 1))
            for _ in range(20):
                app.frame(1 / 60)


def play_one_fast_frame(app, shell, events: int) -> None:
    """One frame that plays `events` events at once (as at a high speed), then the demo's update."""
    shell.run.playing = True
    for _ in range(events):
        shell.run.step()
    shell.demo.update(1 / 60, shell.run)


def test_a_fast_frame_that_plays_past_the_moment_is_caught(app, open_demo) -> None:
    """fact(5) played whole in one frame: the quiz steps back to fact(1), the first return, and asks there."""
    shell = open_demo("recursion")
    demo = shell.demo
    press(app, pygame.K_q, "q")
    demo.update(1 / 60, shell.run)
    assert shell.run.cursor == 0 and not demo.guessing.asking
    play_one_fast_frame(app, shell, 40)
    question = demo.guessing.question
    model = shell.run.model
    assert demo.guessing.asking and not shell.run.playing
    assert model.args[model.stack[-1]] == 1 and question.answer == "1"
    assert question.about == model.stack[-1] and demo.guessing.score.asked == 0


# --- frogs ----------------------------------------------------------------------------


def frogs_questions(kind: str, start: str):
    """Every (question, the events after it) of a whole search from `start` (the start's first)."""
    events = list(fr.solve(start))
    model = FrogsModel(start)
    found = []
    question = frogs_quiz.ask(kind, model, None, seed=1)
    if question is not None:
        found.append((question, events))
    for index, event in enumerate(events):
        model.apply(event)
        question = frogs_quiz.ask(kind, model, event, seed=1)
        if question is not None:
            found.append((question, events[index + 1 :]))
    return found


def test_frogs_next_move_is_the_solvers_next_event_asked_before_the_list() -> None:
    """3 + 3 frogs: asked at each position before its moves are listed ('2 legal moves: L 2→3, R 4→3'
    in the log gave it away); the answer is the move (or dead end) the solver's next event shows."""
    asked = frogs_questions(frogs_quiz.NEXT, fr.start_state(3, 3))
    first, after = asked[0]
    assert type(after[0]) is fr.Options  # asked before the solver lists the moves
    assert {"L 2→3", "R 4→3", "none left: dead end, go back"} & set(first.choices) >= {"L 2→3"}
    assert len(first.choices) == 4 and set(first.choices) <= {
        "L 1→3",
        "L 2→3",
        "R 4→3",
        "R 5→3",
        "none left: dead end, go back",
    }
    assert first.answer == "L 2→3"
    assert len(asked) > 20
    for question, after in asked:
        assert type(after[0]) is fr.Options and len(question.choices) >= 2  # never 'Press 1-1'
        nxt = next(event for event in after if type(event) in (Push, DeadEnd))
        assert question.reveals(nxt)
        said = question.answer
        if type(nxt) is Push:
            assert said == f"{nxt.what.frog} {nxt.what.frm}→{nxt.what.to}"
        else:
            assert said == "none left: dead end, go back" and not after[0].moves
    assert any(not after[0].moves for _, after in asked)  # dead ends are asked too, with near misses


def test_frogs_dead_end_answers_match_what_the_solver_does() -> None:
    """Every move made: 'dead-ends' exactly when the solver later cancels it (Pop with backtrack)."""
    asked = frogs_questions(frogs_quiz.DEAD, fr.start_state(2, 3))
    assert asked
    for question, after in asked:
        node = question.about[1]
        end = next(e for e in after if type(e) is Solution or (type(e) is Pop and e.node == node))
        cancelled = type(end) is Pop and end.backtrack
        assert question.answer == question.choices[frogs_quiz.DEAD_ENDS if cancelled else frogs_quiz.REACHES]
        assert question.reveals(end)


def test_frogs_quiz_on_screen_asks_and_scores(app, open_demo) -> None:
    """Q, Enter: the search stops at its first choice; the right key plays the Push and scores."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("frogs")
    demo = shell.demo
    press(app, pygame.K_q, "q")
    press(app, pygame.K_RETURN)
    play_until_asked(app, demo, frames=400)
    question = demo.guessing.question
    assert question is not None and not shell.run.playing
    right = question.choices.index(question.answer)
    press(app, pygame.K_1 + right, str(right + 1))
    for _ in range(20):
        app.frame(1 / 60)
        if demo.guessing.question is None or demo.guessing.question.about != question.about:
            break
    assert type(shell.run.last_event) is Push and shell.run.last_event.what == fr.Hop("L", 2, 3)
    assert demo.guessing.score.right == 1 and "first not tried yet" in demo.guessing.message


def test_frogs_fast_frame_is_caught_at_the_next_position(app, open_demo) -> None:
    """Q, Enter: asked at the start; answered, a frame of 30 events is taken back to the next position."""
    shell = open_demo("frogs")
    demo = shell.demo
    press(app, pygame.K_q, "q")
    press(app, pygame.K_RETURN)
    shell.run.playing = False
    demo.update(1 / 60, shell.run)
    question = demo.guessing.question
    assert demo.guessing.asking and shell.run.cursor == 0 and question.answer == "L 2→3"
    demo.guessing.answer(question.choices.index(question.answer) + 1, shell.run)
    shell.run.step()  # the list of moves
    shell.run.step()  # the first try: the answer
    demo.update(1 / 60, shell.run)
    assert demo.guessing.score.right == 1
    start = shell.run.cursor
    play_one_fast_frame(app, shell, 30)
    question = demo.guessing.question
    assert demo.guessing.asking and not shell.run.playing and start < shell.run.cursor < start + 30
    assert type(shell.run.last_event) is Move and shell.run.last_event.line == fr.LINE_MAKE
    assert question.answer == "L 1→2"  # LL_LRRR: the L frog on pad 1 slides first


def test_frogs_tree_says_nothing_of_space_while_the_first_question_waits(app, open_demo, monkeypatch) -> None:
    """Asked at the start, the empty tree no longer says 'Space: start the search' (Space waits now)."""
    shell = open_demo("frogs")
    press(app, pygame.K_q, "q")
    press(app, pygame.K_RETURN)
    assert shell.demo.guessing.asking and shell.run.cursor == 0
    said = []
    text = shell.theme.text
    monkeypatch.setattr(
        shell.theme, "text", lambda words, *a, **k: said.append(words) or text(words, *a, **k)
    )
    app.frame(1 / 60)
    assert not any("start the search" in words for words in said)
    assert any("Which move does the solver try next?" in words for words in said)
