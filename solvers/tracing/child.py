"""The child process of a trace: runs the student's file and reports every call, line and return.

Run as ``python -I child.py`` with a JSON request as the first line on
stdin (see `solvers.tracing.runner`), which stays open until the parent has
ended whatever the student's code forked; it imports nothing but the standard
library, so it runs isolated from the app.  It writes its events in batches,
one JSON line ``["e", [event, event, ...]]`` per batch, each event a list:

    ["c", node, parent, func, [[name, repr], ...], line, sub]   a call starts
    ["u", node, line]                                           a generator resumes
    ["l", node, line, [[name, new, old], ...]]                  a line is about to run
    ["y", node, repr, line]                                     a generator yields
    ["r", node, repr, how, line]                                a call returns
    ["x", node, message, line]                                  an exception starts
    ["o", node, text, line]                                     the student printed
    ["p", calls, max_depth, events]                             how far it got (every 0.2 s)
    ["end", {...}]                                              the run is over

It traces every function of the student's file (plain ones and generators)
from the first call of the chosen one: with `sys.monitoring` from Python
3.12, events asked of the student's code objects alone, and with
`sys.settrace` on 3.11.  A generator's call is one node: each time it is
resumed it comes back on the stack ("u") and each yield takes it off ("y").
`sub` numbers the subproblem: calls of one function with the same arguments
share it (the merged graph of a memoized run).

Caps stop it cleanly: past `max_calls` calls, `max_depth` nested calls (when
asked) or `budget` events it sends its end message and exits; past
`max_events` events it stops sending events but keeps counting.  The
function runs in a thread with a large stack and Python's recursion limit
raised to `RECURSION_LIMIT`, so a correct function thousands of calls deep
runs; reaching that limit is reported as that limit.  The parent's wall
clock is only a last guard against a program that hangs without events.

A memo hit is counted by what happens, whatever the idiom (functools.cache,
a dict, `table.get`, `self.cache`): a call that makes no call of its own and
returns the very value the first call with the same arguments returned,
where that first call did more (it made calls, or ran more lines: a base
case that answers the same way each time is not a memo).  A
`functools.cache` wrapper is replaced by a shim that sees the calls its
cache answered (the wrapped function never started).
"""

from __future__ import annotations

import ast
import contextlib
import dis
import inspect
import io
import json
import os
import reprlib
import signal
import sys
import threading
import time
import types
from collections.abc import Callable
from typing import Any, NoReturn

FLUSH_SECONDS = 0.2
"""The parent sees events at least this often, even when the student's code spins."""
BATCH = 512
"""Events written as one protocol line."""
RESULT_CHARS = 1_000_000
"""The final result's repr is cut to this many characters."""
OUTPUT_CHARS = 20_000
"""The student's printed output kept."""
MEMORY_BYTES = 2 * 1024**3
"""Address space the child may use (where the platform can cap it)."""
RECURSION_LIMIT = 100_000
"""Python's recursion limit for the student's function: a 512 MB thread stack holds it, C calls too."""
STACK_BYTES = 512 * 1024**2
"""The stack of the thread the student's function runs in."""
ANSWERS = 500_000
"""Arguments remembered for memo hits and subproblems (each keeps its values alive); past them, none new."""
PR_SET_CHILD_SUBREAPER = 36
"""prctl's option (linux/prctl.h) that makes orphaned descendants this process's children."""
IMMUTABLE = frozenset({int, float, str, bool, type(None), bytes, complex})
"""Types whose objects never change: an unchanged identity needs no new repr."""
TRACED = inspect.CO_GENERATOR
"""A code flag that is traced besides plain functions (coroutines and async generators are not)."""
NOT_TRACED = inspect.CO_COROUTINE | inspect.CO_ASYNC_GENERATOR | inspect.CO_ITERABLE_COROUTINE
YIELD_VALUE = dis.opmap["YIELD_VALUE"]


