"""The player: step back restores every earlier state exactly; speed, budget, seeks, run-to."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

from hypothesis import given, settings
from hypothesis import strategies as st
from ui import TickClock

from solvers import recursion as rec
from solvers.events import Pop, Push, Solution
from visualizer.player import MAX_SPEED, Player, is_backtrack, is_solution, kind_is
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


TREE_STATES = reference_states(tree_source, lambda: RecursionModel(TREE))

operations = st.lists(
    st.one_of(
        st.tuples(st.just("step"), st.integers(1, 40)),
        st.tuples(st.just("back"), st.integers(1, 40)),
        st.tuples(st.just("seek"), st.integers(0, len(TREE_STATES) + 5)),
    ),
    max_size=25,
)


@settings(max_examples=120, deadline=None)
@given(ops=operations, ring=st.sampled_from([4, 16, 1000]))
def test_any_mix_of_step_back_and_seek_matches_forward_replay(ops, ring) -> None:
    """Whatever the path to an index, the state there is the one forward play reaches."""
    player = Player(tree_source, lambda: RecursionModel(TREE), ring_size=ring)
    last = len(TREE_STATES) - 1
    for op, amount in ops:
        if op == "step":
            for _ in range(amount):
                player.step()
        elif op == "back":
            for _ in range(amount):
                if not player.back():
                    player.seek(player.target, now=True)
        else:
            player.seek(amount, now=True)
        assert 0 <= player.cursor <= last
        assert state(player) == TREE_STATES[player.cursor]


def test_stepping_back_to_the_start_restores_every_state_on_the_way() -> None:
    """Walk to the end, then back one event at a time: each state is the earlier one."""
    player = Player(tree_source, lambda: RecursionModel(TREE), ring_size=8)
    while player.step() is not None:
        pass
    for index in range(len(TREE_STATES) - 1, -1, -1):
        assert state(player) == TREE_STATES[index]
        if not player.back():
            player.seek(player.target, now=True)


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


def test_far_seek_backwards_is_spread_over_frames() -> None:
    """Going back past the ring replays forward, a budget at a time, to the exact index."""
    clock = FakeClock(tick=0.00005)
    player = Player(lambda: counting_source(20_000), _NullModel, ring_size=100, clock=clock)
    player.seek(30_000, now=True)
    assert player.cursor == 30_000
    player.seek(25_000)
    frames = 0
    while player.busy:
        player.update(1 / 60)
        frames += 1
    assert player.cursor == 25_000 and frames > 1
    assert player.counters.events == 25_000


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


def test_the_length_is_found_ahead_of_play() -> None:
    """The timeline learns the run's length while the user still sits at event 0."""
    player = Player(lambda: counting_source(1000), _NullModel)
    for _ in range(5):
        player.update(1 / 60)
    assert player.cursor == 0 and player.total == 2000


def test_a_failing_solver_is_reported_not_raised() -> None:
    """An exception inside a generator ends the run with a message."""

    def broken() -> Iterator[object]:
        yield Push(0)
        raise ValueError("bad puzzle")

    player = Player(broken, _NullModel)
    assert player.step() is not None
    assert player.step() is None
    assert "bad puzzle" in (player.error or "") and player.at_end


def test_memory_is_bounded_by_the_ring() -> None:
    """Playing 200,000 events keeps only the ring's worth."""
    player = Player(counting_source, _NullModel, ring_size=1000)
    for _ in itertools.repeat(None, 200_000):
        player.step()
    assert len(player._ring) == 1000 and player.cursor == 200_000


def test_toggle_at_the_end_starts_over() -> None:
    """Play after the end replays from the start."""
    player = Player(lambda: counting_source(2), _NullModel)
    player.seek(4, now=True)
    assert player.at_end
    player.toggle()
    assert player.cursor == 0 and player.playing


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
