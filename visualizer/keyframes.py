"""Model keyframes: saved states the player restores to reach any point of a long run at once.

The protocol is two methods a model may define:

- `keyframe() -> object`: its whole state, copied, in any form it likes;
- `restore(frame)`: become exactly that state again (the frame stays usable).

A model without them gets `capture` / `restore_into` below: a structural copy
of its attributes (lists, dicts, sets, arrays and numpy arrays copied;
plain objects such as a call tree copied attribute by attribute; immutable
values shared).  Restoring writes into the live containers, so a view that
holds one of them keeps seeing the model.  What the default cannot copy
faithfully (an object graph with cycles, a class with __slots__) raises
`NotCopyable`, and the player then seeks by replay instead: slower, never wrong.

A model whose state grows with the run (a million-frame stack, a maze's
popped cells) keeps such frames small with a *ledger*: the run is
deterministic, so lists that only grow or shrink at their end are prefixes
of the longest history seen; that history is kept once, shared by every
frame, and a frame holds only lengths (`fit_prefix` cuts or extends a live
list to one).  See the recursion and maze models, and `visualizer.tree`
(every tree demo's tree).  An object inside a model that has its own
`keyframe` / `restore` (such a tree) is copied by them, not attribute by
attribute (`Own`).

`footprint` counts the bytes a frame adds: containers and buffers, not the
immutable values they point to (those are shared with the live model).
"""

from __future__ import annotations

import sys
from array import array
from collections import deque
from dataclasses import is_dataclass
from itertools import repeat
from types import BuiltinFunctionType, FunctionType, MethodType, ModuleType
from typing import Any, NamedTuple

MAX_NESTING = 6
"""Deeper than this the default copy gives up (a cycle, or not plain data)."""

SHARED = (
    type(None),
    bool,
    int,
    float,
    complex,
    str,
    bytes,
    tuple,
    frozenset,
    range,
    type,
    FunctionType,
    BuiltinFunctionType,
    MethodType,
    ModuleType,
)
"""Values a copy may share with the live model: immutable, or code."""


class _NoArray:
    """Stands for numpy's ndarray while numpy is not loaded (no model can hold one then)."""


def ndarray() -> type:
    """numpy's array type if numpy is loaded: keyframes never import numpy themselves (launch time)."""
    numpy = sys.modules.get("numpy")
    return numpy.ndarray if numpy is not None else _NoArray


def mutable() -> tuple[type, ...]:
    """The container types a frame copies."""
    return (list, dict, set, bytearray, array, deque, ndarray())


SAMPLED_PAST = 64
"""A container longer than this is judged by its first items when counting bytes."""


class Keyframe(NamedTuple):
    """A saved model state and the counters at one event index."""

    model: object
    counters: tuple[Any, ...]
    nbytes: int


class NotCopyable(TypeError):
    """The default keyframe cannot copy this model faithfully."""


class Attributes(dict):  # type: ignore[type-arg]
    """A plain object's attributes, copied, and its class (to rebuild it if need be)."""

    def __init__(self, cls: type, values: dict[str, Any]) -> None:
        super().__init__(values)
        self.cls = cls


class Own(NamedTuple):
    """An object's frame made by its own `keyframe()`, inside a default copy, and its class."""

    cls: type
    frame: Any


def capture(model: object) -> object:
    """The model's state as a keyframe: its own `keyframe()`, else a structural copy."""
    own = getattr(model, "keyframe", None)
    if own is not None:
        return own()
    return copy_attributes(model)


def copy_attributes(model: object) -> Attributes:
    """The default keyframe: every attribute copied (models that add a step call it too)."""
    return _copy_object(model, 0)


def restore(model: object, frame: object) -> None:
    """Put the model back into the state `frame` holds (its own `restore`, else the default)."""
    own = getattr(model, "restore", None)
    if own is not None and getattr(model, "keyframe", None) is not None:
        own(frame)
    else:
        restore_into(model, frame)  # type: ignore[arg-type]