def short_repr() -> reprlib.Repr:
    """A repr that stays readable: long lists, strings and deep nests are cut with '...'."""
    shortener = reprlib.Repr()
    shortener.maxlist = shortener.maxtuple = shortener.maxset = shortener.maxdict = 16
    shortener.maxstring = shortener.maxother = 60
    shortener.maxlevel = 4
    return shortener


class Output:
    """The protocol's stream: events in batches, flushed by a helper thread while the student's code runs."""

    def __init__(self, fd: int, max_events: int, parent: int = -1) -> None:
        self.stream = os.fdopen(fd, "wb", buffering=1 << 16)
        self.parent = parent  # the request's pipe, open until the parent is done with us
        self.max_events = max_events
        self.shipped = 0
        self.full = max_events <= 0
        self.batch: list[list[Any]] = []
        self.lock = threading.Lock()
        self.progress: Callable[[], list[int]] = list  # [calls, max depth, events] so far, once a run starts
        self.stopped = threading.Event()
        threading.Thread(target=self._flush_often, daemon=True).start()

    def send(self, item: list[Any]) -> None:
        """One event, if the event cap is not reached."""
        if not self.full:
            self.shipped += 1
            self.full = self.shipped >= self.max_events
            with self.lock:
                self.batch.append(item)
                if len(self.batch) >= BATCH:
                    self._write_batch()

    def _write_batch(self) -> None:
        """The events waiting, as one line (the lock held)."""
        if self.batch:
            line = json.dumps(["e", self.batch], separators=(",", ":")).encode() + b"\n"
            self.batch = []
            self.stream.write(line)

    def finish(self, summary: dict[str, Any]) -> None:
        """The events left and the end message, flushed."""
        self.stopped.set()
        with self.lock:
            self._write_batch()
            self.stream.write(json.dumps(["end", summary]).encode() + b"\n")
            self.stream.flush()

    def linger(self) -> NoReturn:
        """After the end message, wait for the parent to end us (after what we forked), or to go; exit."""
        with contextlib.suppress(OSError):
            while os.read(self.parent, 4096):
                pass
        os._exit(0)

    def _flush_often(self) -> None:
        """Flush now and then with how far the run got, so a slow or spinning run's progress still arrives."""
        while not self.stopped.wait(FLUSH_SECONDS):
            try:
                with self.lock:
                    if self.stopped.is_set():
                        return
                    self._write_batch()
                    if counts := self.progress():
                        self.stream.write(json.dumps(["p", *counts]).encode() + b"\n")
                    self.stream.flush()
            except (OSError, ValueError):
                return


class Frame:
    """What the tracer keeps of one traced call."""

    __slots__ = ("children", "code", "frame", "key", "lines", "node", "raising", "seen", "values")

    def __init__(self, node: int, code: types.CodeType | None, key: tuple[Any, ...] | None = None) -> None:
        self.node = node
        self.frame: types.FrameType | None = None  # the running frame (a cache hit has none)
        self.code = code
        self.key = key  # (code, arguments) as the memo sees them; None for a generator
        self.values: dict[str, str] = {}  # each local's repr as last sent
        self.seen: dict[str, object] = {}  # each local's object when last looked at
        self.children = 0
        self.lines = 0
        self.raising = False


class Answer:
    """The first return of a function for some arguments: the value, whether it made calls, its lines run."""

    __slots__ = ("lines", "made_calls", "value")

    def __init__(self, value: Any, made_calls: bool, lines: int) -> None:
        self.value = value
        self.made_calls = made_calls
        self.lines = lines


class Pending:
    """A call to a cached function, until we learn whether the cache answered it."""

    __slots__ = ("args", "code", "entered", "func", "key", "line")

    def __init__(self, func: str, code: types.CodeType, args: list[list[str]], key: Any, line: int) -> None:
        self.func = func
        self.code = code
        self.args = args
        self.key = key
        self.line = line
        self.entered = False


