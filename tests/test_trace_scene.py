""" "Your code": traced runs play, step back exactly, and their calls can be clicked and hovered.

Runs happen in a child process off the frame; tests wait for them by their
futures (never by time) and then run the frame that picks them up.
"""

from __future__ import annotations

import concurrent.futures
import itertools
import subprocess
import sys
from pathlib import Path

import pygame
import pytest
from test_layout import drawn_texts
from test_trace_yours import WALK
from ui import TickClock, click, count_colour, pick_file, press

from solvers import i18n
from solvers.events import Pop, Push
from solvers.tracing.runner import make_request
from visualizer import theme as th
from visualizer import treepaint
from visualizer.panels import stack_boxes
from visualizer.scenes.trace import extras, launch, view
from visualizer.scenes.trace.demo import ERROR_LINE
from visualizer.scenes.trace.model import TraceModel
from visualizer.treepaint import call_tree_places, screen_box

ROOT = Path(__file__).resolve().parents[1]
GALLERY = ROOT / "assets" / "gallery"


def time_limit(monkeypatch: pytest.MonkeyPatch, seconds: float, budget: int | None = None) -> None:
    """Every run the screen starts gets this time limit (and event budget, if given)."""
    from visualizer.scenes.trace import demo as trace_demo

    original = trace_demo.make_request
    more = {"budget": budget} if budget else {}

    def limited(*args, **caps):
        return original(*args, **{"seconds": seconds, **more, **caps})

    monkeypatch.setattr(trace_demo, "make_request", limited)


@pytest.fixture(autouse=True)
def generous_time_limit(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs may take as long as a loaded machine needs: the tests assert answers, never speed."""
    time_limit(monkeypatch, 300)


def finish_runs(app, shell) -> None:
    """Wait for the screen's traces to end, then run the frame that starts playing them."""
    concurrent.futures.wait(shell.demo.session.futures, timeout=120)
    app.frame(1 / 60)
    assert shell.demo.session.ready


def open_trace(app, open_demo):
    """The screen with its first example's runs finished, paused at the start."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("trace")
    finish_runs(app, shell)
    shell.run.restart()
    return shell


def test_the_first_example_is_fibonacci_beside_its_memoized_twin(app, open_demo) -> None:
    """fib(7) beside fib_memo(7): at the end 41 calls against 8 calls and 5 cache hits."""
    shell = open_trace(app, open_demo)
    shell.run.seek(10**9, now=True)
    naive, memo = shell.run.model.runs
    assert (naive.label, naive.work, naive.hits, naive.max_depth) == ("fib", 41, 0, 7)
    assert (memo.label, memo.work, memo.hits, memo.max_depth) == ("fib_memo", 8, 5, 7)
    assert naive.returned(0).text == memo.returned(0).text == "13"
    rows = dict(shell.demo.counters(shell.run.model))
    assert rows["fib calls"] == "41" and rows["fib_memo cache hits"] == "5"


def test_every_event_reverts_exactly(app, open_demo) -> None:
    """Apply the whole side-by-side run, revert it newest first: every earlier snapshot comes back."""
    shell = open_trace(app, open_demo)
    events = list(shell.demo.source())
    model = TraceModel(shell.demo.labels())
    snapshots = []
    for event in events:
        snapshots.append(model.snapshot())
        model.apply(event)
    for event, before in zip(reversed(events), reversed(snapshots), strict=True):
        model.revert(event)
        assert model.snapshot() == before


def test_step_back_restores_the_exact_earlier_state_and_draws(app, open_demo) -> None:
    """Right then Left, through calls, lines and returns: the model is as it was, and every frame draws."""
    shell = open_trace(app, open_demo)
    before = []
    for _ in range(40):
        before.append(shell.run.model.snapshot())
        press(app, pygame.K_RIGHT)
    for snapshot in reversed(before):
        press(app, pygame.K_LEFT)
        assert shell.run.model.snapshot() == snapshot


def tree_point(app, shell, side: int, node: int) -> tuple[int, int]:
    """The centre of call `node`'s pill in run `side`'s tree, as drawn."""
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    run = shell.run.model.runs[side]
    area = view.tree_area(lay.trees()[side], shell.theme, run)
    place = call_tree_places(shell.theme, area, run.calls).places[node]
    return screen_box(shell.demo.trees.cards[side].camera, area, place).center


def shown_calls(app, shell, side: int) -> list[int]:
    """The calls run `side`'s tree shows (a crowded tree folds some away)."""
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    run = shell.run.model.runs[side]
    area = view.tree_area(lay.trees()[side], shell.theme, run)
    return list(call_tree_places(shell.theme, area, run.calls).places)


def test_clicking_a_call_goes_to_its_push_and_shift_click_to_its_pop(app, open_demo) -> None:
    """A click on a pill seeks to the call's start; with Shift, to its return; the tree knows both."""
    shell = open_trace(app, open_demo)
    shell.run.seek(10**9, now=True)
    calls = shell.run.model.runs[0].calls
    node = max(shown_calls(app, shell, 0))  # the newest call the (folded) tree shows
    assert node > 0
    push, pop = calls.push_at[node], calls.pop_at[node]
    click(app, tree_point(app, shell, 0, node))
    app.frame(1 / 60)
    assert shell.run.cursor == push + 1 and shell.run.model.runs[0].calls.active() == node
    assert isinstance(shell.run.last_event.event, Push) and shell.run.last_event.event.node == node
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, tree_point(app, shell, 0, 0 if node == 0 else calls.parent[node]))
        parent = shell.run.model.runs[0].calls.parent[node]
        app.frame(1 / 60)
    finally:
        pygame.key.set_mods(0)
    last = shell.run.last_event.event
    assert isinstance(last, Pop) and last.node == parent and shell.run.cursor > pop


