"""The timeline every demo shares: pulls a solver's events and moves a model along them.

No pygame here.  The player owns the cursor (how many events the model has
seen), the speed, and a per-frame time budget that it never exceeds, so a
frame never stalls however fast or far the user asks to go.

Memory stays bounded on runs of any length: the most recent events sit in a
ring for instant step back; a step or seek further back than the ring
restarts the (deterministic) generator on a fresh model and replays forward,
a slice of the budget at a time.
"""

from __future__ import annotations

import math
import sys
import time
from collections import Counter, deque
from collections.abc import Callable, Iterator
from typing import Any, Protocol

from solvers.events import Pop, Prune, Push, Solution
from solvers.i18n import _, format_number, pgettext

MAX_SPEED = math.inf
"""Speed meaning "as many events as the frame budget allows"."""

SPEEDS: tuple[float, ...] = (
    1,
    2,
    4,
    8,
    15,
    30,
    60,
    120,
    250,
    500,
    1000,
    2500,
    5000,
    10_000,
    25_000,
    100_000,
    MAX_SPEED,
)
"""The speed ladder that +/- and the slider walk (events per second)."""

END = sys.maxsize
"""A seek target past any run: "the end, wherever it is"."""

CHECK_CLOCK_EVERY = 64
"""Events between two looks at the clock: reading it costs about as much as an event."""


class Model(Protocol):
    """What a scene model offers the player: apply and revert one event."""

    def apply(self, event: Any) -> None:
        """Move the state one event forward."""

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""


def is_backtrack(event: object) -> bool:
    """A Pop that withdraws a choice (the target of "next backtrack")."""
    return type(event) is Pop and event.backtrack  # type: ignore[attr-defined]


def is_solution(event: object) -> bool:
    """A Solution (the target of "next solution")."""
    return type(event) is Solution


def is_prune(event: object) -> bool:
    """A Prune (the target of "next prune")."""
    return type(event) is Prune


def kind_is(name: str) -> Callable[[object], bool]:
    """A breakpoint on every event of the kind `name` ('Cover', 'Carve', ...)."""
    return lambda event: type(event).__name__ == name


class Counters:
    """The counters every demo shows, kept in step with the cursor both ways."""

    __slots__ = ("backtracks", "by_kind", "calls", "depth", "events", "max_depth", "prunes", "solutions")

    def __init__(self) -> None:
        self.events = 0
        self.calls = 0
        self.depth = 0
        self.max_depth = 0
        self.backtracks = 0
        self.solutions = 0
        self.prunes = 0
        self.by_kind: Counter[str] = Counter()

    def apply(self, event: object) -> None:
        """Count one event going forward."""
        self.events += 1
        cls = type(event)
        self.by_kind[cls.__name__] += 1
        if cls is Push:
            self.calls += 1
            self.depth += 1
            if self.depth > self.max_depth:
                self.max_depth = self.depth
        elif cls is Pop:
            self.depth -= 1
            if event.backtrack:  # type: ignore[attr-defined]
                self.backtracks += 1
        elif cls is Solution:
            self.solutions += 1
        elif cls is Prune:
            self.prunes += 1

    def revert(self, event: object, previous_max_depth: int) -> None:
        """Uncount one event going back; `previous_max_depth` is what max was before it."""
        self.events -= 1
        cls = type(event)
        self.by_kind[cls.__name__] -= 1
        if cls is Push:
            self.calls -= 1
            self.depth -= 1
        elif cls is Pop:
            self.depth += 1
            if event.backtrack:  # type: ignore[attr-defined]
                self.backtracks -= 1
        elif cls is Solution:
            self.solutions -= 1
        elif cls is Prune:
            self.prunes -= 1
        self.max_depth = previous_max_depth

    def snapshot(self) -> tuple:
        """Every counter as one comparable value."""
        kinds = tuple(sorted((k, v) for k, v in self.by_kind.items() if v))
        return (
            self.events,
            self.calls,
            self.depth,
            self.max_depth,
            self.backtracks,
            self.solutions,
            self.prunes,
            kinds,
        )