def argument_key(values: tuple[Any, ...]) -> tuple[Any, ...]:
    """The arguments as a memo sees them: hashable values as themselves, others by identity."""
    try:
        hash(values)
    except Exception:  # a list, a dict, or a __hash__ of the student's that fails: look at each
        pass
    else:
        return values
    key = []
    for value in values:
        try:
            hash(value)
        except Exception:  # a list, a dict, or a __hash__ of the student's that fails
            value = ("<id>", id(value))
        key.append(value)
    return tuple(key)


def same_value(first: Any, value: Any) -> bool:
    """True for the very object, or an equal one of an unchangeable built-in type."""
    return first is value or (type(first) is type(value) and type(value) in IMMUTABLE and first == value)


class Tracer:
    """Counts and reports the calls of the student's functions (see the module docstring)."""

    def __init__(self, out: Output, request: dict[str, Any]) -> None:
        self.out = out
        self.max_calls: int = request["max_calls"]
        self.max_depth: int = request.get("max_depth") or 0  # 0: Python's own (raised) limit
        self.deepest = min(RECURSION_LIMIT, self.max_depth or RECURSION_LIMIT)
        self.budget: int = request.get("budget") or 0  # 0: no event budget
        self.last_event = self.budget + 1 if self.budget else -1  # the event that would pass the budget
        self.traced: set[int] = set()
        self.stack: list[Frame] = []
        self.suspended: dict[types.FrameType, Frame] = {}  # generators between a yield and a resume
        self.pending: list[Pending] = []
        self.answers: dict[Any, Answer] = {}
        self.subproblems: dict[Any, int] = {}
        self.parameters: dict[types.CodeType, tuple[str, ...]] = {}
        self.nodes = 0
        self.calls = 0
        self.cache_hits = 0
        self.events = 0
        self.lines = self.pops = self.raises = self.resumes = self.yields = self.prints = 0
        self.max_depth_seen = 0
        self.reported: BaseException | None = None
        self.repr = short_repr().repr
        self.started = time.perf_counter()

    @property
    def by_kind(self) -> dict[str, int]:
        """Events of the run so far, by kind."""
        pushes = self.events - self.lines - self.pops - self.raises - self.resumes - self.yields - self.prints
        kinds = ("Push", "Pop", "Line", "Raise", "Resume", "Yield", "Print")
        counts = (pushes, self.pops, self.lines, self.raises, self.resumes, self.yields, self.prints)
        return dict(zip(kinds, counts, strict=True))

    # --- what happens, whichever hook reports it ---------------------------------------------------

    def start(self, frame: types.FrameType) -> None:
        """A traced call starts (a generator's first run included)."""
        code = frame.f_code
        if self.pending and self.pending[-1].code is code:
            self.pending[-1].entered = True
        stack = self.stack
        if len(stack) >= self.deepest or self.calls >= self.max_calls:
            self.at_a_cap(frame)
        self.events += 1
        if self.events == self.last_event:
            self.over_budget(frame.f_back)
        self.calls += 1
        names = self.parameters.get(code) or self.parameters.setdefault(code, parameters(code))
        local = frame.f_locals
        key = None if code.co_flags & TRACED else (id(code), argument_key(tuple([local[n] for n in names])))
        if self.out.full:
            record = self.push(code.co_name, [], frame.f_lineno, code, key)
        else:
            args = [[name, self.repr(local[name])] for name in names if name in local]
            record = self.push(code.co_name, args, frame.f_lineno, code, key)
            record.values = {name: value for name, value in args}
        record.frame = frame

    def at_a_cap(self, frame: types.FrameType) -> NoReturn:
        """Stop the run at the recursion limit, the depth cap or the call cap, whichever it reached."""
        if len(self.stack) >= RECURSION_LIMIT:
            self.halt(f"stopped at depth {RECURSION_LIMIT:,}", frame.f_back, ["recursion", RECURSION_LIMIT])
        if len(self.stack) >= self.deepest:
            self.halt(f"stopped at depth {self.max_depth:,}", frame.f_back, ["depth", self.max_depth])
        self.halt(f"stopped after {self.max_calls:,} calls", frame.f_back, ["calls", self.max_calls])

    def over_budget(self, frame: types.FrameType | None) -> NoReturn:
        """Stop the run: its event budget is spent."""
        self.events -= 1  # the event that would pass it is not made
        self.halt(f"stopped after {self.budget:,} events", frame, ["events", self.budget])

    def resume(self, frame: types.FrameType) -> None:
        """A suspended generator runs again: back on the stack."""
        record = self.suspended.pop(frame)
        record.frame = frame
        record.raising = False
        if self.stack:
            self.stack[-1].children += 1
        self.stack.append(record)
        self.max_depth_seen = max(self.max_depth_seen, len(self.stack))
        self.count(frame)
        self.resumes += 1
        self.out.send(["u", record.node, frame.f_lineno])

    def count(self, frame: types.FrameType) -> None:
        """One more event (its kind is counted by the caller); the event budget stops the run."""
        self.events += 1
        if self.events == self.last_event:
            self.over_budget(frame)

    def line(self, frame: types.FrameType) -> None:
        """A line is about to run: send it with the locals that changed."""
        record = self.stack[-1]
        record.raising = False
        record.lines += 1
        self.events += 1
        if self.events == self.last_event:
            self.over_budget(frame)
        self.lines += 1
        if self.out.full:
            return
        changes: list[list[str | None]] = []
        values, seen = record.values, record.seen
        local = frame.f_locals
        for name, value in local.items():
            if type(value) in IMMUTABLE and seen.get(name) is value:
                continue  # the same unchangeable object: its repr cannot have changed
            seen[name] = value
            text = self.repr(value)
            old = values.get(name)
            if old != text:
                changes.append([name, text, old])
                values[name] = text
        for name in [name for name in values if name not in local]:
            changes.append([name, None, values.pop(name)])
            seen.pop(name, None)
        self.out.send(["l", record.node, frame.f_lineno, changes])

    def suspend(self, frame: types.FrameType, value: Any) -> None:
        """A generator yields: off the stack until it is resumed."""
        record = self.stack.pop()
        self.suspended[frame] = record
        self.count(frame)
        self.yields += 1
        self.out.send(["y", record.node, "" if self.out.full else self.repr(value), frame.f_lineno])

    def leave(self, frame: types.FrameType, value: Any, raising: bool = False) -> None:
        """A traced call returns (or an exception leaves it; not one that never started: past a limit)."""
        stack = self.stack
        if not stack or stack[-1].frame is not frame:
            return
        record = stack.pop()
        line = frame.f_lineno
        if raising or record.raising:
            self.suspended.pop(frame, None)
            how, text = "raise", "raised"
        else:
            how = "cache" if record.key is not None and self.memo_hit(record, value) else "return"
            text = "" if self.out.full else self.repr(value)
        if how == "cache":
            self.calls -= 1
            self.cache_hits += 1
        self.count(frame)
        self.pops += 1
        if not self.out.full:
            self.out.send(["r", record.node, text, how, line])

    def raised(self, frame: types.FrameType, error: BaseException) -> None:
        """An exception in a traced call: reported where it starts, then it unwinds."""
        record = self.stack[-1]
        record.raising = True
        if error is not self.reported and not isinstance(error, GeneratorExit):
            self.reported = error
            self.count(frame)
            self.raises += 1
            self.out.send(["x", record.node, describe(error), frame.f_lineno])

    def printed(self, text: str) -> None:
        """The student printed the lines `text` (while a traced call runs: an event of that call)."""
        if not self.stack:
            return
        frame = sys._getframe(1)
        self.count(frame)
        self.prints += 1
        self.out.send(["o", self.stack[-1].node, text[:OUTPUT_CHARS], self.line_now(frame)])

    # --- calls --------------------------------------------------------------------------------

    def push(
        self, func: str, args: list[list[str]], line: int, code: types.CodeType | None, key: Any
    ) -> Frame:
        """Send a call and put it on the stack."""
        node = self.nodes
        self.nodes += 1
        parent = self.stack[-1].node if self.stack else -1
        if self.stack:
            self.stack[-1].children += 1
        record = Frame(node, code, key)
        self.stack.append(record)
        if len(self.stack) > self.max_depth_seen:
            self.max_depth_seen = len(self.stack)
        sub = self.subproblem(key)
        if not self.out.full:
            self.out.send(["c", node, parent, func, args, line, sub])
        return record

    def subproblem(self, key: Any) -> int:
        """The number of the subproblem `key` names (-1: none, or past ANSWERS, or arguments that fail ==)."""
        if key is None:
            return -1
        try:
            found = self.subproblems.get(key)
            if found is not None:
                return found
            if found is None and len(self.subproblems) < ANSWERS:
                found = self.subproblems[key] = len(self.subproblems)
        except Exception:  # an argument whose __eq__ of the student's fails
            return -1
        return -1 if found is None else found

    def memo_hit(self, record: Frame, value: Any) -> bool:
        """True for a call that only gave back what an earlier one with its arguments worked out."""
        try:
            first = self.answers.get(record.key)
            if first is None:
                if len(self.answers) < ANSWERS:
                    self.answers[record.key] = Answer(value, record.children > 0, record.lines)
                return False
            return (
                record.children == 0
                and (first.made_calls or first.lines > record.lines)
                and same_value(first.value, value)
            )
        except Exception:  # an argument or value whose __eq__ of the student's fails: never a hit
            return False

    def cached(self, wrapper: Any, name: str) -> Callable[..., Any]:
        """A stand-in for a `functools.cache` wrapper that shows the calls the cache answered."""
        signature = inspect.signature(wrapper.__wrapped__)
        code = wrapper.__wrapped__.__code__

        def shim(*args: Any, **kwargs: Any) -> Any:
            """Call the cached function; a call it answered without running is a cache hit."""
            caller = sys._getframe(1)
            values = self.bound(signature, args, kwargs)
            key = (id(code), argument_key(tuple(values.values())))
            shown = [[name, self.repr(value)] for name, value in values.items()]
            call = Pending(name, code, shown, key, caller.f_lineno)
            self.pending.append(call)
            try:
                result = wrapper(*args, **kwargs)
            finally:
                self.pending.pop()
            if not call.entered and self.stack:
                self.hit(call, result)
            return result

        return shim

    @staticmethod
    def bound(signature: inspect.Signature, args: Any, kwargs: Any) -> dict[str, Any]:
        """Arguments by name, as the function's signature binds them (defaults filled in)."""
        try:
            bound = signature.bind(*args, **kwargs)
        except TypeError:
            return {f"arg{i}": value for i, value in enumerate(args)}
        bound.apply_defaults()
        return dict(bound.arguments)

    def hit(self, call: Pending, result: Any) -> None:
        """A cache answered: a leaf that did not recurse."""
        frame = sys._getframe(1)
        self.count(frame)
        record = self.push(call.func, call.args, call.line, None, call.key)
        self.stack.remove(record)
        self.cache_hits += 1
        self.count(frame)
        self.pops += 1
        self.out.send(["r", record.node, self.repr(result), "cache", call.line])

    # --- the end ------------------------------------------------------------------------------

    def summary(self) -> dict[str, Any]:
        """The counts for the end message."""
        return {
            "calls": self.calls,
            "cache_hits": self.cache_hits,
            "max_depth": self.max_depth_seen,
            "events_by_kind": self.by_kind,
            "events_sent": self.out.shipped,
            "seconds": round(time.perf_counter() - self.started, 6),
        }

    def halt(self, message: str, where: types.FrameType | None, cap: list[Any]) -> NoReturn:
        """Stop the run at `where` (or the traced frame out from it): the end message says why and where.

        `cap` is which limit stopped it and that limit.

        The message is English; the parent words it in the user's language from `cap`.
        """
        stop_hooks()
        line = self.line_now(where)
        finish(self.out, {**self.summary(), "stopped": message, "cap": cap, "line": line})
        self.out.linger()

    def line_now(self, frame: types.FrameType | None) -> int:
        """The line the innermost traced call from `frame` outwards is on (0 if none)."""
        while frame is not None:
            if id(frame.f_code) in self.traced:
                return frame.f_lineno
            frame = frame.f_back
        return 0


