"""What a student did, kept: one CSV row per exercise in the student's results file, one JSON line per step.

Both files only grow, one whole line per write (`O_APPEND`, one `os.write`, then `fsync`), so a crash loses
at most the line being written and never cuts an earlier one; a spreadsheet opens the CSV as it is.
"""

from __future__ import annotations

import csv
import io
import json
import os
import re
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from solvers.exercise.engine import Graded, Score
from solvers.textio import write_atomic

FIELDS = (
    "when",
    "student",
    "demo",
    "setup",
    "seed",
    "kind",
    "steps",
    "right",
    "hints",
    "shown",
    "seconds",
    "finished",
)
"""The columns of a results file, one row per exercise."""
ANONYMOUS = "anonymous"
NAME_LIMIT = 40
"""The longest name kept (a name is a label, not a text)."""


@dataclass(frozen=True)
class Setup:
    """Which exercise this was: the demo, its settings in words, the seed and the kind of steps."""

    demo: str
    setup: str
    seed: int | None
    kind: str


def results_folder() -> Path:
    """The user's data folder for results (platformdirs), made when first needed."""
    import platformdirs

    folder = platformdirs.user_data_path("unwind", appauthor=False) / "results"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def clean_name(name: str) -> str:
    """A student's name as kept: one line, printable, at most NAME_LIMIT characters; empty means anonymous."""
    words = " ".join("".join(ch for ch in name if ch.isprintable()).split())[:NAME_LIMIT]
    return words or ANONYMOUS


def remembered_name() -> str | None:
    """The name given last time on this account, if any."""
    try:
        return clean_name((results_folder() / "name.txt").read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return None


def remember_name(name: str) -> None:
    """Keep the student's name for the next exercise."""
    write_atomic(results_folder() / "name.txt", clean_name(name) + "\n")


def results_file(student: str) -> Path:
    """The student's own CSV file: the name made safe as a file name."""
    stem = re.sub(r"[^\w-]+", "_", clean_name(student)).strip("_") or ANONYMOUS
    return results_folder() / f"{stem}.csv"


def append_line(path: Path, line: str) -> None:
    """Append one whole line in one write, then make it durable."""
    data = line.encode("utf-8")
    descriptor = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        written = os.write(descriptor, data)
        if written != len(data):
            raise OSError(f"{path}: only {written} of {len(data)} bytes written")
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def csv_line(values: list[Any]) -> str:
    """One CSV row as text (quoted where needed, CRLF as the csv module writes it)."""
    out = io.StringIO()
    csv.writer(out).writerow(values)
    return out.getvalue()


def save_result(student: str, setup: Setup, score: Score, finished: bool) -> Path:
    """Append one exercise's row to the student's results file (the header first in a new file)."""
    path = results_file(student)
    if not path.exists() or path.stat().st_size == 0:
        append_line(path, csv_line(list(FIELDS)))
    when = datetime.now(UTC).isoformat(timespec="seconds")
    row: list[Any] = [
        when,
        clean_name(student),
        setup.demo,
        setup.setup,
        "" if setup.seed is None else setup.seed,
    ]
    row += [setup.kind, score.asked, score.right, score.hints, score.shown, round(score.seconds, 1), finished]
    append_line(path, csv_line(row))
    return path


def read_results(path: Path) -> list[dict[str, str]]:
    """Every row of a results file (a spreadsheet's view of it)."""
    with path.open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def step_record(setup: Setup, number: int, graded: Graded) -> dict[str, Any]:
    """One graded step as the JSON object `--record` appends."""
    step = graded.step
    return {
        "demo": setup.demo,
        "setup": setup.setup,
        "seed": setup.seed,
        "step": number,
        "kind": step.kind,
        "question": step.question,
        "choices": [choice.label for choice in step.choices],
        "expected": step.label(step.expected),
        "answer": step.label(graded.answer),
        "correct": graded.correct,
        "hints": graded.hints,
        "seconds": round(graded.seconds, 2),
        "explanation": step.explanation,
    }


def record_step(path: Path, setup: Setup, number: int, graded: Graded) -> None:
    """Append one graded step to a --record file as one JSON line."""
    append_line(path, json.dumps(step_record(setup, number, graded), ensure_ascii=False) + "\n")


RECENT = 8
"""How many of the last scores the progress card draws for each demo and kind."""


@dataclass(frozen=True)
class Progress:
    """One demo and kind of steps in a student's results: how many, how well, how lately."""

    demo: str
    kind: str
    exercises: int
    steps: int
    right: int
    last: str
    recent: tuple[int, ...]

    @property
    def share(self) -> int:
        """The right steps in %, over every exercise."""
        return round(100 * self.right / self.steps) if self.steps else 0


def whole(value: str) -> int:
    """A count from the file, 0 when a hand-edited cell is not a whole number."""
    try:
        return max(0, int(value))
    except (TypeError, ValueError):
        return 0


def summarise(rows: list[dict[str, str]]) -> list[Progress]:
    """The results file's rows by demo and kind, in the order first practised: totals and the last scores."""
    groups: dict[tuple[str, str], list[dict[str, str]]] = {}
    for row in rows:
        groups.setdefault((row.get("demo") or "?", row.get("kind") or "?"), []).append(row)
    summary = []
    for (demo, kind), group in groups.items():
        steps = [whole(row.get("steps", "")) for row in group]
        right = [min(whole(row.get("right", "")), total) for row, total in zip(group, steps, strict=True)]
        recent = tuple(round(100 * r / s) for r, s in zip(right, steps, strict=True) if s)[-RECENT:]
        last = max((row.get("when") or "" for row in group), default="")[:10]
        summary.append(Progress(demo, kind, len(group), sum(steps), sum(right), last, recent))
    return summary


def student_progress(student: str) -> tuple[Path, list[Progress]]:
    """The student's results file and its summary (empty when there is no file yet, or it cannot be read)."""
    path = results_file(student)
    try:
        return path, summarise(read_results(path))
    except (OSError, UnicodeDecodeError, csv.Error):
        return path, []
