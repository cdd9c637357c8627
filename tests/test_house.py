"""The shared mechanisms every demo builds on: key tables, the edit history, the LIFO tree."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field
from pathlib import Path

import pygame
import pytest

from visualizer.bindings import Binding, Bindings, Gesture, key_words
from visualizer.history import EditGroup, EditHistory
from visualizer.tree import LifoTree, tidy_layout


def key(code: int, unicode: str = "", mod: int = 0) -> pygame.event.Event:
    """A KEYDOWN event."""
    return pygame.event.Event(pygame.KEYDOWN, key=code, unicode=unicode, mod=mod, scancode=0)


@dataclass
class Owner:
    """Something a key table serves: records what ran."""

    ran: list[tuple[str, tuple[object, ...]]] = field(default_factory=list)
    editing: bool = False

    def undo(self, *args: object) -> None:
        self.ran.append(("undo", args))

    def grow(self, *args: object) -> None:
        self.ran.append(("grow", args))

    def save(self) -> None:
        self.ran.append(("save", ()))

    def is_editing(self) -> bool:
        return self.editing


TABLE = Bindings(
    Binding(("u", "backspace"), "undo", "undo the last move"),
    Binding(("[",), "grow", "fewer", args=(-1,)),
    Binding(("ctrl+s",), "save", "save"),
    Binding(("x",), "grow", "only while editing", args=(9,), when="is_editing"),
    Gesture("click a frog", "move it"),
)


def test_a_key_table_dispatches_and_lists_the_same_rows() -> None:
    owner = Owner()
    assert TABLE.dispatch(owner, key(pygame.K_BACKSPACE))
    assert TABLE.dispatch(owner, key(pygame.K_LEFTBRACKET, "["))
    assert not TABLE.dispatch(owner, key(pygame.K_s, "s"))  # plain S is not Ctrl+S
    assert TABLE.dispatch(owner, key(pygame.K_s, "", pygame.KMOD_LCTRL))
    assert not TABLE.dispatch(owner, key(pygame.K_u, "u", pygame.KMOD_CTRL))  # Ctrl+U is not U
    assert owner.ran == [("undo", ()), ("grow", (-1,)), ("save", ())]
    assert TABLE.help_rows() == [
        ("U or Backspace", "undo the last move"),
        ("[", "fewer"),
        ("Ctrl+S", "save"),
        ("X", "only while editing"),
        ("click a frog", "move it"),
    ]


def test_a_binding_with_a_predicate_is_live_only_while_it_holds() -> None:
    owner = Owner()
    assert not TABLE.dispatch(owner, key(pygame.K_x, "x"))
    owner.editing = True
    assert TABLE.dispatch(owner, key(pygame.K_x, "x"))
    assert owner.ran == [("grow", (9,))]


def test_a_binding_may_name_a_method_of_a_part() -> None:
    """'card.reset' runs the reset of the owner's tree card: no demo forwards it with a method of its own."""
    owner = Owner()
    owner.card = Owner()  # type: ignore[attr-defined]
    table = Bindings(Binding(("0",), "card.save", "the whole tree again"))
    assert table.dispatch(owner, key(pygame.K_0, "0"))
    assert owner.card.ran == [("save", ())] and owner.ran == []  # type: ignore[attr-defined]


def test_every_test_runs_the_command_line_through_cli_runner() -> None:
    """One runner for `python -m solvers` in tests (tests/cli_runner.py): no test calls its main itself."""
    tests = Path(__file__).resolve().parent
    own = {"test_cli_hardening.py": "its peak memory is traced around main alone, stdout discarded"}
    calling = [
        path.name
        for path in sorted(tests.glob("test_*.py"))
        if re.search(r"^\s*from solvers\.__main__ import .*\bmain\b", path.read_text(encoding="utf-8"), re.M)
    ]
    assert calling == sorted(own)


def test_a_misspelt_key_fails_when_the_table_is_built() -> None:
    with pytest.raises(ValueError, match="unknown key name"):
        Bindings(Binding(("bakcspace",), "undo", "undo"))
    assert key_words("ctrl+s") == "Ctrl+S" and key_words("return") == "Enter" and key_words("+") == "+"


@dataclass(frozen=True)
class Add:
    """An edit: add `amount` to the last item of a list."""

    amount: int
    words: str = "add"

    def apply(self, target: list[int]) -> None:
        target.append(target[-1] + self.amount)

    def revert(self, target: list[int]) -> None:
        target.pop()