def parameters(code: types.CodeType) -> tuple[str, ...]:
    """The names of a function's parameters, in order (*args and **kwargs included)."""
    count = code.co_argcount + code.co_kwonlyargcount
    count += bool(code.co_flags & inspect.CO_VARARGS) + bool(code.co_flags & inspect.CO_VARKEYWORDS)
    return code.co_varnames[:count]


# --- the hooks: sys.monitoring (3.12+) or sys.settrace (3.11) ------------------------------------


TOOL = 4
"""The sys.monitoring tool id taken (ids 0-2 and 5 are named for debuggers, coverage and profilers)."""


def monitor(tracer: Tracer, codes: list[types.CodeType]) -> None:
    """Report the student's code through sys.monitoring: local events of its code objects only."""
    monitoring = sys.monitoring  # type: ignore[attr-defined,unused-ignore]
    events = monitoring.events
    frame_of = sys._getframe
    traced = tracer.traced

    def started(code: types.CodeType, offset: int) -> None:
        tracer.start(frame_of(1))

    def resumed(code: types.CodeType, offset: int) -> None:
        frame = frame_of(1)
        if frame in tracer.suspended:
            tracer.resume(frame)

    def line(code: types.CodeType, number: int) -> None:
        tracer.line(frame_of(1))

    def returned(code: types.CodeType, offset: int, value: Any) -> None:
        tracer.leave(frame_of(1), value)

    def yielded(code: types.CodeType, offset: int, value: Any) -> None:
        tracer.suspend(frame_of(1), value)

    def raised(code: types.CodeType, offset: int, error: BaseException) -> None:
        if id(code) in traced:
            tracer.raised(frame_of(1), error)

    def unwound(code: types.CodeType, offset: int, error: BaseException) -> None:
        if id(code) in traced:
            tracer.leave(frame_of(1), None, raising=True)

    monitoring.use_tool_id(TOOL, "unwind")
    for event, callback in (
        (events.PY_START, started),
        (events.PY_RESUME, resumed),
        (events.PY_THROW, resumed),
        (events.LINE, line),
        (events.PY_RETURN, returned),
        (events.PY_YIELD, yielded),
        (events.RAISE, raised),
        (events.PY_UNWIND, unwound),
    ):
        monitoring.register_callback(TOOL, event, callback)
    local = events.PY_START | events.PY_RESUME | events.LINE | events.PY_RETURN | events.PY_YIELD
    for code in codes:
        monitoring.set_local_events(TOOL, code, local)
    monitoring.set_events(TOOL, events.RAISE | events.PY_UNWIND | events.PY_THROW)


