"""A class session's answers, kept: one CSV line per answer as it arrives; the table per student and question.

The app's class session (visualizer/classroom/) appends each answer to its session file with
`solvers.exercise.results.append_line` (one write, then fsync), so a crash loses at most the line being
written. A student may change an answer until the reveal: the change is a new line, and the table takes each
student's last line per question; `python -m solvers class results [FILE]` prints that table
(solvers/commands/classroom.py).
"""

from __future__ import annotations

import csv
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from solvers.exercise.results import append_line, csv_line, results_folder
from solvers.i18n import _
from solvers.messages import columns, pad

FIELDS = ("when", "room", "student", "name", "question", "text", "answer", "correct", "seconds")
"""The columns of a session file, one row per answer (`student` numbers the joins: names may repeat)."""
SESSION_GLOB = "class-*.csv"


@dataclass(frozen=True)
class AnswerRow:
    """One answer as kept."""

    room: str
    student: int
    name: str
    question: int
    text: str
    answer: str
    correct: bool | None
    seconds: float


def class_folder() -> Path:
    """Where session files go: the results folder's `class` folder, made when first needed."""
    folder = results_folder() / "class"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def session_file(room: str, folder: Path | None = None) -> Path:
    """A new session's file, named by its start time and room code."""
    stamp = datetime.now(UTC).strftime("%Y%m%d-%H%M%S")
    return (folder or class_folder()) / f"class-{stamp}-{room}.csv"


def append_answer(path: Path, row: AnswerRow) -> None:
    """Append one answer (the header first in a new file), durable at once."""
    if not path.exists() or path.stat().st_size == 0:
        append_line(path, csv_line(list(FIELDS)))
    when = datetime.now(UTC).isoformat(timespec="seconds")
    correct = "" if row.correct is None else str(row.correct).lower()
    values: list[Any] = [when, row.room, row.student, row.name, row.question, row.text, row.answer]
    append_line(path, csv_line([*values, correct, f"{row.seconds:.1f}"]))


@dataclass(frozen=True)
class Table:
    """The answers by student and question: the last answer each gave, and how many were right."""

    questions: list[tuple[int, str]]
    students: list[tuple[int, str]]
    cells: dict[tuple[int, int], tuple[str, str]]

    def right(self, student: int) -> int:
        """How many of `student`'s answers were right."""
        return sum(
            1
            for (who, _question), (_answer, correct) in self.cells.items()
            if who == student and correct == "true"
        )


def read_table(path: Path) -> Table:
    """The table of a session file (a cut last line, from a crash, is skipped)."""
    questions: dict[int, str] = {}
    students: dict[int, str] = {}
    cells: dict[tuple[int, int], tuple[str, str]] = {}
    with path.open(encoding="utf-8", newline="") as handle:
        for record in csv.DictReader(handle):
            try:
                student, question = int(record["student"]), int(record["question"])
            except (TypeError, ValueError):
                continue
            questions.setdefault(question, record["text"] or "")
            students[student] = record["name"] or ""
            cells[(student, question)] = (record["answer"] or "", record["correct"] or "")
    return Table(sorted(questions.items()), sorted(students.items()), cells)


def table_text(table: Table) -> str:
    """The table as text: a row per student, a column per question (✓: right), then the total."""
    header = [_("student"), *(f"Q{number}" for number, _text in table.questions), _("right answers")]
    rows = [header]
    for student, name in table.students:
        row = [f"{name} (#{student})"]
        for question, _text in table.questions:
            answer, correct = table.cells.get((student, question), ("", ""))
            row.append(answer + (" ✓" if correct == "true" else ""))
        row.append(f"{table.right(student)}/{len(table.questions)}")
        rows.append(row)
    widths = [max(columns(row[column]) for row in rows) for column in range(len(header))]
    lines = [
        "  ".join(pad(cell, width) for cell, width in zip(row, widths, strict=True)).rstrip() for row in rows
    ]
    lines += [""] + [f"Q{number}: {text}" for number, text in table.questions]
    return "\n".join(lines)


def newest_session(folder: Path | None = None) -> Path | None:
    """The most recent session file, if any."""
    found = sorted((folder or class_folder()).glob(SESSION_GLOB))
    return found[-1] if found else None