def copy_value(value: Any, depth: int = 0) -> Any:
    """A copy of one attribute's value that shares nothing mutable with it."""
    kind = type(value)
    if isinstance(value, SHARED) and kind is not tuple:
        return value
    if depth > MAX_NESTING:
        raise NotCopyable(f"nested deeper than {MAX_NESTING}: {kind.__name__}")
    if kind is tuple:
        if _all_shared(value):
            return value
        return tuple(copy_value(item, depth + 1) for item in value)
    if kind is ndarray():
        return value.copy()
    if kind in (bytearray, array):
        return value[:]
    if isinstance(value, (list, deque)):
        if _all_shared(value):
            return kind(value)
        return kind(copy_value(item, depth + 1) for item in value)
    if isinstance(value, dict):
        copied = value.copy()
        if not _all_shared(value.values()):
            for key, item in value.items():
                copied[key] = copy_value(item, depth + 1)
        return copied
    if isinstance(value, set):
        return value.copy()
    if is_dataclass(value) and getattr(value, "__dataclass_params__").frozen:  # noqa: B009
        return value
    if _has_own_frames(value):
        return Own(kind, value.keyframe())
    if hasattr(value, "__dict__") and not hasattr(type(value), "__slots__"):
        return _copy_object(value, depth + 1)
    raise NotCopyable(f"no default copy for {kind.__name__}")


def _copy_object(obj: object, depth: int) -> Attributes:
    """A plain object's attributes, each copied."""
    if not hasattr(obj, "__dict__") or hasattr(type(obj), "__slots__"):
        raise NotCopyable(f"{type(obj).__name__} has no plain attributes to copy")
    return Attributes(type(obj), {name: copy_value(value, depth) for name, value in vars(obj).items()})


def _has_own_frames(value: object) -> bool:
    """True for an object with its own keyframe() and restore() (a model's part, such as a tree)."""
    return callable(getattr(value, "keyframe", None)) and callable(getattr(value, "restore", None))


def _all_shared(values: Any) -> bool:
    """True when every value is immutable.

    Tuples are judged by a few of them: models keep tuples of plain values
    (cells, moves), and looking inside a million of them would cost more
    than the copy.
    """
    types = set(map(type, values))
    if not all(issubclass(kind, SHARED) for kind in types):
        return False
    if tuple in types:
        sample = [item for item in _sample(values) if type(item) is tuple]
        return all(_all_shared(item) for item in sample)
    return True


def _sample(values: Any) -> list[Any]:
    """The first and last few values of a container."""
    items = values if isinstance(values, (list, tuple)) else list(values)
    return [*items[:4], *items[-4:]] if len(items) > 8 else list(items)


def restore_into(obj: object, frame: dict[str, Any]) -> None:
    """Write a captured frame back into `obj` and its containers, copying out of the frame."""
    live = vars(obj)
    for name in [name for name in live if name not in frame]:
        del live[name]
    for name, saved in frame.items():
        live[name] = restored(live.get(name), saved)


def restored(current: Any, saved: Any) -> Any:
    """`saved` copied into `current` when they are the same kind of container, else a fresh copy."""
    kind = type(saved)
    if kind is Attributes:
        target = current if type(current) is saved.cls else object.__new__(saved.cls)
        restore_into(target, saved)
        return target
    if kind is Own:
        target = current if type(current) is saved.cls else object.__new__(saved.cls)
        target.restore(saved.frame)  # its restore builds what a bare object lacks
        return target
    if kind is ndarray():
        if type(current) is kind and current.shape == saved.shape and current.dtype == saved.dtype:
            current[...] = saved
            return current
        return saved.copy()
    if kind is tuple and type(current) is tuple and len(current) == len(saved) and not _all_shared(saved):
        return tuple(restored(item, value) for item, value in zip(current, saved, strict=True))
    if type(current) is not kind or kind not in (list, bytearray, array, dict, set, deque):
        return _rebuilt(saved)
    if kind is dict:
        values = {key: restored(current.get(key), value) for key, value in saved.items()}
        current.clear()
        current.update(values)
    elif kind in (set, deque):
        current.clear()
        current.update(saved) if kind is set else current.extend(_rebuilt(saved))
    else:
        current[:] = _rebuilt(saved) if kind is list else saved
    return current