def test_edit_history_undo_and_redo_restore_exact_states() -> None:
    values = [0]
    history = EditHistory(values)
    states = [list(values)]
    for amount in (1, 2, 3):
        history.do(Add(amount))
        states.append(list(values))
    for state in reversed(states[:-1]):
        history.undo()
        assert values == state
    assert history.undo() is None and not history.can_undo
    history.redo()
    assert values == states[1] and history.can_redo
    history.do(Add(10))  # a new edit drops the redo tail
    assert values == [0, 1, 11] and not history.can_redo


def test_edit_groups_revert_in_reverse_and_dirty_follows_saves() -> None:
    values = [0]
    history = EditHistory(values)
    assert not history.dirty
    history.do(EditGroup([Add(1), Add(2)], "stroke"))
    assert values == [0, 1, 3] and history.dirty
    history.mark_saved()
    assert not history.dirty
    history.undo()
    assert values == [0] and history.dirty
    history.redo()
    assert not history.dirty
    history.undo()
    history.do(Add(5))  # the saved state is gone for good
    assert history.dirty


def test_edit_history_forgets_the_oldest_past_its_limit() -> None:
    values = [0]
    history = EditHistory(values, limit=3)
    for _ in range(5):
        history.do(Add(1))
    assert history.undo_all() == 3 and values == [0, 1, 2]


def test_lifo_tree_children_follow_the_pushes_and_reverts_restore_every_state() -> None:
    rng = random.Random(7)
    tree = LifoTree()
    log: list[tuple[str, int]] = []
    snapshots = [tree.snapshot()]
    kids: dict[int, list[int]] = {}
    for _ in range(400):
        if tree.stack and (rng.random() < 0.45 or len(tree.stack) > 6):
            log.append(("close", tree.close()))
        else:
            parent = tree.stack[-1] if tree.stack else -1
            node = tree.push(parent)
            kids.setdefault(parent, []).append(node)
            log.append(("push", node))
        snapshots.append(tree.snapshot())
    for node in range(tree.count):
        assert list(tree.children(node)) == kids.get(node, [])
    assert list(tree.roots()) == kids[-1]
    for (what, node), before in zip(reversed(log), reversed(snapshots[:-1]), strict=True):
        tree.unpush() if what == "push" else tree.unclose(node)
        assert tree.snapshot() == before


def test_lifo_tree_refuses_a_child_of_a_closed_node() -> None:
    tree = LifoTree()
    root = tree.push()
    child = tree.push(root)
    tree.close()
    with pytest.raises(ValueError):
        tree.push(child)


def test_tidy_layout_centres_parents_and_folds_subtrees() -> None:
    children = {"r": ["a", "b"], "a": ["a1", "a2", "a3"], "b": ["b1"]}
    layout = tidy_layout(["r"], lambda n: children.get(n, []))
    assert layout.places["a1"] == (0.0, 2) and layout.places["a3"] == (2.0, 2)
    assert layout.places["a"] == (1.0, 1) and layout.places["b"] == (3.0, 1)
    assert layout.places["r"] == (2.0, 0)
    assert layout.slots == 4 and layout.depth == 3
    folded = tidy_layout(["r"], lambda n: children.get(n, []), folded=lambda n: n == "a")
    assert "a1" not in folded and folded.places["a"] == (0.0, 1) and folded.slots == 2


def test_tidy_layout_of_a_deep_chain_needs_no_recursion() -> None:
    depth = 50_000
    layout = tidy_layout([0], lambda n: [n + 1] if n < depth else [])
    assert layout.depth == depth + 1 and layout.places[0] == (0.0, 0)


def test_no_demo_binds_a_players_key_unconditionally() -> None:
    """The demo is asked before the player's keys: a binding on one must name a mode (`when`). The run-to keys
    N and S (next backtrack, next solution) count as the player's: any demo may have those buttons."""
    from visualizer import shell
    from visualizer.bindings import parse_key
    from visualizer.demos import DEMOS

    tables = (shell.PLAYER_BINDINGS, shell.KIND_BINDINGS)
    players = {parse_key(key) for table in tables for binding in table.bindings() for key in binding.keys}
    players |= {parse_key(stop.key) for stop in shell.SHARED_STOPS.values()}
    shadowing = []
    for entry in DEMOS:
        demo = entry.load()
        shadowing += [
            (entry.name, key)
            for binding in demo.bindings.bindings()
            for key in binding.keys
            if parse_key(key) in players and not binding.when
        ]
    assert shadowing == []