def settrace(tracer: Tracer) -> None:
    """Report the student's code through sys.settrace (Python 3.11)."""
    traced = tracer.traced

    def on_call(frame: types.FrameType, event: str, arg: Any) -> Callable[..., Any] | None:
        if id(frame.f_code) not in traced:
            return None
        if frame in tracer.suspended:
            tracer.resume(frame)
        else:
            tracer.start(frame)
        return on_event

    def on_event(frame: types.FrameType, event: str, arg: Any) -> Callable[..., Any]:
        if event == "line":
            tracer.line(frame)
        elif event == "return":
            if frame.f_code.co_flags & TRACED and not tracer.stack[-1].raising and yielding(frame):
                tracer.suspend(frame, arg)
            else:
                tracer.leave(frame, arg)
        elif event == "exception":
            tracer.raised(frame, arg[1])
        return on_event

    sys.settrace(on_call)


def yielding(frame: types.FrameType) -> bool:
    """True when a generator's frame leaves at a yield (it will be resumed), not at its end."""
    lasti = frame.f_lasti
    return lasti >= 0 and frame.f_code.co_code[lasti] == YIELD_VALUE


MONITORING = hasattr(sys, "monitoring")


def stop_hooks() -> None:
    """No more events, from either hook."""
    sys.settrace(None)
    if MONITORING:
        with contextlib.suppress(ValueError):
            sys.monitoring.set_events(TOOL, 0)  # type: ignore[attr-defined,unused-ignore]
            for code in CODES:
                sys.monitoring.set_local_events(TOOL, code, 0)  # type: ignore[attr-defined,unused-ignore]


