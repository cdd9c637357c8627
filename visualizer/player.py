"""The timeline every demo shares: pulls a solver's events and moves a model along them.

No pygame here.  The player owns the cursor (how many events the model has
seen), the speed, and a per-frame time budget that it never exceeds, so a
frame never stalls however fast or far the user asks to go.

The solver runs once.  Every event it yields is kept, packed
(`visualizer.eventstore`), and every so often the model's state is saved
as a keyframe (`visualizer.keyframes`).  A seek restores the keyframe
nearest the target, before or after it, and applies (or reverts) the few
events between without drawing; stepping back reverts the kept event, so
every earlier state comes back exactly.  Keyframes and kept events each
have a memory budget: over it, keyframes thin out (their spacing doubles)
and the oldest packed events are dropped; only a seek before the kept
events replays the solver from the start.

The run's length is known at its end; before that it is the demo's closed
form (`expected`, e.g. 2^n - 1 moves) if it has one, else how far the run
has been pulled, which the timeline shows as open.
"""

from __future__ import annotations

import math
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any, Generic, Protocol, TypeVar

from solvers.i18n import _, format_number, pgettext
from visualizer import keyframes
from visualizer.counters import Counters, is_backtrack, is_prune, is_solution, kind_is
from visualizer.eventstore import EventStore
from visualizer.keyframes import Keyframe

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

SEEK_BUDGET = 0.06
"""Seconds a frame spends on a seek: the screen shows progress ~15 times a second meanwhile."""

EVENT_BUDGET = 128 * 2**20
"""Bytes of packed events kept (about 14 million recursion events, 12 million queens')."""

KEYFRAME_BUDGET = 96 * 2**20
"""Bytes of keyframes kept; over it their spacing doubles (both budgets leave a model ~200 MB of 500)."""

KEYFRAME_EVERY = 4096
"""The first spacing of keyframes, in events."""

BYTES_PER_EVENT = 64
"""A keyframe may cost at most this many bytes per event since the last one (so copying
a big model stays a small share of the time: its spacing doubles until it does)."""

RESTORE_BYTES_PER_EVENT = 100
"""Restoring this many bytes costs about as much as applying one event (for choosing a route)."""


__all__ = ["END", "MAX_SPEED", "SPEEDS", "Counters", "Model", "Player", "is_backtrack", "is_prune"]
__all__ += ["is_solution", "kind_is", "speed_label"]


class Model(Protocol):
    """What a scene model offers the player: apply and revert one event, and a snapshot to compare."""

    def apply(self, event: Any) -> None:
        """Move the state one event forward."""

    def revert(self, event: Any) -> None:
        """Undo exactly what `apply(event)` did."""

    def snapshot(self) -> object:
        """The whole state as a comparable value: equal after `revert` undoes `apply` (the contract tests)."""


ModelT = TypeVar("ModelT", bound=Model)
"""The model a player plays onto (a demo's own: `Player[HanoiModel]` gives `player.model` its type)."""