def test_shift_click_on_a_running_call_plays_to_its_return(app, open_demo) -> None:
    """The root still runs: Shift-click plays on until it returns."""
    shell = open_trace(app, open_demo)
    for _ in range(12):
        shell.run.step()
    pygame.key.set_mods(pygame.KMOD_SHIFT)
    try:
        click(app, tree_point(app, shell, 0, 0))
        for _ in range(200):
            app.frame(1 / 60)
            if not shell.run.playing:
                break
    finally:
        pygame.key.set_mods(0)
    last = shell.run.last_event.event
    assert isinstance(last, Pop) and last.node == 0


def test_clicking_a_stack_frame_goes_to_its_call(app, open_demo) -> None:
    """Three calls deep, a click on the bottom frame goes back to the root's Push."""
    shell = open_trace(app, open_demo)
    while shell.run.model.runs[0].depth < 3:
        shell.run.step()
    run = shell.run.model.runs[0]
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    placed, _ = stack_boxes(lay.stack, shell.theme, run.depth, 0, view.stack_title(run))
    bottom = dict(placed)[0]
    click(app, bottom.center)
    app.frame(1 / 60)
    assert shell.run.model.runs[0].depth == 1 and shell.run.last_event.event == Push(
        0, -1, shell.run.model.runs[0].call(0), shell.run.last_event.event.line
    )


def test_hovering_a_call_shows_its_arguments_and_value(app, open_demo) -> None:
    """At the end, hovering the root's pill draws a dark note saying fib(n=7) returned 13."""
    shell = open_trace(app, open_demo)
    shell.run.seek(10**9, now=True)
    run = shell.run.model.runs[0]
    assert view.hover_lines(run, 0)[:2] == ["#0 fib(n=7)", "returned 13"]
    stage = shell.layout(app.surface.get_size()).stage
    app.frame(1 / 60)
    plain = count_colour(app.surface, stage, th.TITLE_BAR)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=tree_point(app, shell, 0, 0), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    app.frame(1 / 60)
    assert count_colour(app.surface, stage, th.TITLE_BAR) > plain + 200


