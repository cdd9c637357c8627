"""The run-to buttons and their keys: one table per demo feeds the buttons, the keys and the help."""

from __future__ import annotations

import pygame
import pytest
from ui import TickClock, click, press

from solvers import i18n
from visualizer.appkeys import help_rows
from visualizer.demos import DEMOS
from visualizer.widgets import Button


def run_to_buttons(shell) -> list[Button]:
    """The control bar's run-to buttons ('next cut'), not the kind chooser (K) or the player's own."""
    return [
        widget
        for widget in shell.buttons
        if isinstance(widget, Button)
        and widget.label.startswith("next ")
        and not widget.hint.startswith("K:")
    ]


def target_of(shell, act) -> object:
    """The predicate `act` asks the player to run to (None: it asked for no run)."""
    asked: list[object] = []
    player = shell.run
    player.run_until = asked.append
    try:
        act()
    finally:
        del player.run_until
    return asked[0] if asked else None


def press_label(app, label: str) -> None:
    """Press the single letter help names ('C')."""
    press(app, pygame.key.key_code(label.lower()), label.lower())


@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_every_run_to_button_has_one_key_that_does_what_it_does(app, open_demo, name: str) -> None:
    """Help lists each run-to button's key in the button's words; the key runs to what the click runs to.

    And help names no run-to key for a button the demo does not have (N
    'next backtrack' ran game trees to their end).
    """
    shell = open_demo(name)
    app.frame(1 / 60)
    rows = help_rows(shell)
    key_for = {words: key for key, words in rows}
    buttons = run_to_buttons(shell)
    for button in buttons:
        assert button.label in key_for, f"{name}: help gives no key for {button.label!r}"
        key = key_for[button.label]
        assert button.hint == key
        clicked = target_of(shell, lambda button=button: click(app, button.rect.center))
        pressed = target_of(shell, lambda key=key: press_label(app, key))
        assert clicked is not None and pressed is clicked, f"{name}: {key} is not {button.label!r}"
    labels = {button.label for button in buttons}
    for _key, words in rows:
        if "backtrack" in words and words.startswith(("next", "run to")):
            assert words in labels, f"{name}: help offers {words!r} but no button does"


def test_tic_tac_toe_c_runs_to_the_next_cut(app, open_demo) -> None:
    """C stops tic-tac-toe's search at its next cut, as 'next cut' does; N no longer runs it to the end."""
    shell = open_demo("tictactoe")
    app.frame(1 / 60)
    cut = next(button for button in run_to_buttons(shell) if button.label == "next cut")
    assert target_of(shell, lambda: press_label(app, "N")) is None
    assert target_of(shell, lambda: press_label(app, "C")) is target_of(shell, cut.action)


def chooser(shell) -> tuple[Button, Button]:
    """The kind button ('next return') and the ⇄ beside it."""
    kind = next(w for w in shell.buttons if isinstance(w, Button) and w.hint.startswith("K:"))
    swap = next(w for w in shell.buttons if isinstance(w, Button) and w.label == "⇄")
    return kind, swap


def test_the_kind_chooser_stays_under_the_pointer(app, open_demo) -> None:
    """Clicking ⇄ through every kind seen keeps ⇄ where it is, however wide the kind's name."""
    shell = open_demo("sudoku")
    shell.run.seek(400)
    for _ in range(200):
        app.frame(1 / 60)
        if not shell.run.busy:
            break
    kind, swap = chooser(shell)
    app.frame(1 / 60)
    place, widths, labels = swap.rect.copy(), set(), set()
    for _ in range(len([k for k, v in shell.run.counters.by_kind.items() if v])):
        click(app, place.center)
        labels.add(kind.label)
        widths.add(kind.label and shell.app.theme.font("small", "bold").size(kind.label)[0])
        assert swap.rect == place, f"⇄ moved after choosing {kind.label!r}"
    assert len(labels) >= 5 and len(widths) >= 2  # the kinds' names do differ in width


@pytest.mark.parametrize("language", ["ko", "zh_CN"])
def test_the_kinds_are_named_in_the_readers_language(app, open_demo, language: str) -> None:
    """The kind button names Pop, Push, Cover... in Korean and Chinese, never by the class's name."""
    shell = open_demo("sudoku")
    shell.run.seek(400)
    for _ in range(200):
        app.frame(1 / 60)
        if not shell.run.busy:
            break
    i18n.use(language)
    kind, swap = chooser(shell)
    seen = sorted(k for k, v in shell.run.counters.by_kind.items() if v)
    for _ in seen:
        click(app, swap.rect.center)
        assert not any(name in kind.label for name in seen), kind.label
        assert not any("a" <= letter.lower() <= "z" for letter in kind.label), kind.label


@pytest.mark.parametrize("language", ["ko", "zh_CN"])
def test_help_joins_two_keys_in_the_readers_language(app, language: str) -> None:
    """'? or F1' says its 'or' in Korean and Chinese too."""
    i18n.use(language)
    labels = [key for key, _words in help_rows(app.screen)]
    assert any("?" in key and "F1" in key for key in labels)
    assert not any(" or " in key for key in labels)


@pytest.mark.parametrize("language", ["en", "ko", "zh_CN"])
@pytest.mark.parametrize("name", [entry.name for entry in DEMOS])
def test_the_kind_button_never_repeats_a_run_to_button(app, open_demo, name: str, language: str) -> None:
    """No two buttons of the bar say the same: "your code" showed 'next return' twice (its own T and K)."""
    shell = open_demo(name)
    app.frame(1 / 60)
    i18n.use(language)
    first = shell._kind_label(shell.break_kind)
    assert first not in {i18n._(stop.label) for stop in shell.stops}, f"{name}: {first!r}"


def test_the_kind_button_stops_a_side_by_side_run_at_its_kind(app, open_demo) -> None:
    """K on fib beside fib_memo stops at a call of either run, not at the end: it matched no wrapped event."""
    app.player_clock = TickClock(step=5e-4)
    shell = open_demo("trace")
    for _ in range(400):
        app.frame(1 / 60)
        if not shell.run.busy:
            break
    shell.run.restart()
    kind, _swap = chooser(shell)
    for _ in range(3):
        kind.action()
        for _ in range(100):
            app.frame(1 / 60)
            if not shell.run.busy:
                break
        last = shell.run.last_event
        assert type(last).__name__ == "Side" and type(last.event).__name__ == "Push", last
        assert not shell.run.at_end