CODES: list[types.CodeType] = []
"""The student's code objects being traced."""


class Printed(io.StringIO):
    """sys.stdout while the student's code runs: kept whole, each line printed an event of the call."""

    def __init__(self) -> None:
        super().__init__()
        self.tracer: Tracer | None = None
        self.unsent = ""  # the line being printed, until its end

    def write(self, text: str) -> int:
        """Keep the text; while a run is traced, report each line once it ends."""
        written = super().write(text)
        if self.tracer is not None and "\n" in text:
            lines, _newline, self.unsent = (self.unsent + text).rpartition("\n")
            self.tracer.printed(lines + "\n")
        elif self.tracer is not None:
            self.unsent += text
        return written


def describe(error: BaseException) -> str:
    """'ZeroDivisionError: division by zero', on one line."""
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__


def finish(out: Output, summary: dict[str, Any]) -> None:
    """Send the end message with the student's printed output."""
    printed = sys.stdout.getvalue() if isinstance(sys.stdout, io.StringIO) else ""
    out.finish({**summary, "output": printed[:OUTPUT_CHARS]})


def all_codes(code: types.CodeType) -> list[types.CodeType]:
    """`code` and every code object nested in it."""
    found = [code]
    for const in code.co_consts:
        if isinstance(const, types.CodeType):
            found += all_codes(const)
    return found