def test_your_own_file_through_the_dialog_reload_and_its_errors(app, open_demo, tmp_path: Path) -> None:
    """O opens the dialog, the call is typed; R re-reads an edited file; an error's line is lit red."""
    source = tmp_path / "mine.py"
    source.write_text("def down(n):\n    if n == 0:\n        return 0\n    return 1 + down(n - 1)\n")
    shell = open_trace(app, open_demo)
    press(app, pygame.K_o, "o")
    pick_file(app, source)
    assert app.prompt is not None and app.prompt.text == "down()"
    app.prompt.done("down(3)")
    app.prompt = None
    finish_runs(app, shell)
    shell.run.seek(10**9, now=True)
    assert shell.run.model.runs[0].work == 4 and shell.run.model.runs[0].returned(0).text == "3"
    source.write_text("def down(n):\n    if n == 0:\n        return 1 / n\n    return 1 + down(n - 1)\n")
    press(app, pygame.K_r, "r")
    finish_runs(app, shell)
    shell.run.seek(10**9, now=True)
    assert shell.demo.session.results[0].error == "ZeroDivisionError: division by zero"
    shell.run.seek(0, now=True)
    shell.run.run_until(lambda event: type(event).__name__ == "Raise")
    app.frame(1 / 60)
    assert shell.demo.lit_lines(shell.run) == {3: ERROR_LINE}


def test_an_endless_loop_never_stops_the_frames(app, open_demo, tmp_path: Path, monkeypatch) -> None:
    """`while True`: frames go on while the child spins; the run ends stopped by the time limit, said so."""
    (tmp_path / "spin.py").write_text("def spin(n):\n    while True:\n        n += 1\n")
    shell = open_trace(app, open_demo)
    time_limit(monkeypatch, 3, budget=10**9)  # the clock, not the event budget, ends this one
    shell.demo.call_typed(tmp_path / "spin.py", "spin(0)")
    frames = 0
    while shell.demo.session.futures and not all(f.done() for f in shell.demo.session.futures):
        app.frame(1 / 60)
        frames += 1
        assert shell.demo.status(shell.run).startswith("running spin(0)")
        concurrent.futures.wait(shell.demo.session.futures, timeout=0.05)
    finish_runs(app, shell)
    assert frames > 0
    assert shell.demo.session.results[0].stopped.startswith("stopped after 3 s")


def test_a_program_that_forges_protocol_lines_ends_its_run_saying_so(app, open_demo, tmp_path: Path) -> None:
    """`["end", 5]` written to the tracer's descriptor: the run ends (never stuck on running…), said so."""
    (tmp_path / "forge.py").write_text(
        "import os\n\ndef f(n):\n    os.write(3, b'[\"end\", 5]\\n')\n    return n\n"
    )
    shell = open_trace(app, open_demo)
    shell.demo.call_typed(tmp_path / "forge.py", "f(1)")
    finish_runs(app, shell)
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    interfered = "f(1): stopped: the program interfered with the tracer's messages"
    assert shell.demo.status(shell.run) == interfered and app.faults == []