class Player(Generic[ModelT]):
    """Plays a deterministic event source onto a model: play, step, back, seek, run-to."""

    def __init__(
        self,
        source: Callable[[], Iterator[Any]],
        make_model: Callable[[], ModelT],
        *,
        budget: float = 0.008,
        speed: float = 4,
        clock: Callable[[], float] = time.perf_counter,
        expected: int | None = None,
        event_budget: int = EVENT_BUDGET,
        keyframe_budget: int = KEYFRAME_BUDGET,
        keyframe_every: int = KEYFRAME_EVERY,
    ) -> None:
        self._source = source
        self._make_model = make_model
        self.budget = budget
        self.speed = speed
        self._clock = clock
        self.expected = expected
        self._event_budget = event_budget
        self._keyframe_budget = keyframe_budget
        self._first_spacing = keyframe_every
        self.playing = False
        self.total: int | None = None
        self.error: str | None = None
        self.generation = -1
        self.reset()

    # --- state -------------------------------------------------------------

    def reset(self) -> None:
        """Back to event 0 on a fresh model and a fresh solver; kept events and keyframes go."""
        self._frames: dict[int, Keyframe] = {}
        self._frame_bytes = 0
        self.spacing = self._first_spacing
        self._copyable = True
        self._capture_seconds = 0.0
        self._replay()

    def _replay(self) -> None:
        """A fresh model and solver at event 0 (keyframes stay: the run is deterministic)."""
        self.model: ModelT = self._make_model()
        self.counters = Counters()
        self._events: Iterator[Any] = iter(self._source())
        self._store = EventStore(self._event_budget)
        self.cursor = 0
        self.exhausted = False
        self.target: int | None = None
        self.stop_when: Callable[[object], bool] | None = None
        self._debt = 0.0
        self.since_event = 0.0
        self.generation += 1
        if 0 in self._frames:
            self._restore(0)  # the counters' max-depth record comes back with it
        else:
            self._keep_keyframe()

    def restart(self) -> None:
        """Rewind to the start, paused (the run stays kept: this is a seek to 0)."""
        self.playing = False
        self.stop_when = None
        self.seek(0, now=True)

    @property
    def generated(self) -> int:
        """Events pulled from the solver so far."""
        return self._store.count

    @property
    def last_event(self) -> Any:
        """The event the model saw last (None at the start)."""
        if self.cursor == 0 or self.cursor - 1 < self._store.low:
            return None
        return self._store[self.cursor - 1]

    @property
    def at_end(self) -> bool:
        """True when every event of the run has been applied."""
        if self.cursor == self.generated and not self.exhausted:
            self._pull()
        return self.exhausted and self.cursor == self.generated

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
        """The run's length if known, else the closed form's, else the most events seen so far."""
        if self.total is not None:
            return self.total
        seen = max(self.generated, self.cursor)
        return max(self.expected, seen) if self.expected is not None else seen

    @property
    def length_is_open(self) -> bool:
        """True while the run's end is not known (no closed form, not finished)."""
        return self.total is None and (self.expected is None or self.generated > self.expected)

    def recent(self, count: int) -> list[tuple[int, Any]]:
        """Up to `count` events before the cursor as (1-based number, event)."""
        low = max(self._store.low, self.cursor - count)
        return list(enumerate(self._store.span(low, self.cursor), low + 1))

    def memory(self) -> dict[str, int]:
        """What the run keeps: events and their packed bytes, keyframes and their bytes, spacing."""
        return {
            "events": self.generated - self._store.low,
            "event_bytes": self._store.nbytes,
            "keyframes": len(self._frames),
            "keyframe_bytes": self._frame_bytes,
            "spacing": self.spacing,
        }

    # --- moving one event --------------------------------------------------

    def step(self) -> Any:
        """Apply the next event and return it (None at the end of the run)."""
        cursor = self.cursor
        if cursor < self._store.count:
            event = self._store[cursor]
        else:
            event = self._pull()
            if event is None:
                self._keep_keyframe()  # the end: End and seeks near it restore this
                return None
        self.model.apply(event)
        self.counters.apply(event)
        self.cursor = cursor = cursor + 1
        if cursor % self.spacing == 0 and not (self.playing and self._capture_seconds > self.budget / 4):
            self._keep_keyframe()  # a costly one waits for a seek: it would stall the frame
        self.since_event = 0.0
        return event

    def _pull(self) -> Any:
        """The solver's next event, kept; None when it ends or fails."""
        if self.exhausted:
            return None
        try:
            event = next(self._events)
        except StopIteration:
            event = None
        except Exception as error:  # a solver bug must not take the app down
            self.error = _("the solver stopped: {reason}").format(reason=f"{type(error).__name__}: {error}")
            event = None
        if event is None:
            self.exhausted = True
            self.total = self.generated
            return None
        self._store.append(event)
        return event

    def back(self) -> bool:
        """Undo the last event; True if done now, False if a replay was started."""
        if self.cursor == 0:
            return True
        if self.cursor - 1 >= self._store.low:
            self._revert_one()
            return True
        self.seek(self.cursor - 1)
        return False

    def _revert_one(self) -> None:
        """Revert the event just before the cursor (it must be kept)."""
        event = self._store[self.cursor - 1]
        self.model.revert(event)
        self.counters.revert(event)
        self.cursor -= 1
        self.since_event = 0.0

    # --- keyframes ---------------------------------------------------------

    def _keep_keyframe(self) -> None:
        """Save the model here, unless it cannot be copied or would cost too much."""
        if not self._copyable or self.cursor in self._frames:
            return
        started = self._clock()
        try:
            frame = keyframes.capture(self.model)
        except keyframes.NotCopyable:
            self._copyable = False
            return
        size = keyframes.footprint(frame) + 200
        self._capture_seconds = self._clock() - started
        self._frames[self.cursor] = Keyframe(frame, self.counters.keyframe(), size)
        self._frame_bytes += size
        while size > self.spacing * BYTES_PER_EVENT and self.cursor:
            self.spacing *= 2
        while self._frame_bytes > self._keyframe_budget and len(self._frames) > 1:
            self._thin_out()
        if self._frame_bytes > self._keyframe_budget:  # one frame over the whole budget: keep none
            self._frames.clear()
            self._frame_bytes = 0

    def _thin_out(self) -> None:
        """Double the spacing and drop the keyframes off its grid (keyframe 0 stays while it fits)."""
        self.spacing *= 2
        for index in [index for index in self._frames if index % self.spacing]:
            self._frame_bytes -= self._frames.pop(index).nbytes

    def _restore(self, index: int) -> None:
        """Put the model and counters back to keyframe `index`."""
        frame = self._frames[index]
        keyframes.restore(self.model, frame.model)
        self.counters.restore(frame.counters)
        self.cursor = index
        self.generation += 1  # views keyed on the model's history redraw from scratch

    def _best_start(self, index: int) -> int | None:
        """The keyframe to restore on the way to `index`, or None when walking from the cursor is best."""
        cost = abs(index - self.cursor)
        best = None
        for frame_index, frame in self._frames.items():
            if not self._store.low <= frame_index <= self.generated:
                continue  # the events from there are no longer (or not yet) kept
            frame_cost = abs(index - frame_index) + frame.nbytes // RESTORE_BYTES_PER_EVENT
            if frame_cost < cost:
                best, cost = frame_index, frame_cost
        return best

    # --- going far ---------------------------------------------------------

    def seek(self, index: int, *, now: bool = False) -> None:
        """Go to `index` events from the start: over frames, or at once if `now`."""
        index = max(0, index)
        if self.total is not None:
            index = min(index, self.total)
        self.target = index
        self.playing = False
        self._jump(index)
        if now:
            self._advance_target(math.inf)

    def _jump(self, index: int) -> None:
        """Restore the keyframe that leaves the least to do; replay if the way there was dropped."""
        low = self._store.low
        if index in self._frames and low <= index <= self.generated:
            if index != self.cursor:
                self._restore(index)
            return
        if index < low or self.cursor < low:
            self._replay()
            self.target = index
        start = self._best_start(index)
        if start is not None:
            self._restore(start)

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
        """Move toward `target` until there or past `deadline`, applying without drawing."""
        target = self.target
        assert target is not None
        clock = self._clock
        count = 0
        while self.cursor != target:
            if self.cursor < target and self.cursor == self.generated and not self.exhausted:
                wanted = min(CHECK_CLOCK_EVERY, target - self.cursor)
                if self._pull_and_apply(wanted) < wanted:
                    break  # the run ended
                count += wanted - 1
            elif self.cursor < target:
                if self.step() is None:
                    break
            elif self.cursor - 1 >= self._store.low:
                self._revert_one()
            else:
                self._jump(target)
                continue
            count += 1
            if count >= CHECK_CLOCK_EVERY:
                count = 0
                if clock() > deadline:
                    return
        self.target = None

    def _pull_and_apply(self, count: int) -> int:
        """Pull `count` new events and apply them, the fast way (a seek past the frontier); how many.

        The events come in batches that end at the next keyframe: each batch
        is kept with one call and applied in one tight loop.
        """
        done = 0
        while done < count and not self.exhausted:
            room = self.spacing - self.cursor % self.spacing  # events up to the next keyframe
            batch = self._pull_batch(min(count - done, room))
            self._store.extend(batch)
            apply, tally = self.model.apply, self.counters.apply
            for event in batch:
                apply(event)
                tally(event)
            self.cursor += len(batch)
            done += len(batch)
            if self.cursor % self.spacing == 0:
                self._keep_keyframe()
        self.since_event = 0.0
        if self.exhausted:
            self.total = self.generated
            self._keep_keyframe()
        return done

    def _pull_batch(self, count: int) -> list[Any]:
        """Up to `count` new events from the solver (fewer when it ends or fails: then `exhausted`)."""
        batch: list[Any] = []
        keep, pull = batch.append, self._events.__next__
        try:
            for _count in range(count):
                keep(pull())
        except StopIteration:
            self.exhausted = True
        except Exception as error:  # a solver bug must not take the app down
            self.error = _("the solver stopped: {reason}").format(reason=f"{type(error).__name__}: {error}")
            self.exhausted = True
        return batch

    # --- the frame ---------------------------------------------------------

    def update(self, dt: float) -> None:
        """Spend at most the frame budget moving along the timeline (a seek gets SEEK_BUDGET)."""
        start = self._clock()
        self.since_event += dt
        if self.target is not None:
            self._advance_target(start + max(self.budget, SEEK_BUDGET))
        elif self.playing:
            self._play(dt, start + self.budget)

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
        self.stop_when = None  # a run-to that a step or seek interrupted does not come back with play
        self.playing = True


def speed_label(speed: float) -> str:
    """The speed as people read it: '30 /s' or 'max'."""
    if speed == MAX_SPEED:
        return pgettext("speed", "max")
    return _("{speed} /s").format(speed=format_number(round(speed)))
