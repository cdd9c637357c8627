"""The controllers the exact-cover demos build on: the column choice, Knuth's counters, browsing.

`ExactCoverDemo` holds the column choice (fewest 1s or leftmost, C to
switch), the pseudocode and Knuth's counters; `BrowsingDemo` adds browsing
the solutions found (, and .).  Their key tables are `COVER_BINDINGS` and
`browse_bindings(noun)`: each demo's own table extends them with `+`.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import TYPE_CHECKING, Any, ClassVar, TypeVar

import pygame

from solvers import dlx
from solvers.i18n import N_, _, format_number
from visualizer import theme as th
from visualizer.bindings import Binding, Bindings
from visualizer.finale import Finale
from visualizer.player import Player
from visualizer.scenes.base import Demo
from visualizer.scenes.exact_cover import finale
from visualizer.scenes.exact_cover.model import CoverModel
from visualizer.scenes.exact_cover.view import CoverLook
from visualizer.widgets import Button, Choice, Label, Widget

if TYPE_CHECKING:
    from solvers.exercise.engine import Step

COVER_BINDINGS = Bindings(
    Binding(("c",), "toggle_strategy", N_("column choice: fewest 1s / leftmost")),
)
"""The key every exact-cover demo shares: C switches the column choice."""

BROWSE_WORDS: dict[str, dict[str, str]] = {
    "solution": {
        "previous": N_("previous solution found"),
        "next": N_("next solution found"),
        "none": N_("no solutions"),
        "none yet": N_("no solution yet"),
        "shown": N_("solution {number} of {total}"),
        "shown so far": N_("solution {number} of {total} so far"),
        "hint previous": N_(", previous solution"),
        "hint next": N_(". next solution"),
    },
    "tiling": {
        "previous": N_("previous tiling found"),
        "next": N_("next tiling found"),
        "none": N_("no tilings"),
        "none yet": N_("no tiling yet"),
        "shown": N_("tiling {number} of {total}"),
        "shown so far": N_("tiling {number} of {total} so far"),
        "hint previous": N_(", previous tiling"),
        "hint next": N_(". next tiling"),
    },
}
"""Whole phrases for browsing what a search found, per noun (a translation cannot glue a noun in)."""
STRATEGY_WORDS = {"fewest": N_("fewest"), "leftmost": N_("leftmost")}
"""The column choice in words, for the counters."""


def browse_bindings(noun: str) -> Bindings:
    """, and . to show the previous and next `noun` found."""
    return Bindings(
        Binding((",",), "browse_by", BROWSE_WORDS[noun]["previous"], args=(-1,)),
        Binding((".",), "browse_by", BROWSE_WORDS[noun]["next"], args=(1,)),
    )


CoverT = TypeVar("CoverT", bound=CoverModel)
"""The demo's own cover model (a `MatrixModel`, a `SudokuModel`, ...)."""


