"""Events are immutable and equal only to events of the same kind."""

from __future__ import annotations

import pytest

from solvers.events import CORE_EVENTS, Cover, Pop, Push, Uncover, kind


def test_events_of_different_kinds_are_never_equal() -> None:
    """Push(1) and Pop(1) have the same fields but are different events."""
    assert Push(1) != Pop(1)
    assert Cover(3) != Uncover(3)
    assert Cover(3) == Cover(3)
    assert len({Cover(3), Uncover(3), Cover(3)}) == 2


def test_events_are_immutable() -> None:
    """Fields cannot be reassigned."""
    with pytest.raises(AttributeError):
        Push(1).node = 2  # type: ignore[misc]


def test_every_core_event_names_its_kind_and_may_carry_a_line() -> None:
    """Every event type has a `line` field and a readable kind."""
    for event_type in CORE_EVENTS:
        assert "line" in event_type._fields
        zeros = [0] * len(event_type._fields)  # whatever each field's type: only the kind is read
        assert kind(event_type(*zeros)) == event_type.__name__  # type: ignore[arg-type]