def test_the_command_line_form_checks_its_words() -> None:
    """`unwind trace FILE FUNC ARG...`: bad words are one line and exit 2; good ones wait for the screen."""
    bad = subprocess.run(
        [sys.executable, "-m", "visualizer", "trace", str(GALLERY / "fibonacci.py"), "fib", "os.getcwd()"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert bad.returncode == 2 and "not a Python literal" in bad.stderr and len(bad.stderr.splitlines()) == 1
    assert launch.accept("maze", ["extra"]) is not None
    assert launch.accept("trace", [str(GALLERY / "fibonacci.py"), "fib", "5"]) is None
    assert launch.take() == make_request(GALLERY / "fibonacci.py", "fib", ["5"])
    assert launch.take() is None


def test_flood_fill_shows_its_grid_filling_and_step_back_empties_it(app, open_demo) -> None:
    """The flood fill example draws its grid beside the stack: filled cells at the end, none at the start."""
    from visualizer.scenes.trace.pictureview import FILLED

    shell = open_trace(app, open_demo)
    shell.demo.start_example(5)  # flood fill
    finish_runs(app, shell)
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    picture = shell.demo.layout(shell.layout(app.surface.get_size()).stage).picture
    assert picture.h > 0
    assert count_colour(app.surface, picture, FILLED) > 200
    shell.run.seek(0, now=True)
    app.frame(1 / 60)
    assert count_colour(app.surface, picture, FILLED) == 0


def test_the_running_call_is_ringed_around_its_pill_not_its_whole_column(app, open_demo) -> None:
    """One call in the tree has the whole width as its column: its ring stays close around the pill."""
    shell = open_trace(app, open_demo)
    shell.demo.start_example(5)  # flood fill: one call after the first step
    finish_runs(app, shell)
    shell.run.restart()
    press(app, pygame.K_RIGHT)
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    run = shell.run.model.runs[0]
    area = view.tree_area(lay.trees()[0], shell.theme, run)
    xs = [
        x
        for x in range(area.x, area.right)
        for y in range(area.y, area.bottom, 2)
        if app.surface.get_at((x, y))[:3] == th.ACTIVE
    ]
    assert xs, "the running call is ringed"
    assert max(xs) - min(xs) < area.w // 4


def test_the_tree_shows_the_call_ids_the_log_names(app, open_demo) -> None:
    """'call #13 returns 1': the tree's call #13 wears '#13', and it is the call that returned (fib(7))."""
    import re

    shell = open_trace(app, open_demo)
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    for side, run in enumerate(shell.run.model.runs):
        area = view.tree_area(lay.trees()[side], shell.theme, run)
        fitted = call_tree_places(shell.theme, area, run.calls)
        named = []
        for _number, event in shell.run.recent(shell.run.cursor):
            said = re.match(r"(?:fib\w*: )?call #(\d+)", shell.demo.narrate(event) or "")
            if said and event.side == side:
                named.append((int(said.group(1)), event.event.value.text))
        assert named
        for node, value in named:
            look = view.look(run, node, fitted.size, fitted.column, shell.theme, None)
            assert look.ident == f"#{node}" and run.returned(node).text == value


MEMO = """\
table = {}


def fib_get(n):
    hit = table.get(n)
    if hit is not None:
        return hit
    value = n if n < 2 else fib_get(n - 1) + fib_get(n - 2)
    table[n] = value
    print("fib", n, "=", value)
    return value
"""


def test_a_memoized_run_shows_its_merged_graph_and_what_it_printed(app, open_demo, tmp_path: Path) -> None:
    """fib_get(6): beside the tree, 7 subproblems drawn once each; under the stack, the lines printed."""
    (tmp_path / "memo.py").write_text(MEMO)
    shell = open_trace(app, open_demo)
    shell.demo.call_typed(tmp_path / "memo.py", "fib_get(6)")
    finish_runs(app, shell)
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    run = shell.run.model.runs[0]
    assert lay.graphs[0].h and lay.console.h and run.hits == 4
    assert len(run.graph.order) == 7 and run.printed[-1] == "fib 6 = 8" and len(run.printed) == 7
    pill = th.blend(th.PANEL, th.DONE, 0.35)
    assert count_colour(app.surface, lay.graphs[0], pill) > 0
    assert count_colour(app.surface, lay.console, th.INK) > 0
    shell.run.seek(0, now=True)
    app.frame(1 / 60)
    assert count_colour(app.surface, lay.graphs[0], pill) == 0 and shell.run.model.runs[0].printed == []


def test_a_waiting_generator_is_off_the_stack_and_tagged_with_its_yield(
    app, open_demo, tmp_path: Path
) -> None:
    """leaves([1, [2]]) at walk(1)'s first yield: walk(1) leaves the stack, its pill says 'yield 1'."""
    (tmp_path / "walk.py").write_text(WALK)
    shell = open_trace(app, open_demo)
    shell.demo.call_typed(tmp_path / "walk.py", "leaves([1, [2]])")
    finish_runs(app, shell)
    shell.run.seek(0, now=True)
    shell.run.run_until(lambda event: type(event).__name__ == "Yield")
    app.frame(1 / 60)
    run = shell.run.model.runs[0]
    assert run.calls.stack == [0, 1] and run.calls.suspended == [2]
    look = view.look(run, 2, "small", 200.0, shell.theme, None)
    assert look.tags[0].text == "yield 1" and look.border is not None
    lay = shell.demo.layout(shell.layout(app.surface.get_size()).stage)
    assert count_colour(app.surface, lay.trees()[0], th.PRUNED, step=1) > 0
    shell.run.seek(10**9, now=True)
    run = shell.run.model.runs[0]
    assert run.calls.suspended == [] and run.returned(0).text == "[1, 2]"


def test_the_merged_graphs_pills_never_overlap_in_a_narrow_card(app, open_demo, monkeypatch) -> None:
    """fib_memo(7)'s graph in a card as narrow as 1024×640 gives: fib_memo(1) and (0) share a row, fitted."""
    shell = open_trace(app, open_demo)
    shell.run.seek(10**9, now=True)
    run = shell.run.model.runs[1]
    pills: list[pygame.Rect] = []
    monkeypatch.setattr(extras, "draw_box", lambda surface, box, *args, **kwargs: pills.append(box.copy()))
    extras.draw_graph(app.surface, pygame.Rect(0, 0, 176, 190), shell.theme, run)
    assert len(pills) == len(run.graph.order) == 8
    touching = [(a, b) for a, b in itertools.combinations(pills, 2) if a.colliderect(b)]
    assert touching == []


@pytest.mark.parametrize("lang", ["en", "zh_CN"])
def test_the_trees_values_cover_nothing_and_show_whole(app, open_demo, monkeypatch, lang: str) -> None:
    """fib(7) beside fib_memo(7) at 1024×640: crowded values ran into the next call or were cut off."""
    size = (1024, 640)
    pygame.display.set_mode(size)
    app.theme.fit_window(size)
    shell = open_trace(app, open_demo)
    i18n.use(lang)
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    shapes: list[pygame.Rect] = []
    drawing = treepaint.TreePainter.node

    def noted(*args: object) -> pygame.Rect:
        """Draw a call and note its shape."""
        shapes.append(drawing(*args))  # type: ignore[arg-type]
        return shapes[-1]

    monkeypatch.setattr(treepaint.TreePainter, "node", noted)
    placed, _boxes = drawn_texts(app, size)
    cache_word = i18n._("cache {value}").split("{")[0]
    font = shell.theme.font("tiny", "bold")
    for card in shell.demo.layout(shell.layout(size).stage).trees():
        texts = [(text, rect.inflate(0, -4)) for text, rect in placed if card.collidepoint(rect.center)]
        values = [(text, rect) for text, rect in texts if text.startswith(("→", cache_word))]
        assert len(values) >= 4
        for text, letters in values:  # a tiny text's image has 2-3 blank rows above and below its letters
            assert letters.w == font.size(text)[0] and card.contains(letters), f"{text!r} is cut"
            covered = [other for other, box in texts if other != text and box.colliderect(letters)]
            hit = [shape for shape in shapes if card.contains(shape) and shape.colliderect(letters)]
            assert covered == [] and hit == [], f"{text!r} covers {covered} and calls at {hit}"


def test_the_leftmost_calls_id_shows_whole(app, open_demo) -> None:
    """permutations at 1024×640: '#2' astride its pill's corner at the card's left edge showed as '2'."""
    size = (1024, 640)
    pygame.display.set_mode(size)
    app.theme.fit_window(size)
    shell = open_trace(app, open_demo)
    shell.demo.step_example(1)
    finish_runs(app, shell)
    shell.run.seek(10**9, now=True)
    app.frame(1 / 60)
    placed, _boxes = drawn_texts(app, size)
    card = shell.demo.layout(shell.layout(size).stage).trees()[0]
    font = shell.theme.font("tiny")
    idents = [
        (text, rect) for text, rect in placed if text.startswith("#") and card.collidepoint(rect.center)
    ]
    assert "#2" in {text for text, _rect in idents}
    assert [text for text, rect in idents if rect.w != font.size(text)[0]] == []