def _rebuilt(saved: Any) -> Any:
    """A fresh copy of a saved value (objects rebuilt from their attributes)."""
    if type(saved) in (Attributes, Own):
        return restored(None, saved)
    if type(saved) in (list, deque, tuple) and not _all_shared(saved):
        return type(saved)(_rebuilt(item) for item in saved)
    if type(saved) is dict:
        return {key: _rebuilt(value) for key, value in saved.items()}
    return copy_value(saved)


def footprint(frame: Any, depth: int = 0) -> int:
    """Bytes a keyframe adds to memory: its containers and buffers (shared values not counted)."""
    kind = type(frame)
    if kind is ndarray():
        return int(frame.nbytes) + 112
    if kind in (bytes, bytearray):
        return len(frame) + 33
    if kind is array:
        return len(frame) * frame.itemsize + 64
    if not isinstance(frame, (list, tuple, deque, set, frozenset, dict)):
        return 0
    size = sys.getsizeof(frame)
    items = list(frame.values()) if isinstance(frame, dict) else frame
    if depth < MAX_NESTING and _holds_containers(items):
        size += sum(footprint(item, depth + 1) for item in items)
    return size


def _holds_containers(items: Any) -> bool:
    """True when the items (all of a short container, a sample of a long one) are mutable containers.

    Tuples and other immutable values in a frame are shared with the live
    model, so they add nothing; a named tuple (a frame's own record, such
    as `Own` or a tree's frame) is counted.
    """
    if len(items) > SAMPLED_PAST:
        items = _sample(items)
    return any(isinstance(item, mutable()) or _is_record(item) for item in items)


def _is_record(item: object) -> bool:
    """A named tuple: a frame's own record of containers, not a model's shared value."""
    return isinstance(item, tuple) and type(item) is not tuple and hasattr(item, "_fields")


STEP = 2**20
"""Items `fit_prefix` and `fill` copy at a time."""


class Ledger:
    """The longest history of a run's lists that change only at their end, by name: shared by its frames.

    A model of the same run at any event holds a prefix of each list, so a
    frame keeps only their lengths: `grow` learns what a model shows beyond
    the ledger, `fit` cuts or extends a live list back to a frame's length.
    """

    def __init__(self) -> None:
        self.lists: dict[str, Any] = {}

    def grow(self, model: object, names: tuple[str, ...]) -> None:
        """Learn the items the model's lists `names` hold beyond the ledger's."""
        for name in names:
            live = getattr(model, name)
            history = self.lists.setdefault(name, live[:0])
            history.extend(live[len(history) :])

    def history(self, name: str) -> Any:
        """The longest history seen of list `name`."""
        return self.lists[name]

    def fit(self, live: Any, name: str, length: int) -> None:
        """Make `live` the first `length` items of list `name`'s history, in place."""
        fit_prefix(live, self.lists[name], length)


def fit_prefix(live: Any, history: Any, length: int) -> None:
    """Make `live` (a prefix of `history`) the first `length` items of it, in place.

    Copied a slice of at most STEP items at a time: a seek never holds a
    second copy of a 5-million-item array, even for a moment.
    """
    if len(live) > length:
        del live[length:]
    while len(live) < length:
        live.extend(history[len(live) : min(length, len(live) + STEP)])


def fill(values: list[Any], start: int, stop: int, value: Any) -> None:
    """values[start:stop] all set to `value`, a slice of at most STEP at a time."""
    for low in range(start, stop, STEP):
        high = min(stop, low + STEP)
        values[low:high] = repeat(value, high - low)
