"""The frame budget: what drawing leaves of a frame goes to events, on a fake clock (no timing)."""

from __future__ import annotations

import pytest
from ui import TickClock

from visualizer.framebudget import CAP, FLOOR, FRAME_SECONDS, MARGIN, FrameBudget
from visualizer.player import CHECK_CLOCK_EVERY, MAX_SPEED

TICK = 5e-4
"""Seconds the fake clock moves at each read."""


def test_a_heavy_draw_leaves_less_and_never_below_the_floor() -> None:
    """A 10 ms draw leaves 1/60 - 10 ms - margin; a 12 ms one would leave less than the floor."""
    budget = FrameBudget()
    assert budget.budget == CAP
    budget.drew(0.010)
    assert budget.budget == pytest.approx(FRAME_SECONDS - 0.010 - MARGIN)
    budget.drew(0.012)
    assert budget.budget == FLOOR
    budget.drew(0.5)  # a frame that built caches
    assert budget.budget == FLOOR


def test_the_estimate_rises_at_once_and_falls_slowly() -> None:
    """After a heavy frame, cheap ones give the budget back a little each frame, up to the cap."""
    budget = FrameBudget()
    budget.drew(0.012)
    seen = [budget.budget]
    for _ in range(60):
        budget.drew(0.001)
        seen.append(budget.budget)
    assert seen[1] < CAP  # one cheap frame does not undo a heavy one
    assert seen == sorted(seen) and seen[-1] == CAP
    budget.drew(0.012)
    assert budget.budget == FLOOR  # but a heavy frame counts at once


def open_endless(app, open_demo, speed: float):
    """The recursion demo with no end in sight (endless mode, a huge stack limit), playing on a fake clock."""
    app.player_clock = clock = TickClock(step=TICK)
    shell = open_demo("recursion", speed=speed)
    demo = shell.demo
    demo.mode, demo.limit, demo.n = "endless", 10_000_000, 3
    demo.new_run(autoplay=True)
    return shell, clock


def play(app, shell, clock: TickClock, frames: int, draw_seconds: float) -> tuple[list[int], list[float]]:
    """Events applied and fake-clock seconds of each frame, each frame's drawing taking `draw_seconds`."""
    draw = app.draw

    def slow_draw() -> None:
        draw()
        clock.now += draw_seconds

    app.draw = slow_draw
    events, took = [], []
    for _ in range(frames):
        cursor, began = shell.run.cursor, clock.now
        app.frame(1 / 60)
        events.append(shell.run.cursor - cursor)
        took.append(clock.now - began)
    return events, took


def test_at_max_speed_a_12_ms_draw_gets_fewer_events_a_frame(app, open_demo) -> None:
    """12 ms of drawing: the player drops to the floor, still advances, and frames fit 1/60 s."""
    shell, clock = open_endless(app, open_demo, MAX_SPEED)
    light, _ = play(app, shell, clock, 20, 0.0)
    assert shell.run.budget == CAP
    heavy, took = play(app, shell, clock, 20, 0.012)
    assert shell.run.budget == FLOOR
    assert min(heavy[1:]) >= CHECK_CLOCK_EVERY  # the run still moves every frame
    assert max(heavy[1:]) * 2 < min(light[1:])
    assert max(took[1:]) <= FRAME_SECONDS  # with the old fixed 8 ms budget: 20 ms and more


def test_speeds_below_max_play_the_same_events_whatever_the_draw_costs(app, open_demo) -> None:
    """At 1,000 events/s a frame's 16-17 events fit any budget: a 12 ms draw changes none of them."""
    shell, clock = open_endless(app, open_demo, 1000)
    light, _ = play(app, shell, clock, 30, 0.0)
    shell, clock = open_endless(app, open_demo, 1000)
    heavy, _ = play(app, shell, clock, 30, 0.012)
    assert shell.run.budget == FLOOR
    assert heavy == light and sum(heavy) >= 480


def test_a_seek_to_the_end_is_never_stalled_by_a_full_collection(app, open_demo, monkeypatch) -> None:
    """End on a maze: while the seek fills the timeline over many frames, only the young generation is swept.

    The collector's full pass (tens of ms with a big run kept) is for a run at rest; a seek is
    the run moving, as playing is (it came every FULL_EVERY_IDLE frames of a 1000 x 1000 End: 87 ms).
    """
    from visualizer import collector

    app.player_clock = TickClock(step=0.03)  # two clock reads a frame: a seek of many frames
    shell = open_demo("maze")
    shell.demo.set_size(40, 40)
    app.frame(1 / 60)
    monkeypatch.setattr(collector.FrameCollector, "FULL_EVERY_IDLE", 3)
    swept: list[tuple[int, bool]] = []

    def note(generation: int = 2) -> None:
        """Record a pass and whether the seek was under way."""
        swept.append((generation, shell.run.busy))

    monkeypatch.setattr(collector.gc, "collect", note)
    shell.to_end()
    frames = 0
    while shell.run.busy:
        app.frame(1 / 60)
        frames += 1
    assert frames > 3 * collector.FrameCollector.FULL_EVERY_IDLE and shell.run.at_end
    during = [generation for generation, busy in swept if busy]
    assert len(during) == frames - 1 and set(during) == {0}  # the last frame ends the seek
