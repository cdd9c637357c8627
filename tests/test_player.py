"""The player: step back restores every earlier state exactly; speed, budget, seeks, run-to."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from ui import TickClock

from solvers import recursion as rec
from solvers.events import Pop, Push, Solution
from visualizer.player import END, MAX_SPEED, Player, is_backtrack, is_solution, kind_is
from visualizer.scenes.recursion.model import FACTORIAL, TREE, RecursionModel


def tree_source() -> Iterator[object]:
    """A deterministic run of 100+ events with nested calls."""
    return rec.tree_max_events(rec.random_tree(7, depth=4))


def reference_states(source, make_model) -> list[tuple]:
    """(model, counters) snapshots after 0, 1, 2, ... events, by plain forward application."""
    player = Player(source, make_model)
    states = [(player.model.snapshot(), player.counters.snapshot())]
    while player.step() is not None:
        states.append((player.model.snapshot(), player.counters.snapshot()))
    return states


def state(player: Player) -> tuple:
    """What must match the reference at the player's cursor."""
    return player.model.snapshot(), player.counters.snapshot()


def finish_seek(player: Player) -> None:
    """Finish at once the seek under way (`back` past the kept events and `seek_end` start one)."""
    assert player.target is not None, "a seek is under way"
    player.seek(player.target, now=True)


TREE_STATES = reference_states(tree_source, lambda: RecursionModel(TREE))

operations = st.lists(
    st.one_of(
        st.tuples(st.just("step"), st.integers(1, 40)),
        st.tuples(st.just("back"), st.integers(1, 40)),
        st.tuples(st.just("seek"), st.integers(0, len(TREE_STATES) + 5)),
    ),
    max_size=25,
)


@settings(max_examples=150, deadline=None)
@given(
    ops=operations,
    spacing=st.sampled_from([4, 16, 1000]),
    kept=st.sampled_from([1, 10**9]),
    budget=st.sampled_from([1, 10**9]),
)
def test_any_mix_of_step_back_and_seek_matches_forward_replay(ops, spacing, kept, budget) -> None:
    """Whatever the path to an index (keyframes, dropped events replayed), the state is forward play's."""
    player = Player(
        tree_source,
        lambda: RecursionModel(TREE),
        keyframe_every=spacing,
        event_budget=kept,
        keyframe_budget=budget,
    )
    last = len(TREE_STATES) - 1
    for op, amount in ops:
        if op == "step":
            for _ in range(amount):
                player.step()
        elif op == "back":
            for _ in range(amount):
                if not player.back():
                    finish_seek(player)
        else:
            player.seek(amount, now=True)
        assert 0 <= player.cursor <= last
        assert state(player) == TREE_STATES[player.cursor]


def test_stepping_back_to_the_start_restores_every_state_on_the_way() -> None:
    """Walk to the end, then back one event at a time: each state is the earlier one."""
    player = Player(tree_source, lambda: RecursionModel(TREE), keyframe_every=8)
    while player.step() is not None:
        pass
    for index in range(len(TREE_STATES) - 1, -1, -1):
        assert state(player) == TREE_STATES[index]
        if not player.back():
            finish_seek(player)


def test_counters_follow_the_events() -> None:
    """calls, depth and max depth as the factorial winds and unwinds."""
    player = Player(lambda: rec.recursive_factorial_events(4), lambda: RecursionModel(FACTORIAL))
    depths = []
    while player.step() is not None:
        depths.append(player.counters.depth)
    assert depths == [1, 2, 3, 4, 3, 2, 1, 0]
    assert player.counters.calls == 4 and player.counters.max_depth == 4
    player.back()
    player.back()
    assert player.counters.depth == 2 and player.counters.max_depth == 4
    player.seek(2, now=True)
    assert player.counters.max_depth == 2


class FakeClock:
    """A clock the test moves; each reading costs `tick` seconds."""

    def __init__(self, tick: float = 0.0) -> None:
        self.now = 0.0
        self.tick = tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


def counting_source(n: int = 10**9) -> Iterator[object]:
    """Push/Pop pairs forever (or n pairs)."""
    for i in range(n):
        yield Push(i, -1, i)
        yield Pop(i, i, i % 3 == 0)


def test_speed_sets_events_per_second() -> None:
    """At 10 events a second, half a second of frames applies 5 events."""
    player = Player(counting_source, _NullModel, speed=10)
    player.playing = True
    for _ in range(30):
        player.update(1 / 60)
    assert player.cursor == 5


def test_a_frame_never_spends_more_than_its_budget() -> None:
    """At full speed each update stops when its time budget is spent."""
    clock = FakeClock(tick=0.0001)
    player = Player(counting_source, _NullModel, speed=MAX_SPEED, budget=0.008, clock=clock)
    player.playing = True
    start = clock.now
    player.update(1 / 60)
    spent = clock.now - start
    # Clock read every 64 events at 0.1 ms a read: ~80 reads fit 8 ms, plus the scan's slice.
    assert 0 < player.cursor < 100_000
    assert spent < 0.008 * 1.5


def test_a_seek_before_the_kept_events_replays_over_frames_to_the_exact_index() -> None:
    """With a tiny event budget the oldest events go: going back there replays, a budget at a time."""
    clock = FakeClock(tick=0.001)
    player = Player(lambda: counting_source(20_000), Tally, event_budget=20_000, clock=clock)
    player.seek(30_000, now=True)
    assert player.cursor == 30_000 and player.memory()["events"] < 15_000
    player.seek(15_000)
    frames = 0
    while player.busy:
        player.update(1 / 60)
        frames += 1
    assert player.cursor == 15_000 and frames > 1
    assert player.counters.events == 15_000 and player.model.seen == 15_000