class Player:
    """Plays a deterministic event source onto a model: play, step, back, seek, run-to."""

    def __init__(
        self,
        source: Callable[[], Iterator[Any]],
        make_model: Callable[[], Model],
        *,
        ring_size: int = 100_000,
        budget: float = 0.008,
        speed: float = 4,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._source = source
        self._make_model = make_model
        self._ring_size = ring_size
        self.budget = budget
        self.speed = speed
        self._clock = clock
        self.playing = False
        self.total: int | None = None
        self.error: str | None = None
        self._scan: Iterator[Any] | None = None
        self._scanned = 0
        self._restart_scan()
        self.reset()

    # --- state -------------------------------------------------------------

    def reset(self) -> None:
        """Back to event 0 on a fresh model (the run and its length stay known)."""
        self.model = self._make_model()
        self.counters = Counters()
        self._events: Iterator[Any] = iter(self._source())
        self._ring: deque[tuple[Any, int]] = deque(maxlen=self._ring_size)
        self.cursor = 0
        self.generated = 0
        self.exhausted = False
        self.target: int | None = None
        self.stop_when: Callable[[object], bool] | None = None
        self._debt = 0.0
        self.since_event = 0.0
        self.generation = getattr(self, "generation", -1) + 1

    def restart(self) -> None:
        """Rewind to the start, paused."""
        self.playing = False
        self.reset()

    @property
    def last_event(self) -> Any:
        """The event the model saw last (None at the start)."""
        position = self.cursor - self._ring_low() - 1
        if self.cursor == 0 or position < 0:
            return None
        return self._ring[position][0]

    @property
    def at_end(self) -> bool:
        """True when every event of the run has been applied."""
        if self.cursor == self.generated and not self.exhausted:
            self._pull_ahead()
        return self.exhausted and self.cursor == self.generated

    def _pull_ahead(self) -> None:
        """Pull one event into the ring without applying it (to learn if the run ended)."""
        event = self._pull()
        if event is not None:
            self._ring.append((event, self.counters.max_depth))
            self.generated += 1

    @property
    def busy(self) -> bool:
        """True while a seek is under way over several frames."""
        return self.target is not None

    def progress(self, longest: float = 0.3) -> float:
        """How far (0..1) the last event's animation has come: views ease with it.

        An event's animation takes most of the time until the next one, at
        most `longest` seconds; at high speed (or paused after a step) it is
        simply done.
        """
        if not self.playing or self.speed == MAX_SPEED:
            return 1.0
        duration = min(longest, 0.8 / self.speed)
        if duration < 1 / 120:
            return 1.0
        return min(1.0, self.since_event / duration)

    def known_length(self) -> int:
        """The run's length if known, else the most events seen so far."""
        if self.total is not None:
            return self.total
        return max(self.generated, self._scanned, self.cursor)

    def recent(self, count: int) -> list[tuple[int, Any]]:
        """Up to `count` events before the cursor as (1-based number, event)."""
        low = max(self._ring_low(), self.cursor - count)
        base = self._ring_low()
        return [(i + 1, self._ring[i - base][0]) for i in range(low, self.cursor)]

    def _ring_low(self) -> int:
        """Index of the oldest event still in the ring."""
        return self.generated - len(self._ring)

    # --- moving one event --------------------------------------------------

    def step(self) -> Any:
        """Apply the next event and return it (None at the end of the run)."""
        if self.cursor < self.generated:
            event = self._ring[self.cursor - self._ring_low()][0]
        else:
            if self.exhausted:
                return None
            self._pull_ahead()
            if self.cursor == self.generated:
                return None
            event = self._ring[-1][0]
        self.model.apply(event)
        self.counters.apply(event)
        self.cursor += 1
        self.since_event = 0.0
        return event

    def _pull(self) -> Any:
        """The generator's next event, or None when it ends or fails."""
        try:
            return next(self._events)
        except StopIteration:
            pass
        except Exception as error:  # a solver bug must not take the app down
            self.error = _("the solver stopped: {reason}").format(reason=f"{type(error).__name__}: {error}")
        self.exhausted = True
        self.total = self.generated
        return None

    def back(self) -> bool:
        """Undo the last event; True if done now, False if a replay was started."""
        if self.cursor == 0:
            return True
        if self.cursor - 1 >= self._ring_low():
            self._revert_one()
            return True
        self.seek(self.cursor - 1)
        return False

    def _revert_one(self) -> None:
        """Revert the event just before the cursor (it must be in the ring)."""
        event, previous_max = self._ring[self.cursor - 1 - self._ring_low()]
        self.model.revert(event)
        self.counters.revert(event, previous_max)
        self.cursor -= 1
        self.since_event = 0.0

    # --- going far ---------------------------------------------------------

    def seek(self, index: int, *, now: bool = False) -> None:
        """Go to `index` events from the start: over frames, or at once if `now`."""
        index = max(0, index)
        if self.total is not None:
            index = min(index, self.total)
        if index < self.cursor and index < self._ring_low():
            self.reset()
        self.target = index
        self.playing = False
        if now:
            self._advance_target(math.inf)

    def seek_end(self) -> None:
        """Go to the run's very end, however long it turns out to be (over frames)."""
        self.seek(self.total if self.total is not None else END)

    @property
    def seeking_end(self) -> bool:
        """True while a seek to the end of a run of unknown length is under way."""
        return self.target == END

    def run_until(self, predicate: Callable[[object], bool]) -> None:
        """Play at full speed until an event matching `predicate` is applied."""
        self.target = None
        self.stop_when = predicate
        self.playing = True

    def _advance_target(self, deadline: float) -> None:
        """Move toward `target` until there or past `deadline`."""
        target = self.target
        assert target is not None
        clock = self._clock
        count = 0
        while self.cursor != target:
            if self.cursor < target:
                if self.step() is None:
                    break
            else:
                self._revert_one()
            count += 1
            if count % CHECK_CLOCK_EVERY == 0 and clock() > deadline:
                return
        self.target = None

    # --- the frame ---------------------------------------------------------

    def update(self, dt: float) -> None:
        """Spend at most the frame budget moving along the timeline."""
        start = self._clock()
        deadline = start + self.budget
        self.since_event += dt
        if self.target is not None:
            self._advance_target(deadline)
        elif self.playing:
            self._play(dt, deadline)
        # Learning the run's length gets a small slice of its own, never the frame.
        self._scan_ahead(min(deadline, self._clock() + self.budget / 8))

    def _play(self, dt: float, deadline: float) -> None:
        """Apply as many events as speed and budget allow; stop at a breakpoint."""
        fast = self.stop_when is not None or self.speed == MAX_SPEED
        if fast:
            wanted = math.inf
        else:
            self._debt = min(self._debt + dt * self.speed, self.speed * 0.25 + 1)
            wanted = int(self._debt + 1e-9)  # 30 frames of 1/60 s at 10/s make 5, not 4.999
            self._debt -= wanted
        done = 0
        stop = self.stop_when
        clock = self._clock
        while done < wanted:
            event = self.step()
            if event is None:
                self.playing = False
                self.stop_when = None
                return
            done += 1
            if stop is not None and stop(event):
                self.playing = False
                self.stop_when = None
                return
            if done % CHECK_CLOCK_EVERY == 0 and clock() > deadline:
                return
        if self.at_end:  # stop on the last event, not a frame later
            self.playing = False

    def _restart_scan(self) -> None:
        """Start counting the run's length with a second, headless generator."""
        self._scan = iter(self._source())
        self._scanned = 0

    def _scan_ahead(self, deadline: float) -> None:
        """Count a few more events of the run so the timeline knows its length."""
        if self.total is not None or self._scan is None:
            return
        scan = self._scan
        clock = self._clock
        count = self._scanned
        try:
            while True:
                next(scan)
                count += 1
                if count % CHECK_CLOCK_EVERY == 0 and clock() > deadline:
                    break
        except StopIteration:
            self.total = count
            self._scan = None
        except Exception:  # the main run will meet the same error and report it
            self._scan = None
        self._scanned = count

    # --- speed -------------------------------------------------------------

    def faster(self) -> None:
        """One rung up the speed ladder."""
        self.speed = next((s for s in SPEEDS if s > self.speed), MAX_SPEED)

    def slower(self) -> None:
        """One rung down the speed ladder."""
        self.speed = next((s for s in reversed(SPEEDS) if s < self.speed), SPEEDS[0])

    def toggle(self) -> None:
        """Play if paused, pause if playing (from the end, play starts over)."""
        if self.playing:
            self.playing = False
            self.stop_when = None
            return
        if self.at_end:
            self.restart()
        self.target = None
        self.playing = True


def speed_label(speed: float) -> str:
    """The speed as people read it: '30 /s' or 'max'."""
    if speed == MAX_SPEED:
        return pgettext("speed", "max")
    return _("{speed} /s").format(speed=format_number(round(speed)))
