"""What each kind of exercise is called in the app (the bar says it when the exercise starts)."""

from __future__ import annotations

from solvers.i18n import N_

KIND_WORDS = {
    "every": N_("exercise: make every step yourself (I again: only decisions)"),
    "decisions": N_("exercise: only the decisions (I again: only backtracks)"),
    "backtracks": N_("exercise: only the backtracks (I again: off)"),
}