def error_line(error: BaseException, path: str) -> int:
    """The last line of the student's file in the error's traceback (0 if none)."""
    if isinstance(error, SyntaxError) and error.filename == path:
        return error.lineno or 0
    line = 0
    trace = error.__traceback__
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == path:
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


def prepare(tracer: Tracer, path: str, source: str) -> dict[str, Any]:
    """Run the student's module (not as __main__) and mark its functions and generators for tracing."""
    code = compile(ast.parse(source, path), path, "exec")
    for inner in all_codes(code):
        if inner.co_name.startswith("<") or inner.co_flags & NOT_TRACED:
            continue
        tracer.traced.add(id(inner))
        CODES.append(inner)
    namespace: dict[str, Any] = {"__name__": "__unwind_trace__", "__file__": path}
    sys.modules["__unwind_trace__"] = types.ModuleType("__unwind_trace__")
    exec(code, namespace)  # the student's own file, in this throwaway process: that is the point
    for name, value in list(namespace.items()):
        wrapped = getattr(value, "__wrapped__", None)
        if hasattr(value, "cache_info") and id(getattr(wrapped, "__code__", None)) in tracer.traced:
            namespace[name] = tracer.cached(value, name)
    return namespace


def run(request: dict[str, Any], out: Output) -> None:
    """Load the file, call the function under the tracer in a deep thread, send the end message."""
    path: str = request["path"]
    tracer = Tracer(out, request)
    sys.path.insert(0, os.path.dirname(path))
    try:
        with open(path, encoding="utf-8-sig") as handle:
            source = handle.read()
        namespace = prepare(tracer, path, source)
        function = namespace.get(request["func"])
        if not callable(function):
            finish(out, {**tracer.summary(), "error": f"{request['func']!r} is not a function in the file"})
            return
        args = [ast.literal_eval(text) for text in request["args"]]
        kwargs = {name: ast.literal_eval(text) for name, text in request.get("kwargs", [])}
    except BaseException as error:  # the student's module failed to load: say where
        finish(out, {**tracer.summary(), "error": describe(error), "line": error_line(error, path)})
        return
    sys.setrecursionlimit(RECURSION_LIMIT + 50)  # room for the frames under the student's first call
    threading.stack_size(STACK_BYTES)
    worker = threading.Thread(target=call_traced, args=(tracer, function, args, kwargs, path), daemon=True)
    worker.start()
    worker.join()