class ExactCoverDemo(Demo[CoverT]):
    """An Algorithm X demo: the column choice (fewest 1s or leftmost), Knuth's counters, C to switch."""

    bindings = COVER_BINDINGS

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.strategy = "fewest"

    def restart(self) -> None:
        """A new run after an option changed (it keeps playing if it was)."""
        self.new_run(autoplay=self.shell.run.playing)

    def set_strategy(self, strategy: str) -> None:
        """Fewest 1s or leftmost column; a new run to compare."""
        self.strategy = strategy
        self.restart()

    def toggle_strategy(self) -> None:
        """Switch between the two column choices."""
        self.set_strategy("leftmost" if self.strategy == "fewest" else "fewest")

    def strategy_choice(self, hint: str = N_("C: which column Algorithm X decides first")) -> Choice[str]:
        """The options bar's two segments: fewest 1s, leftmost."""
        return Choice(
            [(_("fewest 1s"), "fewest"), (_("leftmost"), "leftmost")],
            lambda: self.strategy,
            self.set_strategy,
            hint=_(hint),
        )

    def choice_rule(self, leftmost: str = N_("the leftmost open column")) -> str:
        """Why the column being decided was chosen, for the 'now' card."""
        return _("it has the fewest") if self.strategy == "fewest" else _(leftmost)

    def exercise_targets(
        self, step: Step, rect: pygame.Rect, player: Player[CoverT]
    ) -> dict[Hashable, pygame.Rect]:
        """Algorithm X's candidates on the picture: a column where it is drawn, a row as what it places.

        A backtrack's level is the row tried at that level (the model's stack, one row a level). Candidates
        that would share one box (two placements named by one cell) stay in the bar: a click must be sure.
        """
        model = player.model
        found: dict[Hashable, pygame.Rect] = {}
        for choice in step.choices:
            key = choice.key
            box = None
            if step.kind in ("cover.column", "cover.columns") and isinstance(key, int):
                box = self.column_box(key, rect, model)
            elif step.kind in ("cover.row", "cover.knockout") and isinstance(key, int):
                box = self.row_box(key, rect, model)
            elif step.kind == "cover.backtrack" and isinstance(key, int) and 1 <= key <= len(model.stack):
                box = self.row_box(model.stack[key - 1], rect, model)
            if box is not None:
                found[key] = box
        boxes = [tuple(box) for box in found.values()]
        return {key: box for key, box in found.items() if boxes.count(tuple(box)) == 1}

    def veils_newest_try(self, kinds: tuple[str, ...] = ("cover.columns",)) -> bool:
        """An open step of `kinds` asks what the newest row tried covers: the board keeps its cells (or its
        attacks) to itself until the step is made."""
        step = self.exercise_step()
        return step is not None and step.kind in kinds

    def waiting_now(self) -> tuple[str, str, th.Color] | None:
        """The "now" card's words while an exercise step is open (what happens now tells it), else None."""
        if self.exercise_step() is None:
            return None
        return _("your step"), _("this card waits while you make the step"), th.ACTIVE

    def column_box(self, column: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """Where the matrix column `column` is on the stage (None: not on the picture)."""
        return None

    def row_box(self, row: int, rect: pygame.Rect, model: CoverModel) -> pygame.Rect | None:
        """Where the matrix row `row` (what it places) is on the stage (None: not on the picture)."""
        return None

    def code(self) -> Sequence[str]:
        """Algorithm X's pseudocode (every exact-cover demo runs `dlx.search`)."""
        return dlx.PSEUDOCODE

    def shared_counters(self) -> Sequence[str]:
        """Events, depth, backtracks and solutions."""
        return ("events", "depth", "backtracks", "solutions")

    def knuth_counters(self, model: CoverModel, *middle: tuple[str, str]) -> list[tuple[str, str]]:
        """Knuth's nodes and updates, the demo's own rows, then the column choice."""
        return [
            (_("nodes"), format_number(model.nodes)),
            (_("updates"), format_number(model.updates)),
            *middle,
            (_("choice"), _(STRATEGY_WORDS.get(self.strategy, self.strategy))),
        ]

    def placing_counters(
        self, model: CoverModel, noun: str, total: int, *more: tuple[str, str]
    ) -> list[tuple[str, str]]:
        """Knuth's counters with how many of `total` are placed so far and the dead ends met."""
        return self.knuth_counters(
            model,
            (_(noun), f"{len(model.stack)} / {total}"),
            (_("dead ends"), format_number(model.dead_ends)),
            *more,
        )


class BrowsingDemo(ExactCoverDemo[CoverT]):
    """An exact-cover demo whose solutions found can be browsed: ◀ ▶ in the options bar, , and . keys."""

    solution_noun: ClassVar[str] = "solution"
    """What a solution is called in this demo: 'solution 3 of 92', 'tiling 2 of 8'."""
    nothing_to_browse: ClassVar[str] = N_("no solution found yet: play on, or press S for the next one")
    bindings = COVER_BINDINGS + browse_bindings("solution")

    def __init__(self, shell: Any) -> None:
        super().__init__(shell)
        self.browse: int | None = None  # None follows the newest solution
        self._counting: tuple[Player, finale.PlainCount] | None = None  # the run End's count is for

    def plain_end(self) -> Finale:
        """How many solutions and the first, counted without drawing (see exact_cover/finale.py)."""
        encoding = self.encoding  # type: ignore[attr-defined]  # queens' and pentomino's
        return finale.plain_end(encoding, self._plain_count().take(), self.solution_noun)

    def plain_end_ready(self) -> bool:
        """False while a worker is still counting (End's card waits for it)."""
        return self._plain_count().ready()

    def _plain_count(self) -> finale.PlainCount:
        """The count of the run on show, started the first time End asks for it (an older one stops)."""
        run = self.shell.run
        if self._counting is None or self._counting[0] is not run:
            if self._counting is not None:
                self._counting[1].drop()
            matrix = self.encoding.matrix  # type: ignore[attr-defined]
            self._counting = (run, finale.PlainCount(matrix, self.strategy, self.fast_count()))
        return self._counting[1]

    def fast_count(self) -> finale.FastCount | None:
        """The demo's own fast counter for End's card (what `--count` runs), or None: Algorithm X's events."""
        return None

    def restart(self) -> None:
        """A new run, following its newest solution."""
        self.browse = None
        super().restart()

    def shown_solution(self, model: CoverModel) -> int | None:
        """Index of the solution on show: the browsed one, or the newest."""
        if not model.solutions:
            return None
        last = len(model.solutions) - 1
        return last if self.browse is None else min(self.browse, last)

    def board_rows(self, model: CoverModel, player: Player) -> tuple[int | None, Sequence[int]]:
        """What the board shows: the rows on the stack, or at the end the browsed solution.

        Returns that solution's index (None while searching) and the rows.
        """
        if player.at_end and not model.stack and model.solutions:
            final = self.shown_solution(model)
            if final is not None:
                return final, model.solutions[final]
        return None, model.stack

    def browse_by(self, step: int) -> None:
        """Show the previous (-1) or next (+1) solution found."""
        model: CoverModel = self.shell.run.model
        index = self.shown_solution(model)
        if index is None:
            self.notify(_(self.nothing_to_browse))
            return
        self.browse = max(0, min(len(model.solutions) - 1, index + step))

    def phrase(self, key: str) -> str:
        """One of BROWSE_WORDS for this demo's noun, translated."""
        return _(BROWSE_WORDS[self.solution_noun][key])

    def cover_look(self, player: Player[CoverT]) -> CoverLook:
        """What every exact-cover view reads this frame besides the model (built by the controller)."""
        model = player.model
        return CoverLook(
            self.waiting_now(),
            self.choice_rule(),
            self.shown_solution(model),
            self.board_rows(model, player),
            self.solution_label(),
        )

    def solution_label(self) -> str:
        """'solution 3 of 92', with 'so far' while the search goes on."""
        player = self.shell.run
        model: CoverModel = player.model
        index = self.shown_solution(model)
        if index is None:
            return self.phrase("none" if player.at_end else "none yet")
        shown = self.phrase("shown" if player.at_end else "shown so far")
        return shown.format(number=format_number(index + 1), total=format_number(len(model.solutions)))

    def browse_controls(self) -> list[Widget]:
        """◀, the solution on show, ▶."""
        return [
            Button("◀", lambda: self.browse_by(-1), hint=self.phrase("hint previous")),
            Label(self.solution_label, th.INK),
            Button("▶", lambda: self.browse_by(1), hint=self.phrase("hint next")),
        ]