def test_run_until_stops_on_the_matching_event() -> None:
    """next backtrack, next solution, next of a kind."""

    def source() -> Iterator[object]:
        yield from counting_source(5)
        yield Solution(1, "answer")
        yield from counting_source(2)

    player = Player(source, _NullModel)
    player.run_until(is_backtrack)
    player.update(0.016)
    assert is_backtrack(player.last_event) and not player.playing
    player.run_until(is_solution)
    player.update(0.016)
    assert player.last_event == Solution(1, "answer") and player.counters.solutions == 1
    player.run_until(kind_is("Push"))
    player.update(0.016)
    assert isinstance(player.last_event, Push)


def test_the_solver_runs_once_and_the_length_comes_from_the_run_or_the_closed_form() -> None:
    """No second generator counts the run: the length is the closed form, then the real one at the end."""
    started = []

    def source() -> Iterator[object]:
        started.append(1)
        return counting_source(1000)

    player = Player(source, _NullModel, expected=2000)
    for _ in range(5):
        player.update(1 / 60)
    assert player.cursor == 0 and player.known_length() == 2000 and player.total is None
    assert not player.length_is_open
    player.seek_end()
    while player.busy:
        player.update(1 / 60)
    player.seek(10, now=True)
    player.seek_end()
    while player.busy:
        player.update(1 / 60)
    assert player.total == 2000 and player.cursor == 2000 and started == [1]


def test_with_no_closed_form_the_length_is_open_until_the_end() -> None:
    """Without `expected` the timeline's end is how far the run has gone, shown as open."""
    player = Player(lambda: counting_source(500), _NullModel)
    player.seek(300, now=True)
    assert player.length_is_open and player.known_length() == 300
    player.seek_end()
    finish_seek(player)
    assert not player.length_is_open and player.known_length() == 1000 == player.total


def test_a_failing_solver_is_reported_not_raised() -> None:
    """An exception inside a generator ends the run with a message."""

    def broken() -> Iterator[object]:
        yield Push(0)
        raise ValueError("bad puzzle")

    player = Player(broken, _NullModel)
    assert player.step() is not None
    assert player.step() is None
    assert "bad puzzle" in (player.error or "") and player.at_end


def test_kept_events_and_keyframes_stay_within_their_budgets() -> None:
    """200,000 events under small budgets: packed bytes and keyframe bytes stay under them."""
    player = Player(counting_source, Tally, event_budget=200_000, keyframe_budget=20_000, keyframe_every=64)
    for _ in itertools.repeat(None, 200_000):
        player.step()
    kept = player.memory()
    assert player.cursor == 200_000
    assert kept["event_bytes"] <= 200_000 and kept["events"] < 200_000
    assert kept["keyframe_bytes"] <= 20_000 and kept["keyframes"] >= 2
    assert kept["spacing"] > 64  # thinned out: the spacing doubled


def test_a_far_seek_restores_a_keyframe_instead_of_walking() -> None:
    """From the end of a long run, a seek to its middle applies or reverts at most half a spacing."""
    player = Player(lambda: counting_source(50_000), Tally, keyframe_every=1024)
    player.seek(END, now=True)
    spacing = player.spacing
    moved = []
    for target in (50_001, 12_345, 99_999, 3):
        before = MoveCounter.moves
        player.model.__class__ = MoveCounter
        player.seek(target, now=True)
        moved.append(MoveCounter.moves - before)
        assert player.cursor == target == player.model.seen == player.counters.events
    assert max(moved) <= spacing // 2 + 8  # and a few for the restore's copying


def test_toggle_at_the_end_starts_over() -> None:
    """Play after the end replays from the start."""
    player = Player(lambda: counting_source(2), _NullModel)
    player.seek(4, now=True)
    assert player.at_end
    player.toggle()
    assert player.cursor == 0 and player.playing


def test_play_after_an_interrupted_run_to_plays_at_speed() -> None:
    """Run to a far event, step back before it: Space plays at the chosen speed, not on to the old stop."""
    player = Player(lambda: counting_source(500), _NullModel, speed=60, clock=TickClock())
    player.step()
    player.run_until(lambda event: type(event) is Pop and event.node == 300)
    player.playing, player.target = False, None  # Left before the next frame, as the shell steps back
    player.back()
    player.toggle()
    player.update(1 / 60)
    assert player.playing and player.cursor == 1  # one event at 60 a second (was: 400 at once)


class _NullModel:
    """A model that keeps nothing (for timing and counting tests)."""

    def apply(self, event: object) -> None:
        """Nothing to do."""

    def revert(self, event: object) -> None:
        """Nothing to undo."""

    def snapshot(self) -> tuple:
        """No state."""
        return ()


class Tally:
    """A model that only counts the events applied (for long runs)."""

    def __init__(self) -> None:
        self.seen = 0

    def apply(self, event: object) -> None:
        self.seen += 1

    def revert(self, event: object) -> None:
        self.seen -= 1

    def snapshot(self) -> int:
        return self.seen


class MoveCounter(Tally):
    """A Tally that also counts every apply and revert made, across instances."""

    moves = 0

    def apply(self, event: object) -> None:
        MoveCounter.moves += 1
        self.seen += 1

    def revert(self, event: object) -> None:
        MoveCounter.moves += 1
        self.seen -= 1


def test_end_goes_to_the_end_of_a_run_whose_length_is_not_known_yet() -> None:
    """End on a long run before its length is known still stops at its very last event."""
    length = 50_000
    player = Player(lambda: (Push(i, i - 1, i) for i in range(length)), Tally, clock=TickClock(1e-4))
    player.seek_end()
    assert player.busy and player.total is None
    frames = 0
    while player.busy:
        player.update(1 / 60)
        frames += 1
    assert frames > 1  # it took several frames: each stays within its budget
    assert player.cursor == length and player.at_end and player.model.seen == length