def call_traced(tracer: Tracer, function: Any, args: list[Any], kwargs: dict[str, Any], path: str) -> None:
    """Call the student's function with the hooks on; the end message says how it ended."""
    out = tracer.out
    tracer.started = time.perf_counter()
    out.progress = lambda: [tracer.calls, tracer.max_depth_seen, tracer.events]
    if isinstance(sys.stdout, Printed):
        sys.stdout.tracer = tracer
    if MONITORING:
        monitor(tracer, CODES)
    else:
        settrace(tracer)
    try:
        result = function(*args, **kwargs)
    except BaseException as error:  # the student's function raised: that is a result too
        stop_hooks()
        summary = {**tracer.summary(), "error": describe(error), "line": error_line(error, path)}
        if isinstance(error, RecursionError):
            summary["cap"] = ["recursion", RECURSION_LIMIT]
        finish(out, summary)
        return
    stop_hooks()
    finish(out, {**tracer.summary(), "result": full_repr(result)})


def full_repr(value: Any) -> str:
    """The result's whole repr, cut at RESULT_CHARS (a repr that fails says so)."""
    try:
        text = repr(value)
    except Exception as error:  # a broken __repr__ of the student's
        return f"<repr failed: {describe(error)}>"
    return text if len(text) <= RESULT_CHARS else text[:RESULT_CHARS] + "..."


def limit_memory() -> None:
    """Cap the address space where the platform allows it (a runaway list cannot take the machine)."""
    try:
        import resource
    except ImportError:  # Windows
        return
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_BYTES, MEMORY_BYTES))


def watch_parent(parent: int) -> None:
    """Once the parent's pipe ends (the parent has gone, killed or crashed), end our group and exit."""
    with contextlib.suppress(OSError):
        while os.read(parent, 4096):
            pass
    with contextlib.suppress(OSError, AttributeError):  # no process groups on Windows
        os.killpg(0, signal.SIGKILL)
    os._exit(0)


def adopt_orphans() -> None:
    """Become the subreaper of what the student's code forks (Linux): its orphans stay ours to find."""
    if not sys.platform.startswith("linux"):
        return
    with contextlib.suppress(OSError, AttributeError):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0)


def main() -> None:
    """Read the request, keep the protocol's stream and the parent's pipe to ourselves, run, linger."""
    request = json.loads(sys.stdin.buffer.readline())
    protocol = os.dup(1)  # file descriptor 3
    parent = os.dup(0)
    os.dup2(os.open(os.devnull, os.O_RDONLY), 0)  # the student's input() reads nothing, as before
    os.dup2(os.open(os.devnull, os.O_WRONLY), 1)  # their writes to fd 1 go nowhere, never into the protocol
    sys.stdout = Printed()
    sys.stderr = io.StringIO()
    limit_memory()
    adopt_orphans()
    threading.Thread(target=watch_parent, args=(parent,), daemon=True).start()
    out = Output(protocol, request["max_events"], parent)
    run(request, out)
    out.linger()


if __name__ == "__main__":
    main()
